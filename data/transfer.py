"""Copying a whole Chairman database to another one: SQLite to PostgreSQL, for ``migrate-db``.

:func:`copy_database` opens the target (applying the migrations, so its schema is current),
refuses a target that already holds data, and copies every table the two share (tables,
seats, the action log, matches, results, ratings, settings, house rules), parents before the
tables that refer to them, in one transaction: a failed copy leaves the target empty. Ids are
kept as they are, so an action still points at its table and a result at its match; on
PostgreSQL each identity counter is then moved past the highest id copied.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from data.db import backend_of, is_postgres_url, open_database
from data.errors import StorageRefused

BATCH = 1000


def _foreign_parents(db: Any, table: str) -> set[str]:
    if backend_of(db) == "sqlite":
        return {row[2] for row in db.execute(f"PRAGMA foreign_key_list([{table}])").fetchall()}
    return {
        row[0]
        for row in db.execute(
            "SELECT ccu.table_name FROM information_schema.table_constraints tc"
            " JOIN information_schema.constraint_column_usage ccu"
            " ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema"
            " WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = ?"
            " AND tc.table_schema = current_schema()",
            [table],
        ).fetchall()
    }


def _columns(db: Any, table: str) -> list[str]:
    if backend_of(db) == "sqlite":
        return [row[1] for row in db.execute(f"PRAGMA table_info([{table}])").fetchall()]
    return [
        row[0]
        for row in db.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_name = ? AND table_schema = current_schema() ORDER BY ordinal_position",
            [table],
        ).fetchall()
    ]


def copy_order(db: Any, tables: list[str]) -> list[str]:
    """``tables`` with every table after the tables its foreign keys point at."""
    parents = {t: _foreign_parents(db, t) & set(tables) for t in tables}
    ordered: list[str] = []
    while len(ordered) < len(tables):
        ready = sorted(t for t in tables if t not in ordered and parents[t] <= set(ordered))
        if not ready:  # a cycle: keep the rest in name order
            ready = sorted(t for t in tables if t not in ordered)
        ordered.extend(ready)
    return ordered


def copy_database(
    source: str | Path, target: str, report: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Copy every row of ``source`` into ``target`` (both opened with ``open_database``);
    -> rows copied per table. ``report(table, rows)`` is called after each table."""
    if str(source) == str(target):
        raise StorageRefused("the source and the target are the same database")
    if not is_postgres_url(source) and not Path(source).is_file():
        raise StorageRefused(f"there is no SQLite file at {source}")
    src = open_database(source)
    dst = open_database(target)
    try:
        shared = sorted(
            (set(src.table_names()) & set(dst.table_names())) - {"_migrations"},
        )
        busy = [t for t in shared if dst.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone()]
        if busy:
            raise StorageRefused(
                f"the target already holds data (in {', '.join(busy)}); copy into an empty one"
            )
        copied: dict[str, int] = {}
        with dst.atomic():
            for table in copy_order(src, shared):
                columns = [c for c in _columns(src, table) if c in set(_columns(dst, table))]
                names = ", ".join(f'"{c}"' for c in columns)
                insert = f'INSERT INTO "{table}" ({names}) VALUES ({", ".join("?" * len(columns))})'
                count = 0
                rows = src.execute(f'SELECT {names} FROM "{table}"')
                while batch := rows.fetchmany(BATCH):
                    dst.conn.executemany(insert, [list(r) for r in batch])
                    count += len(batch)
                if backend_of(dst) == "postgresql" and "id" in columns:
                    _move_identity(dst, table)
                copied[table] = count
                if report is not None:
                    report(table, count)
        return copied
    finally:
        src.close()
        dst.close()


def _move_identity(db: Any, table: str) -> None:
    sequence = db.execute("SELECT pg_get_serial_sequence(?, 'id')", [f'"{table}"']).fetchone()[0]
    if sequence:
        db.execute(
            f'SELECT setval(?, COALESCE((SELECT MAX(id) FROM "{table}"), 0) + 1, false)',
            [sequence],
        )
