"""What Last Card's parts may read and change of a game: its state, field by field, and the
few steps of the game they call (a protocol, so the parts need not import the game).

The game (``engine.lastcard.game.LastCard``) holds all of it as plain fields, one flat record
that is copied, saved and sampled as a whole; each part (the checks, the effects, the match)
is a stateless object that is handed the game it works on.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from engine.cards import Card
from engine.events import Event
from engine.shedding.state import SheddingState


class LastCardState(SheddingState, Protocol):
    """A Last Card game as its parts see it (``engine.lastcard.game.LastCard``)."""

    hand_size: ClassVar[int]
    #: each hand's code (``engine.lastcard.codes``), changed with the hand
    codes: list[int]
    phase: str  # "direction", "play" or "vote"
    out: list[bool]
    finished: list[int]  # seats out this game, in the order they went out
    votes: dict[int, str]
    voters: list[int]
    called: list[bool]  # announced "last card" for the hand as it stands
    last_card_due: int | None
    results: list[dict[str, Any]]

    def set_hands(self, hands: list[list[Card]]) -> None: ...
    def begin_round(self, first: int) -> None: ...
    def draw_one(self, i: int, events: list[Event]) -> Card | None: ...
    def round_should_stop(self, events: list[Event]) -> bool: ...
