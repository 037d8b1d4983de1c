"""Helpers for the results-side data tests: a fresh database (either backend) and finished
matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlite_utils

from data.db import open_database
from data.results import FinishedMatch, FinishedSeat

GUILD = 1000
DAY = 86400.0


def fresh_database(location: Path | str) -> sqlite_utils.Database:
    """A new database with every migration applied: a SQLite path or a PostgreSQL URL."""
    return open_database(location)


def finished(
    table_id: int,
    players: list[tuple[int | str, int]],
    *,
    game: str = "macao",
    guild_id: int | None = GUILD,
    ended_at: float = 1_700_000_000.0,
    afk: tuple[int, ...] = (),
    stats: dict[str, Any] | None = None,
    draw: bool = False,
) -> FinishedMatch:
    """A finished match; ``players`` are (user id, or a bot kind as a string, place)."""
    seats = []
    places = {}
    scores = {}
    for index, (who, place) in enumerate(players):
        name = f"s{index}"
        if isinstance(who, str):
            seats.append(FinishedSeat(name, bot=who))
        else:
            seats.append(FinishedSeat(name, user_id=who, afk_played=who in afk))
        places[name] = place
        scores[name] = (place - 1) * 100
    winners = [n for n, p in places.items() if p == 1]
    outcome = {"places": places, "scores": scores, "winners": winners, "draw": draw}
    if stats:
        outcome["stats"] = stats
    return FinishedMatch(
        table_id=table_id,
        game=game,
        guild_id=guild_id,
        seats=seats,
        outcome=outcome,
        options={"target": 500},
        started_at=ended_at - 600,
        ended_at=ended_at,
        channel_id=55,
    )
