"""A server's house rules, per game: rule texts kept from past tables, which every new table of
that game in the server starts with.

A game whose players make rules of their own (Mao's house canon, MAO-16) lets a server admin
keep the rules declared at a table; each new table of that game in that server then starts
with them in force, as house rules that nobody made and nobody is told. Rules are stored as
the game's canonical text, once each per server and game, in the order they were kept.
Nothing here ever shows a rule to anyone: the house rules are read only to hand them to a new
table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import sqlite_utils

#: most rules a server keeps for one game (a table's vocabulary grows with each one)
LIMIT = 25


def _001_kept_rules(db: sqlite_utils.Database) -> None:
    # a table of one game's kept rules; 002 converts it into the table of every game's
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


def _002_per_game(db: sqlite_utils.Database) -> None:
    db["house_rules"].create(
        {
            "id": int,
            "guild_id": int,
            "game": str,
            "rule": str,
            "kept_at": float,
            "kept_by": int,
            "from_table": int,
        },
        pk="id",
        not_null={"guild_id", "game", "rule"},
    )
    db["house_rules"].create_index(["guild_id", "game", "rule"], unique=True)
    # mao_canon's rules are Mao's (the one game with its own table of kept rules): each is
    # copied with its game named, its id given in mao_canon's id order, the order rules are read in
    db.execute(
        "INSERT INTO house_rules (guild_id, game, rule, kept_at, kept_by, from_table)"
        " SELECT guild_id, 'mao', rule, kept_at, kept_by, from_table FROM mao_canon ORDER BY id"
    )
    db.execute("DROP TABLE mao_canon")


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("mao_canon_001_rules", _001_kept_rules),
    ("house_rules_002_per_game", _002_per_game),
]


def rules(db: sqlite_utils.Database, guild_id: int, game: str) -> list[str]:
    """The server's kept rules for ``game``, oldest first, as the texts they were kept as."""
    return [
        row["rule"]
        for row in db.query(
            "SELECT rule FROM house_rules WHERE guild_id = ? AND game = ? ORDER BY id",
            [int(guild_id), game],
        )
    ]


def keep(
    db: sqlite_utils.Database,
    guild_id: int,
    game: str,
    texts: Iterable[str],
    *,
    kept_at: float,
    kept_by: int | None = None,
    from_table: int | None = None,
) -> tuple[int, int]:
    """Add the rule texts not yet in the server's rules for ``game``; -> (added, how many it
    keeps now). Rules beyond ``LIMIT`` are not added."""
    with db.atomic():
        have = {
            row[0]
            for row in db.execute(
                "SELECT rule FROM house_rules WHERE guild_id = ? AND game = ?",
                [int(guild_id), game],
            ).fetchall()
        }
        added = 0
        for rule in texts:
            if rule in have or len(have) >= LIMIT:
                continue
            db.execute(
                "INSERT INTO house_rules (guild_id, game, rule, kept_at, kept_by, from_table)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [int(guild_id), game, rule, kept_at, kept_by, from_table],
            )
            have.add(rule)
            added += 1
    return added, len(have)


def forget(db: sqlite_utils.Database, guild_id: int, game: str) -> int:
    """Drop the server's rules for ``game``; -> how many were dropped."""
    with db.atomic():
        cursor = db.execute(
            "DELETE FROM house_rules WHERE guild_id = ? AND game = ?", [int(guild_id), game]
        )
    return cursor.rowcount
