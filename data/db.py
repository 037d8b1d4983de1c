"""Opening the database, SQLite or PostgreSQL, and bringing its schema up to date.

``open_database(location)`` opens a SQLite file (a path; folders are created as needed, and
the file is switched to WAL; one that cannot be opened is ``StorageRefused``, naming it) or,
for a ``postgresql://`` URL, a PostgreSQL database through ``data.postgres``, which answers
the same sqlite-utils calls the data modules make. Either way
it then applies, in order, the ``MIGRATIONS`` of every module listed in ``MIGRATING_MODULES``,
recording each applied name in ``_migrations`` so it never runs twice. A data module that
owns tables exposes ``MIGRATIONS: list[tuple[str, Callable[[Database], None]]]`` with names
prefixed by the module ("store_001_tables") and is added here with a one-line edit. The
migrations are the same functions for both backends; on PostgreSQL they run in one transaction
under an advisory lock, so processes starting together never apply one twice.
"""

from __future__ import annotations

import importlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import sqlite_utils

from data.errors import StorageRefused, StorageUnavailable

__all__ = ["StorageUnavailable", "backend_of", "is_postgres_url", "open_database"]

Migration = tuple[str, Callable[[sqlite_utils.Database], None]]

#: Modules whose MIGRATIONS are applied, in this order.
MIGRATING_MODULES: list[str] = [
    "data.store",
    "data.results",
    "data.ratings",
    "data.settings",
    "data.house_rules",
    "data.forwarding",
    "data.images",
    "data.tournaments",
    "data.seasons",
]


#: the advisory lock key migrations hold on PostgreSQL ("chairman" in ASCII)
MIGRATION_LOCK = 0x63686169726D616E


def is_postgres_url(location: str | Path) -> bool:
    return str(location).startswith(("postgresql://", "postgres://"))


def backend_of(db: Any) -> str:
    """``"sqlite"`` or ``"postgresql"``: which backend an open database is."""
    return getattr(db, "dialect", "sqlite")


def open_database(location: str | Path) -> sqlite_utils.Database:
    """Open ``location`` with every migration applied.

    A ``postgresql://`` URL opens PostgreSQL (the returned object answers the sqlite-utils
    calls the data modules make); anything else is a SQLite file path (``":memory:"``
    allowed), opened in WAL mode: ``StorageRefused``, naming the file and the error, when it
    cannot be (its folder cannot be made, it is a folder, it is not a database).
    """
    if is_postgres_url(location):
        from data.postgres import PgDatabase

        pg = PgDatabase(str(location))
        # not a sqlite_utils.Database, but it answers every call the data modules make
        db = cast(sqlite_utils.Database, pg)
        try:
            with pg.locked(MIGRATION_LOCK):
                apply_migrations(db)
        except BaseException:
            pg.close()
            raise
        return db
    try:
        db = connect_sqlite(location)
    except (OSError, sqlite3.Error) as exc:
        raise StorageRefused(
            f"the SQLite file {location} cannot be opened ({type(exc).__name__}: {exc})"
        ) from exc
    apply_migrations(db)
    return db


def connect_sqlite(path: str | Path) -> sqlite_utils.Database:
    """A connection to the SQLite file at ``path`` (``":memory:"`` allowed), in WAL mode, set
    as every connection of the process is (the action log's writer opens its own)."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite_utils.Database(str(path))
        # first of all: reading the journal mode already takes a lock, and without a busy
        # timeout a connection that meets another one's (a checkpoint as a process that used
        # the file closes) fails at once with "database is locked"
        db.execute("PRAGMA busy_timeout=5000")
        db.enable_wal()
    else:
        db = sqlite_utils.Database(memory=True)
    # NORMAL keeps every commit across a process crash (the log is in the WAL file); only a
    # power cut can lose the last commits, which FULL would protect at several times the cost.
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=5000")
    return db


def sqlite_file(db: sqlite_utils.Database) -> str | None:
    """The file an open SQLite database lives in; None for one in memory."""
    for _seq, name, file in db.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return str(file) or None
    return None


def migrations() -> list[Migration]:
    """Every known migration, in the order it must be applied."""
    found: list[Migration] = []
    for name in MIGRATING_MODULES:
        module = importlib.import_module(name)
        found.extend(getattr(module, "MIGRATIONS", []))
    names = [n for n, _ in found]
    if len(names) != len(set(names)):
        raise RuntimeError(f"duplicate migration names in {names}")
    return found


def apply_migrations(db: sqlite_utils.Database) -> list[str]:
    """Apply the migrations not yet recorded; return the names applied now."""
    if "_migrations" not in db.table_names():
        db["_migrations"].create({"name": str, "applied_at": float}, pk="name")
    done = {row["name"] for row in db["_migrations"].rows}
    applied: list[str] = []
    for name, migrate in migrations():
        if name in done:
            continue
        with db.conn:
            migrate(db)
            db["_migrations"].insert({"name": name, "applied_at": time.time()})
        applied.append(name)
    return applied
