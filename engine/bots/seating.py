"""What a bot reads of the seating in its observation: the seat some places on from another
in the direction of play, passing over seats that play no more this hand."""

from __future__ import annotations

from collections.abc import Collection

from engine.events import Observation


def seat_after(
    observation: Observation, seat: str, step: int, passed_over: Collection[str] = ()
) -> str:
    """The seat ``step`` places on from ``seat`` in the direction of play (against it for a
    negative ``step``), not counting the seats in ``passed_over`` (those out, or gone)."""
    seats = observation["seats"]
    way = 1 if observation["direction"] == "clockwise" else -1
    if step < 0:
        way = -way
    k = seats.index(seat)
    for _ in range(abs(step)):
        k = (k + way) % len(seats)
        while seats[k] in passed_over:
            k = (k + way) % len(seats)
    return seats[k]
