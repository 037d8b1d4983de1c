"""The Mao table's clocks: what falls due, in which order (MAO-7, MAO-11, MAO-14, MAO-15).

The engine never reads a clock. Times are seconds on the table's clock (0 = when the game
was created), carried by actions as ``at``; ``next_deadline()`` says when the game next
needs waking and ``tick(now)`` applies everything due by ``now``, each thing at its own due
time, so ticking often or rarely (or only applying the next action) gives the same game.

Things due at the same moment are applied in a fixed order: the Point of Order time-out,
then speech windows closing, then call windows closing, then the five-second rule.
"""

from __future__ import annotations

from typing import NamedTuple

#: MAO-15: a Point of Order ends by itself after three minutes
POINT_OF_ORDER_SECONDS = 180.0
#: MAO-14: after this many turns running out in a row a bot plays for the seat
AWAY_AFTER = 3

POINT_OF_ORDER_ENDS = 0
SPEECH_WINDOW_CLOSES = 1
CALL_WINDOW_CLOSES = 2
TURN_RUNS_OUT = 3


class Due(NamedTuple):
    """One thing the clock will do: at ``at``, of ``what`` kind, for ``ref`` (an index or id)."""

    at: float
    what: int
    ref: int


def earliest(items: list[Due]) -> Due | None:
    """The first thing due, ties broken by kind and then by ``ref``."""
    return min(items) if items else None
