"""Crazy Eights' match: the end of a round (EIGHTS-8, EIGHTS-9), the end of the match at the
target (EIGHTS-10), results, views and the JSON round trip of the state beyond the shedding
core's. One part of ``engine.crazyeights.game.CrazyEights``, which holds the state and plays
a round; the part is handed the game it works on."""

from __future__ import annotations

from typing import Any

from engine.crazyeights.rules import hand_points
from engine.crazyeights.shapes import CrazyEightsView
from engine.crazyeights.state import CrazyEightsState
from engine.events import Event, Outcome
from engine.memory import Memory
from engine.places import places_by


class CrazyEightsMatch:
    """Scoring rounds and ending the match, for the game it is handed."""

    # --- the end of a round ---------------------------------------------------------------
    def score_round(
        self, game: CrazyEightsState, winner: int | None, events: list[Event]
    ) -> list[int]:
        """EIGHTS-8: the player who went out scores every card left in the others' hands.
        EIGHTS-9: a blocked round goes to the lowest count alone, who scores the difference
        to each other hand; a tie for lowest scores nothing."""
        n = len(game.seats)
        points = [0] * n
        counts = [hand_points(h) for h in game.hands]
        if winner is not None:
            points[winner] = sum(c for k, c in enumerate(counts) if k != winner)
            return points
        low = min(counts)
        lowest = [k for k in range(n) if counts[k] == low]
        if len(lowest) == 1:
            k = lowest[0]
            points[k] = sum(c - low for c in counts)
        return points

    def match_is_over(self, game: CrazyEightsState) -> bool:
        """EIGHTS-10: the match ends with the round that brings a total to the target."""
        target: int = game.options["target"]
        return max(game.scores) >= target

    def next_round_first(self, game: CrazyEightsState, winner: int | None) -> int:
        """EIGHTS-1: the deal passes to the left, so the next round starts one seat on."""
        return (game.round_first + 1) % len(game.seats)

    # --- results and views ----------------------------------------------------------------
    def outcome(self, game: CrazyEightsState) -> Outcome:
        """Places by total, highest first; equal totals share a place."""
        seats, scores = game.seats, game.scores
        places = places_by(seats, [-score for score in scores])
        winners = [s for s in seats if places[s] == 1]
        return {
            "places": places,
            "scores": dict(zip(seats, scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": {"rounds": game.round},
        }

    def extra_observation(self, game: CrazyEightsState, i: int | None) -> CrazyEightsView:
        """Public: the dealer, the cards the seat on turn has drawn this turn (EIGHTS-4's
        limit) and the passes in a row with nothing left to draw (EIGHTS-7): every seat
        watched them, and a determinization needs them to offer the same moves."""
        seats = game.seats
        return {
            "dealer": seats[(game.round_first - 1) % len(seats)],
            "draws": game.draws,
            "idle": game.idle,
        }

    def extra_to_dict(self, game: CrazyEightsState) -> dict[str, Any]:
        return {"draws": game.draws}

    def extra_from_dict(self, game: CrazyEightsState, data: dict[str, Any]) -> None:
        game.draws = data.get("draws", 0)
        if "idle" in data:  # a determinization's (``idle`` is saved with the shared state)
            game.idle = data["idle"]

    # --- determinization (engine.determinize) ---------------------------------------------
    def extra_from_observation(
        self, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        obs = observation
        return {
            "round_first": (index[obs["dealer"]] + 1) % len(index),
            "draws": obs["draws"],
            "idle": obs["idle"],
        }
