"""PostgreSQL behind the same calls the data modules make on a sqlite-utils ``Database``.

The data modules are written against a small part of sqlite-utils: ``execute`` and ``query``
with ``?`` placeholders, ``atomic()`` and ``with db.conn:`` transactions, and a few table
calls (``create``, ``create_index``, ``insert``, ``insert_all``, ``update``, ``rows_where``,
``rows``, ``count``) that the migrations and the store use. :class:`PgDatabase` offers exactly
those over a psycopg 3 connection pool, so every module runs unchanged on either backend: it
owns the connections, the transactions and the statements, and ``db[name]`` is a
``data.pg_table.PgTable``, which writes the table calls as SQL (the schema is the same on
both backends).

Calls are synchronous, like sqlite3's, and thread-safe: the action log's rows are committed
by a writer thread of their own (``data.log_writer``), off the event loop, through the same
pool. Outside a transaction each call borrows a pooled connection in autocommit mode; inside
``atomic()`` every call of the same thread uses the transaction's connection. A lost server
surfaces as :class:`data.db.StorageUnavailable`; the pool drops the broken connection and
opens a new one on the next call, so the process recovers by itself once the server is back.
A connection idle for over ``CHECK_AFTER_IDLE`` is checked before it is handed out (one round
trip), so a server restarted while the bot was quiet costs no refused press; busy connections
are not checked, which would double every call's trips.
"""

from __future__ import annotations

import contextlib
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import psycopg
from psycopg.adapt import Loader
from psycopg_pool import ConnectionPool, PoolTimeout

from data.errors import StorageUnavailable
from data.pg_table import PgTable, quote

#: how long a call waits for a pooled connection before the table is reported unavailable
CONNECT_TIMEOUT = 2.0
#: the same while the database is known to be away: most calls block the event loop, so a
#: press then gets its "try again" at once instead of each waiting the full timeout
AWAY_TIMEOUT = 0.2


class _NumberLoader(Loader):
    """``numeric`` (what SUM over BIGINT returns) as an int when whole, as SQLite gives it."""

    def load(self, data: Any) -> int | float:
        text = bytes(data).decode()
        return int(text) if text.lstrip("-").isdigit() else float(text)


def _configure(conn: psycopg.Connection) -> None:
    conn.adapters.register_loader("numeric", _NumberLoader)


#: a pooled connection idle longer than this is checked before use (one round trip), so the
#: first press after the server restarted finds a fresh connection instead of a dead one
CHECK_AFTER_IDLE = 1.0
_returned: weakref.WeakKeyDictionary[psycopg.Connection, float] = weakref.WeakKeyDictionary()


def _reset(conn: psycopg.Connection) -> None:
    _returned[conn] = time.monotonic()


def _check(conn: psycopg.Connection) -> None:
    if time.monotonic() - _returned.get(conn, 0.0) > CHECK_AFTER_IDLE:
        ConnectionPool.check_connection(conn)


def placeholders(sql: str) -> str:
    """SQLite's ``?`` placeholders as psycopg's ``%s`` (a literal ``%`` doubled first)."""
    return sql.replace("%", "%%").replace("?", "%s")


def _param(value: Any) -> Any:
    # SQLite stores True as 1; a PostgreSQL integer column refuses a boolean.
    return int(value) if isinstance(value, bool) else value


def _params(params: Sequence[Any] | Mapping[str, Any] | None) -> list[Any] | None:
    if params is None:
        return None
    if isinstance(params, Mapping):
        raise TypeError("named parameters are not supported; use ? placeholders")
    return [_param(p) for p in params]


class Result:
    """What ``execute`` returns: the rows already fetched, read like a sqlite3 cursor."""

    lastrowid = None  # use INSERT ... RETURNING, which both backends understand

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int, columns: list[str]) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount
        self.columns = columns

    def fetchone(self) -> tuple[Any, ...] | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        found = self._rows[self._next : self._next + size]
        self._next += len(found)
        return found

    def fetchall(self) -> list[tuple[Any, ...]]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.fetchall())


class _Connection:
    """``db.conn`` as the data modules use it: ``with db.conn:`` commits, plus execute."""

    def __init__(self, db: PgDatabase) -> None:
        self.db = db
        self._stack: list[contextlib.AbstractContextManager[Any]] = []

    def __enter__(self) -> _Connection:
        block = self.db.atomic()
        block.__enter__()
        self._stack.append(block)
        return self

    def __exit__(self, *exc: Any) -> bool | None:
        return self._stack.pop().__exit__(*exc)

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Result:
        return self.db.execute(sql, params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)


