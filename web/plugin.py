"""The web page's plug-in point for games: what a game adds to its page beyond the engine
contract (``engine.base.Game``), and the plain page of a game that adds nothing.

Every game is drawn by the same page: the pile, the seats, the hand with its moves as cards
and buttons, the line above them (``web.frames.prompt``). A game whose hand says more than
whose turn it is, or whose players fill in something of their own (Mao: a round's winner makes
a new rule), implements ``WebGame`` in its own package under ``web/games/`` and is listed in
``web.registry``, the only module that names games. Generic modules ask
``web.registry.web_game(name)`` and never branch on a game's name.

What a ``WebGame`` gives:

- ``prompt``: the lines above a seated player's cards, where the game says them its own way
  (None: the shared ones, ``engine.prompts``);
- ``form``: a form the seat may fill in now, as fields the page draws (a select or a line of
  text, each shown when the choices made so far ask for it), or None;
- ``action``: the move a filled form makes, or a refusal (``tables.errors.TableError``);
- ``clock``: the turn's clock of a game played on one (Mao's five-second rule), as the page
  counts it down: when it runs out, or that it is stopped, or None.

A form's shape (JSON, drawn by ``web/static/form.js``)::

    {"title": ..., "submit": ...,
     "fields": [{"key": "trigger", "label": ..., "options": [["rank", "A card of one rank…"]]},
                {"key": "detail", "label": ..., "placeholder": ...,
                 "when": [{"trigger": "rank", "effect": "skip"}, ...]}]}

A field with ``options`` is a select, any other a line of text; a field with ``when`` is shown
only while the selects hold one of its combinations. The page sends back the shown fields'
values by key (``{"type": "form", "values": {...}}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine.actions import Action
from i18n import Catalog

#: a form the page draws (see the module docstring)
Form = dict[str, Any]
#: a turn's clock the page counts down (``WebGame.clock``)
Clock = dict[str, Any]


class WebGame(Protocol):
    """What a game adds on its web page."""

    def prompt(
        self, view: Mapping[str, Any], seat: str, name: Callable[[str], str], tr: Catalog, lang: str
    ) -> list[str] | None:
        """The lines above ``seat``'s cards as its view shows them (seats said by ``name``),
        ``**`` marking what is stressed; None for the shared lines."""
        ...

    def form(self, view: Mapping[str, Any], seat: str, tr: Catalog) -> Form | None:
        """The form ``seat`` may fill in now, in the table's words, or None."""
        ...

    def action(self, values: Mapping[str, str]) -> Action:
        """The move a filled form makes; a ``TableError`` saying why it makes none."""
        ...

    def clock(self, view: Mapping[str, Any], started: float, tr: Catalog) -> Clock | None:
        """The turn's clock as the view shows it (``started``: when the table's time began,
        in epoch seconds): ``{"ends": epoch seconds, "words": "{seconds}s left"}`` while it
        runs, ``{"words": ...}`` alone while it is stopped; None without one."""
        ...


class PlainPage:
    """A game that adds nothing on its page (every game but those in ``web.registry``)."""

    def prompt(
        self, view: Mapping[str, Any], seat: str, name: Callable[[str], str], tr: Catalog, lang: str
    ) -> list[str] | None:
        return None

    def form(self, view: Mapping[str, Any], seat: str, tr: Catalog) -> Form | None:
        return None

    def action(self, values: Mapping[str, str]) -> Action:
        raise ValueError("this game has no form to fill in")

    def clock(self, view: Mapping[str, Any], started: float, tr: Catalog) -> Clock | None:
        return None
