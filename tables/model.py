"""The in-memory picture of a table and its seats, as the service and the renderers see it.

A ``Table`` is owned by ``tables.service.TableService``: only the service changes it, under
the table's lock. Renderers read it (``game.observation``, seat names, status) to draw
messages, and never keep it past the call they got it in.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from engine import GAMES, Action, Game
from engine.bots import Bot
from engine.turns import is_timed, legal_by_seat, waiting_seats

#: Names given to bots, in order; a table never seats two bots with the same name.
BOT_NAMES = (
    "Ada",
    "Babbage",
    "Curie",
    "Dijkstra",
    "Euler",
    "Fermat",
    "Gauss",
    "Hopper",
    "Ishango",
    "Jacquard",
)

OPEN = ("lobby", "running")


@dataclass
class Seat:
    """One place at the table: a Discord user or a bot, under its engine seat name."""

    seat: str
    name: str
    user_id: int | None = None
    bot_kind: str | None = None
    #: a human who missed two turns in a row: a bot plays until they press "I'm back"
    away: bool = False
    #: a human who left or was removed mid-game: a bot plays their seat to the end
    left_game: bool = False
    #: a bot played at least one turn for this human
    afk_played: bool = False
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_closed: bool = False
    #: turns in a row a bot had to play for this human (not stored: a restart forgives)
    missed: int = 0

    @property
    def is_bot(self) -> bool:
        return self.bot_kind is not None

    @property
    def played_by_bot(self) -> bool:
        """Whether a bot makes this seat's moves right now."""
        return self.is_bot or self.away or self.left_game

    @property
    def label(self) -> str:
        """The seat's name as shown at the table, bots marked."""
        if self.is_bot:
            return f"🤖 {self.name} (bot)"
        if self.left_game:
            return f"{self.name} (left, bot playing)"
        if self.away:
            return f"{self.name} (away, bot playing)"
        return self.name

    def to_row(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "user_id": self.user_id,
            "bot_kind": self.bot_kind,
            "away": self.away,
            "left_game": self.left_game,
            "afk_played": self.afk_played,
            "dm_channel_id": self.dm_channel_id,
            "dm_message_id": self.dm_message_id,
            "dm_closed": self.dm_closed,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Seat:
        return cls(
            seat=row["seat"],
            name=row["name"],
            user_id=row["user_id"],
            bot_kind=row["bot_kind"],
            away=bool(row["away"]),
            left_game=bool(row["left_game"]),
            afk_played=bool(row["afk_played"]),
            dm_channel_id=row["dm_channel_id"],
            dm_message_id=row["dm_message_id"],
            dm_closed=bool(row["dm_closed"]),
        )


@dataclass(eq=False)
class Table:
    """A table: where it is, who sits at it, its game once started, and its timers' state."""

    id: int
    game_name: str
    options: dict[str, Any]
    seed: int
    guild_id: int | None = None
    channel_id: int | None = None
    parent_id: int | None = None
    message_id: int | None = None
    host_id: int | None = None
    status: str = "lobby"
    created_at: float = 0.0
    started_at: float | None = None
    ended_at: float | None = None
    end_reason: str | None = None
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    #: number of the last action-log row
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[str, Bot] = field(default_factory=dict)
    #: when each seat the game waits on began waiting (service clock)
    waiting_since: dict[str, float] = field(default_factory=dict)
    #: seats already warned during their current turn
    warned: set[str] = field(default_factory=set)
    #: bot-played seats asked to act out of turn, with the game version they were asked at
    asked: dict[str, Any] = field(default_factory=dict)
    #: out-of-turn bot moves since the last move play waited on (bounds them)
    out_of_turn: int = 0
    #: Mao: when the bots' pending reaction falls due (service clock), kept across changes
    #: so talk that never stops cannot put the bots' calls off for ever
    react_due: float | None = None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    @property
    def is_running(self) -> bool:
        return self.status == "running"

    @property
    def version(self) -> int:
        return 0 if self.game is None else self.game.version

    @property
    def game_class(self) -> type[Game]:
        """The game's class, whose capabilities the front-ends read (even in the lobby)."""
        return GAMES[self.game_name]

    def seat_of_user(self, user_id: int) -> Seat | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    def seat(self, key: str) -> Seat:
        for seat in self.seats:
            if seat.seat == key:
                return seat
        raise KeyError(key)

    def names(self) -> dict[str, str]:
        """Engine seat name -> name shown to people."""
        return {s.seat: s.name for s in self.seats}

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if not s.is_bot]

    def waiting(self, legal: dict[str, list[Action]] | None = None) -> list[str]:
        """Seats the game waits on now (``engine.turns.waiting_seats``): whoever's turn it is,
        every voter still to vote, every seat choosing to rebuy or leave; else every seat
        with a move. ``legal`` is ``legal_by_seat(game)`` when the caller has it already."""
        game = self.game
        if game is None or game.is_over or not self.is_running:
            return []
        if is_timed(game):
            # Mao: play waits on the turn alone, even while it has nothing to do (its clock
            # moves the game on), never on everyone who may play out of turn
            current = game.current_player()
            if current is not None:
                return [current]
        return waiting_seats(game, legal_by_seat(game) if legal is None else legal)

    def title(self) -> str:
        return f"{self.game_name.title()} table #{self.id}"
