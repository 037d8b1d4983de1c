"""A tournament as a front-end may show it to anyone: a frozen view of its public side.

Its shape, status and round, the standings in order (names, points, wins, tables played,
an arena streak), and its tables (round, table id, players in place order, whether the
table is still playing). Nothing of any table's game is in it: a front-end that shows the
view to the public links to each table's own spectator page instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import N_
from tables.tournaments.event import OVER, Event

#: an event's format and status as its announcement and its page say them (``N_``-marked)
FORMAT = {"swiss": N_("Swiss"), "arena": N_("Arena")}
STATUS = {
    "open": N_("open: join with the button"),
    "running": N_("running"),
    "paused": N_("paused"),
    "finished": N_("finished"),
    "ended": N_("ended by the organiser"),
    "cancelled": N_("cancelled: fewer than two players had joined at its start time"),
}


@dataclass(frozen=True)
class StandingView:
    rank: int
    user_id: int
    name: str
    points: float
    wins: int
    played: int
    #: an arena player on a streak (wins count double)
    on_fire: bool


@dataclass(frozen=True)
class GameView:
    """One table of the event (or a bye): its players best place first once it ended."""

    round: int
    table_id: int | None
    names: tuple[str, ...]
    bye: bool
    #: every player at it has a place (or it ended without a result)
    done: bool
    #: it ended with a result (a finished match, which has a replay)
    result: bool


@dataclass(frozen=True)
class TournamentView:
    id: int
    guild_id: int
    game: str
    format: str
    status: str
    round: int
    rounds: int | None
    minutes: int | None
    seats: int
    bots: bool
    language: str
    standings: tuple[StandingView, ...]
    games: tuple[GameView, ...]

    @property
    def final(self) -> bool:
        return self.status in OVER


def view_of(event: Event) -> TournamentView:
    """The public view of ``event`` as it stands."""
    row = event.row
    standings = tuple(
        StandingView(
            rank=rank,
            user_id=s.user_id,
            name=event.name_of(s.user_id),
            points=s.points,
            wins=s.wins,
            played=s.played,
            on_fire=event.format == "arena" and s.on_fire,
        )
        for rank, s in enumerate(event.standings(), start=1)
    )
    games = []
    for game in event.games:
        places = game["places"]
        order = sorted(game["players"], key=lambda u: places.get(u) or 99)
        games.append(
            GameView(
                round=int(game["round"]),
                table_id=None if game["table_id"] is None else int(game["table_id"]),
                names=tuple(event.name_of(u) for u in order),
                bye=bool(game["bye"]),
                done=bool(game["bye"]) or len(places) >= len(game["players"]),
                result=any(int(p) > 0 for p in places.values()),
            )
        )
    return TournamentView(
        id=event.id,
        guild_id=int(row["guild_id"]),
        game=str(row["game"]),
        format=event.format,
        status=event.status,
        round=int(row["round"] or 0),
        rounds=None if row["rounds"] is None else int(row["rounds"]),
        minutes=None if row["minutes"] is None else int(row["minutes"]),
        seats=int(row["seats"]),
        bots=bool(row["bots"]),
        language=str(row["language"] or "en"),
        standings=standings,
        games=tuple(games),
    )
