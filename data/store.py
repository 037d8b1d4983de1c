"""Storage of tables, their seats and the append-only action log.

- ``tables``: one row per table: where it sits (guild, thread, table message), who hosts
  it, the game, its options and seed, its status (``lobby``, ``running``, ``finished``,
  ``ended``), when it was created, started and ended, the language it speaks, and the level
  of its bots (``bot_level``: those added later and its away humans' stand-ins play at it),
  and the tournament that seated it (``tournament_id``; none for a table opened by hand).
- ``seats``: who sits where (a Discord user or a bot kind), the seat's engine name, whether
  it is away (a bot plays for it) or has left, and where its hand DM lives.
- ``actions``: the action log, ``(table_id, seq)`` unique, one row per accepted action or
  engine tick: the seat, the action JSON, the table-clock time, who decided it (``human``,
  ``bot`` or ``afk``) and the game version after it. Rows are only ever appended; a running
  table is rebuilt by replaying them from the seed (see ``tables.service``).

Every write commits before it returns. The action log's rows are written in groups, from a
thread of their own (``data.log_writer``), each group in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import sqlite_utils

UNFINISHED = ("lobby", "running")


def _001_tables(db: sqlite_utils.Database) -> None:
    db["tables"].create(
        {
            "id": int,
            "guild_id": int,
            "channel_id": int,
            "parent_id": int,
            "message_id": int,
            "host_id": int,
            "game": str,
            "options": str,
            "seed": int,
            "status": str,
            "created_at": float,
            "started_at": float,
            "ended_at": float,
            "end_reason": str,
        },
        pk="id",
        not_null={"game", "options", "seed", "status", "created_at"},
    )
    db["tables"].create_index(["channel_id", "status"])
    db["tables"].create_index(["status"])
    db["seats"].create(
        {
            "table_id": int,
            "position": int,
            "seat": str,
            "name": str,
            "user_id": int,
            "bot_kind": str,
            "away": int,
            "left_game": int,
            "afk_played": int,
            "dm_channel_id": int,
            "dm_message_id": int,
            "dm_closed": int,
        },
        pk=("table_id", "position"),
        foreign_keys=[("table_id", "tables", "id")],
        not_null={"seat", "name"},
        defaults={"away": 0, "left_game": 0, "afk_played": 0, "dm_closed": 0},
    )
    db["seats"].create_index(["user_id"])
    db["actions"].create(
        {
            "table_id": int,
            "seq": int,
            "seat": str,
            "action": str,
            "at": float,
            "by": str,
            "version": int,
            "created_at": float,
        },
        pk=("table_id", "seq"),
        foreign_keys=[("table_id", "tables", "id")],
        not_null={"action", "by"},
    )


def _002_table_language(db: sqlite_utils.Database) -> None:
    # plain SQL: the same statement for SQLite and PostgreSQL (``data.postgres``)
    db.execute("ALTER TABLE tables ADD COLUMN language TEXT NOT NULL DEFAULT 'en'")


def _003_table_bot_level(db: sqlite_utils.Database) -> None:
    # plain SQL, as above; tables opened before it was kept played their stand-ins heuristic
    db.execute("ALTER TABLE tables ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'heuristic'")


def _004_table_tournament(db: sqlite_utils.Database) -> None:
    # plain SQL, as above; a tournament's table is its own (no Play again opens beside it)
    db.execute("ALTER TABLE tables ADD COLUMN tournament_id INTEGER")


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("store_001_tables", _001_tables),
    ("store_002_table_language", _002_table_language),
    ("store_003_table_bot_level", _003_table_bot_level),
    ("store_004_table_tournament", _004_table_tournament),
]

SEAT_FLAGS = ("away", "left_game", "afk_played", "dm_closed")


# --- tables -------------------------------------------------------------------------------
def create_table(
    db: sqlite_utils.Database,
    *,
    guild_id: int | None,
    channel_id: int | None,
    host_id: int | None,
    game: str,
    options: dict[str, Any],
    seed: int,
    created_at: float,
    parent_id: int | None = None,
    language: str = "en",
    bot_level: str = "heuristic",
    tournament_id: int | None = None,
) -> int:
    """Insert a table in the lobby and return its id."""
    with db.conn:
        table = db["tables"].insert(
            {
                "guild_id": guild_id,
                "channel_id": channel_id,
                "parent_id": parent_id,
                "host_id": host_id,
                "game": game,
                "options": json.dumps(options, sort_keys=True),
                "seed": seed,
                "status": "lobby",
                "created_at": created_at,
                "language": language,
                "bot_level": bot_level,
                "tournament_id": tournament_id,
            }
        )
    pk = table.last_pk
    assert pk is not None  # an insert always sets it
    return int(pk)


def update_table(db: sqlite_utils.Database, table_id: int, **fields: Any) -> None:
    """Change some columns of one table (``options`` may be given as a dict)."""
    if "options" in fields and not isinstance(fields["options"], str):
        fields["options"] = json.dumps(fields["options"], sort_keys=True)
    with db.conn:
        db["tables"].update(table_id, fields)


def get_table(db: sqlite_utils.Database, table_id: int) -> dict[str, Any] | None:
    rows = list(db["tables"].rows_where("id = ?", [table_id]))
    return _table_row(rows[0]) if rows else None


def unfinished_tables(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Tables still in the lobby or running, oldest first: what recovery reopens."""
    rows = db["tables"].rows_where(
        f"status in ({', '.join('?' * len(UNFINISHED))})", list(UNFINISHED), order_by="id"
    )
    return [_table_row(r) for r in rows]


