"""The games that add parts of their own to the web page: the only web module that lists them.
Every other game is a ``PlainPage`` here (``web.plugin``)."""

from __future__ import annotations

from web.games.mao import MaoPage
from web.plugin import PlainPage, WebGame

#: engine game name -> its web page's parts
WEB_GAMES: dict[str, WebGame] = {"mao": MaoPage()}

_PLAIN = PlainPage()


def web_game(name: str | None) -> WebGame:
    """The web page's parts of game ``name``."""
    return WEB_GAMES.get(name or "", _PLAIN)
