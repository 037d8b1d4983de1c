"""President's rounds: dealing and the exchange (PRES-1, PRES-10), the lead, hands of
only 2s (PRES-8), and the scoring and end of the match (PRES-9). One part of
``engine.president.game.President``, which holds the state; the part is handed the game."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import add
from typing import Any

from engine.events import Event, Outcome, match_end
from engine.places import places_by
from engine.president.derived import PresidentDerived
from engine.president.groups import deal
from engine.president.sets import (
    A_HOLE,
    FIRST_LEAD,
    POINTS,
    PRESIDENT,
    TWO,
    TWO_CARDS,
    VICE_PRESIDENT,
    decks_for,
    title_for,
)
from engine.president.shapes import sent
from engine.president.state import PresidentState, in_count, next_in, still_in
from engine.president.state import places as seat_places


def by_seat(seats: list[str], values: Iterable[Any]) -> dict[str, Any]:
    """``values``, one a seat in seat order, by seat name (the events' form)."""
    # each list here is by seat by construction; ``strict=True``, a keyword call, costs a
    # third more (eight of these a game)
    return dict(zip(seats, values))  # noqa: B905


class PresidentRounds:
    """Dealing, leading, placing and scoring, for the game it is handed; the derived fields a
    deal and a hand of 2s change are ``derived``'s."""

    def __init__(self, derived: PresidentDerived) -> None:
        self.derived = derived

    def start_round(self, game: PresidentState, dealer: int, events: list[Event]) -> None:
        """PRES-1: shuffle and deal everything from the dealer's left; then exchange or lead."""
        n = len(game.seats)
        game.round += 1
        game.dealer = dealer
        first = (dealer + 1) % n  # the first seat dealt to
        hands, grouping = deal(game.rng, n, decks_for(n), first)
        game.hands = hands
        game.pile = []
        game.top_size = 0
        game.last_player = None
        game.passes = []
        game.cleared = []
        game.went_out = []
        game.stuck = []
        game.exchange = None
        game.first_lead = False
        game.turn = None
        game.playing = False
        self.derived.settle(game, grouping)  # the hands come grouped by rank
        if game.last_places is None:
            # PRES-10: the first holder of 3C from the dealer's left leads, and must play it
            codes = game.codes
            for j in range(n):
                leader = (first + j) % n
                if codes[leader][0] & 3:  # 3s are rank index 0, and C a code's first suit
                    break
        else:
            leader = game.last_places.index(1)  # the President leads, after the exchange
        events.append(
            sent(
                {
                    "type": "deal",
                    "round": game.round,
                    "dealer": game.seats[dealer],
                    "first": game.seats[leader],
                    "counts": by_seat(game.seats, map(len, hands)),
                }
            )
        )
        if game.last_places is None:
            game.first_lead = True
            game.least = FIRST_LEAD
            self.start_play(game, leader, "holds the three of clubs", events)
            return
        a_hole = game.last_places.index(n)
        game.exchange = {
            "a_hole": a_hole,
            "president": leader,
            "to_president": None,
            "to_a_hole": None,
        }
        game.phase = "exchange"
        game.turn = a_hole
        events.append(
            sent(
                {"type": "exchange", "a_hole": game.seats[a_hole], "president": game.seats[leader]}
            )
        )

    def start_play(
        self, game: PresidentState, leader: int, reason: str, events: list[Event]
    ) -> None:
        game.phase = "play"
        for k in range(len(game.seats)):
            self.check_only_twos(game, k, events)
        if self.round_is_done(game):
            self.finish_round(game, events)
            return
        if not still_in(game, leader):
            leader = next_in(game, leader)
        game.turn = leader
        game.playing = game.derived
        events.append({"type": "lead", "seat": game.seats[leader], "reason": reason})

    def check_only_twos(self, game: PresidentState, k: int, events: list[Event]) -> None:
        """PRES-8: a hand of nothing but 2s is out at once, placed last among those still in."""
        hand = game.hands[k]
        if not hand or not TWO_CARDS.issuperset(hand) or not still_in(game, k):
            return
        place = in_count(game) + len(game.went_out)
        game.stuck.append(k)
        game.cleared.extend(hand)
        events.append(
            sent(
                {
                    "type": "stuck",
                    "seat": game.seats[k],
                    "twos": len(hand),
                    "place": place,
                    "title": title_for(place, len(game.seats)),
                }
            )
        )
        hand.clear()
        if game.derived:
            game.codes[k][TWO] = 0  # the only rank it held
            game.counts[TWO][k] = 0
            self.derived.twos_slot(game, k)
            game.holders = self.derived.find_holders(game)

    # --- rounds and the match -------------------------------------------------------------
    def round_is_done(self, game: PresidentState) -> bool:
        return in_count(game) <= 1

    def finish_round(self, game: PresidentState, events: list[Event]) -> None:
        """PRES-9: place the last player, score, then end the match or deal again."""
        n = len(game.seats)
        went_out, stuck = game.went_out, game.stuck
        for k in range(n):
            if k not in went_out and k not in stuck:  # still in (``still_in``)
                went_out.append(k)  # the one left holding cards takes the last free place
        places = seat_places(game)
        points = [*map(POINTS.get, places, repeat(0))]
        game.scores[:] = map(add, game.scores, points)
        game.presidencies[places.index(1)] += 1
        game.vice_presidencies[places.index(2)] += 1
        game.a_hole_rounds[places.index(n)] += 1
        game.last_places = places
        game.turn = None
        game.playing = False
        events.append(
            sent(
                {
                    "type": "round_end",
                    "round": game.round,
                    "winner": game.seats[places.index(1)],
                    "places": by_seat(game.seats, places),
                    "titles": self.titles(game),
                    "points": by_seat(game.seats, points),
                    "scores": by_seat(game.seats, game.scores),
                }
            )
        )
        rounds = game.options["rounds"]
        if max(game.scores) >= game.options["target"] or (rounds and game.round >= rounds):
            game.over = True
            game.phase = "over"
            events.append(match_end(self.outcome(game)))
            return
        self.start_round(game, places.index(n), events)  # PRES-10: the A-hole deals

    def titles(self, game: PresidentState) -> dict[str, str]:
        """Titles earned in the last finished round, by seat (in seat order)."""
        places = game.last_places
        if places is None:
            return {}
        out = {}
        for k in sorted((places.index(1), places.index(2), places.index(len(places)))):
            place = places[k]  # PRES-9's three titles (``title_for``)
            out[game.seats[k]] = (
                PRESIDENT if place == 1 else VICE_PRESIDENT if place == 2 else A_HOLE
            )
        return out

    def outcome(self, game: PresidentState) -> Outcome:
        """Places by total, highest first; at the target, the better last-round place wins."""
        seats, scores = game.seats, game.scores
        n = len(seats)
        target = game.options["target"]
        last = game.last_places or [0] * n
        keys = [(-score, last[k] if score >= target else 0) for k, score in enumerate(scores)]
        places = places_by(seats, keys)
        winners = [s for s in seats if places[s] == 1]
        return {
            "places": places,
            "scores": by_seat(seats, scores),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": {
                "rounds": game.round,
                "presidencies": by_seat(seats, game.presidencies),
                "vice_presidencies": by_seat(seats, game.vice_presidencies),
                "a_hole_rounds": by_seat(seats, game.a_hole_rounds),
            },
        }
