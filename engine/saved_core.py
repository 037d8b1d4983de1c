"""The state every card game here keeps alike, and its saved form: the seats, options, seed
and generator, hands, scores, round, end, recent events and version.

``CoreState`` is the protocol a game's own state protocols extend (``engine.shedding.state``,
President's ``engine.president.state``); ``core_saved`` writes those fields as JSON and
``restore_core`` reads them back onto a blank game, so each game's saved form
(``engine.shedding.saving``, ``engine.president.views``) writes only its own fields around
them. The generator's state is saved with the rest (``engine.rng``), so a game read back
plays on exactly as it would have. Names no game.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Protocol

from engine.cards import Card
from engine.events import Event, events_from_json
from engine.rng import rng_from_json, rng_to_json


class CoreState(Protocol):
    """The fields every card game keeps (``engine.base.Game.__init__`` sets the blank
    ones)."""

    seats: list[str]
    index: dict[str, int]
    options: dict[str, Any]
    seed: int
    rng: random.Random
    hands: list[list[Card]]
    scores: list[int]
    round: int
    over: bool
    events: list[Event]
    version: int


class NamedCore(CoreState, Protocol):
    """A game's core as its saved form writes it: with the game's name."""

    name: ClassVar[str]


def core_saved(game: NamedCore) -> dict[str, Any]:
    """The core fields of ``game`` as plain JSON."""
    return {
        "game": game.name,
        "seats": list(game.seats),
        "options": dict(game.options),
        "seed": game.seed,
        "rng": rng_to_json(game.rng),
        "hands": [[str(c) for c in h] for h in game.hands],
        "scores": list(game.scores),
        "round": game.round,
        "over": game.over,
        "events": [dict(e) for e in game.events],
        "version": game.version,
    }


def restore_core(game: CoreState, data: dict[str, Any]) -> None:
    """Give the blank ``game`` the core fields ``core_saved`` wrote as ``data``."""
    parse = Card.parse
    game.seats = list(data["seats"])
    game.index = {s: i for i, s in enumerate(game.seats)}
    game.options = dict(data["options"])
    game.seed = data["seed"]
    game.rng = rng_from_json(data["rng"])
    game.hands = [[parse(c) for c in h] for h in data["hands"]]
    game.scores = list(data["scores"])
    game.round = data["round"]
    game.over = data["over"]
    game.events = events_from_json(data["events"])
    game.version = data["version"]
