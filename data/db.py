"""Opening the one SQLite file and bringing its schema up to date.

``open_database(path)`` opens (creating folders as needed) the database, switches it to WAL,
and applies, in order, the ``MIGRATIONS`` of every module listed in ``MIGRATING_MODULES``,
recording each applied name in ``_migrations`` so it never runs twice. A data module that
owns tables exposes ``MIGRATIONS: list[tuple[str, Callable[[Database], None]]]`` with names
prefixed by the module ("store_001_tables") and is added here with a one-line edit.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from pathlib import Path

import sqlite_utils

Migration = tuple[str, Callable[[sqlite_utils.Database], None]]

#: Modules whose MIGRATIONS are applied, in this order.
MIGRATING_MODULES: list[str] = [
    "data.store",
    "data.results",
    "data.ratings",
    "data.settings",
    "data.mao_canon",
    "data.images",
]


def open_database(path: str | Path) -> sqlite_utils.Database:
    """Open ``path`` (``":memory:"`` allowed) in WAL mode with every migration applied."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite_utils.Database(str(path))
        db.enable_wal()
    else:
        db = sqlite_utils.Database(memory=True)
    # NORMAL keeps every commit across a process crash (the log is in the WAL file); only a
    # power cut can lose the last commits, which FULL would protect at several times the cost.
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=5000")
    apply_migrations(db)
    return db


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
