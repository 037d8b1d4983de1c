"""The action log's writer: rows committed by a thread of its own, off the event loop, the rows
that arrive while a commit is under way all committed together in the next transaction.

A move's row must be committed before the move is acknowledged, and a commit waits: for the
disk, and on PostgreSQL for the server to flush its log and answer. ``LogWriter.append`` hands
the row to the writer thread and awaits its outcome, so the event loop serves every other
table meanwhile; rows handed over while a commit is in flight wait for it to end and then go
in one transaction (group commit), so a busy process pays one flush for many tables' moves.

Why a thread rather than an asynchronous driver: SQLite has none (``sqlite3`` blocks), and one
mechanism serves both backends; on PostgreSQL the thread borrows a connection of the
database's own pool (``data.postgres``, thread-safe), so reconnecting after the server went
away, and the "away" fast path, are the pool's, as for every other call. A thread waiting
for the server or the disk holds no GIL; the loop pays one wake-up per group.

Outcomes: every row of a group succeeds or fails together. When a group is refused for a
row's integrity (its ``seq`` taken: another writer appended to that table), its rows are
committed again one by one, so only the refused row's press fails; any other failure (the
server gone, the file locked or the disk full) fails every row of the group, as
``StorageUnavailable`` when the database could not take it (the press is told to try again).

SQLite in memory has no file a second connection could open: its rows are committed on the
event loop, one move at a time (there is nothing to wait for).

``close`` returns only once the thread has committed what it was handed, closed its
connection and ended (also a thread that was just ending on its own), and no thread starts
again: a row that still comes is committed on the event loop through the process's own
connection. So once the process has closed its database nothing of the writer holds the file,
and a process started next on it never meets a lock left behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Sequence
from typing import Any

import sqlite_utils

from data import store
from data.db import backend_of, connect_sqlite, sqlite_file
from data.errors import StorageUnavailable

#: at most this many rows in one transaction (SQLite allows 32,766 parameters a statement)
BATCH_MAX = 500
#: at most this many of a group's presses go on in one pass of the event loop
RESUME_AT_ONCE = 8
#: seconds the thread waits for rows before it stops (and closes its connection); the next row
#: starts it again
IDLE_EXIT = 5.0


def _integrity_errors() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = [sqlite3.IntegrityError]
    with contextlib.suppress(ImportError):
        import psycopg

        found.append(psycopg.IntegrityError)
    return tuple(found)


INTEGRITY_ERRORS = _integrity_errors()

_Waiting = tuple[tuple[Any, ...], asyncio.Future[None]]
_Outcome = tuple[asyncio.Future[None], BaseException | None]


class LogWriter:
    """Commits action-log rows for one database, in groups, from a thread of its own."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self.postgres = backend_of(db) == "postgresql"
        self.path = None if self.postgres else sqlite_file(db)
        #: rows committed on the event loop: SQLite in memory (no file to share)
        self.inline = not self.postgres and self.path is None
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._queue: list[_Waiting] = []
        self._thread: threading.Thread | None = None
        #: a thread that stopped for want of rows and may still be closing its connection
        self._ending: threading.Thread | None = None
        self._closed = False
        #: rows handed over whose outcome the loop has not yet heard (read on the loop)
        self.in_flight = 0
        self._drained: asyncio.Event | None = None

    # --- the event loop's side -----------------------------------------------------------
    async def append(self, row: tuple[Any, ...]) -> None:
        """Commit ``row`` (``store.action_row``'s); returns once it is durable, raises what
        refused it (then nothing of it is stored)."""
        if self.inline or self._closed:
            store.append_actions(self.db, [row])
            return
        future = self.submit(row)
        await future

    def submit(self, row: tuple[Any, ...]) -> asyncio.Future[None]:
        """Hand ``row`` to the writer; -> the future of its commit."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._wake:
            self._queue.append((row, future))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="action-log writer", daemon=True
                )
                self._thread.start()
            self._wake.notify()
        self.in_flight += 1
        if self._drained is not None:
            self._drained.clear()
        return future

    def busy(self) -> bool:
        """Rows are handed over whose outcome is not yet known."""
        return self.in_flight > 0

    async def drained(self) -> None:
        """Wait until every row handed over so far has its outcome."""
        if self._drained is None:
            self._drained = asyncio.Event()
        if self.in_flight == 0:
            return
        self._drained.clear()
        await self._drained.wait()

    def _resolved(self, outcomes: list[_Outcome]) -> None:
        # A group's presses go on a slice at a time, each slice in a pass of the loop of its
        # own, so what else is ready (a press to read, a timer) waits for a slice, not a group.
        now, later = outcomes[:RESUME_AT_ONCE], outcomes[RESUME_AT_ONCE:]
        if later:
            asyncio.get_running_loop().call_soon(self._resolved, later)
        for future, error in now:
            self.in_flight -= 1
            if future.done():  # its waiter was cancelled; the row's fate is in the log
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)
        if self.in_flight == 0 and self._drained is not None:
            self._drained.set()

    def close(self) -> None:
        """Commit what was handed over, then stop the thread and wait until it has closed its
        connection (the database stays open: a later row is committed on the event loop)."""
        with self._wake:
            self._closed = True
            threads = [t for t in (self._thread, self._ending) if t is not None]
            self._wake.notify()
        for thread in threads:
            if thread is not threading.current_thread():
                thread.join()

    # --- the writer thread ---------------------------------------------------------------
    def _run(self) -> None:
        target: sqlite_utils.Database | None = None
        try:
            while True:
                with self._wake:
                    while not self._queue and not self._closed:
                        if not self._wake.wait(IDLE_EXIT) and not self._queue:
                            self._thread, self._ending = None, threading.current_thread()
                            return
                    if not self._queue:  # closed, and nothing left to commit
                        self._thread, self._ending = None, threading.current_thread()
                        return
                    group = self._queue[:BATCH_MAX]
                    del self._queue[:BATCH_MAX]
                try:
                    if target is None and not self.postgres:
                        assert self.path is not None
                        target = connect_sqlite(self.path)
                except Exception as exc:  # the file cannot be opened: this group fails
                    outcomes: list[_Outcome]
                    outcomes = [(future, _unavailable(exc)) for _, future in group]
                else:
                    outcomes = self._commit(self.db if self.postgres else target, group)
                loops: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
                for future, error in outcomes:
                    loops.setdefault(future.get_loop(), []).append((future, error))
                for loop, heard in loops.items():
                    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                        loop.call_soon_threadsafe(self._resolved, heard)
        finally:
            if target is not None:
                target.close()

    @staticmethod
    def _commit(db: sqlite_utils.Database | None, group: Sequence[_Waiting]) -> list[_Outcome]:
        """Commit ``group`` in one transaction; -> each row's future and its error, if any."""
        assert db is not None
        try:
            store.append_actions(db, [row for row, _ in group])
        except INTEGRITY_ERRORS as exc:
            if len(group) == 1:
                return [(group[0][1], exc)]
            # a row's seq was taken (another writer appended to that table): the other rows
            # are committed without it, each on its own
            return [(future, _commit_one(db, row)) for row, future in group]
        except Exception as exc:
            return [(future, _unavailable(exc)) for _, future in group]
        return [(future, None) for _, future in group]


def _commit_one(db: sqlite_utils.Database, row: tuple[Any, ...]) -> BaseException | None:
    try:
        store.append_actions(db, [row])
    except Exception as exc:
        return exc if isinstance(exc, INTEGRITY_ERRORS) else _unavailable(exc)
    return None


def _unavailable(error: Exception) -> Exception:
    """SQLite's file locked, unreadable or full as ``StorageUnavailable`` (PostgreSQL's lost
    server already is): the press is told to try again, a timer tries again."""
    if isinstance(error, sqlite3.OperationalError):
        unavailable = StorageUnavailable(f"the move could not be committed: {error}")
        unavailable.__cause__ = error
        return unavailable
    return error
