"""Closing a table: ended (by its host, or everyone leaving) or finished (the match is over,
its result recorded and the match-finished hooks told)."""

from __future__ import annotations

import sqlite_utils

from data import store
from tables import results
from tables.base import MatchFinished
from tables.clock import Clock
from tables.model import Table
from tables.notices import Notifier
from tables.open_tables import OpenTables
from tables.scheduler import Scheduler


class Closer:
    """Takes a table out of play: its row, its timers, memory, and who is told."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        clock: Clock,
        scheduler: Scheduler,
        open_tables: OpenTables,
        notifier: Notifier,
    ) -> None:
        self.db = db
        self.clock = clock
        self.scheduler = scheduler
        self.open_tables = open_tables
        self.notifier = notifier

    def close(self, table: Table, status: str, reason: str) -> None:
        table.status = status
        table.end_reason = reason
        table.ended_at = self.clock.now()
        store.update_table(
            self.db, table.id, status=status, end_reason=reason, ended_at=table.ended_at
        )
        self.scheduler.cancel_group(table.id)
        if table.driver is not None:
            table.driver.waiting_since.clear()
        # closed tables leave memory; their rows stay, and ``get`` answers TableEnded
        self.open_tables.drop(table)
        self.notifier.tell(table, "table_closed")

    def finish(self, table: Table) -> MatchFinished:
        """The match is over: close the table and record (and announce) its result."""
        game = table.game
        assert game is not None
        self.close(table, "finished", "the match is over")
        record = MatchFinished(
            table_id=table.id,
            game=table.game_name,
            guild_id=table.guild_id,
            seats=[s.result_row() for s in table.seats],
            options=dict(table.options),
            started_at=table.started_at or table.created_at,
            ended_at=table.ended_at or self.clock.now(),
            outcome=game.outcome(),
            channel_id=table.channel_id,
        )
        results.record_match(self.db, record)
        self.notifier.finished(table, record)
        return record
