"""What Mau-Mau's parts may read and change of a game: its state, field by field, and the
few steps of the game they call (a protocol, so the parts need not import the game).

The game (``engine.maumau.game.MauMau``) holds all of it as plain fields, one flat record
that is copied, saved and sampled as a whole; each part (the checks, the effects, the match)
is a stateless object that is handed the game it works on.
"""

from __future__ import annotations

from typing import Protocol

from engine.events import Event
from engine.shedding.state import SheddingState


class MauMauState(SheddingState, Protocol):
    """A Mau-Mau game as its parts see it (``engine.maumau.game.MauMau``)."""

    in_match: list[bool]
    #: the hand after which each seat left the match (0: still in)
    left_after: list[int]
    pot: int
    chips_paid: list[int]
    blow_ups: list[int]
    #: blown-up seats still to choose between rebuy and leave, in seat order
    choosing: list[int]
    #: the seat holding one card that has not said "Mau" yet (MAU-5)
    mau_due: int | None
    #: the seat that took the pot when the match ended
    champion: int | None

    def finish_round(self, winner: int | None, events: list[Event]) -> None: ...
