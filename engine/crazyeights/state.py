"""What Crazy Eights' match part and checks may read and change of a game (a protocol, so
they need not import the game, ``engine.crazyeights.game.CrazyEights``, which holds it all)."""

from __future__ import annotations

from typing import Any, Protocol

from engine.shedding.state import SheddingState


class CrazyEightsState(SheddingState, Protocol):
    """A Crazy Eights game as its match part sees it."""

    #: cards the seat on turn has drawn this turn (EIGHTS-4's limit)
    draws: int
    #: the suit in force (an eight's named suit, EIGHTS-3)
    suit: str
    #: the twos' draw waiting on the seat on turn (EIGHTS-6)
    pending: dict[str, Any] | None
