"""Mau-Mau's match: the state kept across hands, the end of a hand (MAU-6 effects and
counts, MAU-7 blow-ups, rebuy or leave), the end of the match (MAU-8), results, views and the
JSON round trip. ``engine.maumau.game`` adds the play of a hand on top."""

from __future__ import annotations

from typing import Any

from engine.base import Event
from engine.events import GameView, Outcome, match_end
from engine.maumau.rules import BLOW_UP, TWO_DRAWS, hand_points
from engine.memory import Memory
from engine.shedding import SheddingGame


class MauMauMatch(SheddingGame):
    """The match half of Mau-Mau: who is still in, the pot, and how hands and the match end."""

    # slots for two fields read only at a hand's end: CPython 3.11 keeps an instance's
    # attributes inline (each read and method lookup on the game specialised) only up to 29
    # of them in its __dict__, and Mau-Mau's state had 31 (as engine/lastcard/match.py)
    __slots__ = ("blow_ups", "chips_paid")

    def __init__(self) -> None:
        super().__init__()
        self.in_match: list[bool] = []
        #: the hand after which each seat left the match (0: still in)
        self.left_after: list[int] = []
        self.pot = 0
        self.chips_paid: list[int] = []
        self.blow_ups: list[int] = []
        #: blown-up seats still to choose between rebuy and leave, in seat order
        self.choosing: list[int] = []
        #: the seat holding one card that has not said "Mau" yet (MAU-5)
        self.mau_due: int | None = None
        #: the seat that took the pot when the match ended
        self.champion: int | None = None

    # --- dealing --------------------------------------------------------------------------
    def setup_match(self) -> None:
        n = len(self.seats)
        self.in_match = [True] * n
        self.left_after = [0] * n
        self.chips_paid = [0] * n
        self.blow_ups = [0] * n

    def seats_in(self) -> list[int]:
        return [k for k, still in enumerate(self.in_match) if still]

    # --- the end of a hand ----------------------------------------------------------------
    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        """MAU-6 effects and counts, MAU-7 blow-ups, then the match end or the next hand."""
        n = len(self.seats)
        self.turn = None
        self.drawn = None
        self.pending = None
        self.mau_due = None
        self.lost_turns = [0] * n
        doubled = False
        blown: list[int] = []
        if winner is None:
            points = [0] * n
        else:
            points, doubled = self.settle_hand(winner, events)
        for k, p in enumerate(points):
            self.scores[k] += p
        if winner is not None:
            blown = [k for k in self.seats_in() if k != winner and self.scores[k] >= BLOW_UP]
        for k in blown:
            self.blow_ups[k] += 1
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": None if winner is None else self.seats[winner],
                "doubled": doubled,
                "points": dict(zip(self.seats, points, strict=True)),
                "scores": dict(zip(self.seats, self.scores, strict=True)),
            }
        )
        for k in blown:
            events.append({"type": "blow_up", "seat": self.seats[k], "total": self.scores[k]})
        if winner is not None and len(blown) == len(self.seats_in()) - 1:
            self.end_match(winner, events)  # MAU-8: everyone else blew up at once
            return
        rounds = self.options["rounds"]
        if rounds and self.round >= rounds:
            self.end_match(None, events)
            return
        if blown:
            self.choosing = blown  # MAU-7: each chooses rebuy or leave before the next deal
            return
        self.start_round(self.next_round_first(winner), events)

    def settle_hand(self, winner: int, events: list[Event]) -> tuple[list[int], bool]:
        """MAU-6 in its order: draws for 2s held, for going out on a 2, then the counts."""
        others: list[int] = []
        k = self.next_seat(winner)
        while k != winner:
            others.append(k)
            k = self.next_seat(k)
        for k in others:
            twos = sum(1 for c in self.hands[k] if c.rank == "2")
            if twos:
                got = self.draw_cards(k, TWO_DRAWS * twos, events)
                events.append(
                    {"type": "draw", "seat": self.seats[k], "count": len(got), "reason": "twos"}
                )
        last = self.pile[-1]
        if last.rank == "2":
            for k in others:
                got = self.draw_cards(k, TWO_DRAWS, events)
                events.append(
                    {
                        "type": "draw",
                        "seat": self.seats[k],
                        "count": len(got),
                        "reason": "out_on_two",
                    }
                )
        doubled = last.rank == "J"
        points = [0] * len(self.seats)
        for k in others:
            points[k] = hand_points(self.hands[k]) * (2 if doubled else 1)
        return points, doubled

    def next_round_first(self, winner: int | None) -> int:
        """The next seat still in, clockwise, after the last hand's first player."""
        n = len(self.seats)
        k = self.round_first
        for _ in range(n):
            k = (k + 1) % n
            if self.in_match[k]:
                return k
        return self.round_first

    def choose(self, i: int, kind: str, events: list[Event]) -> None:
        """MAU-7: a blown-up seat rebuys or leaves; deal on once everyone has chosen."""
        self.choosing.remove(i)
        seat = self.seats[i]
        if kind == "rebuy":
            self.pot += 1
            self.chips_paid[i] += 1
            back = max(self.scores[k] for k in self.seats_in() if self.scores[k] < BLOW_UP)
            self.scores[i] = back
            events.append({"type": "rebuy", "seat": seat, "total": back, "pot": self.pot})
        else:
            self.in_match[i] = False
            self.left_after[i] = self.round
            events.append({"type": "leave", "seat": seat})
        if self.choosing:
            return
        still = self.seats_in()
        if len(still) == 1:
            self.end_match(still[0], events)  # MAU-8: the last one left wins
            return
        self.start_round(self.next_round_first(None), events)

    def end_match(self, champion: int | None, events: list[Event]) -> None:
        """Close the match; ``None`` means the ``rounds`` limit decides by lowest total."""
        self.over = True
        self.turn = None
        self.choosing = []
        if champion is None:
            still = self.seats_in()
            best = min(self.scores[k] for k in still)
            lowest = [k for k in still if self.scores[k] == best]
            champion = lowest[0] if len(lowest) == 1 else None
        self.champion = champion
        events.append(match_end(self.outcome()))

    def match_is_over(self) -> bool:
        return self.over

    # --- results and views ----------------------------------------------------------------
    def places(self) -> dict[str, int]:
        """Seats still in by total (the champion first), then leavers, latest first."""

        def key(k: int) -> tuple[int, int, int]:
            if k == self.champion:
                return (0, 0, 0)
            if self.in_match[k]:
                return (1, 0, self.scores[k])
            return (2, -self.left_after[k], self.scores[k])

        order = sorted(range(len(self.seats)), key=key)
        places: dict[str, int] = {}
        for rank, k in enumerate(order):
            if rank and key(k) == key(order[rank - 1]):
                places[self.seats[k]] = places[self.seats[order[rank - 1]]]
            else:
                places[self.seats[k]] = rank + 1
        return places

    def by_seat(self, values: list[Any]) -> dict[str, Any]:
        return dict(zip(self.seats, values, strict=True))

    def outcome(self) -> Outcome:
        places = self.places()
        winners = [s for s, p in places.items() if p == 1]
        won = [0] * len(self.seats)
        if self.over and self.champion is not None:
            won[self.champion] = self.pot
        return {
            "places": places,
            "scores": self.by_seat(self.scores),
            "winners": winners,
            "draw": len(winners) > 1,
            "pot": self.pot,
            "stats": {
                "totals": self.by_seat(self.scores),
                "chips_won": self.by_seat(won),
                "chips_paid": self.by_seat(self.chips_paid),
                "blow_ups": self.by_seat(self.blow_ups),
                "left": [self.seats[k] for k, still in enumerate(self.in_match) if not still],
                "hands": self.round,
            },
        }

    def extra_observation(self, i: int | None) -> GameView:
        seats = self.seats
        return {
            "totals": self.by_seat(self.scores),
            "pot": self.pot,
            "chips_paid": self.by_seat(self.chips_paid),
            "blow_ups": self.by_seat(self.blow_ups),
            "blown_up": [seats[k] for k in self.choosing],
            "left": [seats[k] for k, still in enumerate(self.in_match) if not still],
            "mau_due": None if self.mau_due is None else seats[self.mau_due],
        }

    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        if observation["blown_up"]:
            return None  # between hands: the blown-up seats are choosing
        return super().turn_from_observation(observation, index)

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        obs = observation
        seats = obs["seats"]
        left = set(obs["left"])
        due = obs["mau_due"]
        return {
            "in_match": [s not in left for s in seats],
            "left_after": [obs["round"] if s in left else 0 for s in seats],
            "pot": obs["pot"],
            "chips_paid": [obs["chips_paid"][s] for s in seats],
            "blow_ups": [obs["blow_ups"][s] for s in seats],
            "choosing": [index[s] for s in obs["blown_up"]],
            "mau_due": None if due is None else index[due],
            "champion": None,
        }

    def extra_to_dict(self) -> dict[str, Any]:
        return {
            "in_match": list(self.in_match),
            "left_after": list(self.left_after),
            "pot": self.pot,
            "chips_paid": list(self.chips_paid),
            "blow_ups": list(self.blow_ups),
            "choosing": list(self.choosing),
            "mau_due": self.mau_due,
            "champion": self.champion,
        }

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        self.in_match = list(data["in_match"])
        self.left_after = list(data["left_after"])
        self.pot = data["pot"]
        self.chips_paid = list(data["chips_paid"])
        self.blow_ups = list(data["blow_ups"])
        self.choosing = list(data["choosing"])
        self.mau_due = data["mau_due"]
        self.champion = data["champion"]
