"""Leaderboard queries: a server's players for one game, best conservative skill first.

Pages hold :data:`PAGE_SIZE` rows. The caller's own row (rank included) comes back with every
page so /leaderboard can show it even when it is off the page.

Periods (choice): ``all`` ranks everyone with a rating; ``month`` and ``week`` are the last
30 and 7 days, rolling. A period lists only players with a rated match in it, ranked by their
current skill (which is their skill after their last match in the period, since periods end
now), and counts their games and wins in the period only. Ties rank the same skill in a fixed
order (higher user id first) so paging never repeats or skips anyone.

The all-time board walks the ``ratings`` index; a period counts from the covering index on
``results`` (see ``data.results``). ``benchmarks/leaderboard.py`` times both.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlite_utils

PAGE_SIZE = 10
PERIODS: dict[str, float | None] = {"all": None, "month": 30 * 86400.0, "week": 7 * 86400.0}


@dataclass(frozen=True)
class Row:
    rank: int
    user_id: int
    skill: float
    games: int
    wins: int


@dataclass(frozen=True)
class Page:
    game: str
    period: str
    page: int  # 0-based, clamped to the pages there are
    pages: int  # at least 1, so "page 1 of 1" reads right on an empty board
    total: int  # players on the board
    rows: list[Row]
    me: Row | None  # the caller's row, or None if they are not on this board


def _ranked_sql(period_start: float | None) -> tuple[str, list[object]]:
    """A query yielding (user_id, skill, games, wins) for the board; its parameters follow."""
    if period_start is None:
        return (
            "SELECT user_id, skill, games, wins FROM ratings WHERE guild_id = ? AND game = ?",
            [],
        )
    return (
        "SELECT p.user_id, r.skill, p.games, p.wins FROM ("
        "  SELECT user_id, COUNT(*) AS games, SUM(won) AS wins FROM results"
        "  WHERE guild_id = ? AND game = ? AND rated = 1 AND ended_at >= ?"
        "  GROUP BY user_id"
        ") p JOIN ratings r ON r.guild_id = ? AND r.game = ? AND r.user_id = p.user_id",
        [period_start],
    )


def leaderboard(
    db: sqlite_utils.Database,
    guild_id: int,
    game: str,
    period: str = "all",
    page: int = 0,
    user_id: int | None = None,
    now: float | None = None,
) -> Page:
    """One page of the board, plus ``user_id``'s own row when they are on it."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {', '.join(PERIODS)}")
    span = PERIODS[period]
    start = None if span is None else (time.time() if now is None else now) - span
    inner, extra = _ranked_sql(start)
    if start is None:
        params: list[object] = [guild_id, game]
    else:
        params = [guild_id, game, *extra, guild_id, game]

    total = db.execute(f"SELECT COUNT(*) FROM ({inner})", params).fetchone()[0]
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(0, page), pages - 1)
    order = "ORDER BY skill DESC, user_id DESC"
    rows = [
        Row(page * PAGE_SIZE + i + 1, u, s, g, w or 0)
        for i, (u, s, g, w) in enumerate(
            db.execute(
                f"SELECT * FROM ({inner}) {order} LIMIT ? OFFSET ?",
                [*params, PAGE_SIZE, page * PAGE_SIZE],
            )
        )
    ]
    me = None
    if user_id is not None:
        mine = next((r for r in rows if r.user_id == user_id), None)
        if mine is None:
            found = db.execute(
                f"SELECT * FROM ({inner}) WHERE user_id = ?", [*params, user_id]
            ).fetchone()
            if found:
                u, s, g, w = found
                ahead = db.execute(
                    f"SELECT COUNT(*) FROM ({inner})"
                    " WHERE skill > ? OR (skill = ? AND user_id > ?)",
                    [*params, s, s, u],
                ).fetchone()[0]
                mine = Row(ahead + 1, u, s, g, w or 0)
        me = mine
    return Page(game, period, page, pages, total, rows, me)


def has_rated_matches(db: sqlite_utils.Database, guild_id: int, game: str | None = None) -> bool:
    """Whether this server has any rating at all (for the game, if given)."""
    if game is None:
        sql, params = "SELECT 1 FROM ratings WHERE guild_id = ? LIMIT 1", [guild_id]
    else:
        sql = "SELECT 1 FROM ratings WHERE guild_id = ? AND game = ? LIMIT 1"
        params = [guild_id, game]
    return db.execute(sql, params).fetchone() is not None
