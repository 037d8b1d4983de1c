"""The human's side of the live table: the move keys and the menu, the chat line (typed moves,
the rules, speech at a game whose rules are secret, new rules), the pop-ups they open, and
coming back from away.

``HumanInput`` is the base of ``terminal.live.LiveTable``, which keeps the table, its clock
and the bots and supplies ``act``, ``pause``, ``resume`` and ``status``. Keys: 1-9 pick a
move (also from the chat line while it is empty: ``ChatLine``), ``t`` opens the chat line
and Esc leaves it, ``r`` shows the rules, ``b`` brings an away human back (a bot plays the
seat meanwhile), F2 opens the New rule builder of a game whose players make rules
(``Game.players_make_rules``; its builder: ``terminal.plugin.TerminalGame``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from textual.app import App
from textual.widgets import Button, Input, OptionList

from engine import GAMES
from engine.actions import Action, DeclareRule, Play, Say
from engine.base import Game
from engine.events import Observation
from engine.turns import BotTable
from engine.words import Translations
from terminal.games import terminal_game
from terminal.language import said
from terminal.live_parts import HELP_LINE, while_open
from terminal.live_screens import RulesScreen, SuitScreen
from terminal.moves import speech, typed_action, wild_suits
from terminal.practice import HUMAN
from terminal.render import secret_rules
from terminal.rules_text import asks_rules, rules_lines
from terminal.typed_words import HELP, QUIT, RULE, means, move_examples


class HumanInput(App[None]):
    """What the human does at the live table; see the module docstring."""

    game: Game
    game_name: str
    lang: str
    tr: Translations
    #: the moves the menu lists, in its order (key k picks ``entries[k - 1]``)
    entries: list[Action]
    bots: BotTable
    #: the bot that plays the human's seat while the game marks it away
    stand_in: Any

    @property
    def observation(self) -> Observation:
        return self.game.observation(HUMAN)

    def busy(self) -> bool:
        """A pop-up is open (a summary, a chooser, the rules): the table waits."""
        return len(self.screen_stack) > 1

    def act(self, action: Action) -> bool | None:
        """Whether ``action`` was made (None once the app has stopped: ``while_open``)."""
        raise NotImplementedError

    def pause(self) -> None:
        raise NotImplementedError

    def resume(self) -> None:
        raise NotImplementedError

    def status(self, text: str) -> None:
        raise NotImplementedError

    # --- the human's input ----------------------------------------------------------------
    @while_open
    def choose(self, action: Action) -> None:
        suits = wild_suits(action, self.game.legal_actions(HUMAN))
        if suits and isinstance(action, Play):
            self.pause()
            self.push_screen(SuitScreen(action, suits, self.tr), self.after_suit)
            return
        self.act(action)

    def after_suit(self, action: Action | None) -> None:
        self.resume()
        if action is not None:
            self.act(action)

    def action_pick(self, k: int) -> None:
        if 1 <= k <= len(self.entries):
            self.choose(self.entries[k - 1])

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option_list.id == "moves" and message.option_index < len(self.entries):
            self.choose(self.entries[message.option_index])

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value.strip()
        message.input.value = ""
        if text:
            self.typed(text)

    def typed(self, text: str) -> None:
        """A line from the chat: a move, a new rule, the rules, or (at a game whose rules are
        secret) speech with @name calls. The menu takes the focus back: the next key picks a
        move."""
        self.action_focus_moves()
        if text.lower() == "/newrule" or (text[:1] == "/" and means(text[1:], RULE, self.tr)):
            self.action_new_rule()
            return
        if asks_rules(text, self.tr):
            self.action_rules()
            return
        free_speech = secret_rules(self.observation)
        if not free_speech and means(text, QUIT, self.tr):
            self.exit()
            return
        if not free_speech and means(text, HELP, self.tr):
            examples = move_examples(self.game_name, self.tr)
            self.status(self.tr._(HELP_LINE, examples=examples))
            return
        try:
            action = typed_action(text, self.tr)
        except ValueError as exc:
            if not free_speech:
                problem = said(exc, self.tr)
                self.status(
                    self.tr._(
                        "I don't understand {text}: {problem}.", text=repr(text), problem=problem
                    )
                )
                return
            action = Say(text=text)
        if isinstance(action, Say) and free_speech:
            action = speech(action.text or text, self.game.seats)
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
            return bool(getattr(GAMES.get(self.game_name), "players_make_rules", False))
        if action == "come_back":
            return self.is_running and self.back_action() is not None
        if action == "pick":
            return not self.busy()
        return True

    # --- away, and back -------------------------------------------------------------------
    def back_action(self) -> Action | None:
        """The action that brings the human back, while the game marks them away."""
        if self.game.is_over or HUMAN not in (self.observation.get("away") or []):
            return None
        return next((a for a in self.game.legal_actions(HUMAN) if a.kind == "back"), None)

    def away(self) -> bool:
        return self.back_action() is not None

    def seat_stand_in(self) -> None:
        """A bot plays the human's seat exactly while the game marks it away."""
        seated = HUMAN in self.bots.bots
        if self.away() == seated:
            return
        if seated:
            del self.bots.bots[HUMAN]
            self.status("")
        else:
            self.bots.bots[HUMAN] = self.stand_in
        self.bots.kind = None  # ``BotTable.learn`` sorts its bots again
        self.refresh_bindings()

    @while_open
    def action_come_back(self) -> None:
        back = self.back_action()
        if back is not None:
            self.act(back)

    @while_open
    def action_rules(self) -> None:
        if not self.busy():
            self.pause()  # the table waits while you read
            self.push_screen(RulesScreen(rules_lines(self.game, self.tr), self.tr), self.closed)

    def closed(self, _answer: object = None) -> None:
        """A pop-up that changes nothing closed: the table goes on."""
        self.resume()

    @while_open
    def action_new_rule(self) -> None:
        if not (self.observation.get("rule_credits") or {}).get(HUMAN):
            self.status(self.tr._("You may make a new rule after you win a round."))
            return
        self.pause()
        builder = terminal_game(self.game_name).rule_screen(self.tr, self.lang)
        self.push_screen(builder, self.after_rule)

    def after_rule(self, rule: Mapping[str, Any] | None) -> None:
        self.resume()
        if rule is None:
            return
        text = json.dumps(rule, sort_keys=True, separators=(",", ":"))
        if self.act(DeclareRule(rule=text)):
            self.status(self.tr._("Your new rule is in force. Nobody else is told."))
