"""What Crazy Eights' match part and checks may read and change of a game (a protocol, so
they need not import the game, ``engine.crazyeights.game.CrazyEights``, which holds it all)."""

from __future__ import annotations

from typing import Any, Protocol

from engine.cards import Card


class CrazyEightsState(Protocol):
    """A Crazy Eights game as its match part sees it."""

    seats: list[str]
    options: dict[str, Any]
    hands: list[list[Card]]
    scores: list[int]
    round: int
    round_first: int
    idle: int
    #: cards the seat on turn has drawn this turn (EIGHTS-4's limit)
    draws: int
    stock: list[Card]
    pile: list[Card]
    #: the suit in force (an eight's named suit, EIGHTS-3)
    suit: str
    #: the twos' draw waiting on the seat on turn (EIGHTS-6)
    pending: dict[str, Any] | None
