"""The table service: lobbies, seats, turns, bots, timeouts, the action log and recovery.

Every change to a table happens under that table's ``asyncio.Lock`` (different tables never
wait for each other), is checked by the engine, and is committed to the action log before
the call returns, so whatever a cog says about an action is already on disk. Renderers
subscribe with ``add_listener``; they are told after the commit, once the lock is let go,
in the order the changes were made, and must only schedule their Discord work.

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
- ``("silent", table, seat)``: a human still to take an own decision that silence settles
  ``vote_timeout`` seconds after it was offered is taken to have chosen what the action says
  (``Action.taken_when_silent``: a voter votes to stop, LAST-9); no bot decides for them.

Who play waits on is ``Table.waiting`` (``engine.turns``): the turn, or every seat offered
its own decision (a vote, rebuy or leave). Bot-played seats are asked to act out of turn once
per game version, in seat order, and always before a move play waits on is carried out (a
human's press, a bot's timer, a stand-in), so a bot's "Mau" is never late; at most
``MAX_OUT_OF_TURN`` such moves in a row. When play waits on a human they are asked at once,
before the change is shown, so a turn on a human's screen is never taken back by a bot. Their
moves are logged like any other, so recovery replays them.

A press is checked against its seat's validity token (``Table.token``: its legal actions and
its move count), not the game version: other seats' moves that leave a seat's choices alone
leave its buttons valid, and a double click applies once. It is checked once: the seat's
legal actions are asked for once and give its token too, whether play waits on it is read
from the state its timers were armed from, and an action they offer is carried out on the
engine's trusted path (``Game.apply_offered``). ``act`` returns the change as data
(``Change``: its events, each human seat's new token, the hands to draw again).

What a game adds at this layer is its ``TableGame`` (``tables.plugin``), found through
``tables.registry``. Mao, judged by its own clock, is asked the same way with three
differences: its bots react only through the ``("react", table)`` timer, one move
``bot_delay`` after the first change they have not been asked about (never at once before
someone's move, which would beat any human to a call), timed like any move at the table
clock; a stand-in never spends an away human's new rule; and a bot whose turn it is moves
``bot_delay`` after its turn came to it, however much others say meanwhile, so bots' calls
never cost it the five-second rule.
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

The service is put together from parts, each a class of its own that receives what it uses:
``OpenTables`` (the tables in memory, by id and channel), ``ActionLog`` (apply, commit,
replay), ``TableLocks`` (the lock, then the notices), ``Notifier`` (listeners and hooks),
``Drivers`` (each table's bots), ``Reactions`` (bots out of turn), ``Changes`` (what follows a
change), ``Closer``, ``Lobby``, ``Moves``, ``TimedWork`` and ``Timers``, ``Recovery``, and
``Tournaments`` (Swiss events and arenas, opening their tables through the service) and
``Seasons`` (each server's leaderboard seasons).
Callers use ``TableService`` alone.

What a front-end reads comes back as frozen values: a game's public picture and a seat's hand
(``public_view``, ``hand_view``: ``tables.queries``, one value per state), and storage through
``records``, ``preferences`` and ``forwarding``. No front-end touches ``Table.game`` or
``data/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from typing import Any

import sqlite_utils

from engine import Action, Event
from engine.driver import MAX_STAND_IN_MOVES, MISSES_BEFORE_AWAY
from tables import bot_runner, queries
from tables.action_log import ActionLog
from tables.base import BOT_KINDS, MatchFinished
from tables.changes import Change, Changes
from tables.clock import Clock
from tables.closing import Closer
from tables.drivers import Drivers
from tables.forwarding import Forwarding
from tables.game_options import parse_option_text, parse_options
from tables.lobby import Lobby, Rematch
from tables.locks import TableLocks
from tables.model import Seat, Table
from tables.notices import MatchHook, Notifier, TableListener
from tables.open_tables import OpenTables
from tables.play import Moves
from tables.preferences import Preferences
from tables.reactions import Reactions
from tables.records import Records
from tables.recovery import Recovery
from tables.replays import (
    Replay,
    as_it_ended,
    closed_log,
    last_closed_in,
    logged,
    rebuild,
    stored_table,
)
from tables.scheduler import CLOSE_GRACE, Scheduler
from tables.seasons import Seasons
from tables.timed import TimedWork
from tables.timers import Timers
from tables.tournaments.part import Tournaments
from tables.views import HandView, PublicView

__all__ = [
    "BOT_KINDS",
    "MAX_STAND_IN_MOVES",
    "MISSES_BEFORE_AWAY",
    "Change",
    "MatchFinished",
    "MatchHook",
    "Rematch",
    "TableListener",
    "TableService",
    "parse_option_text",
    "parse_options",
]


class TableService:
    """Owns every open table; see the module docstring for its parts."""

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
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.vote_timeout = vote_timeout
        self.clock = clock or Clock()
        self.scheduler = Scheduler(self.clock, close_grace)
        self.notifier = Notifier()
        #: the open tables, by id and by channel
        self.directory = OpenTables(db)
        #: every table in memory by id (read only: the parts keep it)
        self.tables: dict[int, Table] = self.directory.by_id
        self.log = ActionLog(db, self.clock)
        self.locks = TableLocks(self.log, self.notifier)
        self.drivers = Drivers(
            bot_delay=bot_delay,
            turn_timeout=turn_timeout,
            vote_timeout=vote_timeout,
            expert_budget=expert_budget,
        )
        self.reactions = Reactions(db, self.log)
        self.closer = Closer(db, self.clock, self.scheduler, self.directory, self.notifier)
        # the parts below re-arm timers through ``_arm``: the timers, built last, run them
        self.changes = Changes(db, self.reactions, self.closer, self.notifier, self._arm)
        self.lobby = Lobby(
            db,
            self.clock,
            seeds or (lambda: secrets.randbelow(2**31)),
            self.directory,
            self.locks,
            self.notifier,
            self.drivers,
            self.changes,
            self.closer,
            self._arm,
        )
        #: open a lobby in a channel (``Lobby.open_table``): the lobby's own method, so its
        #: many keywords are written once
        self.open_table = self.lobby.open_table
        self.moves = Moves(db, self.directory, self.locks, self.log, self.changes, self.notifier)
        self.work = TimedWork(
            db, self.locks, self.log, self.reactions, self.changes, self.notifier, self._arm
        )
        self.timers = Timers(self.scheduler, self.clock, self.work)
        self.recovery = Recovery(
            db,
            self.clock,
            owns or (lambda _guild_id: True),
            self.directory,
            self.log,
            self.drivers,
            self.closer,
            self.notifier,
            self._arm,
        )
        #: bot moves pass it one at a time (``TimedWork.bot_turn``)
        self.bot_gate = self.work.bot_gate
        # what a front-end reads of storage, through the service like everything else
        #: finished matches, leaderboards, ratings
        self.records = Records(db)
        #: server and table settings, card pictures on or off
        self.preferences = Preferences(db)
        #: presses handed between processes sharing one PostgreSQL database
        self.forwarding = Forwarding(db)
        #: Swiss events and arenas, which open their tables through this service
        self.tournaments = Tournaments(db, self.clock, self.scheduler, self.lobby, self.directory)
        self.add_match_finished_hook(self.tournaments.match_finished)
        self.add_listener(self.tournaments.table_listener())
        #: each server's leaderboard seasons, turned by this service's clock
        self.seasons = Seasons(db, self.clock)

    def _arm(self, table: Table) -> None:
        """Re-arm ``table``'s timers from its state."""
        self.timers.arm(table)

    def set_pace(self, pace: Callable[[], float]) -> None:
        """Have bots' and reactions' timers put off by ``pace()`` (how many times slower than
        usual the bots go: ``Timers.pace``), asked each time timers are armed."""
        self.timers.pace = pace

    # --- subscriptions ----------------------------------------------------------------------
    def add_listener(self, listener: TableListener) -> None:
        self.notifier.add_listener(listener)

    def add_match_finished_hook(self, hook: MatchHook) -> None:
        """``hook(MatchFinished)`` (sync or async) runs once for each match that ends."""
        self.notifier.add_match_hook(hook)

    # --- lookups ----------------------------------------------------------------------------
    def get(self, table_id: int) -> Table:
        """The open (or just closed, still in memory) table ``table_id``."""
        return self.directory.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table in this channel or thread, if any."""
        return self.directory.in_channel(channel_id)

    def in_threads_of(self, channel_id: int) -> list[Table]:
        """The open tables in threads of channel ``channel_id``, oldest first."""
        return self.directory.under(channel_id)

    def tables_of_user(self, user_id: int) -> list[Table]:
        """Open tables where ``user_id`` holds a seat."""
        return self.directory.of_user(user_id)

    def seated_elsewhere(self, user_id: int) -> int:
        """How many open tables that other processes of the bot run (sharing this PostgreSQL
        database) hold a seat of ``user_id``; 0 over SQLite, which no other process shares."""
        if not self.forwarding.shared:
            return 0
        seated = self.forwarding.open_tables_of_user(user_id)
        return sum(1 for _table, guild in seated if not self.recovery.owns(guild))

    def open_tables(self) -> list[Table]:
        return self.directory.open()

    def loaded(self, table_id: int) -> Table | None:
        """Table ``table_id`` if this process holds it in memory (open, or just closed),
        else None; storage is not read (a table another process runs is None here)."""
        return self.directory.by_id.get(table_id)

    # --- what a front-end reads of a game (``tables.queries``) -------------------------------
    def public_view(self, table: Table) -> PublicView | None:
        """What everyone watching ``table`` sees (None before its game starts)."""
        return queries.public(table)

    def hand_view(self, table: Table, seat: str) -> HandView | None:
        """What ``seat`` sees of its own hand, its legal moves and token (None before the
        start)."""
        return queries.hand(table, seat)

    def locked(self, table: Table) -> contextlib.AbstractAsyncContextManager[Table]:
        """Hold ``table``'s lock (``TableLocks.locked``)."""
        return self.locks.locked(table)

    # --- the lobby (``Lobby``) -----------------------------------------------------------------
    async def set_place(
        self, table_id: int, *, channel_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Record where the table lives (its thread and its table message)."""
        await self.lobby.set_place(table_id, channel_id=channel_id, message_id=message_id)

    def set_seat_dm(self, table: Table, seat: Seat, **fields: Any) -> None:
        """Record where a seat's hand DM lives, or that their DMs are closed."""
        self.lobby.set_seat_dm(table, seat, **fields)

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        return await self.lobby.join(table_id, user_id, name)

    async def add_bot(self, table_id: int, user_id: int, kind: str | None = None) -> Seat:
        return await self.lobby.add_bot(table_id, user_id, kind)

    async def start(self, table_id: int, user_id: int) -> Table:
        return await self.lobby.start(table_id, user_id)

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Stand up: in the lobby the seat goes; in a game a bot plays it to the end."""
        return await self.lobby.leave(table_id, user_id)

    async def kick(self, table_id: int, by_user: int, user_id: int, manager: bool = False) -> Seat:
        """The host (or someone who manages the server) removes ``user_id``'s seat."""
        return await self.lobby.kick(table_id, by_user, user_id, manager)

    async def end(self, table_id: int, by_user: int, manager: bool = False) -> Table:
        return await self.lobby.end(table_id, by_user, manager)

    async def rematch(self, table_id: int, user_id: int, name: str) -> Rematch:
        """A new lobby in closed table ``table_id``'s thread, opened as it was
        (``Lobby.rematch``), showing card pictures as it did."""
        rematch = await self.lobby.rematch(table_id, user_id, name)
        table = rematch.table
        shown = self.preferences.images_for(table.guild_id, table_id)
        if shown != self.preferences.images_for(table.guild_id, table.id):
            self.preferences.set_table_images(table.id, shown)
        return rematch

    # --- play (``Moves``) -----------------------------------------------------------------------
    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action | str | dict[str, Any],
        token: str | None = None,
    ) -> Change:
        """A human's move, checked against the seat's validity ``token``; -> the change it
        made: its events, each human seat's new token, the hands to draw again
        (``Moves.act``)."""
        return await self.moves.act(table_id, user_id, action, token)

    async def back(self, table_id: int, user_id: int) -> bool:
        """ "I'm back": a bot stops playing this human's seat. False if it was not away."""
        return await self.moves.back(table_id, user_id)

    async def say(self, table_id: int, user_id: int, action: Action) -> list[Event]:
        """Speech at the table, judged by the engine (``Moves.say``)."""
        return await self.moves.say(table_id, user_id, action)

    # --- replays (``tables.replays``) -----------------------------------------------------------
    async def closed(self, table_id: int) -> Table:
        """A closed table, read back from storage once it has left memory, with its game as
        it stood when it closed (played again from its log in a worker thread, as a replay
        is); NoTable if there is none."""
        table = stored_table(self.db, table_id)
        if table.started_at is not None:
            rows = closed_log(self.db, table)
            table.game = await asyncio.to_thread(as_it_ended, table, rows)
        return table

    def last_closed(self, channel_id: int) -> Table | None:
        """The table that played last in ``channel_id``, as storage keeps it (no game), where
        it closed after its start: None while it is open (``replays.last_closed_in``)."""
        return last_closed_in(self.db, channel_id)

    async def replay(self, table_id: int) -> Replay:
        """A finished match step by step from its action log, every hand revealed; the table
        is read back from storage once it has left memory. The log is read here; the match
        is played again in a worker thread, so a long one holds up no table meanwhile."""
        table = self.tables.get(table_id) or stored_table(self.db, table_id)
        rows = logged(self.db, table)
        return await asyncio.to_thread(rebuild, table, rows)

    # --- after a restart, and shutting down --------------------------------------------------
    async def recover(self) -> list[Table]:
        """Reopen every unfinished table this process owns and re-arm its timers, then take
        up every live tournament where it stood."""
        recovered = await self.recovery.recover()
        await self.tournaments.recover()
        return recovered

    async def close(self) -> None:
        """Stop every timer and the action log's writer (the tables stay as stored)."""
        await self.scheduler.close()
        self.log.close()
