"""``python bot.py practice <game>``: one human at the terminal against bots.

The loop knows the engine contract only, so every game in ``engine.GAMES`` plugs in as it is:

- bots act whenever play waits on them (``terminal.driving``), and may react out of turn;
- the human is asked when play waits on them, or, when they have something they may do out of
  turn (Mao's speech), after each bot move, where an empty line lets play go on;
- the human types a number from the list of legal moves, or any action text ``parse_action``
  knows (``play 7H``, ``draw``, ``say have a nice day``); the engine judges it. A wild card typed
  or chosen without a suit asks for one. Bad input gets one line saying why and the same prompt;
- a timed game is ticked when its deadline falls on an injectable clock (seconds since the table
  opened), before anything else happens, so lateness is judged as at a real table;
- it works with piped stdin and ends cleanly on end of input or ``quit``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, TextIO

from engine import IllegalAction, new_game, parse_action
from engine.actions import Action, Play
from engine.base import Event, Game
from engine.bots import HEURISTICS, make_bot
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from terminal.driving import BotTable, due_seats, legal_by_seat, state_key
from terminal.render import action_text, event_text, outcome_text, table_lines

BOT_NAMES = (
    "ada", "bruno", "chen", "dora", "emil", "fay", "gus", "hana", "ivo", "jun",
    "kai", "lena", "milo", "nia", "otto", "pia", "quinn", "rosa", "sami", "tove",
)  # fmt: skip
HUMAN = "you"
QUIT_WORDS = frozenset({"quit", "exit", "q", ":q"})
HELP_WORDS = frozenset({"help", "?", "h"})


class Quit(Exception):
    """The human typed quit, or the input ended."""


def bot_names(count: int) -> list[str]:
    return [BOT_NAMES[k] if k < len(BOT_NAMES) else f"bot{k + 1}" for k in range(count)]


def parse_suit(text: str) -> str | None:
    """``h``, ``H``, ``hearts``, ``♥`` -> ``H``; anything else None."""
    word = text.strip().lower()
    for suit in SUITS:
        if word in (suit.lower(), SUIT_NAMES[suit], SUIT_SYMBOLS[suit], SUIT_NAMES[suit][:-1]):
            return suit
    return None


def menu(legal: list[Action]) -> list[Action]:
    """The legal moves to number: a wild card's four suit choices become one entry."""
    entries: list[Action] = []
    seen_wild: set[tuple[Any, ...]] = set()
    for action in legal:
        if isinstance(action, Play) and action.suit is not None:
            if action.cards in seen_wild:
                continue
            seen_wild.add(action.cards)
            entries.append(Play(cards=action.cards))
        else:
            entries.append(action)
    return entries


def wild_suits(action: Action, legal: list[Action]) -> list[str]:
    """The suits ``action`` could name, when it is a wild play typed without one."""
    if not isinstance(action, Play) or action.suit is not None:
        return []
    return [
        a.suit
        for a in legal
        if isinstance(a, Play) and a.cards == action.cards and a.suit is not None
    ]


