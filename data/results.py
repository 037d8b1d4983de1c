"""Finished matches and their per-seat results, and the hand-off from the table service.

The table service calls :func:`record_match` once when a match ends, with a
:class:`FinishedMatch`. It stores one ``matches`` row and one ``results`` row per seat, and,
in the same transaction, updates the server's ratings (``data.ratings``) when the match
counts for them. Recording the same table twice is harmless: the second call returns the
first match's id and changes nothing, so a replay after a crash cannot rate a match twice.

Per seat we keep who sat there (a Discord user id, or the bot kind for a bot seat), whether
the AFK bot finished the seat for its human, the place, the final score, and the game's own
figures (see :func:`seat_figures`: Macao points taken, Mau-Mau blow-ups and chips, President
presidencies and A-hole rounds, Last Card games won, Mao rounds won and penalties by call).
Reading them back (a result table, a history, a seat's totals) is ``data.match_reads``.

Choices recorded here:
- a seat "won" when it is among ``outcome["winners"]`` and the outcome is not a draw; a
  draw still gives every tied seat place 1;
- a seat missing from ``outcome["places"]`` gets place 1 if it is a winner, else the place
  after the last one given, so an engine that reports only winners still ranks everyone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlite_utils

from data import ratings
from engine import GAMES


@dataclass(frozen=True)
class FinishedSeat:
    """One seat of a finished match, as the table service knew it at the end.

    ``seat`` is the engine's seat name (the key in ``outcome``). A human seat has
    ``user_id``; a seat a bot held from the start has ``bot`` (its kind, e.g. "heuristic")
    and no user. A human seat that the AFK bot played for keeps its ``user_id`` and has
    ``afk_played=True``: it still counts as that human's result. ``name`` is what the table
    called the seat (a member's display name, a bot's name) for result tables.
    """

    seat: str
    user_id: int | None = None
    bot: str | None = None
    afk_played: bool = False
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.user_id is not None


@dataclass(frozen=True)
class FinishedMatch:
    """The "match finished" payload the table service hands to :func:`record_match`.

    ``started_at`` and ``ended_at`` are Unix seconds (a ``datetime`` is accepted too).
    ``outcome`` is the engine's ``game.outcome()`` unchanged. Seats are in seating order.
    """

    table_id: int | str
    game: str
    guild_id: int | None
    seats: list[FinishedSeat]
    outcome: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    started_at: float = 0.0
    ended_at: float = 0.0
    channel_id: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FinishedMatch:
        """Build from a plain dict with the same keys (seats as dicts or FinishedSeat)."""
        seats = [
            s if isinstance(s, FinishedSeat) else FinishedSeat(**dict(s)) for s in data["seats"]
        ]
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data and k != "seats"}
        return cls(seats=seats, **known)

    @property
    def human_user_ids(self) -> list[int]:
        """Distinct human users, in seating order."""
        seen: list[int] = []
        for s in self.seats:
            if s.user_id is not None and int(s.user_id) not in seen:
                seen.append(int(s.user_id))
        return seen

    @property
    def is_rated(self) -> bool:
        """Rated only in a server and with at least two human seats (bots never count)."""
        return self.guild_id is not None and len(self.human_user_ids) >= 2


# --- schema --------------------------------------------------------------------------------


def _create_tables(db: sqlite_utils.Database) -> None:
    db["matches"].create(
        {
            "id": int,
            "table_id": str,
            "guild_id": int,
            "channel_id": int,
            "game": str,
            "options": str,
            "started_at": float,
            "ended_at": float,
            "seat_count": int,
            "human_count": int,
            "rated": int,
            "outcome": str,
        },
        pk="id",
        not_null={"table_id", "game", "ended_at", "rated"},
    )
    db["matches"].create_index(["table_id"], unique=True)
    db["matches"].create_index(["guild_id", "game", "ended_at"])
    db["results"].create(
        {
            "match_id": int,
            "seat_index": int,
            "seat": str,
            "name": str,
            "user_id": int,
            "bot": str,
            "afk_played": int,
            "place": int,
            "score": float,
            "won": int,
            "figures": str,
            # Copied from the match so the leaderboard and history queries need no join.
            "guild_id": int,
            "game": str,
            "ended_at": float,
            "rated": int,
        },
        pk=("match_id", "seat_index"),
        foreign_keys=[("match_id", "matches", "id")],
    )
    # /history and /stats: one user's results in one server, newest first.
    db["results"].create_index(["guild_id", "user_id", "ended_at"])
    # A period's leaderboard counts the games and wins of the players it shows from here.
    db["results"].create_index(["guild_id", "game", "user_id", "ended_at", "rated", "won"])


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("results_001_matches_and_results", _create_tables),
]


# --- recording -----------------------------------------------------------------------------


def _seconds(value: float | datetime) -> float:
    return value.timestamp() if isinstance(value, datetime) else float(value)


def _places(finished: FinishedMatch) -> dict[str, int]:
    given = {str(k): int(v) for k, v in (finished.outcome.get("places") or {}).items()}
    winners = {str(w) for w in finished.outcome.get("winners") or []}
    after_last = max(given.values(), default=1 if winners else 0) + 1
    return {
        s.seat: given.get(s.seat, 1 if s.seat in winners else after_last) for s in finished.seats
    }


def seat_figures(
    game: str, outcome: Mapping[str, Any], seat: str, seats: list[str]
) -> dict[str, Any]:
    """The game's own figures for one seat, whichever shape the engine reports them in.

    ``outcome["stats"]`` may be keyed by seat (``{seat: {figure: value}}``, Mao) or by figure
    (``{figure: {seat: value}}``, Mau-Mau, President); a figure that is a list of seats
    counts as true for the seats in it, and a plain number (rounds played) applies to
    everyone. Last Card's games (``outcome["games"]``) become games played and won, and a
    score is the figure its game declares (``score_figure``: a Macao score is the points the
    seat took).
    """
    stats = outcome.get("stats") or {}
    if isinstance(stats.get(seat), Mapping):
        figures = dict(stats[seat])
    else:
        figures = {}
        for key, value in stats.items():
            if key in seats:
                continue
            if isinstance(value, Mapping):
                if seat in value:
                    figures[key] = value[seat]
            elif isinstance(value, list):
                figures[key] = seat in value
            elif isinstance(value, int | float) and not isinstance(value, bool):
                figures[key] = value
    games = outcome.get("games")
    if isinstance(games, list) and games and all(isinstance(g, Mapping) for g in games):
        places = [g.get("places", {}).get(seat) for g in games]
        figures["games_played"] = sum(p is not None for p in places)
        figures["games_won"] = sum(p == 1 for p in places)
    cls = GAMES.get(game)
    score_figure = cls.score_figure if cls is not None else None
    if score_figure and seat in (outcome.get("scores") or {}):
        figures[score_figure] = outcome["scores"][seat]
    return figures


def record_match(db: sqlite_utils.Database, finished: FinishedMatch | Mapping[str, Any]) -> int:
    """Store a finished match, its seats' results and (if rated) the new ratings; -> match id.

    Everything is written in one transaction. A table already recorded is not recorded
    again: its existing match id is returned.
    """
    if not isinstance(finished, FinishedMatch):
        finished = FinishedMatch.from_dict(finished)
    table_id = str(finished.table_id)
    outcome = finished.outcome
    places = _places(finished)
    scores = outcome.get("scores") or {}
    seat_names = [s.seat for s in finished.seats]
    winners = {str(w) for w in outcome.get("winners") or []}
    draw = bool(outcome.get("draw"))
    rated = finished.is_rated
    ended_at = _seconds(finished.ended_at)

    with db.atomic():
        existing = db.execute("SELECT id FROM matches WHERE table_id = ?", [table_id]).fetchone()
        if existing:
            return int(existing[0])
        inserted = db.execute(
            "INSERT INTO matches (table_id, guild_id, channel_id, game, options, started_at,"
            " ended_at, seat_count, human_count, rated, outcome)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            [
                table_id,
                finished.guild_id,
                finished.channel_id,
                finished.game,
                json.dumps(dict(finished.options), sort_keys=True),
                _seconds(finished.started_at),
                ended_at,
                len(finished.seats),
                len(finished.human_user_ids),
                int(rated),
                json.dumps(outcome, sort_keys=True, default=str),
            ],
        )
        match_id = int(inserted.fetchone()[0])
        db.conn.executemany(
            "INSERT INTO results (match_id, seat_index, seat, name, user_id, bot, afk_played,"
            " place, score, won, figures, guild_id, game, ended_at, rated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    match_id,
                    index,
                    seat.seat,
                    seat.name or seat.seat,
                    None if seat.user_id is None else int(seat.user_id),
                    None if seat.is_human else (seat.bot or "bot"),
                    int(seat.afk_played),
                    places[seat.seat],
                    scores.get(seat.seat),
                    int(seat.seat in winners and not draw),
                    json.dumps(
                        seat_figures(finished.game, outcome, seat.seat, seat_names),
                        sort_keys=True,
                        default=str,
                    ),
                    finished.guild_id,
                    finished.game,
                    ended_at,
                    int(rated and seat.is_human),
                )
                for index, seat in enumerate(finished.seats)
            ],
        )
        if rated:
            assert finished.guild_id is not None
            humans = [
                (int(s.user_id), places[s.seat], s.seat in winners and not draw)
                for s in finished.seats
                if s.user_id is not None
            ]
            ratings.rate_match(db, finished.guild_id, finished.game, match_id, ended_at, humans)
    return match_id


# --- reading -------------------------------------------------------------------------------


def recorded_outcome(db: sqlite_utils.Database, table_id: int | str) -> dict[str, Any] | None:
    """The outcome stored for the match recorded under ``table_id``, or None (Mao records
    each finished round as ``"<table>/<round>"`` and reads the last one back)."""
    row = db.execute("SELECT outcome FROM matches WHERE table_id = ?", [str(table_id)]).fetchone()
    return None if row is None else json.loads(row[0] or "{}")
