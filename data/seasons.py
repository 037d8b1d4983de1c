"""Seasons: a server's leaderboards start afresh every season; each season's final board is kept.

- ``season_lengths``: a server's season length (``week``, ``month`` or ``quarter``; a month
  when unset).
- ``seasons``: one row per season of a server, numbered from 1: when it started, when it is
  due to end, and when it ended (unset while it runs).
- ``season_standings``: the final board of an ended season, per game, best first.

A season's board lists the players with at least one rated match in the season, ranked by
their rating as it stood at the season's end (openskill's ordinal, ``mu - 3 sigma``; all-time
ratings are never reset), with their games and wins in the season. Players with fewer than
``MIN_MATCHES`` matches in the season are listed after those with enough, and a rating whose
uncertainty is still above ``PROVISIONAL_SIGMA`` is provisional (shown with a "?").

``current`` rolls a server's seasons forward to ``now``: a season past its end is closed
(its board kept) and the next starts where it ended, so a season ends on its date even if
nobody looked at the board that day. The first season starts at the server's first rated
match (or when first looked at, before any), so no rated match falls before every season.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlite_utils

LENGTHS: dict[str, float] = {"week": 7 * 86400.0, "month": 30 * 86400.0, "quarter": 91 * 86400.0}
DEFAULT_LENGTH = "month"
MIN_MATCHES = 3
#: above this uncertainty a rating is provisional (a newcomer's is 25 / 3, about 8.3)
PROVISIONAL_SIGMA = 5.0


def _001_tables(db: sqlite_utils.Database) -> None:
    db["season_lengths"].create({"guild_id": int, "length": str}, pk="guild_id")
    db["seasons"].create(
        {
            "guild_id": int,
            "number": int,
            "started_at": float,
            "ends_at": float,
            "ended_at": float,
        },
        pk=("guild_id", "number"),
    )
    db["season_standings"].create(
        {
            "guild_id": int,
            "number": int,
            "game": str,
            "rank": int,
            "user_id": int,
            "mu": float,
            "sigma": float,
            "skill": float,
            "games": int,
            "wins": int,
        },
        pk=("guild_id", "number", "game", "rank"),
    )


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("seasons_001_tables", _001_tables),
]


@dataclass(frozen=True)
class Season:
    guild_id: int
    number: int
    started_at: float
    ends_at: float
    ended_at: float | None


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    user_id: int
    skill: float
    sigma: float
    games: int
    wins: int

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA or self.games < MIN_MATCHES


def length(db: sqlite_utils.Database, guild_id: int) -> str:
    row = db.execute("SELECT length FROM season_lengths WHERE guild_id = ?", [guild_id]).fetchone()
    return str(row[0]) if row else DEFAULT_LENGTH


def set_length(db: sqlite_utils.Database, guild_id: int, name: str, now: float) -> Season:
    """Set the season length; the running season's end moves to its start plus the length."""
    if name not in LENGTHS:
        raise ValueError(f"season length must be one of {', '.join(LENGTHS)}")
    season = current(db, guild_id, now)
    with db.conn:
        db.execute(
            "INSERT INTO season_lengths (guild_id, length) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET length = excluded.length",
            [guild_id, name],
        )
        ends = max(season.started_at + LENGTHS[name], now)
        db.execute(
            "UPDATE seasons SET ends_at = ? WHERE guild_id = ? AND number = ?",
            [ends, guild_id, season.number],
        )
    return current(db, guild_id, now)


def _latest(db: sqlite_utils.Database, guild_id: int) -> Season | None:
    row = db.execute(
        "SELECT number, started_at, ends_at, ended_at FROM seasons WHERE guild_id = ?"
        " ORDER BY number DESC LIMIT 1",
        [guild_id],
    ).fetchone()
    return None if row is None else Season(guild_id, *row)


def get(db: sqlite_utils.Database, guild_id: int, number: int) -> Season | None:
    row = db.execute(
        "SELECT number, started_at, ends_at, ended_at FROM seasons"
        " WHERE guild_id = ? AND number = ?",
        [guild_id, number],
    ).fetchone()
    return None if row is None else Season(guild_id, *row)


def current(db: sqlite_utils.Database, guild_id: int, now: float) -> Season:
    """The season running at ``now`` (those past their end are closed). The first begins at
    the server's first rated match, or now if it has none yet: a season first looked at
    after matches were played holds them."""
    season = _latest(db, guild_id)
    span = LENGTHS[length(db, guild_id)]
    if season is None:
        (first,) = db.execute(
            "SELECT MIN(ended_at) FROM results WHERE guild_id = ? AND rated = 1", [guild_id]
        ).fetchone()
        start = now if first is None else min(now, float(first))
        with db.conn:
            db.execute(
                "INSERT INTO seasons (guild_id, number, started_at, ends_at) VALUES (?, 1, ?, ?)"
                " ON CONFLICT (guild_id, number) DO NOTHING",
                [guild_id, start, start + span],
            )
        season = _open(db, guild_id)
    while season.ends_at <= now or season.ended_at is not None:
        end = season.ended_at if season.ended_at is not None else season.ends_at
        _close(db, season, end)
        start = end
        nxt = start + span
        while nxt <= now:  # seasons nobody played in pass without a row of their own
            start, nxt = nxt, nxt + span
        with db.conn:
            db.execute(
                "INSERT INTO seasons (guild_id, number, started_at, ends_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, number) DO NOTHING",
                [guild_id, season.number + 1, start, nxt],
            )
        season = _open(db, guild_id)
    return season


