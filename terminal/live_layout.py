"""How the live table looks: its panes and their style (``TABLE_CSS``), its keys
(``TABLE_KEYS``, their names in the footer marked for translation), and the widgets
``table_widgets`` lays out: the table and what happened on the left; the hand, the menu of
moves and the New rule button on the right; the status line, the keys line, the chat line
and the footer (docked together at the bottom: the footer covers the chat line's lower
edge). ``terminal.live_input.HumanPanel`` holds them, under the app's header, and
``terminal.live.LiveTable`` fills them in.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Button, Footer, OptionList, Static

from engine.words import Translations
from i18n import N_
from terminal.live_parts import ChatLine

#: the panes: the table and the events at the left, the hand and the moves at the right
TABLE_CSS = """
#top { height: 1fr; }
#left { width: 3fr; }
#right { width: 2fr; min-width: 30; }
#table { height: auto; border: round $accent; padding: 0 1; }
#events { height: 1fr; border: round $primary; overflow-x: hidden; }
#hand { height: auto; border: round $success; padding: 0 1; }
#moves { height: 1fr; }
#new-rule { width: 100%; display: none; }
#new-rule.shown { display: block; }
#status { height: 1; color: $warning; padding: 0 1; }
#keys { height: auto; color: $text-muted; padding: 0 1; }
#chat { dock: bottom; }
"""
#: the keys, named in the footer (in the table's language: ``HumanPanel.speak_bindings``);
#: the panel that owns them holds every widget that takes the focus
TABLE_KEYS: list[BindingType] = [
    # a priority key, as the app's own ctrl+q is: the footer names this one
    Binding("ctrl+q", "app.quit", N_("Leave"), priority=True),
    Binding("t,f3", "focus_chat", N_("Type")),
    Binding("r,f1", "rules", N_("Rules")),
    Binding("b", "come_back", N_("I'm back")),
    Binding("f2", "new_rule", N_("New rule")),
    Binding("escape,f4", "focus_moves", N_("Moves"), show=False),
    # before the focused widget: a digit picks a move even in the chat line (while it is
    # empty: ``ChatLine``), so it never becomes speech
    *(Binding(str(k), f"pick({k})", show=False, priority=True) for k in range(1, 10)),
]


def table_widgets(tr: Translations, hint: str, suggester: Suggester | None) -> ComposeResult:
    """The table's widgets, empty; ``hint`` is the chat line's placeholder and ``suggester``
    what it completes (the names after an @), if anything."""
    with Horizontal(id="top"):
        with Vertical(id="left"):
            yield Static(id="table")
            with VerticalScroll(id="events"):
                yield Static(id="log")
        with Vertical(id="right"):
            yield Static(id="hand")
            yield OptionList(id="moves")
            yield Button(tr._("New rule (F2)"), id="new-rule", variant="success")
    yield Static(id="status")
    yield Static(id="keys")
    yield ChatLine(id="chat", placeholder=hint, suggester=suggester)
    yield Footer()
