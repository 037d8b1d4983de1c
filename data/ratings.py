"""Player ratings: openskill's Plackett-Luce model, kept per server and per game.

Only human seats are rated; bots never get a rating and are left out of the ranking
handed to the model, so beating a bot neither helps nor hurts. ``data.results`` decides
whether a match is rated (a server match with at least two humans) and calls
:func:`rate_match` inside its own transaction, so a result and the rating it caused are
stored together or not at all.

What players see is the conservative skill ``mu - 3 * sigma``: a newcomer starts at 0 and
climbs as the model grows sure of them. Every rated match also appends one row per rated
player to ``rating_history`` (the rating after that match), which /stats draws as a chart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import sqlite_utils
from openskill.models import PlackettLuce

MODEL = PlackettLuce()


def conservative(mu: float, sigma: float) -> float:
    """The skill shown to players: mu - 3 sigma (0 for a newcomer)."""
    return mu - 3 * sigma


def _create_tables(db: sqlite_utils.Database) -> None:
    db["ratings"].create(
        {
            "guild_id": int,
            "game": str,
            "user_id": int,
            "mu": float,
            "sigma": float,
            "skill": float,
            "games": int,
            "wins": int,
            "updated_at": float,
        },
        pk=("guild_id", "game", "user_id"),
    )
    # Every leaderboard is a walk down this index; ``updated_at`` (the end of the player's
    # last rated match) is in it so a period's board needs no table reads.
    db["ratings"].create_index(["guild_id", "game", "skill", "user_id", "updated_at"])
    db["rating_history"].create(
        {
            "guild_id": int,
            "game": str,
            "user_id": int,
            "match_id": int,
            "at": float,
            "mu": float,
            "sigma": float,
            "skill": float,
        },
        pk=("guild_id", "game", "user_id", "match_id"),
    )
    db["rating_history"].create_index(["guild_id", "user_id", "game", "match_id"])


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("ratings_001_ratings_and_history", _create_tables),
]


@dataclass(frozen=True)
class Rating:
    """A player's rating for one game in one server."""

    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def skill(self) -> float:
        return conservative(self.mu, self.sigma)


def get_rating(db: sqlite_utils.Database, guild_id: int, game: str, user_id: int) -> Rating | None:
    rows = db.execute(
        "SELECT mu, sigma, games, wins FROM ratings"
        " WHERE guild_id = ? AND game = ? AND user_id = ?",
        [guild_id, game, user_id],
    ).fetchall()
    if not rows:
        return None
    mu, sigma, games, wins = rows[0]
    return Rating(user_id, mu, sigma, games, wins)


def rate_match(
    db: sqlite_utils.Database,
    guild_id: int,
    game: str,
    match_id: int,
    at: float,
    humans: Iterable[tuple[int, int, bool]],
) -> dict[int, Rating]:
    """Update the ratings of the human seats of one match; -> the new rating per user.

    ``humans`` holds ``(user_id, place, won)``; place 1 is best and equal places are a tie.
    A user listed twice keeps their best place. Runs in the caller's transaction.
    """
    best: dict[int, tuple[int, bool]] = {}
    for user_id, place, won in humans:
        old = best.get(user_id)
        if old is None or place < old[0]:
            best[user_id] = (place, won or (old is not None and old[1]))
    if len(best) < 2:
        return {}
    users = list(best)
    before = {u: get_rating(db, guild_id, game, u) for u in users}
    teams = [
        [
            MODEL.rating()
            if before[u] is None
            else MODEL.create_rating([before[u].mu, before[u].sigma])
        ]
        for u in users
    ]
    rated = MODEL.rate(teams, ranks=[best[u][0] for u in users])
    after: dict[int, Rating] = {}
    for user_id, team in zip(users, rated, strict=True):
        prior = before[user_id]
        new = Rating(
            user_id,
            team[0].mu,
            team[0].sigma,
            (prior.games if prior else 0) + 1,
            (prior.wins if prior else 0) + int(best[user_id][1]),
        )
        after[user_id] = new
        db.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, skill, games, wins,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, skill = excluded.skill, games = excluded.games,"
            " wins = excluded.wins, updated_at = excluded.updated_at",
            [guild_id, game, user_id, new.mu, new.sigma, new.skill, new.games, new.wins, at],
        )
        db.execute(
            "INSERT INTO rating_history (guild_id, game, user_id, match_id, at, mu, sigma, skill)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [guild_id, game, user_id, match_id, at, new.mu, new.sigma, new.skill],
        )
    return after


@dataclass(frozen=True)
class HistoryPoint:
    at: float
    skill: float


def rating_history(
    db: sqlite_utils.Database, guild_id: int, user_id: int, game: str | None = None
) -> dict[str, list[HistoryPoint]]:
    """Conservative skill after each rated match, in the order they were rated, per game."""
    params: list[object] = [guild_id, user_id]
    where = "guild_id = ? AND user_id = ?"
    if game:
        where += " AND game = ?"
        params.append(game)
    out: dict[str, list[HistoryPoint]] = {}
    for g, at, skill in db.execute(
        f"SELECT game, at, skill FROM rating_history WHERE {where} ORDER BY game, match_id",
        params,
    ):
        out.setdefault(g, []).append(HistoryPoint(at, skill))
    return out
