"""A shedding game's saved form: the fields the shedding core keeps, written as JSON
(``SheddingGame.to_dict``) and read back onto a blank game (``from_dict``).

A game's own fields travel under ``"extra"``, written and read by the game's hooks
(``extra_to_dict``, ``extra_from_dict``). The generator's state is saved with the rest
(``engine.rng``), so a game read back plays on exactly as it would have.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from engine.cards import Card
from engine.events import events_from_json
from engine.rng import rng_from_json, rng_to_json
from engine.shedding_state import SheddingState


class SavedShedding(SheddingState, Protocol):
    """A shedding game as its saved form reads and writes it (``engine.shedding``'s
    ``SheddingGame``)."""

    name: ClassVar[str]

    def extra_to_dict(self) -> dict[str, Any]: ...
    def extra_from_dict(self, data: dict[str, Any]) -> None: ...


def saved(game: SavedShedding) -> dict[str, Any]:
    """``game``'s fields as plain JSON, its own under ``"extra"``."""
    return {
        "game": game.name,
        "seats": list(game.seats),
        "options": dict(game.options),
        "seed": game.seed,
        "rng": rng_to_json(game.rng),
        "hands": [[str(c) for c in h] for h in game.hands],
        "stock": [str(c) for c in game.stock],
        "pile": [str(c) for c in game.pile],
        "suit": game.suit,
        "direction": game.direction,
        "turn": game.turn,
        "pending": None if game.pending is None else dict(game.pending),
        "lost_turns": list(game.lost_turns),
        "drawn": None if game.drawn is None else str(game.drawn),
        "scores": list(game.scores),
        "round": game.round,
        "round_first": game.round_first,
        "turns": game.turns,
        "idle": game.idle,
        "over": game.over,
        "events": [dict(e) for e in game.events],
        "version": game.version,
        "extra": game.extra_to_dict(),
    }


def restore(game: SavedShedding, data: dict[str, Any]) -> None:
    """Give the blank ``game`` the state ``saved`` wrote as ``data``."""
    parse = Card.parse
    game.seats = list(data["seats"])
    game.index = {s: i for i, s in enumerate(game.seats)}
    game.options = dict(data["options"])
    game.seed = data["seed"]
    game.rng = rng_from_json(data["rng"])
    game.hands = [[parse(c) for c in h] for h in data["hands"]]
    game.stock = [parse(c) for c in data["stock"]]
    game.pile = [parse(c) for c in data["pile"]]
    game.suit = data["suit"]
    game.direction = data["direction"]
    game.turn = data["turn"]
    game.pending = None if data["pending"] is None else dict(data["pending"])
    game.lost_turns = list(data["lost_turns"])
    game.drawn = None if data["drawn"] is None else parse(data["drawn"])
    game.scores = list(data["scores"])
    game.round = data["round"]
    game.round_first = data["round_first"]
    game.turns = data["turns"]
    game.idle = data["idle"]
    game.over = data["over"]
    game.events = events_from_json(data["events"])
    game.version = data["version"]
    game.extra_from_dict(data.get("extra") or {})
