"""Taking a tournament up after a restart: every table of a live event is looked at once,
its result read if it ended while nobody listened, its lobby filled and started if it never
began, and the front-end told of a table it never gave a place to."""

from __future__ import annotations

from typing import Any, Protocol

import sqlite_utils

from data import results, store
from data import tournaments as stored
from tables.model import Table
from tables.open_tables import OpenTables
from tables.tournaments.event import Event
from tables.tournaments.seating import Seating


class Runner(Protocol):
    """What recovery needs of the part that runs events."""

    def get(self, event_id: int) -> Event: ...

    def arm(self, event: Event) -> None: ...

    async def advance(self, event_id: int) -> None: ...

    async def record_result(self, found: tuple[int, int], places: dict[int, int]) -> None: ...

    async def record_outcome(
        self, found: tuple[int, int], seats: list[dict[str, Any]], outcome: Any
    ) -> None: ...

    async def announce_table(self, event: Event, table: Table) -> None: ...


class Recovery:
    """Takes every live event up where it stood, through the runner's public methods."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        directory: OpenTables,
        seating: Seating,
        runner: Runner,
    ) -> None:
        self.db = db
        self.directory = directory
        self.seating = seating
        self.runner = runner

    async def recover(self) -> list[int]:
        """Take up every live event where it stood; -> their ids."""
        ids = []
        for row in stored.live(self.db):
            event = self.runner.get(int(row["id"]))
            ids.append(event.id)
            for game in event.unfinished():
                await self._table(event, game)
            self.runner.arm(self.runner.get(event.id))
            await self.runner.advance(event.id)
        return ids

    async def _table(self, event: Event, game: dict[str, Any]) -> None:
        if game["table_id"] is None:
            return  # recorded, but the stop came before it opened: ``advance`` opens it
        table_id = int(game["table_id"])
        table_row = store.get_table(self.db, table_id)
        status = None if table_row is None else table_row["status"]
        found = (event.id, int(game["seq"]))
        if status == "finished":
            outcome = results.recorded_outcome(self.db, table_id) or {}
            seats = store.get_seats(self.db, table_id)
            await self.runner.record_outcome(found, seats, outcome)
        elif status == "ended" or status is None:
            await self.runner.record_result(found, {})
        elif status == "lobby":
            table = self.directory.get(table_id)
            await self.seating.seat(event, table, tuple(game["players"]))
            await self.runner.announce_table(self.runner.get(event.id), table)
        elif status == "running":
            playing = self.directory.by_id.get(table_id)
            if playing is not None and playing.channel_id is None:
                # the stop came before the front-end gave it a place: the players would
                # never find it
                await self.runner.announce_table(self.runner.get(event.id), playing)
