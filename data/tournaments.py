"""Storage of tournaments: the event, its players, its tables and its final standings.

- ``tournaments``: one row per event: its server and channel (and the message that shows it),
  the organiser, the game and its options, the format (``swiss`` or ``arena``), the rounds
  (Swiss) or minutes (arena), the seats per table, whether bots may fill short tables, when it
  starts (unset while it waits for its organiser to start it) and (arena) ends, its status
  (``open``, ``running``, ``paused``, ``finished``, ``ended``, or ``cancelled`` when fewer
  than two had joined at its start time), the current round and the language it speaks.
- ``tournament_players``: who joined, in order (``joined``), whether the organiser removed
  them, and whether they are away (a bot plays their seats until they come back).
- ``tournament_games``: each table the event seats (or a bye): its round, the table id (none
  until the table is open), the players seated, and the place each took once it finished
  (JSON, user id -> place; 0 is no result) and how many seats the table had, bots' included
  (its places count among them).
- ``tournament_standings``: the final standings, written once when the event finishes.

Everything the event does is in these rows, so a restart picks it up where it stood.
Every write commits before it returns.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import sqlite_utils

LIVE = ("open", "running", "paused")


def _001_tables(db: sqlite_utils.Database) -> None:
    db["tournaments"].create(
        {
            "id": int,
            "guild_id": int,
            "channel_id": int,
            "message_id": int,
            "organiser_id": int,
            "game": str,
            "options": str,
            "format": str,
            "rounds": int,
            "minutes": int,
            "seats": int,
            "bots": int,
            "starts_at": float,
            "ends_at": float,
            "status": str,
            "round": int,
            "created_at": float,
            "finished_at": float,
            "language": str,
        },
        pk="id",
        not_null={"game", "options", "format", "status", "created_at"},
        defaults={"round": 0, "bots": 0, "language": "en"},
    )
    db["tournaments"].create_index(["status"])
    db["tournaments"].create_index(["guild_id", "id"])
    db["tournament_players"].create(
        {
            "tournament_id": int,
            "user_id": int,
            "name": str,
            "joined": int,
            "removed": int,
            "away": int,
        },
        pk=("tournament_id", "user_id"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
        defaults={"removed": 0, "away": 0},
    )
    db["tournament_games"].create(
        {
            "tournament_id": int,
            "seq": int,
            "round": int,
            "table_id": int,
            "players": str,
            "places": str,
            "bye": int,
        },
        pk=("tournament_id", "seq"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
        defaults={"bye": 0},
    )
    db["tournament_games"].create_index(["table_id"])
    db["tournament_standings"].create(
        {
            "tournament_id": int,
            "rank": int,
            "user_id": int,
            "points": float,
            "wins": int,
            "played": int,
        },
        pk=("tournament_id", "rank"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )


def _002_tables_know_their_tournament(db: sqlite_utils.Database) -> None:
    # tables an event opened before a table recorded its tournament (``tables.tournament_id``,
    # applied by ``data.store`` first) learn it from the event's games; plain SQL, the same
    # statement for SQLite and PostgreSQL
    db.execute(
        "UPDATE tables SET tournament_id = (SELECT g.tournament_id FROM tournament_games g"
        " WHERE g.table_id = tables.id) WHERE tournament_id IS NULL"
        " AND id IN (SELECT table_id FROM tournament_games WHERE table_id IS NOT NULL)"
    )


def _003_games_know_their_seats(db: sqlite_utils.Database) -> None:
    # tables recorded before have their people's places only: their seats stay unknown
    db.execute("ALTER TABLE tournament_games ADD COLUMN seats INTEGER")


def _004_games_know_their_bots_places(db: sqlite_utils.Database) -> None:
    # tables recorded before keep no bot's place: a tie with a bot there shares as it did
    db.execute("ALTER TABLE tournament_games ADD COLUMN bot_places TEXT")


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("tournaments_001_tables", _001_tables),
    ("tournaments_002_tables_know_their_tournament", _002_tables_know_their_tournament),
    ("tournaments_003_games_know_their_seats", _003_games_know_their_seats),
    ("tournaments_004_games_know_their_bots_places", _004_games_know_their_bots_places),
]


def create(db: sqlite_utils.Database, **fields: Any) -> int:
    """Insert a new event (status ``open``); -> its id."""
    row = {**fields, "status": "open", "round": 0}
    row["options"] = json.dumps(row.get("options") or {}, sort_keys=True)
    row["bots"] = int(bool(row.get("bots")))
    with db.conn:
        inserted = db["tournaments"].insert(row)
    assert inserted.last_pk is not None
    return int(inserted.last_pk)


def update(db: sqlite_utils.Database, tournament_id: int, **fields: Any) -> None:
    with db.conn:
        db["tournaments"].update(tournament_id, fields)


def _row(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "options": json.loads(row["options"]), "bots": bool(row["bots"])}


def get(db: sqlite_utils.Database, tournament_id: int) -> dict[str, Any] | None:
    rows = list(db["tournaments"].rows_where("id = ?", [tournament_id]))
    return _row(rows[0]) if rows else None


def live(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Events not yet over (open, running or paused), oldest first: what a restart resumes."""
    marks = ", ".join("?" * len(LIVE))
    rows = db["tournaments"].rows_where(f"status in ({marks})", list(LIVE), order_by="id")
    return [_row(r) for r in rows]


