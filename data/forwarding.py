"""Button presses handed from the process that received them to the process owning the table.

Discord sends every DM event, DM button presses included, to shard 0 only. When the bot runs
as several processes, a press on the hand DM of a table that another process runs is stored
here by the process that got it (``hand_over``) and announced on a PostgreSQL channel; the
owner takes it with ``claim``, which succeeds once only, however many processes hear the
announcement, and applies it. A press the owner missed (it was restarting) is found again
with ``unclaimed`` when it starts listening; presses older than an interaction token's 15
minutes are dropped by ``prune``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import sqlite_utils

#: how long an interaction token can still answer a press (Discord's limit)
TOKEN_LIFETIME = 15 * 60.0


def _create(db: sqlite_utils.Database) -> None:
    db["forwarded_presses"].create(
        {
            "id": int,
            "table_id": int,
            "shard": int,
            "payload": str,
            "created_at": float,
            "claimed_at": float,
        },
        pk="id",
        not_null={"table_id", "shard", "payload", "created_at"},
    )
    db["forwarded_presses"].create_index(["shard", "claimed_at"])


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("forwarding_001_presses", _create),
]


def channel_name(db: sqlite_utils.Database) -> str:
    """The notification channel for this database (its schema's, so that databases sharing
    one server never hear each other's presses)."""
    schema = db.execute("SELECT current_schema()").fetchone()[0]
    return "chairman_press_" + "".join(c if c.isalnum() else "_" for c in str(schema))


def hand_over(
    db: sqlite_utils.Database, table_id: int, shard: int, payload: dict[str, Any], now: float
) -> int:
    """Store a press for the process running ``shard``; -> its id (announce that)."""
    row = db.execute(
        "INSERT INTO forwarded_presses (table_id, shard, payload, created_at)"
        " VALUES (?, ?, ?, ?) RETURNING id",
        [table_id, shard, json.dumps(payload), now],
    ).fetchone()
    return int(row[0])


def claim(db: sqlite_utils.Database, press_id: int, now: float) -> dict[str, Any] | None:
    """Take a press to apply it; None if another claim was first or it is too old."""
    row = db.execute(
        "UPDATE forwarded_presses SET claimed_at = ?"
        " WHERE id = ? AND claimed_at IS NULL AND created_at > ? RETURNING payload",
        [now, press_id, now - TOKEN_LIFETIME],
    ).fetchone()
    return None if row is None else json.loads(row[0])


def unclaimed(db: sqlite_utils.Database, shards: Iterable[int], now: float) -> list[int]:
    """Presses still waiting for one of ``shards``, oldest first."""
    wanted = list(shards)
    if not wanted:
        return []
    marks = ", ".join("?" * len(wanted))
    return [
        row[0]
        for row in db.execute(
            f"SELECT id FROM forwarded_presses WHERE claimed_at IS NULL AND shard IN ({marks})"
            " AND created_at > ? ORDER BY id",
            [*wanted, now - TOKEN_LIFETIME],
        ).fetchall()
    ]


def open_tables_of_user(db: sqlite_utils.Database, user_id: int) -> list[tuple[int, int | None]]:
    """(table id, guild id) of every unfinished table where ``user_id`` still holds a seat:
    where a DM slash command of theirs (``/hand``) is about."""
    return [
        (int(row[0]), row[1])
        for row in db.execute(
            "SELECT t.id, t.guild_id FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE s.user_id = ? AND s.left_game = 0 AND t.status IN ('lobby', 'running')"
            " ORDER BY t.id",
            [user_id],
        ).fetchall()
    ]


def prune(db: sqlite_utils.Database, now: float) -> int:
    """Forget presses no token could answer any more; -> how many."""
    with db.atomic():
        result = db.execute(
            "DELETE FROM forwarded_presses WHERE created_at <= ?", [now - TOKEN_LIFETIME]
        )
    return int(result.rowcount or 0)
