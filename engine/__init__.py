"""Chairman's pure rules engine: cards, actions, the game contract and the games; this
package is the registry of games (``GAMES``, filled as each game's package is imported here)
and the way in for everything outside: ``new_game``, ``game_from_dict``, ``game_title``.

Nothing here does I/O, awaits, or reads a clock; all randomness comes from the
``random.Random`` each game keeps in its state. See ``engine.base`` for the contract.
"""

from typing import Any

from engine import (
    crazyeights,  # noqa: F401  (registers the game)
    lastcard,  # noqa: F401  (registers the game)
    macao,  # noqa: F401  (registers the game)
    mao,  # noqa: F401  (registers the game)
    maumau,  # noqa: F401  (registers the game)
    president,  # noqa: F401  (registers the game)
)
from engine.actions import Action, IllegalAction, parse_action
from engine.base import GAMES, Game
from engine.events import Event

#: the game opened where none is named: ``bot.py practice`` and the practice table
#: ``bot.py`` opens without a Discord token
DEFAULT_GAME = "macao"


def new_game(
    name: str, seats: list[str], seed: int = 0, options: dict[str, Any] | None = None
) -> Game:
    """Start a match of ``name`` for ``seats`` (in seating order) from ``seed``."""
    cls = GAMES.get(name)
    if cls is None:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(sorted(GAMES))}")
    return cls.new(list(seats), seed=seed, options=options)


def game_title(name: str) -> str:
    """The game's name for people: ``game_title("lastcard") == "Last Card"``."""
    cls = GAMES.get(name)
    return cls.title if cls is not None else name.title()


def game_from_dict(data: dict[str, Any]) -> Game:
    """Rebuild any game from its ``to_dict`` form (it records its own name)."""
    return GAMES[data["game"]].from_dict(data)


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "game_from_dict",
    "game_title",
    "new_game",
    "parse_action",
]
