"""Mao's New rule builder at the live table: what sets the rule off, what it does, then only
the details those need, exactly the choices of Discord's (``engine.mao.builder``). A rule that
does not check says why and the pop-up stays open; a rule made is told to its author alone.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static

from engine.mao import builder
from engine.mao.languages import ENGLISH as ENGLISH_SPEECH
from engine.mao.rules import RuleError
from engine.mao.speech_form import Speech
from engine.words import Translations
from terminal.language import said
from terminal.live_screens import BOX_CSS
from terminal.shown import EN


class NewRuleScreen(ModalScreen[dict[str, Any] | None]):
    """Mao's New rule builder: trigger, effect, details; only its author sees the rule."""

    DEFAULT_CSS = BOX_CSS.format(name="NewRuleScreen") + "NewRuleScreen Input { margin: 0; }"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, tr: Translations = EN, speech: Speech = ENGLISH_SPEECH) -> None:
        super().__init__()
        self.tr = tr
        self.speech = speech  # how the rule's call is named, in the table's language

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical():
            yield Static(
                tr._(
                    "Make a new rule: choose what sets it off and what it does. Only you will "
                    "know it; the table hears only that you made one."
                )
            )
            yield Select(self.offered["trigger"], prompt=tr._("When…"), id="trigger")
            yield Select(self.offered["effect"], prompt=tr._("…then"), id="effect")
            for key in ("detail", "phrase", "name", "count"):
                yield Input(id=key, classes="detail")
            yield Static(id="problem")
            with Horizontal():
                yield Button(tr._("Make the rule"), id="make", variant="success")
                yield Button(tr._("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.ask()

    @property
    def offered(self) -> dict[str, list[tuple[str, str]]]:
        if not hasattr(self, "_offered"):
            self._offered = {
                "trigger": [(self.tr._(label), key) for key, label in builder.TRIGGERS.items()],
                "effect": [(self.tr._(label), key) for key, label in builder.EFFECTS.items()],
            }
        return self._offered

    def chosen(self, which: str) -> str | None:
        value = self.query_one(f"#{which}", Select).value
        return value if isinstance(value, str) else None

    def ask(self) -> None:
        """Show only the questions the chosen trigger and effect need."""
        trigger, effect = self.chosen("trigger"), self.chosen("effect")
        wanted = {}
        if trigger and effect:
            wanted = {key: (label, hint) for key, label, hint in builder.questions(trigger, effect)}
        for field in self.query(".detail").results(Input):
            label_hint = wanted.get(field.id or "")
            field.display = label_hint is not None
            if label_hint:
                field.placeholder = f"{self.tr._(label_hint[0])} ({self.tr._(label_hint[1])})"

    def on_select_changed(self, message: Select.Changed) -> None:
        """Offer only what fits the other choice, as Discord's builder does (a card that
        plays on anything needs a card played to set it off)."""
        message.stop()
        if message.select.id == "trigger":
            self.offer("effect", builder.effects_for(self.chosen("trigger")), builder.EFFECTS)
        else:
            self.offer("trigger", builder.triggers_for(self.chosen("effect")), builder.TRIGGERS)
        self.ask()

    def offer(self, which: str, keys: list[str], labels: dict[str, str]) -> None:
        select = self.query_one(f"#{which}", Select)
        if [value for _label, value in self.offered[which]] == keys:
            return
        kept = select.value
        self.offered[which] = [(self.tr._(labels[key]), key) for key in keys]
        with select.prevent(Select.Changed):
            select.set_options(self.offered[which])
            if kept in keys:
                select.value = kept

    def answers(self) -> dict[str, str]:
        return {
            field.id: field.value.strip()
            for field in self.query(".detail").results(Input)
            if field.display and field.id
        }

    def on_button_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        if message.button.id == "cancel":
            self.dismiss(None)
            return
        self.make()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.make()

    def make(self) -> None:
        trigger, effect = self.chosen("trigger"), self.chosen("effect")
        try:
            rule = builder.build(trigger or "", effect or "", self.answers())
        except RuleError as exc:
            text = said(exc, self.tr)
            self.query_one("#problem", Static).update(text[:1].upper() + text[1:] + ".")
            return
        told = builder.describe(rule, self.tr, self.speech)
        self.notify(
            self.tr._("Your new rule: {rule}", rule=told), title=self.tr._("Only you know it")
        )
        self.dismiss(rule)

    def action_cancel(self) -> None:
        self.dismiss(None)
