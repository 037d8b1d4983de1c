"""President's rounds: dealing and the exchange (PRES-1, PRES-10), the lead, hands of
only 2s (PRES-8), and the scoring and end of the match (PRES-9)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import add
from typing import Any

from engine.base import Event
from engine.events import Outcome, match_end
from engine.president.groups import deal
from engine.president.sets import (
    A_HOLE,
    FIRST_LEAD,
    POINTS,
    PRESIDENT,
    TWO,
    TWO_CARDS,
    VICE_PRESIDENT,
    title_for,
)
from engine.president.state import PresidentState


def by_seat(seats: list[str], values: Iterable[Any]) -> dict[str, Any]:
    """``values``, one a seat in seat order, by seat name (the events' form)."""
    # each list here is by seat by construction; ``strict=True``, a keyword call, costs a
    # third more (eight of these a game)
    return dict(zip(seats, values))  # noqa: B905


class Rounds(PresidentState):
    """Dealing, leading, placing and scoring."""

    def start_round(self, dealer: int, events: list[Event]) -> None:
        """PRES-1: shuffle and deal everything from the dealer's left; then exchange or lead."""
        n = len(self.seats)
        self.round += 1
        self.dealer = dealer
        first = (dealer + 1) % n  # the first seat dealt to
        hands, grouping = deal(self.rng, n, self.decks, first)
        self.hands = hands
        self.pile = []
        self.top_size = 0
        self.last_player = None
        self.passes = []
        self.cleared = []
        self.went_out = []
        self.stuck = []
        self.exchange = None
        self.first_lead = False
        self.turn = None
        self.playing = False
        self.settle(grouping)  # the hands come grouped by rank
        if self.last_places is None:
            # PRES-10: the first holder of 3C from the dealer's left leads, and must play it
            codes = self.codes
            for j in range(n):
                leader = (first + j) % n
                if codes[leader][0] & 3:  # 3s are rank index 0, and C a code's first suit
                    break
        else:
            leader = self.last_places.index(1)  # the President leads, after the exchange
        events.append(
            {
                "type": "deal",
                "round": self.round,
                "dealer": self.seats[dealer],
                "first": self.seats[leader],
                "counts": by_seat(self.seats, map(len, hands)),
            }
        )
        if self.last_places is None:
            self.first_lead = True
            self.least = FIRST_LEAD
            self.start_play(leader, "holds the three of clubs", events)
            return
        a_hole = self.last_places.index(n)
        self.exchange = {
            "a_hole": a_hole,
            "president": leader,
            "to_president": None,
            "to_a_hole": None,
        }
        self.phase = "exchange"
        self.turn = a_hole
        events.append(
            {"type": "exchange", "a_hole": self.seats[a_hole], "president": self.seats[leader]}
        )

    def start_play(self, leader: int, reason: str, events: list[Event]) -> None:
        self.phase = "play"
        for k in range(len(self.seats)):
            self.check_only_twos(k, events)
        if self.round_is_done():
            self.finish_round(events)
            return
        if not self.still_in(leader):
            leader = self.next_in(leader)
        self.turn = leader
        self.playing = self.derived
        events.append({"type": "lead", "seat": self.seats[leader], "reason": reason})

    def check_only_twos(self, k: int, events: list[Event]) -> None:
        """PRES-8: a hand of nothing but 2s is out at once, placed last among those still in."""
        hand = self.hands[k]
        if not hand or not TWO_CARDS.issuperset(hand) or not self.still_in(k):
            return
        place = self.in_count() + len(self.went_out)
        self.stuck.append(k)
        self.cleared.extend(hand)
        events.append(
            {
                "type": "stuck",
                "seat": self.seats[k],
                "twos": len(hand),
                "place": place,
                "title": title_for(place, len(self.seats)),
            }
        )
        hand.clear()
        if self.derived:
            self.codes[k][TWO] = 0  # the only rank it held
            self.counts[TWO][k] = 0
            self.twos_slot(k)
            self.holders = self.find_holders()

    # --- rounds and the match -------------------------------------------------------------
    def round_is_done(self) -> bool:
        return self.in_count() <= 1

    def finish_round(self, events: list[Event]) -> None:
        """PRES-9: place the last player, score, then end the match or deal again."""
        n = len(self.seats)
        went_out, stuck = self.went_out, self.stuck
        for k in range(n):
            if k not in went_out and k not in stuck:  # still in (``still_in``)
                went_out.append(k)  # the one left holding cards takes the last free place
        places = self.places()
        points = [*map(POINTS.get, places, repeat(0))]
        self.scores[:] = map(add, self.scores, points)
        self.presidencies[places.index(1)] += 1
        self.vice_presidencies[places.index(2)] += 1
        self.a_hole_rounds[places.index(n)] += 1
        self.last_places = places
        self.turn = None
        self.playing = False
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": self.seats[places.index(1)],
                "places": by_seat(self.seats, places),
                "titles": self.titles(),
                "points": by_seat(self.seats, points),
                "scores": by_seat(self.seats, self.scores),
            }
        )
        rounds = self.options["rounds"]
        if max(self.scores) >= self.options["target"] or (rounds and self.round >= rounds):
            self.over = True
            self.phase = "over"
            events.append(match_end(self.outcome()))
            return
        self.start_round(places.index(n), events)  # PRES-10: the A-hole deals

    def titles(self) -> dict[str, str]:
        """Titles earned in the last finished round, by seat (in seat order)."""
        places = self.last_places
        if places is None:
            return {}
        out = {}
        for k in sorted((places.index(1), places.index(2), places.index(len(places)))):
            place = places[k]  # PRES-9's three titles (``title_for``)
            out[self.seats[k]] = (
                PRESIDENT if place == 1 else VICE_PRESIDENT if place == 2 else A_HOLE
            )
        return out

    @property
    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        """Places by total, highest first; at the target, the better last-round place wins."""
        seats, scores = self.seats, self.scores
        n = len(seats)
        target = self.options["target"]
        last = self.last_places or [0] * n
        keys = [(-score, last[k] if score >= target else 0) for k, score in enumerate(scores)]
        order = sorted(range(n), key=keys.__getitem__)
        places: dict[str, int] = {}
        for pos, k in enumerate(order):
            if pos and keys[k] == keys[order[pos - 1]]:
                places[seats[k]] = places[seats[order[pos - 1]]]
            else:
                places[seats[k]] = pos + 1
        winners = [s for s in seats if places[s] == 1]
        return {
            "places": places,
            "scores": by_seat(seats, scores),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": {
                "rounds": self.round,
                "presidencies": by_seat(seats, self.presidencies),
                "vice_presidencies": by_seat(seats, self.vice_presidencies),
                "a_hole_rounds": by_seat(seats, self.a_hole_rounds),
            },
        }