def last_table_in(db: sqlite_utils.Database, channel_id: int) -> int | None:
    """The id of the table opened last in a channel or thread, if any ever was."""
    rows = db["tables"].rows_where("channel_id = ?", [channel_id], order_by="id desc", limit=1)
    return next((int(r["id"]) for r in rows), None)


def _table_row(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "options": json.loads(row["options"])}


# --- seats --------------------------------------------------------------------------------
def save_seats(db: sqlite_utils.Database, table_id: int, seats: Iterable[dict[str, Any]]) -> None:
    """Replace the seats of a table by ``seats`` (in seating order), in one transaction."""
    rows = []
    for position, seat in enumerate(seats):
        row: dict[str, Any] = {"table_id": table_id, "position": position}
        row.update({k: seat.get(k) for k in ("seat", "name", "user_id", "bot_kind")})
        row.update({k: seat.get(k) for k in ("dm_channel_id", "dm_message_id")})
        row.update({k: int(bool(seat.get(k))) for k in SEAT_FLAGS})
        rows.append(row)
    with db.conn:
        db.execute("DELETE FROM seats WHERE table_id = ?", [table_id])
        if rows:
            db["seats"].insert_all(rows)


def update_seat(db: sqlite_utils.Database, table_id: int, seat: str, **fields: Any) -> None:
    """Change some columns of the seat named ``seat`` (flags are stored as 0/1)."""
    values = {k: (int(bool(v)) if k in SEAT_FLAGS else v) for k, v in fields.items()}
    assignments = ", ".join(f'"{k}" = ?' for k in values)
    with db.conn:
        db.execute(
            f"UPDATE seats SET {assignments} WHERE table_id = ? AND seat = ?",
            [*values.values(), table_id, seat],
        )


def get_seats(db: sqlite_utils.Database, table_id: int) -> list[dict[str, Any]]:
    rows = db["seats"].rows_where("table_id = ?", [table_id], order_by="position")
    return [{**r, **{k: bool(r[k]) for k in SEAT_FLAGS}} for r in rows]


# --- the action log -----------------------------------------------------------------------
#: the columns of an action-log row, in the order ``append_actions`` takes them
ACTION_COLUMNS = ("table_id", "seq", "seat", "action", "at", "by", "version", "created_at")


def action_row(
    table_id: int,
    seq: int,
    *,
    seat: str | None,
    action: dict[str, Any],
    at: float | None,
    by: str,
    version: int,
    created_at: float,
) -> tuple[Any, ...]:
    """One action-log row as ``append_actions`` takes it (``ACTION_COLUMNS``)."""
    return (table_id, seq, seat, json.dumps(action, sort_keys=True), at, by, version, created_at)


def append_action(db: sqlite_utils.Database, table_id: int, seq: int, **fields: Any) -> None:
    """Append one accepted action (or engine tick) to the log and commit; ``fields`` are
    ``action_row``'s.

    ``seq`` must be the next number for the table: the primary key refuses a second row with
    the same one, so two writers can never both append "the next" action.
    """
    append_actions(db, [action_row(table_id, seq, **fields)])


def append_actions(db: sqlite_utils.Database, rows: Sequence[tuple[Any, ...]]) -> None:
    """Append ``rows`` (``action_row``'s) to the log in one transaction: all or none.

    One statement for every row, so on PostgreSQL the whole group costs one round trip and
    one flush of the server's log (outside a transaction a statement commits by itself).
    """
    if not rows:
        return
    # Plain SQL: this runs for every move, and sqlite-utils' insert inspects the table first.
    one = "(" + ", ".join("?" * len(ACTION_COLUMNS)) + ")"
    sql = (
        'INSERT INTO actions (table_id, seq, seat, action, at, "by", version, created_at)'
        " VALUES " + ", ".join([one] * len(rows))
    )
    values = [value for row in rows for value in row]
    if getattr(db, "dialect", "sqlite") == "postgresql":  # a statement is a transaction
        db.execute(sql, values)
    else:
        with db.conn:
            db.conn.execute(sql, values)


def get_actions(db: sqlite_utils.Database, table_id: int) -> list[dict[str, Any]]:
    """The log of one table in order, with ``action`` decoded."""
    rows = db["actions"].rows_where("table_id = ?", [table_id], order_by="seq")
    return [{**r, "action": json.loads(r["action"])} for r in rows]


def count_actions(db: sqlite_utils.Database, table_id: int) -> int:
    row = db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", [table_id]).fetchone()
    return int(row[0])
