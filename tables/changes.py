"""What follows every change to a running table: bots' out-of-turn moves settled (when play
waits on a human), rounds recorded, listeners told, then the finish or the timers re-armed."""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils

from engine import Event
from tables import results
from tables.closing import Closer
from tables.model import Table
from tables.notices import Notifier
from tables.reactions import Reactions


class Changes:
    """Carries a table on after a change, under its lock."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        reactions: Reactions,
        closer: Closer,
        notifier: Notifier,
        arm: Callable[[Table], None],
    ) -> None:
        self.db = db
        self.reactions = reactions
        self.closer = closer
        self.notifier = notifier
        #: re-arms a table's timers from its state (``Timers.arm``)
        self.arm = arm

    def after(self, table: Table, events: list[Event]) -> None:
        """``events`` just happened at ``table``: settle, record, tell, finish or re-arm."""
        game = table.game
        assert game is not None and table.driver is not None
        if table.driver.settles_before_showing(game):
            events = events + self.reactions.settle(table)
        if game.is_over:
            table.status = "finished"
        results.record_rounds(self.db, table, events)
        self.notifier.tell(table, "game_changed", events)
        if game.is_over:
            self.closer.finish(table)
            return
        self.arm(table)

    def react_first(self, table: Table) -> bool:
        """Before a move play waits on: every bot that acts out of turn now does (shown,
        timers re-armed). Whether any did."""
        events = self.reactions.settle(table)
        if not events:
            return False
        self.after(table, events)
        return True
