"""Each table's lock, taken the one way every part takes it.

Every change to a table happens under its ``asyncio.Lock`` (different tables never wait for
each other). Letting go of the lock delivers the notices the change raised (``Notifier``),
so renderers and hooks run after the change is committed and the table is free again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from tables.action_log import ActionLog
from tables.errors import TableBusy
from tables.model import Table
from tables.notices import Notifier

#: Seconds a move waits for a busy table before it is refused as busy. A press waits its turn
#: (the bot defers its answer inside Discord's 3 s and answers with the outcome, which the
#: interaction's token allows for 15 minutes), so only a table stuck far longer than any move
#: takes refuses it.
LOCK_WAIT = 30.0


class TableLocks:
    """Takes a table's lock, and delivers its notices when the lock is let go."""

    def __init__(self, log: ActionLog, notifier: Notifier, wait: float = LOCK_WAIT) -> None:
        self.log = log
        self.notifier = notifier
        #: how long a caller waits for a busy table before ``TableBusy``
        self.wait = wait

    @contextlib.asynccontextmanager
    async def locked(self, table: Table) -> AsyncIterator[Table]:
        """Hold ``table``'s lock, waiting for it up to ``wait`` seconds (then ``TableBusy``);
        a table whose last commit failed is rebuilt from its log first."""
        try:
            await asyncio.wait_for(table.lock.acquire(), self.wait)
        except TimeoutError as exc:
            raise TableBusy() from exc
        try:
            self.log.fresh(table)
            yield table
        finally:
            table.lock.release()
            await self.notifier.deliver(table)

    @contextlib.asynccontextmanager
    async def held(self, table: Table) -> AsyncIterator[Table]:
        """Hold ``table``'s lock for as long as it takes (a timer's work), then deliver."""
        try:
            async with table.lock:
                yield table
        finally:
            await self.notifier.deliver(table)
