"""What Last Card's parts may read and change of a game: its state, field by field, and the
few steps of the game they call (a protocol, so the parts need not import the game).

The game (``engine.lastcard.game.LastCard``) holds all of it as plain fields, one flat record
that is copied, saved and sampled as a whole; each part (the checks, the effects, the match)
is a stateless object that is handed the game it works on.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Protocol

from engine.base import Event
from engine.cards import Card


class LastCardState(Protocol):
    """A Last Card game as its parts see it (``engine.lastcard.game.LastCard``)."""

    hand_size: ClassVar[int]
    seats: list[str]
    options: dict[str, Any]
    rng: random.Random
    hands: list[list[Card]]
    #: each hand's code (``engine.lastcard.codes``), changed with the hand
    codes: list[int]
    stock: list[Card]
    pile: list[Card]
    suit: str
    direction: int
    lost_turns: list[int]
    turn: int | None
    pending: dict[str, Any] | None
    drawn: Card | None
    scores: list[int]
    round: int
    round_first: int
    turns: int
    idle: int
    over: bool
    phase: str  # "direction", "play" or "vote"
    out: list[bool]
    finished: list[int]  # seats out this game, in the order they went out
    votes: dict[int, str]
    voters: list[int]
    called: list[bool]  # announced "last card" for the hand as it stands
    last_card_due: int | None
    results: list[dict[str, Any]]

    def next_seat(self, i: int, step: int = 1) -> int: ...
    def set_hands(self, hands: list[list[Card]]) -> None: ...
    def begin_round(self, first: int) -> None: ...
    def start_round(self, first: int, events: list[Event]) -> None: ...
    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]: ...
    def draw_one(self, i: int, events: list[Event]) -> Card | None: ...
    def end_turn(self, i: int, events: list[Event]) -> None: ...
    def round_should_stop(self, events: list[Event]) -> bool: ...
