"""The games that add parts of their own at the terminal: the only module that lists them.
Every other game is a ``PlainGame`` here (``terminal.plugin``)."""

from __future__ import annotations

from terminal.games.mao import MaoTerminal
from terminal.plugin import PlainGame, TerminalGame

#: engine game name -> its terminal parts
TERMINAL_GAMES: dict[str, TerminalGame] = {"mao": MaoTerminal()}

_PLAIN = PlainGame()


def terminal_game(name: str | None) -> TerminalGame:
    """The terminal parts of game ``name``."""
    return TERMINAL_GAMES.get(name or "", _PLAIN)
