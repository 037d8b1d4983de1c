"""The in-memory picture of a table and its seats, as the service and the renderers see it.

A ``Table`` is owned by ``tables.service.TableService``: only the service changes it, under
the table's lock. Renderers read it (``game.observation``, seat names, status) to draw
messages, and never keep it past the call they got it in.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass, field
from typing import Any

from engine import GAMES, Action, Game, game_title
from engine.driver import TableDriver, seat_token, waiting_for
from engine.words import N_, Translations

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

#: why a table ended, as the table service records it (``tables.lobby``, ``tables.play``,
#: ``tables.recovery``) in ``Table.end_reason``, in words marked for the catalogs
END_REASONS = {
    "everyone left": N_("everyone left"),
    "ended by the host": N_("ended by the host"),
    "the match is over": N_("the match is over"),
    "could not be recovered": N_("could not be recovered"),
}


#: the validity token of every seat of a game played in real time (``Table.token``)
LIVE_TOKEN = "live"


@dataclass(slots=True)
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

    def __post_init__(self) -> None:
        # the same few seat keys and bot names at every table: one copy of each
        self.seat = sys.intern(self.seat)
        self.name = sys.intern(self.name)

    @property
    def is_bot(self) -> bool:
        return self.bot_kind is not None

    def shown_name(self, tr: Translations, game_away: bool = False) -> str:
        """The seat's name as a table shows it (its message, its web page), in ``tr``'s
        words: a bot and a seat a bot plays for are marked, whether the table marked it away
        or its game did (``game_away``: ``engine.seat_facts.away``)."""
        if self.is_bot:
            return tr._(N_("🤖 {name} (bot)"), name=self.name)
        if self.left_game:
            return tr._(N_("{name} (left, bot playing)"), name=self.name)
        if self.away or game_away:
            return tr._(N_("{name} (away, bot playing)"), name=self.name)
        return self.name

    def stand_in(self, tr: Translations, game_away: bool = False) -> str | None:
        """What the seat's own hand (its DM, its web page) says while a bot plays it: its
        player left, or is away (marked by the table, or by its game: ``game_away``) and may
        come back with **I'm back**; None while its player plays it."""
        if self.left_game:
            return tr._(N_("You left: a bot plays your seat."))
        if self.away or game_away:
            return tr._(
                N_(
                    "You are marked away: a bot is playing for you. "
                    "Press **I'm back** to play again."
                )
            )
        return None

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

    def result_row(self) -> dict[str, Any]:
        """The seat as a result records it (``data.results``): who sat there, whether a bot
        did, and whether a bot ever played for the person."""
        return {
            "seat": self.seat,
            "name": self.name,
            "user_id": self.user_id,
            "bot": self.bot_kind,
            "afk_played": self.afk_played,
        }

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


