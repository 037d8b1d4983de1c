"""The games that add parts of their own at the table layer: the only module that lists
them. Every other game is a ``PlainGame`` here (``tables.plugin``)."""

from __future__ import annotations

from tables.games.mao import MaoTable
from tables.plugin import PlainGame, TableGame

#: engine game name -> its table-layer parts
TABLE_GAMES: dict[str, TableGame] = {"mao": MaoTable()}

_PLAIN = PlainGame()


def table_game(name: str) -> TableGame:
    """The table-layer parts of game ``name``."""
    return TABLE_GAMES.get(name, _PLAIN)
