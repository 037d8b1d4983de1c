"""A server's Mao house canon: secret rules kept from past tables for every new Mao table.

A server admin may keep the rules declared at a Mao table (``/table rules keep``); each new
Mao table in that server then starts with them in force, as house rules that nobody made and
nobody is told (MAO-16). Rules are stored as the engine's canonical JSON text, once each per
server, in the order they were kept. Nothing here ever shows a rule to anyone: the canon is
read only to hand it to a new table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import sqlite_utils

#: most rules a server's canon holds (a table's vocabulary grows with each one)
CANON_LIMIT = 25


def _create(db: sqlite_utils.Database) -> None:
    db["mao_canon"].create(
        {
            "id": int,
            "guild_id": int,
            "rule": str,
            "kept_at": float,
            "kept_by": int,
            "from_table": int,
        },
        pk="id",
        not_null={"guild_id", "rule"},
    )
    db["mao_canon"].create_index(["guild_id", "rule"], unique=True)


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("mao_canon_001_rules", _create),
]


def canon(db: sqlite_utils.Database, guild_id: int) -> list[dict[str, Any]]:
    """The server's kept rules, oldest first, as rule dicts."""
    return [
        json.loads(row["rule"])
        for row in db.query(
            "SELECT rule FROM mao_canon WHERE guild_id = ? ORDER BY id", [int(guild_id)]
        )
    ]


def keep(
    db: sqlite_utils.Database,
    guild_id: int,
    rules: Iterable[str],
    *,
    kept_at: float,
    kept_by: int | None = None,
    from_table: int | None = None,
) -> tuple[int, int]:
    """Add canonical rule texts not yet in the server's canon; -> (added, canon size).

    Rules beyond ``CANON_LIMIT`` are not added.
    """
    with db.atomic():
        have = {
            row[0]
            for row in db.execute(
                "SELECT rule FROM mao_canon WHERE guild_id = ?", [int(guild_id)]
            ).fetchall()
        }
        added = 0
        for rule in rules:
            if rule in have or len(have) >= CANON_LIMIT:
                continue
            db.execute(
                "INSERT INTO mao_canon (guild_id, rule, kept_at, kept_by, from_table)"
                " VALUES (?, ?, ?, ?, ?)",
                [int(guild_id), rule, kept_at, kept_by, from_table],
            )
            have.add(rule)
            added += 1
    return added, len(have)


def forget(db: sqlite_utils.Database, guild_id: int) -> int:
    """Empty the server's canon; -> how many rules were dropped."""
    with db.atomic():
        cursor = db.execute("DELETE FROM mao_canon WHERE guild_id = ?", [int(guild_id)])
    return cursor.rowcount