@dataclass(eq=False, slots=True, weakref_slot=True)
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
    #: what everyone at the table reads is in this language (``i18n.LANGUAGES``)
    language: str = "en"
    #: the level of the bots the table seats: those opened with it, those added later without
    #: one of their own, and the stand-ins of its away humans (``tables.base.BOT_KINDS``)
    bot_level: str = "heuristic"
    #: the tournament that seated the table (``tables.tournaments``), which seats its players'
    #: next game itself: no rematch opens beside it
    tournament_id: int | None = None
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    #: number of the last action-log row
    seq: int = 0
    #: table-clock time of the last logged action (timed games resume their clock there)
    last_at: float = 0.0
    #: moves each seat has made (its rows in the action log): part of its validity token
    acted: dict[str, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the table's driver (``engine.driver``): its bots, who waits since when, reactions
    driver: TableDriver | None = None
    #: a move was applied but its commit failed and the log could not be read back either
    #: (the database is away): the game is rebuilt from the log before anything else
    stale: bool = False
    #: each seat's token as last worked out, with the game version and move count it is for
    tokens_known: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    #: what each human seat's hand showed as of the last change (``tables.changes``): its
    #: token, whose turn it was and its cards
    hands_shown: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    #: how many changes have asked each human seat's hand to be drawn again (a renderer
    #: that remembers the count it drew redraws exactly the hands a change named)
    redraws: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: dict[str, Any], seats: list[dict[str, Any]]) -> Table:
        """The table as storage keeps it (its row and its seats' rows), without its game:
        recovery and replays rebuild that from the action log."""
        table = cls(
            id=row["id"],
            game_name=row["game"],
            options=row["options"],
            seed=row["seed"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            parent_id=row["parent_id"],
            message_id=row["message_id"],
            host_id=row["host_id"],
            status=row["status"],
            created_at=row["created_at"],
            started_at=row["started_at"],
            ended_at=row.get("ended_at"),
            end_reason=row.get("end_reason"),
            language=row.get("language") or "en",
            bot_level=row.get("bot_level") or "heuristic",
            tournament_id=row.get("tournament_id"),
        )
        table.seats = [Seat.from_row(r) for r in seats]
        return table

    def redraw(self, seat: str) -> None:
        """Ask for ``seat``'s hand to be drawn again (``redraws``)."""
        self.redraws[seat] = self.redraws.get(seat, 0) + 1

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    @property
    def is_running(self) -> bool:
        return self.status == "running"

    def title(self, tr: Translations) -> str:
        """The table's name as its message and its page head it, in ``tr``'s words
        (``Presidente · mesa #5``)."""
        return tr._(N_("{game} · table #{id}"), game=tr._(game_title(self.game_name)), id=self.id)

    def end_words(self, tr: Translations) -> str:
        """Why the table ended, in ``tr``'s words ("encerrada pelo anfitrião")."""
        reason = self.end_reason
        if not reason:
            return tr._(N_("ended"))
        return tr._(END_REASONS[reason]) if reason in END_REASONS else reason

    def ended_line(self, tr: Translations) -> str:
        """A table that ended before its match did, as its message and page say it."""
        return tr._(N_("Table ended ({reason})."), reason=self.end_words(tr))

    @property
    def version(self) -> int:
        return 0 if self.game is None else self.game.version

    @property
    def game_class(self) -> type[Game]:
        """The game's class, whose capabilities the front-ends read (even in the lobby)."""
        return GAMES[self.game_name]

    def token(self, key: str, legal: list[Action] | None = None) -> str:
        """Seat ``key``'s validity token (``engine.driver.seat_token``): its buttons carry it,
        and a press is accepted while it is still the seat's current one. ``legal``: the
        seat's legal actions now, when the caller has them already.

        A game played in real time (``Game.timed``: Mao) has the one token ``LIVE_TOKEN``:
        any seat may act at any moment there, so a digest of the seat's choices would retire
        its buttons with every word it says; a press is judged by what it names instead (a
        card still held, ``Moves.act``), and the game judges the rest.

        A token is worked out once per game version and move count (the game changes only
        with its version), however many times the service and the renderers ask.
        """
        if self.game_class.timed:
            return LIVE_TOKEN
        acted = self.acted.get(key, 0)
        game = self.game
        if game is None or not self.is_running:
            return seat_token([], acted)
        known = self.tokens_known.get(key)
        if known is not None and known[0] == game.version and known[1] == acted:
            return known[2]
        token = seat_token(game.legal_actions(key) if legal is None else legal, acted)
        self.tokens_known[key] = (game.version, acted, token)
        return token

    def waits_on(self, key: str) -> bool:
        """Whether play waits on seat ``key`` (``waiting``), as its timers were last armed:
        every change re-arms them, so this is the state as it is, without asking the game."""
        return self.driver is not None and key in self.driver.waiting_since

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

    def last_player(self, seat: Seat) -> bool:
        """Whether ``seat``'s player is the last person still playing the game: their
        leaving ends it (nobody is left to play against bots), where another's hands the
        seat to a bot."""
        return all(s.left_game for s in self.humans() if s is not seat)

    def waiting(self, legal: dict[str, list[Action]] | None = None) -> list[str]:
        """Seats the game waits on now (``engine.turns.waiting_seats``): whoever's turn it is,
        every voter still to vote, every seat choosing to rebuy or leave; else every seat
        with a move. ``legal`` is ``legal_by_seat(game)`` when the caller has it already."""
        game = self.game
        if game is None or game.is_over or not self.is_running:
            return []
        return waiting_for(game, legal)
