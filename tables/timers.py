"""The table service's timers: what each table's state needs armed (bots' moves, the AFK
warning and stand-in, the vote timeout, the game clock's tick) and what each does when it fires.

Part of ``tables.service.TableService`` (a mixin; see that module for the whole picture).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from data import store
from engine import Event
from engine.driver import MAX_STAND_IN_MOVES, stop_vote
from tables import bot_runner
from tables.base import ServiceState
from tables.mao_clock import LAG_ALLOWANCE
from tables.model import Seat, Table


class TimersMixin(ServiceState):
    """Keyed timers per table: armed from the state, fired under the lock."""

    # --- timers -----------------------------------------------------------------------------
    def _disarm(self, table: Table) -> None:
        self.scheduler.cancel_group(table.id)

    def _arm(self, table: Table) -> None:
        """Cancel the table's timers and set the ones its driver's plan says are due."""
        self._disarm(table)
        game = table.game
        if game is None or not table.is_running or table.driver is None:
            return
        for due in table.driver.plan(game, self.clock.now(), table.started_at):
            if due.kind == "react":
                self.scheduler.schedule_at(
                    ("react", table.id), due.at, self._react_timer(table, due.version)
                )
            elif due.kind == "bot":
                assert due.seat is not None
                self.scheduler.schedule_at(
                    ("bot", table.id, due.seat),
                    due.at,
                    self._bot_timer(table, due.seat, due.version),
                )
            elif due.kind == "vote":
                assert due.seat is not None and due.since is not None
                self.scheduler.schedule_at(
                    ("vote", table.id, due.seat),
                    due.at,
                    self._vote_timer(table, due.seat, due.since),
                )
            elif due.kind == "afk":
                assert due.seat is not None and due.since is not None
                self.scheduler.schedule_at(
                    ("afk", table.id, due.seat),
                    due.at,
                    self._afk_timer(table, due.seat, due.since),
                )
            elif due.kind == "tick":
                # a message said just before the deadline may arrive just after it (mao_clock)
                self.scheduler.schedule_at(
                    ("tick", table.id), due.at + LAG_ALLOWANCE, self._tick_timer(table)
                )

    def _bot_timer(self, table: Table, key: str, version: int) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running or game.version != version:
                    return
                seat = table.seat(key)
                if not self._bot_plays(table, seat) or not game.legal_actions(key):
                    return
                reacted = await self._react_first(table)
                if reacted:
                    return  # the table moved on: this bot is re-armed and looks again
                # an expert bot thinks in a worker thread (tables.bot_runner), lock held
                bot = self._driver(table).bots[key]
                legal = game.legal_actions(key)
                action = await bot_runner.decide(bot, game.observation(key), legal)
                events = self._apply(table, seat, action, by="bot" if seat.is_bot else "afk")
                self._driver(table).due_moved()
                if not seat.is_bot and not seat.afk_played:  # e.g. Mao's away: results note it
                    seat.afk_played = True
                    store.update_seat(self.db, table.id, seat.seat, afk_played=True)
                await self._after_change(table, events)

        return run

    def _bot_move(self, table: Table, seat: Seat, by: str) -> list[Event]:
        game = table.game
        assert game is not None
        action = self._driver(table).choose(game, seat.seat)
        return self._apply(table, seat, action, by=by)

    def _afk_timer(self, table: Table, key: str, since: float) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running:
                    return
                driver = self._driver(table)
                if driver.waiting_since.get(key) != since:
                    return
                seat = table.seat(key)
                if seat.played_by_bot:
                    return
                if key not in driver.warned:
                    driver.warn(key)
                    await self._notify("turn_warning", table, seat)
                    self._arm(table)
                    return
                await self._stand_in(table, seat)

        return run

    async def _stand_in(self, table: Table, seat: Seat) -> None:
        """A bot plays the rest of an absent human's turn; two such turns mark them away."""
        game = table.game
        assert game is not None
        if await self._react_first(table):
            return  # bots spoke up first; the timer, re-armed, comes back at once
        events: list[Event] = []
        for _ in range(MAX_STAND_IN_MOVES):
            if game.is_over or seat.seat not in table.waiting():
                break
            events.extend(self._bot_move(table, seat, by="afk"))
        self._driver(table).due_moved()
        if self._driver(table).stand_in_speaks(game):
            events.extend(self._reactions(table, only=seat, until_quiet=False))
        went_away = self._driver(table).stood_in(seat.seat)
        if went_away:
            seat.away = True
        if not seat.afk_played or went_away:
            seat.afk_played = True
            store.update_seat(self.db, table.id, seat.seat, afk_played=True, away=seat.away)
        if went_away:
            await self._notify("seat_away", table, seat)
        await self._after_change(table, events)

    def _vote_timer(self, table: Table, key: str, since: float) -> Callable[[], Awaitable[None]]:
        """LAST-9: a human who has not voted in time is counted as voting to stop."""

        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running:
                    return
                if self._driver(table).waiting_since.get(key) != since:
                    return
                seat = table.seat(key)
                stop = stop_vote(game.legal_actions(key))
                if stop is None or self._bot_plays(table, seat):
                    return
                events = self._apply(table, seat, stop, by="timeout")
                await self._after_change(table, events)

        return run

    def _tick_timer(self, table: Table) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                self._fresh(table)
                game = table.game
                if game is None or not table.is_running or table.started_at is None:
                    return
                now = round(self.clock.now() - table.started_at, 3)
                before = game.version
                events = game.tick(now)
                if game.version != before:
                    store.append_action(
                        self.db,
                        table.id,
                        table.seq + 1,
                        seat=None,
                        action={"kind": "tick", "now": now},
                        at=now,
                        by="clock",
                        version=game.version,
                        created_at=self.clock.now(),
                    )
                    table.seq += 1
                    # Mao's play waits on its clock: a new run of calls
                    self._driver(table).due_moved()
                await self._after_change(table, events)

        return run
