"""Leaderboard queries: a server's players for one game, best conservative skill first.

Pages hold :data:`PAGE_SIZE` rows. The caller's own row (rank included) comes back with every
page so /leaderboard can show it even when it is off the page.

Periods (choice): ``all`` ranks everyone with a rating; ``month`` and ``week`` are the last
30 and 7 days, rolling. A period lists only the players whose last rated match ended in it,
ranked by their current skill (their skill after that match), and counts their games and
wins in the period only. Equal skills rank in a fixed order (higher user id first) so paging
never repeats or skips anyone.

Each row carries the rating's uncertainty (``sigma``), so a rating not yet settled can be shown
as provisional (with a "?").

Ranking and paging walk one index on ``ratings`` (guild, game, skill, user, last match), so
a board costs the same whatever the number of stored results; the period's games and wins
are then counted for the rows shown only. ``benchmarks/leaderboard.py`` times it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

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
    #: the rating's uncertainty: above ``data.seasons.PROVISIONAL_SIGMA`` it is shown with "?"
    sigma: float = 0.0


@dataclass(frozen=True)
class Page:
    game: str
    period: str
    page: int  # 0-based, clamped to the pages there are
    pages: int  # at least 1, so "page 1 of 1" reads right on an empty board
    total: int  # players on the board
    rows: list[Row]
    me: Row | None  # the caller's row, or None if they are not on this board


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
    since = None if span is None else (time.time() if now is None else now) - span
    where = "guild_id = ? AND game = ?"
    params: list[object] = [guild_id, game]
    if since is not None:
        where += " AND updated_at >= ?"
        params.append(since)

    total = db.execute(f"SELECT COUNT(*) FROM ratings WHERE {where}", params).fetchone()[0]
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(0, page), pages - 1)
    found = db.execute(
        f"SELECT user_id, skill, games, wins, sigma FROM ratings WHERE {where}"
        " ORDER BY skill DESC, user_id DESC LIMIT ? OFFSET ?",
        [*params, PAGE_SIZE, page * PAGE_SIZE],
    ).fetchall()
    ranked = [(page * PAGE_SIZE + i + 1, *row) for i, row in enumerate(found)]

    mine = None
    if user_id is not None:
        mine = next((row for row in ranked if row[1] == user_id), None)
        if mine is None:
            own = db.execute(
                f"SELECT user_id, skill, games, wins, sigma FROM ratings"
                f" WHERE {where} AND user_id = ?",
                [*params, user_id],
            ).fetchone()
            if own is not None:
                ahead = db.execute(
                    f"SELECT COUNT(*) FROM ratings WHERE {where}"
                    " AND (skill > ? OR (skill = ? AND user_id > ?))",
                    [*params, own[1], own[1], user_id],
                ).fetchone()[0]
                mine = (ahead + 1, *own)

    counts: dict[int, tuple[int, int]] = {}
    if since is not None:
        shown = sorted({row[1] for row in ranked} | ({mine[1]} if mine else set()))
        if shown:
            marks = ", ".join("?" * len(shown))
            counts = {
                user: (games, wins or 0)
                for user, games, wins in db.execute(
                    "SELECT user_id, COUNT(*), SUM(won) FROM results"
                    f" WHERE guild_id = ? AND game = ? AND user_id IN ({marks})"
                    " AND ended_at >= ? AND rated = 1 GROUP BY user_id",
                    [guild_id, game, *shown, since],
                )
            }

    def row(rank: int, user: int, skill: float, games: int, wins: int, sigma: float) -> Row:
        games, wins = counts.get(user, (games, wins)) if since is not None else (games, wins)
        return Row(rank, user, skill, games, wins, sigma)

    rows = [row(*r) for r in ranked]
    me = None if mine is None else row(*mine)
    return Page(game, period, page, pages, total, rows, me)


def has_rated_matches(db: sqlite_utils.Database, guild_id: int, game: str | None = None) -> bool:
    """Whether this server has any rating at all (for the game, if given)."""
    params: list[Any]
    if game is None:
        sql, params = "SELECT 1 FROM ratings WHERE guild_id = ? LIMIT 1", [guild_id]
    else:
        sql = "SELECT 1 FROM ratings WHERE guild_id = ? AND game = ? LIMIT 1"
        params = [guild_id, game]
    return db.execute(sql, params).fetchone() is not None
