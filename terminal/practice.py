"""``python bot.py practice <game>``: one human at the terminal against bots.

The loop knows the engine contract only, so every game in ``engine.GAMES`` plugs in as it is:

- bots act whenever play waits on them (``engine.turns``), and may react out of turn;
- the human is asked when play waits on them, or, when they have something they may do out of
  turn (Mao's speech), after each bot move, where an empty line lets play go on;
- the human types a number from the list of legal moves, or any action text ``parse_action``
  knows (``play 7H``, ``draw``, ``say have a nice day``); the engine judges it. A wild card typed
  or chosen without a suit asks for one; ``rules`` shows the game's rules and the table's
  options (``terminal.rules_text``). Bad input gets one line saying why and the same prompt;
- a timed game is ticked when its deadline falls on an injectable clock (seconds since the table
  opened), before anything else happens, so lateness is judged as at a real table;
- it works with piped stdin and ends cleanly on end of input or ``quit``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from engine import IllegalAction
from engine.actions import Action, DeclareRule, Play
from engine.base import Game
from engine.describe import fold, folded_kinds
from engine.events import Event
from engine.turns import BotTable, due_seats, legal_by_seat, state_key
from engine.words import suit_words
from terminal.language import catalog, refusal, said
from terminal.moves import Misread, menu, parse_suit, read_line, wild_suits
from terminal.registry import terminal_game
from terminal.render import (
    event_text,
    hint_line,
    outcome_lines,
    round_end_lines,
    scores_text,
    speaks,
    table_lines,
)
from terminal.rules_text import RULES, asks_rules, no_rule_now, plain, rules_lines
from terminal.shown import action_text, menu_entry
from terminal.typed_words import (
    HELP,
    LIST_DIGITS,
    QUIT,
    RULE,
    means,
    move_examples,
    numbered,
    printable,
    word,
)

BOT_NAMES = (
    "ada", "bruno", "chen", "dora", "emil", "fay", "gus", "hana", "ivo", "jun",
    "kai", "lena", "milo", "nia", "otto", "pia", "quinn", "rosa", "sami", "tove",
)  # fmt: skip
HUMAN = "you"


def back_first(entries: list[Action]) -> list[Action]:
    """The menu with coming back first, for a player the game marks away (Mao, MAO-14):
    not at the foot of a hand-long list."""
    back = [a for a in entries if a.brings_back]
    return back + [a for a in entries if not a.brings_back] if back else entries


class Quit(Exception):
    """The human typed quit, or the input ended."""


def bot_names(count: int) -> list[str]:
    return [BOT_NAMES[k] if k < len(BOT_NAMES) else f"bot{k + 1}" for k in range(count)]


class Practice:
    """One practice table: a game, its bots, the human's seat, the streams and the clock."""

    def __init__(
        self,
        game: Game,
        human: str,
        bots: Mapping[str, Any],
        stdin: TextIO,
        stdout: TextIO,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        lang: str = "en",
        again: str = "",
    ) -> None:
        self.game = game
        #: the command that opens this table again (``terminal.opening.again_command``)
        self.again = again
        #: what the game adds at the terminal (its rules made by players)
        self.parts = terminal_game(game.name)
        self.lang = lang
        self.tr = catalog(lang)
        self.human = human
        self.bots = BotTable(bots)
        self.stdin = stdin
        self.stdout = stdout
        self.clock = clock
        self.sleep = sleep
        self.started = clock()
        self.shown_version: Any = object()
        self.echo = not _isatty(stdin)
        self.match_end_shown = False
        self.pending: dict[str, Any] | None = None  # a run of draws not printed yet

    # --- output ---------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def show_events(self, events: list[Event]) -> None:
        """The events in order, a round's end spelled out. A run of draws by one seat is held
        back and printed as one line ("chen drew 8 cards") once something else happens."""
        kinds = folded_kinds(type(self.game))
        for event in events:
            kind = event.get("type")
            if kind in ("round_end", "match_end"):
                self.flush()
                if kind == "match_end":
                    self.match_end_shown = True
                    summary = outcome_lines(event, self.human, self.tr, type(self.game))
                else:
                    summary = round_end_lines(event, self.human, self.tr, self.game)
                for line in summary:
                    self.say(line)
                continue
            folded = fold(self.pending, event, kinds)
            if folded is not None:
                self.pending = folded
                continue
            self.flush()
            if kind in kinds:
                self.pending = dict(event)
            else:
                self.say("  " + event_text(event, self.human, type(self.game), self.tr))

    def flush(self) -> None:
        """Print the run of draws held back, if any."""
        if self.pending is not None:
            self.say("  " + event_text(self.pending, self.human, type(self.game), self.tr))
            self.pending = None

    def show_table(self, legal: list[Action] | None = None) -> None:
        self.flush()
        obs = self.game.observation(self.human)
        for line in table_lines(obs, self.now(), self.tr):
            self.say(line)
        hint = hint_line(obs, legal or [], self.tr)
        if hint:
            self.say(hint)
        if self.parts.may_make_rule(obs, self.human):
            self.say(self.tr._("You won a round: type rule to make a new rule."))

    def now(self) -> float:
        """Seconds on the table's clock."""
        return self.clock() - self.started

    # --- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self.loop()
            self.flush()
        except Quit:
            self.say(self.leaving_text())
            self.say(self.tr._("Bye."))
            return 0
        if self.game.is_over and not self.match_end_shown:
            for line in outcome_lines(self.game.outcome(), self.human, self.tr, type(self.game)):
                self.say(line)
        return 0

    def leaving_text(self) -> str:
        """What quitting leaves behind: where the match stood and how to play again."""
        tr = self.tr
        obs = self.game.observation(self.human)
        stood = scores_text(obs, self.human, tr)
        if obs.get("round"):
            text = tr._("You left the table in round {round}", round=obs["round"])
        else:
            text = tr._("You left the table")
        text += tr._(" (scores: {scores}).", scores=stood) if stood else "."
        if not self.again:
            return text
        return text + " " + tr._("Play again with: {command}", command=self.again)

    def loop(self) -> None:
        game = self.game
        offered: Any = None  # whose turn it was when the human last had an out-of-turn say
        while not game.is_over:
            self.catch_up()
            if game.is_over:
                break
            now = self.now()
            deadline = game.next_deadline()
            legal = legal_by_seat(game)
            if self.human in legal:
                due = due_seats(game, legal)
                # bots speak up first (a "Mau", a "Last card"), as before the next player acts
                reaction = self.bots.react(game, now, legal, due)
                if reaction is not None:
                    self.show_events(reaction[2])
                    continue
                if self.human in due:
                    if self.ask(legal[self.human], due=True):
                        self.bots.out_of_turn = 0
                    continue
                # out of turn (Mao's speech, a call, an announcement): one chance per change
                version = state_key(game)
                if version != offered:
                    offered = version
                    if self.ask(legal[self.human], due=False):
                        self.bots.out_of_turn = 0
                        continue
            moved = self.bots.step(game, now)
            if moved is not None:
                self.show_events(moved[2])
                continue
            if deadline is not None:
                self.sleep(max(0.0, deadline - self.now()))
                continue
            if self.human not in legal:
                self.say(self.tr._("Nobody can move and nothing is due: the game is stuck."))
                return
            offered = None  # only the human can act: ask again

    def catch_up(self) -> None:
        """Tick the game for every deadline that has fallen by now."""
        while True:
            now = self.now()
            deadline = self.game.next_deadline()
            if deadline is None or deadline > now or self.game.is_over:
                return
            self.show_events(self.game.tick(now))

    def read(self, prompt: str, paused: bool = False) -> str:
        """One line from the human; ``paused`` stops the table clock while they think.

        The out-of-turn prompt pauses it: a terminal cannot read a line and let bots play at
        once, so without the pause a timed game (Mao) would run out the bots' clocks while
        the human sat at a prompt that was not about their turn.
        """
        self.flush()
        self.stdout.write(prompt)
        self.stdout.flush()
        asked = self.clock()
        line = self.stdin.readline()
        if paused:
            self.started += self.clock() - asked
        if not line:
            self.say()
            raise Quit
        text = printable(line)
        if self.echo:
            self.stdout.write(text + "\n")
        if means(text, QUIT, self.tr):
            raise Quit
        return text

    def ask(self, legal: list[Action], due: bool) -> bool:
        """Ask the human for one action; True when one was applied."""
        version = getattr(self.game, "version", None)
        if version != self.shown_version or version is None:
            self.show_table(legal)
            self.shown_version = version
        tr = self.tr
        entries = back_first(menu(legal, getattr(self.game, "name", None)))
        pending = self.game.observation(self.human).get("pending")
        for k, action in enumerate(entries, 1):
            self.say(f"  {k:>2}. {menu_entry(action, tr, pending)}")
        if due:
            prompt = tr._("Your move (number or action, ? for help): ")
        else:
            prompt = tr._(
                "Anything to do before play goes on? (number or action; Enter to go on): "
            )
        while True:
            text = self.read(prompt, paused=not due)
            if not text:
                if not due:
                    return False
                self.say(
                    tr._(
                        "Type the number of a move, or an action such as: {draw}",
                        draw=word(tr, "draw"),
                    )
                )
                continue
            if means(text, HELP, tr):
                self.help(entries)
                continue
            if asks_rules(text, tr):
                for line in rules_lines(self.game, tr):
                    self.say(plain(line))
                continue
            rule = means(text, RULE, tr)
            move = self.new_rule() if rule else self.understand(text, entries)
            if move is None:
                continue
            suits = wild_suits(move, legal)
            if suits and isinstance(move, Play):
                move = self.ask_suit(move, suits)
                if move is None:
                    continue
            action = move
            self.catch_up()  # a deadline that fell while the human was typing comes first
            try:
                events = self.game.apply(self.human, action.stamped(self.now()))
            except IllegalAction as exc:
                self.say(tr._("Not allowed: {reason}", reason=refusal(exc, tr)))
                continue
            self.show_events(events)
            return True

    def understand(self, text: str, entries: list[Action]) -> Action | None:
        k = numbered(text)
        if k is not None:
            if 1 <= k <= len(entries):
                return entries[k - 1]
            shown = text if len(text) <= LIST_DIGITS else text[:LIST_DIGITS] + "…"
            self.say(
                self.tr._("There is no move {k}: choose 1 to {last}.", k=shown, last=len(entries))
            )
            return None
        read = read_line(text, speaks(self.game.name), self.game.seats, self.tr)
        if isinstance(read, Misread):
            self.say(
                read.hint
                or self.tr._(
                    "I don't understand {text}: {problem}. Type ? for help.",
                    text=repr(text),
                    problem=said(read.error, self.tr),
                )
            )
            return None
        return read

    def new_rule(self) -> Action | None:
        """The game's New rule builder as numbered questions, for a player who won a round."""
        parts = self.parts
        if not parts.may_make_rule(self.game.observation(self.human), self.human):
            self.say(no_rule_now(self.game, self.tr))
            return None
        rule = parts.ask_rule(lambda prompt: self.read(prompt, paused=True), self.say, self.tr)
        if rule is None:
            return None
        told = parts.rule_words(rule, self.tr, self.lang)
        self.say(self.tr._("Your new rule: {rule}. Nobody else is told.", rule=told))
        return DeclareRule.of(rule)

    def ask_suit(self, action: Play, suits: list[str]) -> Play | None:
        """Ask which suit a wild card names; an empty line goes back to the move prompt."""
        tr = self.tr
        named = ", ".join(f"{k}) {suit_words(s, tr)}" for k, s in enumerate(suits, 1))
        while True:
            text = self.read(
                tr._(
                    "Name the suit for {move} ({suits}; Enter to go back): ",
                    move=action_text(action, tr),
                    suits=named,
                )
            )
            if not text:
                return None
            k = numbered(text)
            if k is not None and 1 <= k <= len(suits):
                return Play(cards=action.cards, suit=suits[k - 1])
            suit = parse_suit(text, tr)
            if suit in suits:
                return Play(cards=action.cards, suit=suit)
            self.say(
                tr._("{text} is not a suit you may name: {suits}.", text=repr(text), suits=named)
            )

    def help(self, entries: list[Action]) -> None:
        tr = self.tr
        kinds = ", ".join(sorted({word(tr, a.kind) for a in entries}))
        self.say(
            tr._(
                "Type a move's number, or an action: {kinds} (e.g. {examples}). {rules} shows "
                "the rules; {quit} leaves the table.",
                kinds=kinds,
                examples=move_examples(getattr(self.game, "name", ""), tr),
                rules=word(tr, RULES),
                quit=word(tr, QUIT),
            )
        )
        if speaks(self.game.name):
            self.say(
                tr._(
                    "Anything else you type is said at the table, where every word counts; "
                    "@name names a player, as a call does."
                )
            )


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
