"""Mao's parts on the web page: the turn's clock, counted down (MAO-14; stopped by a Point of
Order), its hand's lines, as its Discord hand says them
(``engine.mao.hand_words``: whose turn it is, a card gone back, a Point of Order, out, and the
seat's own secret rules, shown to their author only), and the **New rule** form a round's
winner fills in (MAO-16), drawn from the same builder as Discord's and the terminal's
(``engine.mao.builder``: what sets the rule off, what it does, and only the details those
need). The rule is checked by the builder and declared through the table service like any
move; the table hears only that a rule was made."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.actions import Action, DeclareRule
from engine.describe import show_card
from engine.mao import builder, hand_words
from engine.mao import rules as secret
from engine.mao.languages import speech
from i18n import Catalog
from tables.errors import Refused
from web.plugin import Clock, Form

#: the builder's two choices, in the order it asks them
CHOICES = ("trigger", "effect")


def _questions() -> dict[tuple[str, str, str], list[dict[str, str]]]:
    """Each question the builder asks (its key, label and hint), with every pair of choices
    that asks it: the form's text fields and when each is shown."""
    asked: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for trigger in builder.TRIGGERS:
        for effect in builder.effects_for(trigger):
            for question in builder.questions(trigger, effect):
                asked.setdefault(question, []).append({"trigger": trigger, "effect": effect})
    return asked


#: worked out once: the builder's questions never change
QUESTIONS = _questions()


class MaoPage:
    """Mao's ``WebGame`` (``web.plugin``)."""

    def prompt(
        self, view: Mapping[str, Any], seat: str, name: Callable[[str], str], tr: Catalog, lang: str
    ) -> list[str] | None:
        def cards(held: list[str]) -> str:
            return " ".join(show_card(c) for c in held)

        status = hand_words.status(view, seat, name, cards, tr)
        return status + hand_words.own_rules(view, seat, tr, speech(lang))

    def form(self, view: Mapping[str, Any], seat: str, tr: Catalog) -> Form | None:
        """The New rule form while the seat has a won round to spend (MAO-16)."""
        if not (view.get("rule_credits") or {}).get(seat):
            return None
        return {
            "title": tr._("Make a new rule"),
            "submit": tr._("Make the rule"),
            "fields": [
                {
                    "key": "trigger",
                    "label": tr._("When…"),
                    "options": [[key, tr._(label)] for key, label in builder.TRIGGERS.items()],
                },
                {
                    "key": "effect",
                    "label": tr._("…then"),
                    "options": [[key, tr._(label)] for key, label in builder.EFFECTS.items()],
                },
                *(
                    {"key": key, "label": tr._(label), "placeholder": tr._(hint), "when": when}
                    for (key, label, hint), when in QUESTIONS.items()
                ),
            ],
        }

    def action(self, values: Mapping[str, str]) -> Action:
        trigger, effect = (str(values.get(key, "")) for key in CHOICES)
        answers = {k: str(v).strip() for k, v in values.items() if k not in CHOICES}
        if trigger not in builder.TRIGGERS or effect not in builder.EFFECTS:
            raise ValueError((trigger, effect))
        try:
            rule = builder.build(trigger, effect, answers)
        except secret.RuleError as exc:
            raise Refused(exc) from exc
        return DeclareRule.of(rule)

    def clock(self, view: Mapping[str, Any], started: float, tr: Catalog) -> Clock | None:
        """The five-second rule's clock (MAO-14), stopped by a Point of Order (MAO-15), as the
        thread's table message and the terminal's head tell it."""
        if view.get("point_of_order") is not None:
            return {"words": tr._("point of order: the clock is stopped")}
        ends = view.get("turn_ends")
        if ends is None or view.get("turn") is None:
            return None
        return {
            "ends": started + float(ends),
            # the page puts the seconds in as it counts them down
            "words": tr._("{seconds}s left", seconds="{seconds}"),
        }
