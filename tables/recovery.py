"""Recovery: every unfinished table this process owns rebuilt from its seed and action log,
its seats' move counts (validity tokens) replayed, a timed table's clock resumed at the last
logged moment (the clock stops while the bot is down), and its timers re-armed."""

from __future__ import annotations

import logging
from collections.abc import Callable

import sqlite_utils

from data import store
from engine.turns import is_timed
from tables.action_log import ActionLog
from tables.clock import Clock
from tables.closing import Closer
from tables.drivers import Drivers
from tables.model import Table
from tables.notices import Notifier
from tables.open_tables import OpenTables

log = logging.getLogger(__name__)


class Recovery:
    """Reopens the unfinished tables from storage after a restart."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        clock: Clock,
        owns: Callable[[int | None], bool],
        open_tables: OpenTables,
        log: ActionLog,
        drivers: Drivers,
        closer: Closer,
        notifier: Notifier,
        arm: Callable[[Table], None],
    ) -> None:
        self.db = db
        self.clock = clock
        #: whether this process runs a guild's tables (``Settings.owns``; all when unsharded)
        self.owns = owns
        self.open_tables = open_tables
        self.log = log
        self.drivers = drivers
        self.closer = closer
        self.notifier = notifier
        #: re-arms a table's timers from its state (``Timers.arm``)
        self.arm = arm

    async def recover(self) -> list[Table]:
        """Reopen every unfinished table this process owns from storage and re-arm its
        timers."""
        recovered: list[Table] = []
        for row in store.unfinished_tables(self.db):
            if row["id"] in self.open_tables.by_id or not self.owns(row["guild_id"]):
                continue
            table = Table.from_row(row, store.get_seats(self.db, row["id"]))
            self.open_tables.add(table)
            if table.status == "running" and not self._resume(table):
                await self.notifier.deliver(table)
                continue
            recovered.append(table)
        return recovered

    def _resume(self, table: Table) -> bool:
        """Rebuild a running table's game and re-arm it; False if it closed instead."""
        try:
            table.game = self.log.replay(table)
        except Exception:
            log.exception("table %s could not be rebuilt; closing it", table.id)
            self.closer.close(table, "ended", "could not be recovered")
            return False
        self.drivers.make(table)
        if table.game.is_over:
            table.status = "finished"
            self.closer.finish(table)
            return False
        if is_timed(table.game):
            self._resume_clock(table)
        self.arm(table)
        return True

    def _resume_clock(self, table: Table) -> None:
        """A timed table's clock stopped with the bot: it resumes at the last logged moment.

        The table clock is ``clock.now() - started_at``; moving ``started_at`` on by the
        outage makes the clock read, now, the table time of the last action in the log, so
        whoever was on turn gets back every second the outage took from them.
        """
        table.started_at = self.clock.now() - table.last_at
        store.update_table(self.db, table.id, started_at=table.started_at)
