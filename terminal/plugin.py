"""The terminal's plug-in point for games: what a game adds to the practice table beyond the
engine contract (``engine.base.Game``), and the plain behaviour of a game that adds nothing.

Every game plays through the same terminal: the menu of legal moves, typed moves, the rules,
the summaries. A game whose players make rules of their own (``Game.players_make_rules``;
Mao: a round's winner makes a new rule only they know) implements ``TerminalGame`` in its own
package under
``terminal/`` and is listed in ``terminal.registry``, the only module that names games. Generic
modules ask ``terminal.registry.terminal_game(name)`` and never branch on a game's name.

What a ``TerminalGame`` gives:

- ``rule_screen``: the live table's pop-up that builds a new rule (its F2 key and button);
- ``ask_rule``: the same builder as numbered questions, for the plain mode;
- ``rule_words``: a rule of the game (one the engine shows its author) in the table's words;
- ``own_rules``: the rules a seat's observation shows it as their author, in those words;
- ``may_make_rule``: whether a seat has a rule to make now (its New rule key and button);
- ``clock_text``: what the table's head says of the turn's clock (the seconds left, or that
  the game has stopped it), for a game with one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from textual.screen import ModalScreen

from engine.words import Translations

#: a rule a player made, as the engine's ``DeclareRule`` carries it (JSON-ready)
Rule = dict[str, Any]


class TerminalGame(Protocol):
    """What a game adds at the terminal."""

    def rule_screen(self, tr: Translations, lang: str) -> ModalScreen[Rule | None]:
        """The live table's New rule pop-up in the table's language; it dismisses with the
        rule made, or None when its author gives up."""
        ...

    def ask_rule(
        self, read: Callable[[str], str], say: Callable[[str], None], tr: Translations
    ) -> Rule | None:
        """A new rule from answers to numbered questions (the plain mode); None: given up."""
        ...

    def rule_words(self, rule: Mapping[str, Any], tr: Translations, lang: str) -> str:
        """``rule`` in words, in the table's language."""
        ...

    def own_rules(self, obs: Mapping[str, Any], tr: Translations, lang: str) -> list[str]:
        """The rules ``obs`` shows its seat as their author, in words."""
        ...

    def may_make_rule(self, obs: Mapping[str, Any], seat: str) -> bool:
        """Whether ``seat`` may make a new rule now, as its observation ``obs`` shows."""
        ...

    def clock_text(self, obs: Mapping[str, Any], now: float | None, tr: Translations) -> str | None:
        """What the table's head says of the turn's clock as ``obs`` shows it (``now``: the
        game's time, if newer than the view's), or None when it says nothing."""
        ...


class PlainGame:
    """A game that adds nothing at the terminal (every game but those in ``terminal.registry``)."""

    def rule_screen(self, tr: Translations, lang: str) -> ModalScreen[Rule | None]:
        raise ValueError("this game has no rules for its players to make")

    def ask_rule(
        self, read: Callable[[str], str], say: Callable[[str], None], tr: Translations
    ) -> Rule | None:
        return None

    def rule_words(self, rule: Mapping[str, Any], tr: Translations, lang: str) -> str:
        return str(rule.get("text", ""))

    def own_rules(self, obs: Mapping[str, Any], tr: Translations, lang: str) -> list[str]:
        return []

    def may_make_rule(self, obs: Mapping[str, Any], seat: str) -> bool:
        return False

    def clock_text(self, obs: Mapping[str, Any], now: float | None, tr: Translations) -> str | None:
        return None
