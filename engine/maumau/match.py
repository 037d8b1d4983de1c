"""Mau-Mau's match: the end of a hand (MAU-6 effects and counts, MAU-7 blow-ups, rebuy or
leave), the end of the match (MAU-8), results, views and the JSON round trip of the state
beyond the shedding core's. One part of ``engine.maumau.game.MauMau``, which holds the
state; the part is handed the game it works on."""

from __future__ import annotations

from typing import Any

from engine.events import Event, match_end
from engine.maumau.rules import BLOW_UP, TWO_DRAWS, hand_points
from engine.maumau.shapes import MauMauOutcome, MauMauView, sent
from engine.maumau.state import MauMauState
from engine.memory import Memory
from engine.places import places_by


class MauMauMatch:
    """Who is still in, the pot, and how hands and the match end, for the game it is handed."""

    def seats_in(self, game: MauMauState) -> list[int]:
        return [k for k, still in enumerate(game.in_match) if still]

    # --- the end of a hand ----------------------------------------------------------------
    def finish_round(self, game: MauMauState, winner: int | None, events: list[Event]) -> None:
        """MAU-6 effects and counts, MAU-7 blow-ups, then the match end or the next hand."""
        n = len(game.seats)
        game.turn = None
        game.drawn = None
        game.pending = None
        game.mau_due = None
        game.lost_turns = [0] * n
        doubled = False
        blown: list[int] = []
        if winner is None:
            points = [0] * n
        else:
            points, doubled = self.settle_hand(game, winner, events)
        for k, p in enumerate(points):
            game.scores[k] += p
        if winner is not None:
            blown = [k for k in self.seats_in(game) if k != winner and game.scores[k] >= BLOW_UP]
        for k in blown:
            game.blow_ups[k] += 1
        events.append(
            sent(
                {
                    "type": "round_end",
                    "round": game.round,
                    "winner": None if winner is None else game.seats[winner],
                    "doubled": doubled,
                    "points": dict(zip(game.seats, points, strict=True)),
                    "scores": dict(zip(game.seats, game.scores, strict=True)),
                }
            )
        )
        for k in blown:
            events.append(sent({"type": "blow_up", "seat": game.seats[k], "total": game.scores[k]}))
        if winner is not None and len(blown) == len(self.seats_in(game)) - 1:
            self.end_match(game, winner, events)  # MAU-8: everyone else blew up at once
            return
        rounds = game.options["rounds"]
        if rounds and game.round >= rounds:
            self.end_match(game, None, events)
            return
        if blown:
            game.choosing = blown  # MAU-7: each chooses rebuy or leave before the next deal
            return
        game.start_round(self.next_round_first(game, winner), events)

    def settle_hand(
        self, game: MauMauState, winner: int, events: list[Event]
    ) -> tuple[list[int], bool]:
        """MAU-6 in its order: draws for 2s held, for going out on a 2, then the counts."""
        others: list[int] = []
        k = game.next_seat(winner)
        while k != winner:
            others.append(k)
            k = game.next_seat(k)
        for k in others:
            twos = sum(1 for c in game.hands[k] if c.rank == "2")
            if twos:
                got = game.draw_cards(k, TWO_DRAWS * twos, events)
                events.append(
                    {"type": "draw", "seat": game.seats[k], "count": len(got), "reason": "twos"}
                )
        last = game.pile[-1]
        if last.rank == "2":
            for k in others:
                got = game.draw_cards(k, TWO_DRAWS, events)
                events.append(
                    {
                        "type": "draw",
                        "seat": game.seats[k],
                        "count": len(got),
                        "reason": "out_on_two",
                    }
                )
        doubled = last.rank == "J"
        points = [0] * len(game.seats)
        for k in others:
            points[k] = hand_points(game.hands[k]) * (2 if doubled else 1)
        return points, doubled

    def next_round_first(self, game: MauMauState, winner: int | None) -> int:
        """The next seat still in, clockwise, after the last hand's first player."""
        n = len(game.seats)
        k = game.round_first
        for _ in range(n):
            k = (k + 1) % n
            if game.in_match[k]:
                return k
        return game.round_first

    def choose(self, game: MauMauState, i: int, kind: str, events: list[Event]) -> None:
        """MAU-7: a blown-up seat rebuys or leaves; deal on once everyone has chosen."""
        game.choosing.remove(i)
        seat = game.seats[i]
        if kind == "rebuy":
            game.pot += 1
            game.chips_paid[i] += 1
            back = max(game.scores[k] for k in self.seats_in(game) if game.scores[k] < BLOW_UP)
            game.scores[i] = back
            events.append(sent({"type": "rebuy", "seat": seat, "total": back, "pot": game.pot}))
        else:
            game.in_match[i] = False
            game.left_after[i] = game.round
            events.append({"type": "leave", "seat": seat})
        if game.choosing:
            return
        still = self.seats_in(game)
        if len(still) == 1:
            self.end_match(game, still[0], events)  # MAU-8: the last one left wins
            return
        game.start_round(self.next_round_first(game, None), events)

    def end_match(self, game: MauMauState, champion: int | None, events: list[Event]) -> None:
        """Close the match; ``None`` means the ``rounds`` limit decides by lowest total."""
        game.over = True
        game.turn = None
        game.choosing = []
        if champion is None:
            still = self.seats_in(game)
            best = min(game.scores[k] for k in still)
            lowest = [k for k in still if game.scores[k] == best]
            champion = lowest[0] if len(lowest) == 1 else None
        game.champion = champion
        events.append(match_end(self.outcome(game)))

    # --- results and views ----------------------------------------------------------------
    def places(self, game: MauMauState) -> dict[str, int]:
        """Seats still in by total (the champion first), then leavers, latest first."""

        def key(k: int) -> tuple[int, int, int]:
            if k == game.champion:
                return (0, 0, 0)
            if game.in_match[k]:
                return (1, 0, game.scores[k])
            return (2, -game.left_after[k], game.scores[k])

        return places_by(game.seats, [key(k) for k in range(len(game.seats))])

    def by_seat(self, game: MauMauState, values: list[Any]) -> dict[str, Any]:
        return dict(zip(game.seats, values, strict=True))

    def outcome(self, game: MauMauState) -> MauMauOutcome:
        places = self.places(game)
        winners = [s for s, p in places.items() if p == 1]
        won = [0] * len(game.seats)
        if game.over and game.champion is not None:
            won[game.champion] = game.pot
        return {
            "places": places,
            "scores": self.by_seat(game, game.scores),
            "winners": winners,
            "draw": len(winners) > 1,
            "pot": game.pot,
            "stats": {
                "totals": self.by_seat(game, game.scores),
                "chips_won": self.by_seat(game, won),
                "chips_paid": self.by_seat(game, game.chips_paid),
                "blow_ups": self.by_seat(game, game.blow_ups),
                "left": [game.seats[k] for k, still in enumerate(game.in_match) if not still],
                "hands": game.round,
            },
        }

    def extra_observation(self, game: MauMauState, i: int | None) -> MauMauView:
        seats = game.seats
        return {
            "totals": self.by_seat(game, game.scores),
            "pot": game.pot,
            "chips_paid": self.by_seat(game, game.chips_paid),
            "blow_ups": self.by_seat(game, game.blow_ups),
            "blown_up": [seats[k] for k in game.choosing],
            "left": [seats[k] for k, still in enumerate(game.in_match) if not still],
            "mau_due": None if game.mau_due is None else seats[game.mau_due],
        }

    def extra_from_observation(
        self, observation: dict[str, Any], memory: Memory, index: dict[str, int]
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

    def extra_to_dict(self, game: MauMauState) -> dict[str, Any]:
        return {
            "in_match": list(game.in_match),
            "left_after": list(game.left_after),
            "pot": game.pot,
            "chips_paid": list(game.chips_paid),
            "blow_ups": list(game.blow_ups),
            "choosing": list(game.choosing),
            "mau_due": game.mau_due,
            "champion": game.champion,
        }

    def extra_from_dict(self, game: MauMauState, data: dict[str, Any]) -> None:
        game.in_match = list(data["in_match"])
        game.left_after = list(data["left_after"])
        game.pot = data["pot"]
        game.chips_paid = list(data["chips_paid"])
        game.blow_ups = list(data["blow_ups"])
        game.choosing = list(data["choosing"])
        game.mau_due = data["mau_due"]
        game.champion = data["champion"]
