"""A shedding game's saved form: the fields the shedding core keeps beside every game's
(``engine.saved_core``), written as JSON (``SheddingGame.to_dict``) and read back onto a
blank game (``from_dict``).

A game's own fields travel under ``"extra"``, written and read by the game's hooks
(``extra_to_dict``, ``extra_from_dict``).
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.cards import Card
from engine.saved_core import NamedCore, core_saved, restore_core
from engine.shedding.state import SheddingState


class SavedShedding(SheddingState, NamedCore, Protocol):
    """A shedding game as its saved form reads and writes it (``engine.shedding.game``'s
    ``SheddingGame``)."""

    def extra_to_dict(self) -> dict[str, Any]: ...
    def extra_from_dict(self, data: dict[str, Any]) -> None: ...


def saved(game: SavedShedding) -> dict[str, Any]:
    """``game``'s fields as plain JSON, its own under ``"extra"``."""
    return {
        **core_saved(game),
        "stock": [str(c) for c in game.stock],
        "pile": [str(c) for c in game.pile],
        "suit": game.suit,
        "direction": game.direction,
        "turn": game.turn,
        "pending": None if game.pending is None else dict(game.pending),
        "lost_turns": list(game.lost_turns),
        "drawn": None if game.drawn is None else str(game.drawn),
        "round_first": game.round_first,
        "turns": game.turns,
        "idle": game.idle,
        "extra": game.extra_to_dict(),
    }


def restore(game: SavedShedding, data: dict[str, Any]) -> None:
    """Give the blank ``game`` the state ``saved`` wrote as ``data``."""
    restore_core(game, data)
    parse = Card.parse
    game.stock = [parse(c) for c in data["stock"]]
    game.pile = [parse(c) for c in data["pile"]]
    game.suit = data["suit"]
    game.direction = data["direction"]
    game.turn = data["turn"]
    game.pending = None if data["pending"] is None else dict(data["pending"])
    game.lost_turns = list(data["lost_turns"])
    game.drawn = None if data["drawn"] is None else parse(data["drawn"])
    game.round_first = data["round_first"]
    game.turns = data["turns"]
    game.idle = data["idle"]
    game.extra_from_dict(data.get("extra") or {})
