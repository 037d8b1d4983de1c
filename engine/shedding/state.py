"""What every shedding game holds and does, as its parts see it: the fields the shedding core
keeps (``engine.shedding.SheddingGame``) and the core's steps a part may call.

A protocol extending every game's core (``engine.saved_core.CoreState``), so a part need
not import the game: a game's own protocol (``engine.<game>.state``) extends it with the
game's fields and steps, and the saved form (``engine.shedding.saving``) reads it. Names no
game.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.cards import Card
from engine.events import Event
from engine.saved_core import CoreState


class SheddingState(CoreState, Protocol):
    """A shedding game's core fields and steps (``engine.shedding.SheddingGame``, whose
    ``__init__`` says what each field holds)."""

    stock: list[Card]
    pile: list[Card]
    suit: str
    direction: int
    turn: int | None
    pending: dict[str, Any] | None
    lost_turns: list[int]
    drawn: Card | None
    round_first: int
    turns: int
    idle: int

    def next_seat(self, i: int, step: int = 1) -> int: ...
    def start_round(self, first: int, events: list[Event]) -> None: ...
    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]: ...
    def end_turn(self, i: int, events: list[Event]) -> None: ...