def _open(db: sqlite_utils.Database, guild_id: int) -> Season:
    season = _latest(db, guild_id)
    assert season is not None
    return season


def _close(db: sqlite_utils.Database, season: Season, at: float) -> None:
    """Keep the final board of every game played in ``season`` and mark it ended."""
    with db.conn:
        if season.ended_at is None:
            db.execute(
                "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND number = ?",
                [at, season.guild_id, season.number],
            )
        kept = db.execute(
            "SELECT 1 FROM season_standings WHERE guild_id = ? AND number = ? LIMIT 1",
            [season.guild_id, season.number],
        ).fetchone()
        if kept:
            return
        games = [
            g
            for (g,) in db.execute(
                "SELECT DISTINCT game FROM results WHERE guild_id = ? AND rated = 1"
                " AND ended_at >= ? AND ended_at < ?",
                [season.guild_id, season.started_at, at],
            ).fetchall()
        ]
        for game in games:
            rows = _live_board(db, season.guild_id, game, season.started_at, at)
            for row, mu in rows:
                db.execute(
                    "INSERT INTO season_standings (guild_id, number, game, rank, user_id, mu,"
                    " sigma, skill, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        season.guild_id,
                        season.number,
                        game,
                        row.rank,
                        row.user_id,
                        mu,
                        row.sigma,
                        row.skill,
                        row.games,
                        row.wins,
                    ],
                )


def end_early(db: sqlite_utils.Database, guild_id: int, now: float) -> Season:
    """A manager ends the running season now; -> the season that starts in its place."""
    season = current(db, guild_id, now)
    with db.conn:
        db.execute(
            "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND number = ?",
            [now, guild_id, season.number],
        )
    return current(db, guild_id, now)


def _live_board(
    db: sqlite_utils.Database, guild_id: int, game: str, since: float, until: float
) -> list[tuple[SeasonRow, float]]:
    """The board of ``[since, until)``: each player's rating as it stood at ``until`` (their
    last rated match before it, from ``rating_history``), so a season closed late reads the
    same as one closed on its date."""
    counts = {
        int(u): (int(n), int(w or 0))
        for u, n, w in db.execute(
            "SELECT user_id, COUNT(*), SUM(won) FROM results"
            " WHERE guild_id = ? AND game = ? AND rated = 1 AND ended_at >= ? AND ended_at < ?"
            " GROUP BY user_id",
            [guild_id, game, since, until],
        ).fetchall()
    }
    if not counts:
        return []
    marks = ", ".join("?" * len(counts))
    rating: dict[int, tuple[float, float, float]] = {}
    for u, mu, sigma, skill in db.execute(
        "SELECT user_id, mu, sigma, skill FROM rating_history"
        f" WHERE guild_id = ? AND game = ? AND at < ? AND user_id IN ({marks})"
        " ORDER BY user_id, at, match_id",
        [guild_id, game, until, *counts],
    ).fetchall():
        rating[int(u)] = (float(mu), float(sigma), float(skill))  # the last one stays
    found = [(u, *rating[u], *counts[u]) for u in counts if u in rating]
    ordered = sorted(found, key=lambda f: (f[4] < MIN_MATCHES, -f[3], -f[0]))
    return [
        (SeasonRow(i, u, skill, sigma, n, w), mu)
        for i, (u, mu, sigma, skill, n, w) in enumerate(ordered, start=1)
    ]


def board(
    db: sqlite_utils.Database, guild_id: int, game: str, number: int | None, now: float
) -> tuple[Season, list[SeasonRow]] | None:
    """Season ``number``'s board for ``game`` (the running season when None); None if there
    is no such season."""
    running = current(db, guild_id, now)
    season = running if number is None else get(db, guild_id, number)
    if season is None:
        return None
    if season.number == running.number:
        live = _live_board(db, guild_id, game, season.started_at, now + 1)
        return season, [row for row, _ in live]
    rows = db.execute(
        "SELECT rank, user_id, skill, sigma, games, wins FROM season_standings"
        " WHERE guild_id = ? AND number = ? AND game = ? ORDER BY rank",
        [guild_id, season.number, game],
    ).fetchall()
    return season, [SeasonRow(*r) for r in rows]
