"""Fixtures for the table-service tests: a real SQLite file in a temp dir and a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from data.db import open_database
from tables.clock import FakeClock
from tables.service import TableListener, TableService


class Recorder(TableListener):
    """Remembers every notification, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, str | None]] = []

    async def lobby_changed(self, table) -> None:
        self.calls.append(("lobby", table.id, None))

    async def game_changed(self, table, events) -> None:
        self.calls.append(("game", table.id, None))

    async def turn_warning(self, table, seat) -> None:
        self.calls.append(("warning", table.id, seat.seat))

    async def seat_away(self, table, seat) -> None:
        self.calls.append(("away", table.id, seat.seat))

    async def seat_back(self, table, seat) -> None:
        self.calls.append(("back", table.id, seat.seat))

    async def table_closed(self, table) -> None:
        self.calls.append(("closed", table.id, table.status))

    def kinds(self, kind: str) -> list[tuple[str, int, str | None]]:
        return [c for c in self.calls if c[0] == kind]


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(db_path, clock) -> AsyncIterator[TableService]:
    svc = make_service(db_path, clock)
    yield svc
    await svc.close()


class RecordingService(TableService):
    """A table service that keeps what it told its listeners (``recorder``)."""

    recorder: Recorder


def make_service(db_path, clock, **kwargs) -> RecordingService:
    options = {"bot_delay": 0.0, "turn_timeout": 60.0, "seeds": lambda: 7, **kwargs}
    svc = RecordingService(open_database(db_path), clock=clock, **options)
    svc.recorder = Recorder()
    svc.add_listener(svc.recorder)
    return svc