class PgDatabase:
    """A PostgreSQL database at ``url`` answering the sqlite-utils calls Chairman makes."""

    dialect = "postgresql"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 4) -> None:
        self.url = url
        self._local = threading.local()
        self.conn = _Connection(self)
        self.pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            kwargs={"autocommit": True},
            configure=_configure,
            reset=_reset,
            check=_check,
            open=False,
            name="chairman",
            timeout=CONNECT_TIMEOUT,
            # psycopg_pool gives up a failed background reconnection at once and drops that
            # slot; the next request below max_size opens a new one, so a server that is back
            # serves the next press instead of waiting out an exponential backoff
            reconnect_timeout=0,
        )
        self.pool.open()
        try:
            self.pool.wait(timeout=10.0)
        except PoolTimeout as exc:
            self.pool.close()
            raise StorageUnavailable(f"cannot reach the PostgreSQL database: {exc}") from exc
        self._keys: dict[str, list[str]] = {}
        self.away = False  # the last call could not reach the server

    # --- connections and transactions ----------------------------------------------------
    @contextlib.contextmanager
    def _connection(self) -> Iterator[psycopg.Connection]:
        current = getattr(self._local, "conn", None)
        if current is not None:
            yield current
            return
        try:
            with self.pool.connection(timeout=AWAY_TIMEOUT if self.away else None) as conn:
                yield conn
        except StorageUnavailable:
            self.away = True
            raise
        except (PoolTimeout, psycopg.OperationalError) as exc:
            self.away = True
            raise StorageUnavailable(str(exc)) from exc
        self.away = False

    @contextlib.contextmanager
    def atomic(self) -> Iterator[PgDatabase]:
        """One transaction (a savepoint when nested), committed when the block ends."""
        current = getattr(self._local, "conn", None)
        if current is not None:
            with current.transaction():
                yield self
            return
        with self._connection() as conn:
            self._local.conn = conn
            try:
                with conn.transaction():
                    yield self
            except psycopg.OperationalError as exc:
                raise StorageUnavailable(str(exc)) from exc
            finally:
                self._local.conn = None

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Result:
        """Run one statement; the rows (if any) are fetched before the connection goes back."""
        with self._connection() as conn:
            try:
                cursor = conn.execute(placeholders(sql) if params else sql, _params(params))
            except psycopg.OperationalError as exc:
                raise StorageUnavailable(str(exc)) from exc
            columns = [c.name for c in cursor.description or []]
            rows = cursor.fetchall() if cursor.description else []
            return Result(rows, cursor.rowcount, columns)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._connection() as conn, conn.cursor() as cursor:
            try:
                cursor.executemany(placeholders(sql), [[_param(p) for p in r] for r in rows])
            except psycopg.OperationalError as exc:
                raise StorageUnavailable(str(exc)) from exc

    def query(self, sql: str, params: Sequence[Any] | None = None) -> Iterator[dict[str, Any]]:
        """Rows as dicts, like sqlite-utils' ``query``."""
        result = self.execute(sql, params)
        for row in result.fetchall():
            yield dict(zip(result.columns, row, strict=True))

    @contextlib.contextmanager
    def locked(self, key: int) -> Iterator[None]:
        """Hold a cluster-wide advisory lock (migrations at start-up take one)."""
        with self.atomic():
            self.execute("SELECT pg_advisory_xact_lock(?)", [key])
            yield

    def close(self) -> None:
        self.pool.close()

    # --- tables ------------------------------------------------------------------------
    def table_names(self) -> list[str]:
        return [
            row[0]
            for row in self.execute(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema() ORDER BY table_name"
            )
        ]

    def __getitem__(self, name: str) -> PgTable:
        return PgTable(self, name)

    def primary_key(self, table: str) -> list[str]:
        if table not in self._keys:
            self._keys[table] = [
                row[0]
                for row in self.execute(
                    "SELECT a.attname FROM pg_index i"
                    " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
                    " WHERE i.indrelid = ?::regclass AND i.indisprimary"
                    " ORDER BY array_position(i.indkey, a.attnum)",
                    [quote(table)],
                )
            ]
        return self._keys[table]
