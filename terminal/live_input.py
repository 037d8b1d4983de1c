"""The human's side of the live table, as one widget: ``HumanPanel`` holds the table's panes
(``terminal.live_layout.table_widgets``) and takes what the human does on them: the move keys
and the menu, the chat line (typed moves, the rules, speech at a game whose rules are secret,
new rules), the pop-ups they open, and coming back from away.

The panel owns the keys (``terminal.live_layout.TABLE_KEYS``) and the messages its children
send up (a line submitted, a move selected, the New rule button pressed); it reaches the table
only through ``TableControls`` (``terminal.live.LiveTable`` keeps the table, its clock and the
bots). Keys: 1-9 pick a move (also from the chat line while it is empty: ``ChatLine``), ``t``
opens the chat line and Esc leaves it, ``r`` shows the rules, ``b`` brings an away human back
(a bot plays the seat meanwhile), F2 opens the New rule builder of a game whose players make
rules (``Game.players_make_rules``; its builder: ``terminal.plugin.TerminalGame``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.suggester import Suggester
from textual.widgets import Button, Input, OptionList

from engine import GAMES, seat_facts
from engine.actions import Action, DeclareRule, Play
from engine.base import Game
from engine.events import Observation
from engine.turns import BotTable
from engine.words import Translations
from terminal.language import said
from terminal.live_layout import TABLE_KEYS, table_widgets
from terminal.live_parts import HELP_LINE, while_open
from terminal.live_screens import RulesScreen, SuitScreen
from terminal.moves import Misread, read_line, wild_suits
from terminal.practice import HUMAN
from terminal.registry import terminal_game
from terminal.render import speaks
from terminal.rules_text import asks_rules, no_rule_now, rules_lines
from terminal.typed_words import HELP, QUIT, RULE, means, move_examples


class TableControls(Protocol):
    """What the human's panel uses of the table."""

    @property
    def game(self) -> Game: ...
    @property
    def game_name(self) -> str: ...
    @property
    def lang(self) -> str: ...
    @property
    def tr(self) -> Translations: ...
    @property
    def entries(self) -> list[Action]:
        """The moves the menu lists, in its order (key k picks ``entries[k - 1]``)."""
        ...

    @property
    def observation(self) -> Observation: ...
    def busy(self) -> bool:
        """A pop-up is open: the table waits."""
        ...

    def act(self, action: Action) -> bool | None:
        """Whether ``action`` was made (None once the table has stopped)."""
        ...

    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def status(self, text: str) -> None: ...


def back_action(game: Game) -> Action | None:
    """The action that brings the human back, while the game marks them away."""
    if game.is_over or not seat_facts.away(game.observation(HUMAN), HUMAN):
        return None
    return next((a for a in game.legal_actions(HUMAN) if a.brings_back), None)


def seat_stand_in(game: Game, bots: BotTable, stand_in: Any) -> bool:
    """A bot plays the human's seat exactly while the game marks it away; whether that
    changed just now."""
    seated = HUMAN in bots.bots
    if (back_action(game) is not None) == seated:
        return False
    if seated:
        del bots.bots[HUMAN]
    else:
        bots.bots[HUMAN] = stand_in
    bots.kind = None  # ``BotTable.learn`` sorts its bots again
    return True


