"""The table service: lobbies, seats, turns, bots, timeouts, the action log and recovery.

Every change to a table happens under that table's ``asyncio.Lock`` (different tables never
wait for each other), is checked by the engine, and is committed to the action log before
the call returns, so whatever a cog says about an action is already on disk. Renderers
subscribe with ``add_listener``; they are called under the lock, after the commit, and must
only schedule their Discord work, never await it.

Timers, one keyed task each (``tables.scheduler``), armed from the driver's plan
(``TableDriver.plan``, one ``Due`` per timer):

- ``("bot", table, seat)``: a bot, or a bot standing in for an away human, moves after
  ``bot_delay`` seconds.
- ``("afk", table, seat)``: a human who has not moved within ``turn_timeout`` is warned
  once; if they still have not moved ``turn_timeout / 2`` later, a bot plays that turn for
  them. After two such turns in a row the seat is marked away and the bot keeps playing it
  until the human presses "I'm back" (or plays a button). Nobody is removed for being slow.
- ``("tick", table)``: wakes the engine at ``game.next_deadline()`` for timed games.
- ``("react", table)``: a bot-played seat play is not waiting on acts out of turn (says "Mau"
  or "last card", completes four) ``bot_delay`` seconds after the change that offered it,
  when play waits on bots only (waiting on a human, the reactions were settled at once).
- ``("vote", table, seat)``: a human still to vote ``vote_timeout`` seconds after the vote
  opened is counted as voting to stop (LAST-9); no bot votes for them.

Who play waits on is ``Table.waiting`` (``engine.turns``): the turn, or every seat offered
its own decision (a vote, rebuy or leave). Bot-played seats are asked to act out of turn once
per game version, in seat order, and always before a move play waits on is carried out (a
human's press, a bot's timer, a stand-in), so a bot's "Mau" is never late; at most
``MAX_OUT_OF_TURN`` such moves in a row. When play waits on a human they are asked at once,
before the change is shown, so a turn on a human's screen is never taken back by a bot. Their
moves are logged like any other, so recovery replays them.

A press is checked against its seat's validity token (``Table.token``: its legal actions and
its move count), not the game version: other seats' moves that leave a seat's choices alone
leave its buttons valid, and a double click applies once.

Mao, judged by its own clock, is asked the same way with three differences: its bots react
only through the ``("react", table)`` timer, one move ``bot_delay`` after the first change
they have not been asked about (never at once before someone's move, which would beat any
human to a call), timed like any move at the table clock; a stand-in never spends an away
human's new rule; and a bot whose turn it is moves ``bot_delay`` after its turn came to it,
however much others say meanwhile, so bots' calls never cost it the five-second rule.
During a Point of Order a bot does only what it chooses (``MaoBot.react`` waits).

When a match ends the service calls every match-finished hook with a ``MatchFinished``
record (the results module stores it).

Recovery (``recover``) rebuilds every unfinished table from its seed and action log, checks
the game version against the log, resumes a timed table's clock at the last logged moment
(the clock stops while the bot is down) and re-arms the timers.

What is due and when comes from the table's driver (``engine.driver.TableDriver``, pure
and synchronous: who play waits on, who a bot plays, the bots' reactions, votes, away and
stand-ins, as ``Due`` data); the service keeps the lock, the action log, the timers and the
notifications.

The class is put together from one mixin per concern, each a module of its own:
``tables.lobby`` (opening, seats, start, leave, end), ``tables.play`` (moves, speech, what
follows a change), ``tables.timers`` (what is armed and what each timer does),
``tables.reactions`` (bots out of turn) and ``tables.recovery``; ``tables.base`` holds the
state they share. Callers use ``TableService`` alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import sqlite_utils

from data import store
from engine import GAMES, Event, Game
from engine.driver import MAX_STAND_IN_MOVES, MISSES_BEFORE_AWAY
from engine.options import Listing, OptionError, title_words
from engine.reasons import Reason, Sentence
from i18n import N_
from tables import bot_runner
from tables.base import BOT_KINDS, MatchFinished
from tables.clock import Clock
from tables.errors import BadOptions, NoTable, TableBusy, TableEnded
from tables.lobby import LobbyMixin
from tables.model import Seat, Table
from tables.play import PlayMixin
from tables.reactions import ReactionsMixin
from tables.recovery import RecoveryMixin
from tables.scheduler import CLOSE_GRACE, Scheduler
from tables.timers import TimersMixin

__all__ = [
    "BOT_KINDS",
    "MAX_STAND_IN_MOVES",
    "MISSES_BEFORE_AWAY",
    "MatchFinished",
    "TableListener",
    "TableService",
    "parse_option_text",
    "parse_options",
]

log = logging.getLogger(__name__)

#: Seconds a move waits for a busy table before it is refused as busy. A press waits its turn
#: (the bot defers its answer inside Discord's 3 s and answers with the outcome, which the
#: interaction's token allows for 15 minutes), so only a table stuck far longer than any move
#: takes refuses it.
LOCK_WAIT = 30.0


class TableListener:
    """Renderer interface: override what you draw. Called under the table's lock."""

    async def lobby_changed(self, table: Table) -> None:
        """Seats or host changed before the start."""

    async def game_changed(self, table: Table, events: list[Event]) -> None:
        """The game started or moved on; ``events`` are the public events of this change."""

    async def turn_warning(self, table: Table, seat: Seat) -> None:
        """``seat`` has let its turn time out once: tell them a bot will play soon."""

    async def seat_away(self, table: Table, seat: Seat) -> None:
        """``seat`` missed two turns in a row and is now played by a bot."""

    async def seat_back(self, table: Table, seat: Seat) -> None:
        """``seat`` pressed "I'm back"."""

    async def table_closed(self, table: Table) -> None:
        """The match finished or the table was ended; ``table.status`` says which."""


