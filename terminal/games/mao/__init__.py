"""Mao's parts at the terminal: a round's winner makes a new rule (a pop-up at the live table,
numbered questions in the plain mode), and a rule is told to its author in the table's words
and speech (``engine.mao.languages``: the calls a rule asks for, in the table's language); the
turn's clock, or a Point of Order's stopped clock, is said in the table's head."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from textual.screen import ModalScreen

from engine.mao.builder import describe
from engine.mao.languages import speech
from engine.words import Translations
from terminal.games.mao.questions import ask_rule
from terminal.games.mao.screens import NewRuleScreen
from terminal.plugin import Rule


class MaoTerminal:
    """Mao's ``TerminalGame`` (``terminal.plugin``)."""

    def rule_screen(self, tr: Translations, lang: str) -> ModalScreen[Rule | None]:
        return NewRuleScreen(tr, speech(lang))

    def ask_rule(
        self, read: Callable[[str], str], say: Callable[[str], None], tr: Translations
    ) -> Rule | None:
        return ask_rule(read, say, tr)

    def rule_words(self, rule: Mapping[str, Any], tr: Translations, lang: str) -> str:
        return describe(dict(rule), tr, speech(lang))

    def own_rules(self, obs: Mapping[str, Any], tr: Translations, lang: str) -> list[str]:
        """The seat's secret rules: in English as the engine wrote them (MAO-16)."""
        rules = obs.get("rules") or []
        if lang == "en":
            return [r["text"] for r in rules if r.get("text")]
        return [self.rule_words(r["rule"], tr, lang) for r in rules if r.get("rule")]

    def may_make_rule(self, obs: Mapping[str, Any], seat: str) -> bool:
        """A round won and its rule not yet made (MAO-16)."""
        return bool((obs.get("rule_credits") or {}).get(seat))

    def clock_text(self, obs: Mapping[str, Any], now: float | None, tr: Translations) -> str | None:
        """``5s left`` on the turn's clock (MAO-14); a Point of Order stops every clock until
        it ends (MAO-15)."""
        if obs.get("point_of_order") is not None:
            return tr._("point of order: the clock is stopped")
        ends = obs.get("turn_ends")
        if ends is None or obs.get("turn") is None:
            return None
        left = max(0.0, float(ends) - (float(obs.get("now") or 0.0) if now is None else now))
        seconds = f"{left:.0f}"
        return tr._("{seconds}s left", seconds=seconds)
