"""Chairman's pure rules engine: cards, actions, the game contract and the games.

Nothing here does I/O, awaits, or reads a clock; all randomness comes from the
``random.Random`` each game keeps in its state. See ``engine.base`` for the contract.
"""

from engine import (
    crazyeights,  # noqa: F401  (registers the game)
    lastcard,  # noqa: F401  (registers the game)
    macao,  # noqa: F401  (registers the game)
    mao,  # noqa: F401  (registers the game)
    maumau,  # noqa: F401  (registers the game)
    president,  # noqa: F401  (registers the game)
)
from engine.actions import Action, IllegalAction, parse_action
from engine.base import GAMES, Game, game_from_dict, new_game
from engine.events import Event

__all__ = [
    "GAMES",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "game_from_dict",
    "new_game",
    "parse_action",
]
