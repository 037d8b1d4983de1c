"""The action log's writer, on SQLite and on PostgreSQL: moves of concurrent tables committed in
one transaction, the event loop free while a commit waits, and a failed group commit failing
its presses alone and leaving their tables as they were."""

from __future__ import annotations

import asyncio
import sqlite3
import struct
import threading
from pathlib import Path

import pytest

from data import store
from data.db import backend_of
from data.errors import StorageUnavailable
from tables.clock import FakeClock
from tests.tables.conftest import make_service

HOSTS = (101, 201, 301)
GUESTS = (102, 202, 302)


class HeldCommits:
    """Wraps ``store.append_actions``: the first commit waits in the writer's thread until
    ``release``; every group of rows committed is remembered."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail: Exception | None = None) -> None:
        self.entered = threading.Event()
        self.go = threading.Event()
        self.groups: list[list[tuple]] = []
        self.fail = fail
        real = store.append_actions

        def append_actions(db, rows):
            first = not self.groups
            self.groups.append(list(rows))
            if first:
                self.entered.set()
                assert self.go.wait(30), "the held commit was never released"
            elif self.fail is not None:
                raise self.fail
            real(db, rows)

        monkeypatch.setattr(store, "append_actions", append_actions)

    async def wait_entered(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, 30)

    def release(self) -> None:
        self.go.set()


@pytest.fixture
async def service(storage):
    svc = make_service(storage, FakeClock())
    yield svc
    await svc.close()
    svc.db.close()


async def started(service, n: int):
    tables = []
    for host, guest in zip(HOSTS[:n], GUESTS[:n], strict=True):
        table = await service.open_table(game="macao", host_id=host, host_name="h", channel_id=host)
        await service.join(table.id, guest, "g")
        await service.start(table.id, host)
        tables.append(table)
    return tables


def press(service, table) -> asyncio.Task:
    """The current seat's first legal move, pressed with its buttons' token."""
    seat = table.game.current_player()
    user = table.seat(seat).user_id
    action = table.game.legal_actions(seat)[0]
    return asyncio.create_task(service.act(table.id, user, action, table.token(seat)))


def wal_commits(path: str) -> int:
    """How many transactions SQLite's write-ahead log holds (its commit frames)."""
    data = Path(path + "-wal").read_bytes()
    if len(data) < 32:
        return 0
    page_size = struct.unpack(">I", data[8:12])[0]
    salts = data[16:24]
    found, offset = 0, 32
    while offset + 24 + page_size <= len(data):
        commit_size = struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        if data[offset + 8 : offset + 16] != salts:
            break  # frames of an earlier pass through the file
        found += commit_size != 0
        offset += 24 + page_size
    return found


def transactions(service, storage: str, table_ids: list[int]) -> int:
    """How many transactions wrote the last log row of each of ``table_ids``, as the database
    tells it (PostgreSQL: distinct ``xmin``; SQLite: the commit frames it wrote since)."""
    if backend_of(service.db) == "postgresql":
        rows = service.db.execute(
            "SELECT DISTINCT xmin::text FROM actions a WHERE table_id = ANY(?)"
            " AND seq = (SELECT MAX(seq) FROM actions b WHERE b.table_id = a.table_id)",
            [table_ids],
        ).fetchall()
        return len(rows)
    raise AssertionError("SQLite's are counted from its log file")


async def test_moves_of_two_tables_arriving_together_are_committed_in_one_transaction(
    service, storage, monkeypatch
):
    first, one, other = await started(service, 3)
    held = HeldCommits(monkeypatch)
    sqlite = backend_of(service.db) == "sqlite"
    before = wal_commits(storage) if sqlite else 0
    blocking = press(service, first)
    await held.wait_entered()  # the first table's commit is in flight
    waiting = [press(service, one), press(service, other)]
    await asyncio.sleep(0.05)  # both rows are handed over while it waits
    held.release()
    await asyncio.gather(blocking, *waiting)
    assert [len(group) for group in held.groups] == [1, 2]
    if sqlite:
        assert wal_commits(storage) - before == 2
    else:
        assert transactions(service, storage, [one.id, other.id]) == 1
    assert store.count_actions(service.db, one.id) == one.seq
    assert store.count_actions(service.db, other.id) == other.seq


async def test_the_event_loop_runs_on_while_a_commit_waits(service, monkeypatch):
    [table] = await started(service, 1)
    logged = table.seq
    held = HeldCommits(monkeypatch)
    pressing = press(service, table)
    await held.wait_entered()
    ran = asyncio.Event()
    asyncio.get_running_loop().call_soon(ran.set)
    try:
        await asyncio.wait_for(ran.wait(), 30)  # another coroutine ran meanwhile
        assert not pressing.done()  # and the press is not answered before its commit
    finally:
        held.release()
    await pressing
    assert table.seq == logged + 1 == store.count_actions(service.db, table.id)


async def test_a_failed_group_commit_fails_its_presses_and_leaves_their_tables(
    service, monkeypatch
):
    first, one, other = await started(service, 3)
    state = {t.id: (t.game.to_dict(), t.seq, dict(t.acted)) for t in (one, other)}
    held = HeldCommits(monkeypatch, fail=sqlite3.OperationalError("disk I/O error"))
    blocking = press(service, first)
    await held.wait_entered()
    waiting = [press(service, one), press(service, other)]
    await asyncio.sleep(0.05)
    held.release()
    await blocking  # the group before them is unaffected
    for task in waiting:
        with pytest.raises(StorageUnavailable, match="disk I/O error"):
            await task
    assert [len(group) for group in held.groups] == [1, 2]
    for table in (one, other):
        assert (table.game.to_dict(), table.seq, table.acted) == state[table.id]
        assert store.count_actions(service.db, table.id) == table.seq
    held.fail = None  # the disk is back: the same buttons play
    await asyncio.gather(press(service, one), press(service, other))
    assert one.seq == state[one.id][1] + 1 and other.seq == state[other.id][1] + 1


async def test_a_row_whose_place_was_taken_fails_alone_in_its_group(service, monkeypatch):
    first, one, other = await started(service, 3)
    logged = other.seq
    held = HeldCommits(monkeypatch)
    blocking = press(service, first)
    await held.wait_entered()
    taken = press(service, one)
    played = press(service, other)
    await asyncio.sleep(0.05)
    # another writer appends the next row of the first of them meanwhile
    store.append_action(
        service.db, one.id, one.seq + 1, seat=None, action={"kind": "tick", "now": 0.0},
        at=0.0, by="clock", version=None, created_at=0.0,
    )  # fmt: skip
    held.release()
    await blocking
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        await taken
    await played
    assert other.seq == logged + 1 == store.count_actions(service.db, other.id)


def writer_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "action-log writer"}


async def test_closing_waits_for_the_writers_thread_and_no_other_starts(service):
    others = writer_threads()  # other services' writers, if any, are not this one's
    [table] = await started(service, 1)
    await press(service, table)
    own = writer_threads() - others
    assert own  # the move went through a writer's thread
    service.log.close()
    # joined before close returned: its connection no longer holds the file
    assert not any(thread.is_alive() for thread in own)
    logged = table.seq
    await press(service, table)  # a move that still comes is committed all the same
    assert writer_threads() - others == set()
    assert table.seq == logged + 1 == store.count_actions(service.db, table.id)
