"""The live table's pop-ups: naming a suit, a round's or match's summary, the rules, Mao's New
rule builder.

Each is a Textual ``ModalScreen`` that returns its answer through ``dismiss``: a ``Play`` with
its suit, "next" / "again" / "leave", nothing (the rules), or a checked rule. The builder
offers exactly the choices of Discord's (``engine.mao.builder``): what sets the rule off, what
it does, then only the details those need; a rule that does not check says why and stays
open. Each speaks the table's language (``tr``, an ``i18n.Catalog``; English by default).
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, Static

from engine.actions import Play
from engine.mao import builder
from engine.mao.languages import ENGLISH as ENGLISH_SPEECH
from engine.mao.languages import Speech
from engine.mao.rules import RuleError
from engine.words import Translations, suit_words
from terminal.language import said
from terminal.shown import EN

#: a stressed passage of a rules summary: ``**Aces**``
STRESS = re.compile(r"\*\*(.+?)\*\*")
BOX_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 64; height: auto; max-height: 90%;
    border: thick $accent; background: $surface; padding: 1 2;
}}
{name} Horizontal {{ height: auto; }}
{name} Button {{ margin: 1 1 0 0; }}
"""


class SuitScreen(ModalScreen[Play | None]):
    """Which suit a wild card names; Escape goes back."""

    DEFAULT_CSS = BOX_CSS.format(name="SuitScreen")
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, action: Play, suits: list[str], tr: Translations = EN) -> None:
        super().__init__()
        self.action = action
        self.suits = suits
        self.tr = tr

    def compose(self) -> ComposeResult:
        cards = " ".join(c.display() for c in self.action.cards)
        with Vertical():
            yield Label(self.tr._("Name the suit for {cards}", cards=cards))
            yield OptionList(
                *(f"{k}. {suit_words(s, self.tr)}" for k, s in enumerate(self.suits, 1)),
                id="suits",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: Any) -> None:
        if event.key.isdigit() and 1 <= int(event.key) <= len(self.suits):
            event.stop()
            self.pick(int(event.key) - 1)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.pick(message.option_index)

    def pick(self, index: int) -> None:
        self.dismiss(Play(cards=self.action.cards, suit=self.suits[index]))

    def action_back(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[str]):
    """A round's end (Enter goes on) or the match's (play again, or leave)."""

    DEFAULT_CSS = BOX_CSS.format(name="SummaryScreen")
    BINDINGS = [
        Binding("enter", "choose('next')", "Go on", show=False),
        Binding("p", "choose('again')", "Play again", show=False),
        Binding("q", "choose('leave')", "Leave", show=False),
    ]

    def __init__(self, lines: list[str], again: bool, tr: Translations = EN) -> None:
        super().__init__()
        self.lines = lines
        self.again = again
        self.tr = tr

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical():
            yield Static("\n".join(self.lines), id="summary")
            with Horizontal():
                if self.again:
                    yield Button(tr._("Play again (p)"), id="again", variant="success")
                    yield Button(tr._("Leave (q)"), id="leave", variant="error")
                else:
                    yield Button(tr._("Next round (Enter)"), id="next", variant="primary")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        self.dismiss(message.button.id or "next")

    def action_choose(self, choice: str) -> None:
        if choice == "next" and self.again:
            choice = "again"
        self.dismiss(choice)


class RulesScreen(ModalScreen[None]):
    """The game's rules and the table's options (``terminal.rules_text``); the table waits
    while it is open. Escape, Enter, r or q closes it."""

    DEFAULT_CSS = (
        BOX_CSS.format(name="RulesScreen")
        + "RulesScreen > Vertical { width: 80; } RulesScreen VerticalScroll { height: auto; "
        "max-height: 30; }"
    )
    BINDINGS = [
        Binding("escape,enter,r,q", "close", "Close", show=False),
    ]

    def __init__(self, lines: list[str], tr: Translations = EN) -> None:
        super().__init__()
        self.lines = lines
        self.tr = tr

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(stressed("\n".join(self.lines)), id="rules")
            yield Button(self.tr._("Back to the table (Esc)"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def stressed(text: str) -> Text:
    """``text`` with its ``**stressed**`` words in bold (a game's rules summary marks them)."""
    out = Text()
    for k, part in enumerate(STRESS.split(text)):
        out.append(part, style="bold" if k % 2 else "")
    return out


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
