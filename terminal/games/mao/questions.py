"""Mao's New rule builder as numbered questions, for the plain mode (the live table has its
own pop-up, ``terminal.games.mao.screens``); its choices are those of ``engine.mao.builder``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.mao import builder
from engine.mao.rules import RuleError
from engine.words import Translations
from terminal.language import said
from terminal.shown import EN
from terminal.typed_words import numbered


def ask_rule(
    read: Callable[[str], str], say: Callable[[str], None], tr: Translations = EN
) -> dict[str, Any] | None:
    """Build a rule from numbered answers; an empty answer gives up (None)."""

    def pick(what: str, keys: list[str], labels: dict[str, str]) -> str | None:
        for k, key in enumerate(keys, 1):
            say(f"  {k}. {tr._(labels[key])}")
        while True:
            text = read(tr._("{question} (number; Enter to give up): ", question=what))
            if not text:
                return None
            chosen = numbered(text)
            if chosen is not None and 1 <= chosen <= len(keys):
                return keys[chosen - 1]
            say(tr._("Choose 1 to {last}.", last=len(keys)))

    trigger = pick(tr._("When"), builder.triggers_for(None), builder.TRIGGERS)
    effect = trigger and pick(tr._("Then"), builder.effects_for(trigger), builder.EFFECTS)
    if not trigger or not effect:
        return None
    while True:
        asked = builder.questions(trigger, effect)
        answers = {key: read(f"{tr._(label)} ({tr._(hint)}): ") for key, label, hint in asked}
        try:
            return builder.build(trigger, effect, answers)
        except RuleError as exc:
            text = said(exc, tr)
            problem = text[:1].upper() + text[1:]
            say(tr._("{problem}. Try again, or leave an answer empty to give up.", problem=problem))
            if not all(answers.values()):
                return None
