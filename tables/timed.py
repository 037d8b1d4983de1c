"""What a table's timers do when they fire (``tables.timers`` arms them): a bot's move, the
AFK warning and the stand-in that plays an absent human's turn, a silent seat's own
decision, the game clock's tick, and bots' out-of-turn moves. Each runs under the table's
lock and does nothing if the table moved on since it was armed.

A human who has not moved within ``turn_timeout`` is warned once; if they still have not moved
``turn_timeout / 2`` later, a bot plays that turn for them. After two such turns in a row the
seat is marked away and the bot keeps playing it until the human presses "I'm back" (or
plays a button). Nobody is removed for being slow.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import sqlite_utils

from data import store
from engine import Event
from engine.base import Game
from engine.driver import MAX_STAND_IN_MOVES, TableDriver, silent_choice
from tables import bot_runner
from tables.action_log import ActionLog
from tables.changes import Changes
from tables.locks import TableLocks
from tables.model import Seat, Table
from tables.notices import Notifier
from tables.reactions import Reactions


def still_waiting(table: Table, key: str, since: float) -> tuple[Game, TableDriver] | None:
    """The game and driver of ``table`` while it runs and play still waits on seat ``key``
    since ``since`` (when the timer firing now was armed for); None once it moved on."""
    game = table.game
    driver = table.driver
    if game is None or driver is None or not table.is_running:
        return None
    if driver.waiting_since.get(key) != since:
        return None
    return game, driver


class TimedWork:
    """The work of each kind of timer."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        locks: TableLocks,
        log: ActionLog,
        reactions: Reactions,
        changes: Changes,
        notifier: Notifier,
        arm: Callable[[Table], None],
    ) -> None:
        self.db = db
        self.locks = locks
        self.log = log
        self.reactions = reactions
        self.changes = changes
        self.notifier = notifier
        #: re-arms a table's timers from its state (``Timers.arm``)
        self.arm = arm
        #: bot moves pass it one at a time (``bot_turn``)
        self.bot_gate = asyncio.Semaphore(1)

    async def bot_turn(self) -> None:
        """Wait for a bot move's turn on the event loop. Bot moves start one at a time, each
        in a pass of the loop of its own, however many tables' bots fall due at once; a pass
        also reads Discord's events, so a press is answered in time when more bots are due
        than the process can move (they then move later, as if they thought longer)."""
        async with self.bot_gate:
            await asyncio.sleep(0)

    async def bot(self, table: Table, key: str, version: int) -> None:
        """A bot (or a bot standing in for an away seat) makes the move play waits on."""
        await self.bot_turn()
        async with self.locks.held(table):
            game = table.game
            driver = table.driver
            if game is None or driver is None or not table.is_running or game.version != version:
                return
            seat = table.seat(key)
            if not driver.bot_plays(game, key) or not game.legal_actions(key):
                return
            if await self.changes.react_first(table) is not None:
                return  # the table moved on: this bot is re-armed and looks again
            # an expert bot thinks in a worker thread (tables.bot_runner), lock held
            legal = game.legal_actions(key)
            action = await bot_runner.decide(driver.bots[key], game.observation(key), legal)
            events = await self.log.apply(table, seat, action, by="bot" if seat.is_bot else "afk")
            driver.due_moved()
            self.reactions.mark_stood_in(table, seat)  # e.g. Mao's away: results note it
            await self.changes.after(table, events)

    async def afk(self, table: Table, key: str, since: float) -> None:
        """A human's turn timed out: warned the first time, stood in for the second."""
        async with self.locks.held(table):
            found = still_waiting(table, key, since)
            if found is None:
                return
            _, driver = found
            seat = table.seat(key)
            if seat.played_by_bot:
                return
            if key not in driver.warned:
                driver.warn(key)
                self.notifier.tell(table, "turn_warning", seat)
                self.arm(table)
                return
            await self.stand_in(table, seat)

    async def stand_in(self, table: Table, seat: Seat) -> None:
        """A bot plays the rest of an absent human's turn; two such turns mark them away."""
        game = table.game
        driver = table.driver
        assert game is not None and driver is not None
        if await self.changes.react_first(table) is not None:
            return  # bots spoke up first; the timer, re-armed, comes back at once
        events: list[Event] = []
        for _ in range(MAX_STAND_IN_MOVES):
            if game.is_over or seat.seat not in table.waiting():
                break
            action = driver.choose(game, seat.seat)
            events.extend(await self.log.apply(table, seat, action, by="afk"))
        driver.due_moved()
        if driver.stand_in_speaks(game):
            events.extend(await self.reactions.settle(table, only=seat, until_quiet=False))
        went_away = driver.stood_in(seat.seat)
        if went_away:
            seat.away = True
        if not seat.afk_played or went_away:
            seat.afk_played = True
            store.update_seat(self.db, table.id, seat.seat, afk_played=True, away=seat.away)
        if went_away:
            self.notifier.tell(table, "seat_away", seat)
        await self.changes.after(table, events)

    async def silent(self, table: Table, key: str, since: float) -> None:
        """A human who let an own decision's time run out is taken to have chosen what
        silence chooses (``silent_choice``: LAST-9's voter votes to stop)."""
        async with self.locks.held(table):
            found = still_waiting(table, key, since)
            if found is None:
                return
            game, driver = found
            seat = table.seat(key)
            choice = silent_choice(game.legal_actions(key))
            if choice is None or driver.bot_plays(game, key):
                return
            events = await self.log.apply(table, seat, choice, by="timeout")
            await self.changes.after(table, events)

    async def tick(self, table: Table) -> None:
        """Wake a timed game at its deadline (its clock may move play on)."""
        async with self.locks.held(table):
            self.log.fresh(table)
            game = table.game
            driver = table.driver
            if game is None or driver is None or not table.is_running:
                return
            if table.started_at is None:
                return
            before = game.version
            events = await self.log.tick(table)
            if game.version != before:
                # Mao's play waits on its clock: a new run of calls
                driver.due_moved()
            await self.changes.after(table, events)

    async def react(self, table: Table, version: int) -> None:
        """Bot-played seats act out of turn (a timed game's bots only from here)."""
        async with self.locks.held(table):
            game = table.game
            if game is None or not table.is_running or game.version != version:
                return
            events = await self.reactions.settle(table, until_quiet=False, timer=True)
            if events:  # nobody reacting changes nothing: the other timers stand
                await self.changes.after(table, events)
