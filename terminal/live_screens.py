"""The live table's pop-ups every game shares: naming a suit, a round's or match's summary,
the rules (a game's own pop-ups live in its package: ``terminal.plugin``).

Each is a Textual ``ModalScreen`` that returns its answer through ``dismiss``: a ``Play`` with
its suit, "next" / "again" / "leave", or nothing (the rules). Each speaks the table's language
(``tr``, an ``i18n.Catalog``; English by default). ``BOX_CSS`` is the box they all are drawn in.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Static

from engine.actions import Play
from engine.words import Translations, suit_words
from terminal.shown import EN
from terminal.typed_words import numbered

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
        k = numbered(event.key)
        if k is not None and 1 <= k <= len(self.suits):
            event.stop()
            self.pick(k - 1)

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