class HumanPanel(Vertical):
    """The table's panes and what the human does on them; see the module docstring."""

    BINDINGS = TABLE_KEYS

    def __init__(self, table: TableControls, hint: str, suggester: Suggester | None) -> None:
        super().__init__()
        self.table = table
        self.hint = hint  # the chat line's placeholder
        self.suggester = suggester  # what the chat line completes (the names after an @)
        if table.lang != "en":
            self.speak_bindings()

    def compose(self) -> ComposeResult:
        yield from table_widgets(self.table.tr, self.hint, self.suggester)

    def speak_bindings(self) -> None:
        """The footer's key names in the table's language."""
        keys = self._bindings.key_to_bindings
        for key, bindings in keys.items():
            keys[key] = [
                dataclasses.replace(b, description=self.table.tr._(b.description))
                if b.description
                else b
                for b in bindings
            ]

    # --- the human's input ----------------------------------------------------------------
    @while_open
    def choose(self, action: Action) -> None:
        suits = wild_suits(action, self.table.game.legal_actions(HUMAN))
        if suits and isinstance(action, Play):
            self.table.pause()
            self.app.push_screen(SuitScreen(action, suits, self.table.tr), self.after_suit)
            return
        self.table.act(action)

    def after_suit(self, action: Action | None) -> None:
        self.table.resume()
        if action is not None:
            self.table.act(action)

    def action_pick(self, k: int) -> None:
        entries = self.table.entries
        if 1 <= k <= len(entries):
            self.choose(entries[k - 1])

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        entries = self.table.entries
        if message.option_list.id == "moves" and message.option_index < len(entries):
            self.choose(entries[message.option_index])

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value.strip()
        message.input.value = ""
        if text:
            self.typed(text)

    def typed(self, text: str) -> None:
        """A line from the chat: a move, a new rule, the rules, or (at a game whose rules are
        secret) speech with @name calls. The menu takes the focus back: the next key picks a
        move."""
        table, tr = self.table, self.table.tr
        self.action_focus_moves()
        if text.lower() == "/newrule" or (text[:1] == "/" and means(text[1:], RULE, tr)):
            self.action_new_rule()
            return
        if asks_rules(text, tr):
            self.action_rules()
            return
        free_speech = speaks(table.game_name)
        if not free_speech and means(text, QUIT, tr):
            self.app.exit()
            return
        if not free_speech and means(text, HELP, tr):
            examples = move_examples(table.game_name, tr)
            table.status(tr._(HELP_LINE, examples=examples))
            return
        action = read_line(text, free_speech, table.game.seats, tr)
        if isinstance(action, Misread):
            table.status(
                action.hint
                or tr._(
                    "I don't understand {text}: {problem}.",
                    text=repr(text),
                    problem=said(action.error, tr),
                )
            )
            return
        self.choose(action)

    @while_open
    def action_focus_chat(self) -> None:
        self.query_one("#chat", Input).focus()

    @while_open
    def action_focus_moves(self) -> None:
        self.query_one("#moves", OptionList).focus()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "new-rule":
            self.action_new_rule()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F2 (New rule) is only for a game whose players make rules; b only while away; the
        move keys only while no pop-up is open (a chooser takes its own digits)."""
        if action == "new_rule":
            return bool(getattr(GAMES.get(self.table.game_name), "players_make_rules", False))
        if action == "come_back":
            return self.is_running and back_action(self.table.game) is not None
        if action == "pick":
            return not self.table.busy()
        return True

    # --- back from away, and pop-ups ------------------------------------------------------
    @while_open
    def action_come_back(self) -> None:
        back = back_action(self.table.game)
        if back is not None:
            self.table.act(back)

    @while_open
    def action_rules(self) -> None:
        if not self.table.busy():
            self.table.pause()  # the table waits while you read
            rules = rules_lines(self.table.game, self.table.tr)
            self.app.push_screen(RulesScreen(rules, self.table.tr), self.closed)

    def closed(self, _answer: object = None) -> None:
        """A pop-up that changes nothing closed: the table goes on."""
        self.table.resume()

    @while_open
    def action_new_rule(self) -> None:
        table = self.table
        if not terminal_game(table.game_name).may_make_rule(table.observation, HUMAN):
            table.status(no_rule_now(table.game, table.tr))
            return
        table.pause()
        builder = terminal_game(table.game_name).rule_screen(table.tr, table.lang)
        self.app.push_screen(builder, self.after_rule)

    def after_rule(self, rule: Mapping[str, Any] | None) -> None:
        self.table.resume()
        if rule is None:
            return
        if self.table.act(DeclareRule.of(dict(rule))):
            self.table.status(self.table.tr._("Your new rule is in force. Nobody else is told."))
