"""Reading stored matches back: one match's result table (``match_result``), a player's
history (``history``) and a seat's totals per game (``game_figures``), the forms ``/history``,
``/stats`` and the result buttons show. ``data.results`` writes what is read here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlite_utils


@dataclass(frozen=True)
class SeatResult:
    """One row of a match's result table."""

    seat: str
    name: str
    user_id: int | None
    bot: str | None
    afk_played: bool
    place: int
    score: float | None
    won: bool
    figures: dict[str, Any]


@dataclass(frozen=True)
class MatchResult:
    """A stored match with its seats in place order."""

    id: int
    table_id: str
    guild_id: int | None
    game: str
    options: dict[str, Any]
    started_at: float
    ended_at: float
    rated: bool
    seats: list[SeatResult]


def match_result(db: sqlite_utils.Database, match_id: int) -> MatchResult | None:
    """The match and its result table, or None if there is no such match."""
    rows = list(db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
    if not rows:
        return None
    m = rows[0]
    seats = [
        SeatResult(
            seat=r["seat"],
            name=r["name"],
            user_id=r["user_id"],
            bot=r["bot"],
            afk_played=bool(r["afk_played"]),
            place=r["place"],
            score=r["score"],
            won=bool(r["won"]),
            figures=json.loads(r["figures"] or "{}"),
        )
        for r in db.query(
            "SELECT * FROM results WHERE match_id = ? ORDER BY place, seat_index", [match_id]
        )
    ]
    return MatchResult(
        id=m["id"],
        table_id=m["table_id"],
        guild_id=m["guild_id"],
        game=m["game"],
        options=json.loads(m["options"] or "{}"),
        started_at=m["started_at"],
        ended_at=m["ended_at"],
        rated=bool(m["rated"]),
        seats=seats,
    )


@dataclass(frozen=True)
class HistoryEntry:
    """One of a user's matches, as /history lists it."""

    match_id: int
    game: str
    ended_at: float
    place: int
    seat_count: int
    won: bool
    rated: bool
    #: the table the match was played at (its replay is found by it)
    table_id: str = ""


def history(
    db: sqlite_utils.Database, guild_id: int, user_id: int, limit: int = 10
) -> list[HistoryEntry]:
    """A user's last ``limit`` matches in a server, newest first."""
    return [
        HistoryEntry(
            match_id=r["match_id"],
            game=r["game"],
            ended_at=r["ended_at"],
            place=r["place"],
            seat_count=r["seat_count"],
            won=bool(r["won"]),
            rated=bool(r["rated"]),
            table_id=str(r["table_id"]),
        )
        for r in db.query(
            "SELECT r.match_id, r.game, r.ended_at, r.place, r.won, m.seat_count, m.rated,"
            " m.table_id"
            " FROM results r JOIN matches m ON m.id = r.match_id"
            " WHERE r.guild_id = ? AND r.user_id = ?"
            " ORDER BY r.ended_at DESC, r.match_id DESC LIMIT ?",
            [guild_id, user_id, limit],
        )
    ]


@dataclass(frozen=True)
class GameFigures:
    """A user's totals for one game in one server, for /stats."""

    game: str
    played: int
    won: int
    rated: int
    best_place: int | None
    figures: dict[str, float]


def _add_figures(total: dict[str, float], figures: Mapping[str, Any], prefix: str = "") -> None:
    """Sum numeric figures; nested dicts (e.g. Mao penalties by call) flatten to "a: b"."""
    for key, value in figures.items():
        name = f"{prefix}{key}"
        if isinstance(value, bool):
            total[name] = total.get(name, 0) + int(value)
        elif isinstance(value, int | float):
            total[name] = total.get(name, 0) + value
        elif isinstance(value, Mapping):
            _add_figures(total, value, prefix=f"{name}: ")


def game_figures(
    db: sqlite_utils.Database, guild_id: int, user_id: int, game: str | None = None
) -> list[GameFigures]:
    """Per game the user has played in this server: counts and summed game figures."""
    by_game: dict[str, dict[str, Any]] = {}
    params: list[Any] = [guild_id, user_id]
    where = "guild_id = ? AND user_id = ?"
    if game:
        where += " AND game = ?"
        params.append(game)
    for r in db.query(
        f"SELECT game, place, won, rated, figures FROM results WHERE {where}"
        " ORDER BY game, ended_at",
        params,
    ):
        g = by_game.setdefault(
            r["game"], {"played": 0, "won": 0, "rated": 0, "best": None, "figures": {}}
        )
        g["played"] += 1
        g["won"] += r["won"]
        g["rated"] += r["rated"]
        g["best"] = r["place"] if g["best"] is None else min(g["best"], r["place"])
        _add_figures(g["figures"], json.loads(r["figures"] or "{}"))
    return [
        GameFigures(name, g["played"], g["won"], g["rated"], g["best"], g["figures"])
        for name, g in sorted(by_game.items())
    ]
