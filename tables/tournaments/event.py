"""A tournament as the tournament part reads it (``Event``), what a front-end hears of it
(``TournamentListener``), and what the part hears from the event's tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from tables.model import Seat, Table
from tables.notices import TableListener
from tables.tournaments.rules import Played, Standing, standings

#: an event in these states is over, its standings final: it ran its course, its organiser
#: ended it, or it was cancelled at its start time for want of players
OVER = ("finished", "ended", "cancelled")


@dataclass
class Event:
    """A tournament as stored: its row, its players and its tables so far."""

    row: dict[str, Any]
    players: list[dict[str, Any]]
    games: list[dict[str, Any]]

    @property
    def id(self) -> int:
        return int(self.row["id"])

    @property
    def format(self) -> str:
        return str(self.row["format"])

    @property
    def status(self) -> str:
        return str(self.row["status"])

    @property
    def active(self) -> list[int]:
        """Players still in the event, in joining order."""
        return [int(p["user_id"]) for p in self.players if not p["removed"]]

    def name_of(self, user_id: int) -> str:
        return next((p["name"] for p in self.players if p["user_id"] == user_id), str(user_id))

    def played(self) -> list[Played]:
        return [
            Played(
                g["round"],
                g["places"],
                tuple(g["players"]),
                g["bye"],
                g.get("seats") or 0,
                tuple(g.get("bot_places") or ()),
            )
            for g in self.games
        ]

    def standings(self) -> list[Standing]:
        return standings(self.format, self.active, self.played())

    def unfinished(self) -> list[dict[str, Any]]:
        return [g for g in self.games if not g["bye"] and len(g["places"]) < len(g["players"])]


class TournamentListener:
    """What a front-end draws; every method is awaited in order, and should be quick."""

    async def event_changed(self, event: Event) -> None:
        """Someone joined or left, or the status changed."""

    async def table_opened(self, event: Event, table: Table) -> None:
        """The event opened ``table`` (already started): give it a place and show it."""

    async def standings_changed(self, event: Event) -> None:
        """A table of the event ended; on a finished or ended event these are final."""

    async def tables_left(self, event: Event, tables: list[Table]) -> None:
        """The event is over while ``tables`` still play: they play on, counting for nothing
        in it."""


class _Part(Protocol):
    async def seat_away(self, table: Table, seat: Seat, away: bool) -> None: ...

    async def table_ended(self, table: Table) -> None: ...


class TablesHeard(TableListener):
    def __init__(self, part: _Part) -> None:
        self.part = part

    async def seat_away(self, table: Table, seat: Seat) -> None:
        await self.part.seat_away(table, seat, True)

    async def seat_back(self, table: Table, seat: Seat) -> None:
        await self.part.seat_away(table, seat, False)

    async def table_closed(self, table: Table) -> None:
        await self.part.table_ended(table)


def human_places(seats: list[dict[str, Any]], by_seat: dict[str, int]) -> dict[int, int]:
    """Each human's place from the engine's places by seat."""
    return {
        int(s["user_id"]): int(by_seat.get(s["seat"], 0))
        for s in seats
        if s.get("user_id") is not None
    }


def bot_places(seats: list[dict[str, Any]], by_seat: dict[str, int]) -> list[int]:
    """The places the table's bots took, from the engine's places by seat."""
    return [int(by_seat.get(s["seat"], 0)) for s in seats if s.get("user_id") is None]