def of_guild(db: sqlite_utils.Database, guild_id: int, limit: int = 10) -> list[dict[str, Any]]:
    """A server's events, newest first."""
    rows = db["tournaments"].rows_where("guild_id = ?", [guild_id], order_by="id DESC", limit=limit)
    return [_row(r) for r in rows]


# --- players --------------------------------------------------------------------------------
def add_player(db: sqlite_utils.Database, tournament_id: int, user_id: int, name: str) -> bool:
    """Add a player at the end; False if they had joined already (a removed player stays out)."""
    with db.conn:
        if db.execute(
            "SELECT 1 FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
            [tournament_id, user_id],
        ).fetchone():
            return False
        # after the last joined: a count would give a number again after a leave and a join
        count = db.execute(
            "SELECT COALESCE(MAX(joined), -1) + 1 FROM tournament_players WHERE tournament_id = ?",
            [tournament_id],
        ).fetchone()[0]
        db["tournament_players"].insert(
            {
                "tournament_id": tournament_id,
                "user_id": user_id,
                "name": name,
                "joined": int(count),
                "removed": 0,
                "away": 0,
            }
        )
    return True


def remove_player(db: sqlite_utils.Database, tournament_id: int, user_id: int) -> None:
    with db.conn:
        db.execute(
            "UPDATE tournament_players SET removed = 1 WHERE tournament_id = ? AND user_id = ?",
            [tournament_id, user_id],
        )


def set_away(db: sqlite_utils.Database, tournament_id: int, user_id: int, away: bool) -> None:
    """Whether a bot plays this player's seats (kept across tables until they come back)."""
    with db.conn:
        db.execute(
            "UPDATE tournament_players SET away = ? WHERE tournament_id = ? AND user_id = ?",
            [int(away), tournament_id, user_id],
        )


def drop_player(db: sqlite_utils.Database, tournament_id: int, user_id: int) -> None:
    """Take back a join before the event starts."""
    with db.conn:
        db.execute(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
            [tournament_id, user_id],
        )


def players(db: sqlite_utils.Database, tournament_id: int) -> list[dict[str, Any]]:
    """Everyone who joined, in joining order, ``removed`` as a bool."""
    rows = db["tournament_players"].rows_where(
        "tournament_id = ?", [tournament_id], order_by="joined"
    )
    return [{**r, "removed": bool(r["removed"]), "away": bool(r["away"])} for r in rows]


# --- tables ---------------------------------------------------------------------------------
def add_game(
    db: sqlite_utils.Database,
    tournament_id: int,
    *,
    round: int,
    players: Iterable[int],
    table_id: int | None = None,
    bye: bool = False,
) -> int:
    """Record a table the event opened (or a bye); -> its sequence number."""
    with db.conn:
        seq = db.execute(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_games WHERE tournament_id = ?",
            [tournament_id],
        ).fetchone()[0]
        db["tournament_games"].insert(
            {
                "tournament_id": tournament_id,
                "seq": int(seq),
                "round": round,
                "table_id": table_id,
                "players": json.dumps(list(players)),
                "places": json.dumps({}),
                "bye": int(bye),
            }
        )
    return int(seq)