class Practice:
    """One practice table: a game, its bots, the human's seat, the streams and the clock."""

    def __init__(
        self,
        game: Game,
        human: str,
        bots: dict[str, Any],
        stdin: TextIO,
        stdout: TextIO,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.game = game
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

    # --- output ---------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def show_events(self, events: list[Event]) -> None:
        for event in events:
            self.say("  " + event_text(event, self.human))
            if event.get("type") == "match_end":
                self.match_end_shown = True

    def show_table(self) -> None:
        for line in table_lines(self.game.observation(self.human)):
            self.say(line)

    def now(self) -> float:
        """Seconds on the table's clock."""
        return self.clock() - self.started

    # --- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self.loop()
        except Quit:
            self.say("Bye.")
            return 0
        if self.game.is_over and not self.match_end_shown:
            self.say("Match over. " + outcome_text(self.game.outcome(), self.human))
        return 0

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
                self.say("Nobody can move and nothing is due: the game is stuck.")
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
        self.stdout.write(prompt)
        self.stdout.flush()
        asked = self.clock()
        line = self.stdin.readline()
        if paused:
            self.started += self.clock() - asked
        if not line:
            self.say()
            raise Quit
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        text = line.strip()
        if text.lower() in QUIT_WORDS:
            raise Quit
        return text

    def ask(self, legal: list[Action], due: bool) -> bool:
        """Ask the human for one action; True when one was applied."""
        version = getattr(self.game, "version", None)
        if version != self.shown_version or version is None:
            self.show_table()
            self.shown_version = version
        entries = menu(legal)
        for k, action in enumerate(entries, 1):
            self.say(f"  {k:>2}. {action_text(action)}")
        if due:
            prompt = "Your move (number or action, ? for help): "
        else:
            prompt = "Anything to do before play goes on? (number or action; Enter to go on): "
        while True:
            text = self.read(prompt, paused=not due)
            if not text:
                if not due:
                    return False
                self.say("Type the number of a move, or an action such as: draw")
                continue
            if text.lower() in HELP_WORDS:
                self.help(entries)
                continue
            move = self.understand(text, entries)
            if move is None:
                continue
            suits = wild_suits(move, legal)
            if suits and isinstance(move, Play):
                move = self.ask_suit(move, suits)
                if move is None:
                    continue
            self.catch_up()  # a deadline that fell while the human was typing comes first
            try:
                events = self.game.apply(self.human, move.stamped(self.now()))
            except IllegalAction as exc:
                self.say(f"Not allowed: {exc.reason}")
                continue
            self.show_events(events)
            return True

    def understand(self, text: str, entries: list[Action]) -> Action | None:
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(entries):
                return entries[k - 1]
            self.say(f"There is no move {k}: choose 1 to {len(entries)}.")
            return None
        try:
            return parse_action(text)
        except ValueError as exc:
            self.say(f"I don't understand {text!r}: {exc}. Type ? for help.")
            return None

    def ask_suit(self, action: Play, suits: list[str]) -> Play | None:
        """Ask which suit a wild card names; an empty line goes back to the move prompt."""
        named = ", ".join(f"{k}) {s} {SUIT_SYMBOLS[s]}" for k, s in enumerate(suits, 1))
        while True:
            text = self.read(
                f"Name the suit for {action_text(action)} ({named}; Enter to go back): "
            )
            if not text:
                return None
            if text.isdigit() and 1 <= int(text) <= len(suits):
                return Play(cards=action.cards, suit=suits[int(text) - 1])
            suit = parse_suit(text)
            if suit in suits:
                return Play(cards=action.cards, suit=suit)
            self.say(f"{text!r} is not a suit you may name: {named}.")

    def help(self, entries: list[Action]) -> None:
        self.say(
            "Type a move's number, or an action: "
            + ", ".join(sorted({str(a).split(" ")[0] for a in entries}))
            + " (e.g. play 7H, play AS suit=H). quit leaves the table."
        )


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def start(
    game_name: str,
    bots: int = 3,
    seed: int | None = None,
    level: str = "heuristic",
    options: dict[str, Any] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Open a practice table and play it to the end; returns the process exit code."""
    import sys

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    if level == "heuristic" and game_name not in HEURISTICS:
        stdout.write(f"There is no heuristic bot for {game_name} yet: the bots play at random.\n")
        level = "random"
    seats = [HUMAN, *bot_names(bots)]
    try:
        game = new_game(game_name, seats, seed=seed, options=options)
        players = {s: make_bot(level, game_name, seed * 100 + k) for k, s in enumerate(seats) if k}
    except ValueError as exc:
        stdout.write(f"Cannot open the table: {exc}\n")
        return 2
    stdout.write(
        f"Practice {game_name}: you against {bots} {level} bot{'s' if bots != 1 else ''} "
        f"({', '.join(seats[1:])}), seed {seed}. Type quit to leave.\n"
    )
    table = Practice(game, HUMAN, players, stdin, stdout, clock=clock, sleep=sleep)
    return table.run()
