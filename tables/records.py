"""What the results side shows: leaderboards, a match's result, a player's history, their
figures and ratings per game; read from storage (``data.leaderboard``, ``data.match_reads``,
``data.ratings``) for a front-end, as the frozen records storage returns.
"""

from __future__ import annotations

import sqlite_utils

from data.leaderboard import PAGE_SIZE, Page, Row, has_rated_matches, leaderboard
from data.match_reads import (
    GameFigures,
    HistoryEntry,
    MatchResult,
    SeatResult,
    game_figures,
    history,
    match_result,
)
from data.ratings import HistoryPoint, Rating, get_rating, rating_history

__all__ = [
    "PAGE_SIZE",
    "GameFigures",
    "HistoryEntry",
    "HistoryPoint",
    "MatchResult",
    "Page",
    "Rating",
    "Records",
    "Row",
    "SeatResult",
]


class Records:
    """The read side of finished matches, over one database."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    def leaderboard(
        self,
        guild_id: int,
        game: str,
        period: str = "all",
        page: int = 0,
        user_id: int | None = None,
    ) -> Page:
        """One page of a server's ranking for ``game`` over ``period`` (``data.leaderboard``)."""
        return leaderboard(self.db, guild_id, game, period, page, user_id)

    def has_rated_matches(self, guild_id: int, game: str | None = None) -> bool:
        """Whether this server has any rating at all (for the game, if given)."""
        return has_rated_matches(self.db, guild_id, game)

    def match_result(self, match_id: int) -> MatchResult | None:
        """The match and its result table, or None if there is no such match."""
        return match_result(self.db, match_id)

    def history(self, guild_id: int, user_id: int, limit: int = 10) -> list[HistoryEntry]:
        """A user's last ``limit`` matches in a server, newest first."""
        return history(self.db, guild_id, user_id, limit)

    def game_figures(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[GameFigures]:
        """Per game the user has played in this server: counts and summed figures."""
        return game_figures(self.db, guild_id, user_id, game)

    def rating(self, guild_id: int, game: str, user_id: int) -> Rating | None:
        """The user's rating for ``game`` in this server, if rated."""
        return get_rating(self.db, guild_id, game, user_id)

    def rating_history(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> dict[str, list[HistoryPoint]]:
        """Conservative skill after each rated match, per game."""
        return rating_history(self.db, guild_id, user_id, game)