def add_round(
    db: sqlite_utils.Database,
    tournament_id: int,
    round: int,
    tables: Iterable[Iterable[int]],
    bye: int | None = None,
) -> list[int]:
    """Make ``round`` the event's round and record its tables (none opened yet) and its bye,
    all in one transaction, so a stop half-way through opening them loses none; -> the
    tables' sequence numbers."""
    seqs: list[int] = []
    with db.conn:
        db.execute("UPDATE tournaments SET round = ? WHERE id = ?", [round, tournament_id])
        first = db.execute(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_games WHERE tournament_id = ?",
            [tournament_id],
        ).fetchone()[0]
        rows = [(list(group), False) for group in tables]
        if bye is not None:
            rows.append(([bye], True))
        for seq, (players, is_bye) in enumerate(rows, start=int(first)):
            db["tournament_games"].insert(
                {
                    "tournament_id": tournament_id,
                    "seq": seq,
                    "round": round,
                    "table_id": None,
                    "players": json.dumps(players),
                    "places": json.dumps({}),
                    "bye": int(is_bye),
                }
            )
            if not is_bye:
                seqs.append(seq)
    return seqs


def set_table(db: sqlite_utils.Database, tournament_id: int, seq: int, table_id: int) -> None:
    """The table opened for a recorded game."""
    with db.conn:
        db.execute(
            "UPDATE tournament_games SET table_id = ? WHERE tournament_id = ? AND seq = ?",
            [table_id, tournament_id, seq],
        )


def set_places(
    db: sqlite_utils.Database,
    tournament_id: int,
    seq: int,
    places: dict[int, int],
    seats: int | None = None,
    bot_places: Sequence[int] = (),
) -> None:
    """The people's places at a game, how many seats its table had (None: unknown) and the
    places its bots took (a person tied with a bot shares the place with it)."""
    with db.conn:
        db.execute(
            "UPDATE tournament_games SET places = ?, seats = ?, bot_places = ?"
            " WHERE tournament_id = ? AND seq = ?",
            [
                json.dumps({str(k): v for k, v in places.items()}),
                seats,
                json.dumps(list(bot_places)),
                tournament_id,
                seq,
            ],
        )


def games(db: sqlite_utils.Database, tournament_id: int) -> list[dict[str, Any]]:
    """Every table (and bye) of the event in order, ``players`` and ``places`` decoded."""
    # read as plain rows: an arena's thousands of tables are read after each one ends
    rows = db.execute(
        "SELECT seq, round, table_id, players, places, bye, seats, bot_places"
        " FROM tournament_games"
        " WHERE tournament_id = ? ORDER BY seq",
        [tournament_id],
    ).fetchall()
    return [
        {
            "tournament_id": tournament_id,
            "seq": seq,
            "round": round_number,
            "table_id": table_id,
            "players": list(_players(players)),
            "places": dict(_places(places)),
            "bye": bool(bye),
            "seats": None if seats is None else int(seats),
            "bot_places": tuple(json.loads(bot_places)) if bot_places else (),
        }
        for seq, round_number, table_id, players, places, bye, seats, bot_places in rows
    ]


# A table's row is read again after every later table of its event: its JSON is decoded once.
@functools.lru_cache(maxsize=1 << 16)
def _players(text: str) -> tuple[int, ...]:
    return tuple(int(u) for u in json.loads(text))


@functools.lru_cache(maxsize=1 << 16)
def _places(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((int(k), int(v)) for k, v in json.loads(text).items())


def game_of_table(db: sqlite_utils.Database, table_id: int) -> tuple[int, int] | None:
    """``(tournament id, seq)`` of the event table ``table_id``, if it is one."""
    row = db.execute(
        "SELECT tournament_id, seq FROM tournament_games WHERE table_id = ?", [table_id]
    ).fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


# --- final standings ------------------------------------------------------------------------
def save_standings(
    db: sqlite_utils.Database, tournament_id: int, rows: Iterable[tuple[int, float, int, int]]
) -> None:
    """Write the final standings ``(user, points, wins, played)``, best first, once."""
    with db.conn:
        db.execute("DELETE FROM tournament_standings WHERE tournament_id = ?", [tournament_id])
        db["tournament_standings"].insert_all(
            {
                "tournament_id": tournament_id,
                "rank": rank,
                "user_id": user,
                "points": points,
                "wins": wins,
                "played": played,
            }
            for rank, (user, points, wins, played) in enumerate(rows, start=1)
        )


def final_standings(db: sqlite_utils.Database, tournament_id: int) -> list[dict[str, Any]]:
    rows = db["tournament_standings"].rows_where(
        "tournament_id = ?", [tournament_id], order_by="rank"
    )
    return list(rows)
