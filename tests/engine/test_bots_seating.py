"""``engine.bots.seating.seat_after``: the seat some places on in the direction of play, as the
shedding games' heuristics aim their draw cards and skips."""

from __future__ import annotations

from typing import cast

from engine.bots.seating import seat_after
from engine.events import Observation


def seating(direction: str) -> Observation:
    return cast(Observation, {"seats": ["a", "b", "c", "d"], "direction": direction})


def test_the_next_and_previous_seat_follow_the_direction_of_play():
    clockwise, counterclockwise = seating("clockwise"), seating("counterclockwise")
    assert [seat_after(clockwise, "a", step) for step in (1, 2, -1)] == ["b", "c", "d"]
    assert [seat_after(counterclockwise, "a", step) for step in (1, 2, -1)] == ["d", "c", "b"]


def test_seats_passed_over_are_not_counted():
    view = seating("clockwise")
    assert seat_after(view, "a", 1, {"b"}) == "c"
    assert seat_after(view, "a", 2, {"b"}) == "d"
    assert seat_after(view, "a", -1, {"d", "c"}) == "b"
