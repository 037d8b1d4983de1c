"""The live practice table (Textual): one human against bots, every game, Mao in real time.

The screen keeps the table (top card, suit in force, direction, seats with their cards and
points, whose turn, the clock as seconds left) and the hand always in view, the recent events
below them, the legal moves as a short menu, and a line for typed moves, and in Mao for
speech: ``@ada bad card`` calls ada. The menu has the focus: keys 1-9 (or arrows and Enter)
pick a move; ``t`` opens the line (Esc leaves it), so speech is always deliberate, and a
digit pressed while the line is empty still picks a move. ``r`` (or ``rules`` typed) shows
the game's rules and the table's options (``terminal.rules_text``).

Bots move on their own, one every ``pace`` seconds, while the table clock runs; a game's
deadlines are ticked as they fall, so Mao's clocks run out for the human as they do at a real
table. The clock stands still from a change until the screen has drawn it (so a turn counts
from when it is shown), and while a chooser, summary or the rules are open. A practice table
plays at its game's gentler pace unless ``strict`` (Mao: fifteen seconds a turn), and says
so. A seat the game marks away (Mao's three timeouts in a row) is played by a bot until the
human presses ``b``. Rounds and matches end in a summary with the standings, and a finished
match offers "play again". Nothing here explains a hidden rule: Mao's table shows facts.

The table reads the engine contract only (``observation``, ``legal_actions``, ``apply``,
``tick``) and drives bots through ``engine.turns.BotTable``; ``pace=0`` lets the bots answer
at once and ``clock`` is injectable, so Textual's headless pilot can play it in tests.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Button, Header, OptionList, Static

from engine import GAMES, IllegalAction, game_title
from engine.actions import Action
from engine.asking import state_key
from engine.bots.search import DEFAULT_BUDGET
from engine.events import Event, Observation
from engine.turns import BotTable, is_timed
from terminal.language import catalog, level_words, refusal
from terminal.live_input import HumanPanel, back_action, seat_stand_in
from terminal.live_layout import TABLE_CSS
from terminal.live_parts import (
    AWAY_LINE,
    KEYS_LINE,
    NameSuggester,
    TableClock,
    chat_hint,
    coloured,
    leaving_text,
    panels,
    while_open,
)
from terminal.live_screens import SummaryScreen
from terminal.moves import menu
from terminal.practice import HUMAN, back_first
from terminal.registry import terminal_game
from terminal.render import EventLines, outcome_lines, round_end_lines
from terminal.rules_text import pace_note
from terminal.seating import open_table, stand_in
from terminal.shown import menu_entry
from terminal.thinking import Job, Thinker, Thinking, thinking_apart

#: how often the clock and the bots are looked at, in seconds
TICK = 0.2
_NAME_TYPED = re.compile(r"@(\w*)$")
#: how many of the latest event lines the table keeps on screen
LOG_LINES = 200
#: what holds the table clock (``TableClock``): a pop-up open, a change not yet on screen
OPEN, DRAWING = "open", "drawing"


class LiveTable(App[None]):
    """A practice table in the terminal; see the module docstring. The human's keys and
    input live in its ``HumanPanel``."""

    TITLE = "Chairman"
    CSS = TABLE_CSS

    def __init__(
        self,
        game_name: str,
        bots: int = 3,
        seed: int = 0,
        level: str = "heuristic",
        options: Mapping[str, Any] | None = None,
        *,
        pace: float = 0.8,
        clock: Callable[[], float] = time.monotonic,
        budget: float = DEFAULT_BUDGET,
        lang: str = "en",
        strict: bool = False,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.tr = catalog(lang)
        self.budget = budget  # an expert bot's thinking time per move
        self.game_name = game_name
        self.bot_count = bots
        self.level = level
        self.game_options = options
        self.pace = pace
        self.clock = clock
        self.strict = strict  # the rules as written: no gentler practice pace
        self.drawing_asked = False  # a release of the DRAWING hold is on its way
        self.entries: list[Action] = []
        #: the menu's entries as shown (a take says what it costs, which can change alone)
        self.said: list[str] = []
        self.feed = EventLines(HUMAN, GAMES.get(game_name), self.tr)
        #: expert searches run in a worker thread, so the screen never freezes on one
        self.thinker = Thinker(self.think_apart)
        self.deal(seed)

    # --- the table ------------------------------------------------------------------------
    def deal(self, seed: int) -> None:
        self.seed = seed
        self.game, players = open_table(
            self.game_name,
            self.bot_count,
            seed,
            self.level,
            self.game_options,
            self.budget,
            self.lang,
            self.strict,
        )
        self.thinker.new_deal()
        self.bots = BotTable({s: thinking_apart(b, self.thinker) for s, b in players.items()})
        #: the bot that plays the human's seat while the game marks it away
        away_bot = stand_in(self.level, self.game_name, seed * 100, self.budget)
        self.stand_in = thinking_apart(away_bot, self.thinker)
        self.timed = is_timed(self.game)
        self.table_clock = TableClock(self.clock)
        self.table_clock.hold(DRAWING)  # until the screen first shows the deal
        self.drawing_asked = False
        self.last_bot = self.clock()

    def now(self) -> float:
        """Seconds on the table's clock (``TableClock``: stopped while anything holds it)."""
        return self.table_clock.now()

    @property
    def observation(self) -> Observation:
        return self.game.observation(HUMAN)

    def busy(self) -> bool:
        """A pop-up is open (a summary, a chooser, the rules): the table waits."""
        return len(self.screen_stack) > 1

    def away(self) -> bool:
        return back_action(self.game) is not None

    def seat_stand_in(self) -> None:
        """A bot plays the human's seat exactly while the game marks it away."""
        if seat_stand_in(self.game, self.bots, self.stand_in):
            if not self.away():
                self.status("")
            self.refresh_bindings()

    def pause(self) -> None:
        self.table_clock.hold(OPEN)

    def resume(self) -> None:
        if self.table_clock.release(OPEN):
            self.last_bot = self.clock()

    def hold_until_shown(self) -> None:
        """Stop the table clock until the screen has drawn what just changed: a turn's time
        counts from when the player can see it (``drawn`` lets go after the next repaint)."""
        self.table_clock.hold(DRAWING)
        if not self.drawing_asked:
            self.drawing_asked = self.is_running and self.call_after_refresh(self.drawn)
            if not self.drawing_asked:  # no screen to wait for: the clock runs on
                self.table_clock.release(DRAWING)

    def drawn(self) -> None:
        self.drawing_asked = False
        self.table_clock.release(DRAWING)

    @property
    def lines(self) -> list[str]:
        """Every event line shown so far, oldest first."""
        return self.feed.lines

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        suggester = NameSuggester(self.game.seats) if self.timed else None
        yield Header(show_clock=False)
        yield HumanPanel(self, chat_hint(self.tr, self.game_name), suggester)

    def against(self) -> str:
        return self.tr.ngettext(
            "you against {count} {level} bot · seed {seed}",
            "you against {count} {level} bots · seed {seed}",
            self.bot_count,
            level=level_words(self.level, self.tr),
            seed=self.seed,
        )

    def on_mount(self) -> None:
        title = self.tr._(game_title(self.game_name))
        self.title = self.tr._("Chairman · {game} practice", game=title)
        self.sub_title = self.against()
        self.query_one("#events").border_title = self.tr._("What happened")
        self.query_one("#hand", Static).border_title = self.tr._("Your hand")
        self.query_one("#table", Static).border_title = title
        self.query_one("#moves").focus()
        self.show_keys()
        self.drive()
        self.show()
        self.hold_until_shown()
        if self.pace > 0:
            self.set_interval(TICK, self.on_tick)

    # --- driving --------------------------------------------------------------------------
    def catch_up(self) -> None:
        while not self.game.is_over:
            deadline = self.game.next_deadline()
            if deadline is None or deadline > self.now():
                return
            self.record(self.game.tick(self.now()))

    def bot_step(self) -> bool:
        self.seat_stand_in()
        if self.thinker.running:  # one bot at a time: the others wait for its answer
            return False
        self.thinker.at = state_key(self.game)
        try:
            moved = self.bots.step(self.game, self.now())
        except Thinking:  # a search is under way in the worker: ``thought`` goes on
            return False
        if moved is None:
            return False
        self.record(moved[2])
        return True

    def drive(self) -> None:
        """With ``pace=0``: let the bots act until play waits on the human."""
        if self.pace > 0:
            return
        for _ in range(5000):
            self.catch_up()
            if self.game.is_over or self.busy() or not self.bot_step():
                break

    def think_apart(self, job: Job, found: Callable[[Action], None]) -> None:
        """Run a bot's search in a worker thread; its answer comes back on the loop."""

        async def work() -> None:
            found(await asyncio.to_thread(job))
            self.thought()

        self.run_worker(work(), group="thinking")

    @while_open
    def thought(self) -> None:
        """A search is done: with ``pace=0`` play goes on now, else at the next tick."""
        self.drive()
        self.show()

    @while_open
    def on_tick(self) -> None:
        if self.busy():
            self.pause()  # a chooser or the builder is open: the table waits for you
            return
        self.resume()
        if self.game.is_over:
            return
        self.catch_up()
        if self.clock() - self.last_bot >= self.pace and not self.busy() and self.bot_step():
            self.last_bot = self.clock()
        self.show()

    @while_open
    def act(self, action: Action) -> bool:
        """Apply the human's action; a refusal is one line on the status bar. A human the
        game marks away who makes a move is back first (their stand-in stops)."""
        if self.game.is_over:
            return False
        self.catch_up()
        back = back_action(self.game)
        if back is not None and action.kind != back.kind and not self.act(back):
            return False
        try:
            events = self.game.apply(HUMAN, action.stamped(self.now()) if self.timed else action)
        except IllegalAction as exc:
            self.status(self.tr._("Not allowed: {reason}", reason=refusal(exc, self.tr)))
            return False
        self.status("")
        self.record(events)
        self.last_bot = self.clock()
        self.drive()
        self.show()
        return True

    # --- events and summaries -------------------------------------------------------------
    def record(self, events: list[Event]) -> None:
        """Log the events in order (a run of draws stays one line); summaries at round ends."""
        for event in events:
            kind = event.get("type")
            if kind == "round_end":
                summary = round_end_lines(event, HUMAN, self.tr, self.game)
                self.feed.extend(summary)
                if not self.timed and not self.game.is_over:
                    self.summary(summary, again=False)
                elif self.timed:
                    self.notify("\n".join(summary), title=self.tr._("Round over"), timeout=6)
            elif kind == "match_end":
                summary = outcome_lines(event, HUMAN, self.tr, type(self.game))
                self.feed.extend(summary)
                self.summary(summary, again=True)
            else:
                self.feed.add([dict(event)])
        if events:
            self.show_log()
            self.hold_until_shown()
            self.seat_stand_in()

    @while_open
    def show_log(self) -> None:
        recent = self.feed.lines[-LOG_LINES:]
        self.query_one("#log", Static).update(coloured("\n".join(recent)))
        self.query_one("#events", VerticalScroll).scroll_end(animate=False)

    def summary(self, lines: list[str], again: bool) -> None:
        self.pause()
        self.push_screen(SummaryScreen(lines, again, self.tr), self.after_summary)

    @while_open
    def after_summary(self, choice: str | None) -> None:
        if choice == "again":
            self.deal(self.seed + 1)
            self.feed = EventLines(HUMAN, type(self.game), self.tr)
            self.feed.extend([self.tr._("A new match, seed {seed}.", seed=self.seed)])
            self.show_log()
            self.sub_title = self.against()
            self.show_keys()
            self.hold_until_shown()
        elif choice == "leave":
            self.exit()
            return
        self.resume()
        self.drive()
        self.show()

    # --- drawing --------------------------------------------------------------------------
    @while_open
    def status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    @while_open
    def show_keys(self) -> None:
        """The keys, and the practice pace when the table plays at a gentler one."""
        note = pace_note(self.game, self.tr)
        keys = self.tr._(KEYS_LINE)
        self.query_one("#keys", Static).update("\n".join([note, keys] if note else [keys]))

    @while_open
    def show(self) -> None:
        obs = self.observation
        legal = [] if self.game.is_over else self.game.legal_actions(HUMAN)
        turn = None if self.game.is_over else self.game.current_player()
        table, hand = panels(obs, self.now(), legal, turn, self.my_rules(obs), self.tr)
        self.query_one("#table", Static).update(coloured(table))
        self.query_one("#hand", Static).update(coloured(hand))
        self.show_moves(legal)
        may = terminal_game(self.game_name).may_make_rule(obs, HUMAN)
        self.query_one("#new-rule", Button).set_class(may, "shown")
        if self.away():
            self.status(self.tr._(AWAY_LINE))

    def my_rules(self, obs: Observation) -> list[str]:
        """The human's own secret rules in words, where the game has any."""
        return terminal_game(self.game_name).own_rules(obs, self.tr, self.lang)

    def show_moves(self, legal: list[Action]) -> None:
        # away: coming back is offered first (b, or 1)
        entries = back_first(menu(legal, self.game_name))
        pending = self.observation.get("pending")
        said = [menu_entry(a, self.tr, pending) for a in entries]
        if (entries, said) == (self.entries, self.said):
            return  # unchanged: drawing it again would reset the highlighted entry
        self.entries, self.said = entries, said
        moves = self.query_one("#moves", OptionList)
        moves.set_options(
            coloured(f"{k}. {text}" if k <= 9 else f"   {text}") for k, text in enumerate(said, 1)
        )

    def leaving_text(self) -> str:
        """What quitting leaves behind: the scores and the hand."""
        return leaving_text(self.tr, self.game_name, self.observation)