MatchHook = Callable[[MatchFinished], Awaitable[None] | None]


def parse_option_text(game: str, text: str | None) -> dict[str, Any]:
    """``target=300 twos_stack=on`` -> ``{"target": 300, "twos_stack": True}``: the options
    given, each read in the type and range the game declares (``engine.options``).

    Raise ``BadOptions`` naming the problem and listing the game's options and ranges.
    """
    cls = _game_class(game)
    try:
        return cls.parse_options(text)
    except OptionError as exc:
        if exc.malformed is None:
            raise BadOptions("{reason}", reason=exc.why) from exc
        raise BadOptions(
            N_(
                "Write options as name=value separated by spaces; {word} is not. "
                "{game} options: {known}."
            ),
            word=repr(exc.malformed),
            game=title_words(cls.title),
            known=Listing(cls.option_specs),
        ) from exc
    except ValueError as exc:
        raise BadOptions("{reason}", reason=_why(exc)) from exc


def _why(error: Exception) -> Reason:
    """The engine's reason for ``error`` (English text when it kept none), as a sentence."""
    why = getattr(error, "why", None)
    return Sentence(why if why is not None else Reason(str(error)))


def parse_options(game: str, text: str | dict[str, Any] | None) -> dict[str, Any]:
    """Options for ``game`` from option text (or a dict), checked by the game, defaults filled.

    Raise ``BadOptions`` with a sentence naming the game's options when anything is off.
    """
    cls = _game_class(game)
    raw = dict(text) if isinstance(text, dict) else parse_option_text(game, text)
    try:
        return cls.check_options(raw)
    except OptionError as exc:
        raise BadOptions("{reason}", reason=exc.why) from exc
    except ValueError as exc:
        raise BadOptions(
            N_("{reason} {game} options: {known}."),
            reason=_why(exc),
            game=title_words(cls.title),
            known=Listing(cls.option_specs),
        ) from exc


def _game_class(game: str) -> type[Game]:
    cls = GAMES.get(game)
    if cls is None:
        raise BadOptions(N_("There is no game called {game}."), game=repr(game))
    return cls


class TableService(LobbyMixin, PlayMixin, TimersMixin, ReactionsMixin, RecoveryMixin):
    """Owns every open table; see the module docstring (each mixin holds one concern)."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        *,
        bot_delay: float = 1.5,
        turn_timeout: float = 60.0,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        vote_timeout: float = 30.0,
        expert_budget: float = bot_runner.DEFAULT_BUDGET,
        owns: Callable[[int | None], bool] | None = None,
        close_grace: float = CLOSE_GRACE,
    ) -> None:
        self.db = db
        # which guilds' tables this process runs (all, unless the bot is sharded over processes)
        self.owns = owns or (lambda _guild_id: True)
        self.bot_delay = bot_delay
        self.expert_budget = expert_budget
        self.turn_timeout = turn_timeout
        self.vote_timeout = vote_timeout
        self.clock = clock or Clock()
        self.scheduler = Scheduler(self.clock, close_grace)
        self.bot_gate = asyncio.Semaphore(1)
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.tables: dict[int, Table] = {}
        self.listeners: list[TableListener] = []
        self.match_hooks: list[MatchHook] = []

    # --- subscriptions ----------------------------------------------------------------------
    def add_listener(self, listener: TableListener) -> None:
        self.listeners.append(listener)

    def add_match_finished_hook(self, hook: MatchHook) -> None:
        """``hook(MatchFinished)`` (sync or async) runs once for each match that ends."""
        self.match_hooks.append(hook)

    async def _notify(self, method: str, *args: Any) -> None:
        for listener in self.listeners:
            try:
                await getattr(listener, method)(*args)
            except Exception:
                log.exception("listener %s.%s failed", type(listener).__name__, method)

    # --- lookups ----------------------------------------------------------------------------
    def get(self, table_id: int) -> Table:
        """The open (or just closed, still in memory) table ``table_id``."""
        table = self.tables.get(table_id)
        if table is None:
            row = store.get_table(self.db, table_id)
            if row is None:
                raise NoTable(N_("That table does not exist."))
            raise TableEnded()
        return table

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table in this channel or thread, if any."""
        for table in self.tables.values():
            if table.channel_id == channel_id and table.is_open:
                return table
        return None

    def tables_of_user(self, user_id: int) -> list[Table]:
        """Open tables where ``user_id`` holds a seat."""
        return [
            t for t in self.tables.values() if t.is_open and t.seat_of_user(user_id) is not None
        ]

    def open_tables(self) -> list[Table]:
        return [t for t in self.tables.values() if t.is_open]

    @contextlib.asynccontextmanager
    async def locked(self, table: Table) -> AsyncIterator[Table]:
        """Hold ``table``'s lock, waiting for it up to ``LOCK_WAIT`` (then ``TableBusy``)."""
        try:
            await asyncio.wait_for(table.lock.acquire(), LOCK_WAIT)
        except TimeoutError as exc:
            raise TableBusy() from exc
        try:
            self._fresh(table)
            yield table
        finally:
            table.lock.release()
