"""The table service: lobbies, seats, turns, bots, timeouts, the action log and recovery.

Every change to a table happens under that table's ``asyncio.Lock`` (different tables never
wait for each other), is checked by the engine, and is committed to the action log before
the call returns, so whatever a cog says about an action is already on disk. Renderers
subscribe with ``add_listener``; they are called under the lock, after the commit, and must
only schedule their Discord work, never await it.

Timers, one keyed task each (``tables.scheduler``):

- ``("bot", table, seat)``: a bot, or a bot standing in for an away human, moves after
  ``bot_delay`` seconds.
- ``("afk", table, seat)``: a human who has not moved within ``turn_timeout`` is warned
  once; if they still have not moved ``turn_timeout / 2`` later, a bot plays that turn for
  them. After two such turns in a row the seat is marked away and the bot keeps playing it
  until the human presses "I'm back" (or plays a button). Nobody is removed for being slow.
- ``("tick", table)``: wakes the engine at ``game.next_deadline()`` for timed games.
- ``("react", table)``: a bot-played seat play is not waiting on acts out of turn (says "Mau"
  or "last card", completes four) ``bot_delay`` seconds after the change that offered it.
- ``("vote", table, seat)``: a human still to vote ``vote_timeout`` seconds after the vote
  opened is counted as voting to stop (LAST-9); no bot votes for them.

Who play waits on is ``Table.waiting`` (``engine.turns``): the turn, or every seat offered
its own decision (a vote, rebuy or leave). Bot-played seats are asked to act out of turn once
per game version, in seat order, and always before a move play waits on is carried out (a
human's press, a bot's timer, a stand-in), so a bot's "Mau" is never late; at most
``MAX_OUT_OF_TURN`` such moves in a row. Their moves are logged like any other, so recovery
replays them.

Mao, judged by its own clock, is asked the same way with three differences: its bots react
only through the ``("react", table)`` timer, one move ``bot_delay`` after the first change
they have not been asked about (never at once before someone's move, which would beat any
human to a call), timed like any move at the table clock; a stand-in never spends an away
human's new rule; and a bot whose turn it is moves ``bot_delay`` after its turn came to it,
however much others say meanwhile, so bots' calls never cost it the five-second rule.
During a Point of Order a bot does only what it chooses (``MaoBot.react`` waits).

When a match ends the service calls every match-finished hook with a ``MatchFinished``
record (the results module stores it).

Recovery (``recover``) rebuilds every unfinished table from its seed and action log, checks
the game version against the log, and re-arms the timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from data import store
from engine import GAMES, Action, Event, IllegalAction, new_game, parse_action
from engine.bots import make_bot
from engine.cards import Card
from engine.turns import MAX_OUT_OF_TURN, is_timed, legal_by_seat, next_reaction, unasked
from tables import mao_rulings
from tables.clock import Clock
from tables.errors import (
    AlreadySeated,
    BadOptions,
    CardNotHeld,
    GameRunning,
    Illegal,
    NoTable,
    NotHost,
    NotSeated,
    NotStarted,
    NotYourTurn,
    StaleView,
    TableBusy,
    TableEnded,
    TableError,
    TableExists,
    TableFull,
)
from tables.mao_clock import LAG_ALLOWANCE, away_in_game, bot_wait
from tables.model import BOT_NAMES, Seat, Table
from tables.scheduler import Scheduler

log = logging.getLogger(__name__)

#: Seconds to wait for a busy table before refusing (inside Discord's 3-second window).
LOCK_WAIT = 2.0
#: Moves a stand-in bot may make to finish one turn for an absent human.
MAX_STAND_IN_MOVES = 20
#: Turns in a row a bot plays for a human before the seat is marked away.
MISSES_BEFORE_AWAY = 2
BOT_KINDS = ("heuristic", "random")


@dataclass(frozen=True)
class MatchFinished:
    """What the match-finished hook receives when a match ends on its own."""

    table_id: int
    game: str
    guild_id: int | None
    #: in seating order: {"seat", "name", "user_id", "bot", "afk_played"}; ``bot`` is the
    #: kind of a seat a bot held from the start, None for a human (``data.results`` form)
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    started_at: float
    ended_at: float
    outcome: dict[str, Any]
    channel_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The plain-dict form ``data.results.record_match`` accepts."""
        return dataclasses.asdict(self)


class TableListener:
    """Renderer interface: override what you draw. Called under the table's lock."""

    async def lobby_changed(self, table: Table) -> None:
        """Seats or host changed before the start."""

    async def game_changed(self, table: Table, events: list[Event]) -> None:
        """The game started or moved on; ``events`` are the public events of this change."""

    async def turn_warning(self, table: Table, seat: Seat) -> None:
        """``seat`` has let its turn time out once: tell them a bot will play soon."""

    async def seat_away(self, table: Table, seat: Seat) -> None:
        """``seat`` missed two turns in a row and is now played by a bot."""

    async def seat_back(self, table: Table, seat: Seat) -> None:
        """``seat`` pressed "I'm back"."""

    async def table_closed(self, table: Table) -> None:
        """The match finished or the table was ended; ``table.status`` says which."""


MatchHook = Callable[[MatchFinished], Awaitable[None] | None]


def parse_option_text(game: str, text: str | None) -> dict[str, Any]:
    """``target=300 twos_stack=true`` -> ``{"target": 300, "twos_stack": True}``, unchecked.

    Raise ``BadOptions`` naming the game's options when a word is not ``name=value``.
    """
    cls = _game_class(game)
    raw: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise BadOptions(
                f"Write options as name=value separated by spaces; {word!r} is not. "
                f"{cls.name.title()} options: {_known(cls)}."
            )
        raw[key.strip().lower()] = _parse_value(value.strip())
    return raw


def parse_options(game: str, text: str | dict[str, Any] | None) -> dict[str, Any]:
    """Options for ``game`` from option text (or a dict), checked by the game, defaults filled.

    Raise ``BadOptions`` with a sentence naming the game's options when anything is off.
    """
    cls = _game_class(game)
    raw = dict(text) if isinstance(text, dict) else parse_option_text(game, text)
    try:
        return cls.check_options(raw)
    except ValueError as exc:
        raise BadOptions(
            f"{_sentence(str(exc))} {cls.name.title()} options: {_known(cls)}."
        ) from exc


def _game_class(game: str) -> Any:
    cls = GAMES.get(game)
    if cls is None:
        raise BadOptions(f"There is no game called {game!r}.")
    return cls


def _known(cls: Any) -> str:
    return ", ".join(f"{k}={_format_value(v)}" for k, v in cls.defaults.items()) or "none"


def _parse_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    with contextlib.suppress(ValueError):
        return int(text)
    return text


def _format_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "That is not allowed."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _stop_vote(legal: list[Action]) -> Action | None:
    """The ``vote stop`` among ``legal``, if the seat is voting."""
    return next(
        (a for a in legal if a.kind == "vote" and getattr(a, "choice", None) == "stop"), None
    )


def _action_cards(action: Action) -> list[str]:
    data = action.to_dict()
    found = list(data.get("cards") or [])
    if data.get("card"):
        found.append(data["card"])
    return found


class TableService:
    """Owns every open table; see the module docstring."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        *,
        bot_delay: float = 1.5,
        turn_timeout: float = 60.0,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        vote_timeout: float = 30.0,
    ) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.vote_timeout = vote_timeout
        self.clock = clock or Clock()
        self.scheduler = Scheduler(self.clock)
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.tables: dict[int, Table] = {}
        self.listeners: list[TableListener] = []
        self.match_hooks: list[MatchHook] = []

    # --- subscriptions ----------------------------------------------------------------------
    def add_listener(self, listener: TableListener) -> None:
        self.listeners.append(listener)

    def add_match_finished_hook(self, hook: MatchHook) -> None:
        """``hook(MatchFinished)`` (sync or async) runs once for each match that ends."""
        self.match_hooks.append(hook)

    async def _notify(self, method: str, *args: Any) -> None:
        for listener in self.listeners:
            try:
                await getattr(listener, method)(*args)
            except Exception:
                log.exception("listener %s.%s failed", type(listener).__name__, method)

    # --- lookups ----------------------------------------------------------------------------
    def get(self, table_id: int) -> Table:
        """The open (or just closed, still in memory) table ``table_id``."""
        table = self.tables.get(table_id)
        if table is None:
            row = store.get_table(self.db, table_id)
            if row is None:
                raise NoTable("That table does not exist.")
            raise TableEnded()
        return table

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table in this channel or thread, if any."""
        for table in self.tables.values():
            if table.channel_id == channel_id and table.is_open:
                return table
        return None

    def tables_of_user(self, user_id: int) -> list[Table]:
        """Open tables where ``user_id`` holds a seat."""
        return [
            t for t in self.tables.values() if t.is_open and t.seat_of_user(user_id) is not None
        ]

    def open_tables(self) -> list[Table]:
        return [t for t in self.tables.values() if t.is_open]

    @contextlib.asynccontextmanager
    async def locked(self, table: Table) -> AsyncIterator[Table]:
        """Hold ``table``'s lock; refuse with ``TableBusy`` rather than outwait Discord."""
        try:
            await asyncio.wait_for(table.lock.acquire(), LOCK_WAIT)
        except TimeoutError as exc:
            raise TableBusy() from exc
        try:
            yield table
        finally:
            table.lock.release()

    # --- the lobby --------------------------------------------------------------------------
    async def open_table(
        self,
        *,
        game: str,
        host_id: int | None,
        host_name: str = "",
        guild_id: int | None = None,
        channel_id: int | None = None,
        parent_id: int | None = None,
        options: str | dict[str, Any] | None = None,
        bots: int = 0,
        bot_kind: str = "heuristic",
        seat_host: bool = True,
    ) -> Table:
        """Open a lobby in ``channel_id`` (one open table per channel or thread)."""
        checked = parse_options(game, options)
        cls = GAMES[game]
        if bot_kind not in BOT_KINDS:
            raise BadOptions(f"Bots are {' or '.join(BOT_KINDS)}, not {bot_kind!r}.")
        wanted = bots + (1 if seat_host else 0)
        if bots < 0 or wanted > cls.max_seats:
            raise BadOptions(f"{cls.name.title()} seats at most {cls.max_seats} players.")
        if channel_id is not None and self.in_channel(channel_id) is not None:
            raise TableExists()
        now = self.clock.now()
        seed = self.seeds()
        table_id = store.create_table(
            self.db,
            guild_id=guild_id,
            channel_id=channel_id,
            parent_id=parent_id,
            host_id=host_id,
            game=game,
            options=checked,
            seed=seed,
            created_at=now,
        )
        table = Table(
            id=table_id,
            game_name=game,
            options=checked,
            seed=seed,
            guild_id=guild_id,
            channel_id=channel_id,
            parent_id=parent_id,
            host_id=host_id,
            created_at=now,
        )
        if seat_host and host_id is not None:
            table.seats.append(
                Seat(seat=str(host_id), name=host_name or str(host_id), user_id=host_id)
            )
        for _ in range(bots):
            table.seats.append(self._new_bot_seat(table, bot_kind))
        store.save_seats(self.db, table.id, [s.to_row() for s in table.seats])
        self.tables[table.id] = table
        return table

    async def set_place(
        self, table_id: int, *, channel_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Record where the table lives (its thread and its table message)."""
        table = self.get(table_id)
        fields: dict[str, Any] = {}
        if channel_id is not None:
            if self.in_channel(channel_id) not in (None, table):
                raise TableExists()
            table.channel_id = fields["channel_id"] = channel_id
        if message_id is not None:
            table.message_id = fields["message_id"] = message_id
        if fields:
            store.update_table(self.db, table.id, **fields)

    def set_seat_dm(self, table: Table, seat: Seat, **fields: Any) -> None:
        """Record where a seat's hand DM lives, or that their DMs are closed."""
        for key, value in fields.items():
            if key not in ("dm_channel_id", "dm_message_id", "dm_closed"):
                raise ValueError(key)
            setattr(seat, key, value)
        store.update_seat(self.db, table.id, seat.seat, **fields)

    def _new_bot_seat(self, table: Table, kind: str) -> Seat:
        used = {s.seat for s in table.seats}
        names = {s.name for s in table.seats}
        number = next(n for n in range(1, 100) if f"bot{n}" not in used)
        name = next((n for n in BOT_NAMES if n not in names), f"Bot {number}")
        return Seat(seat=f"bot{number}", name=name, bot_kind=kind)

    def _lobby(self, table: Table) -> None:
        if table.status == "running":
            raise GameRunning()
        if not table.is_open:
            raise TableEnded()

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = self.get(table_id)
        async with self.locked(table):
            self._lobby(table)
            if table.seat_of_user(user_id) is not None:
                raise AlreadySeated()
            limit = GAMES[table.game_name].max_seats
            if len(table.seats) >= limit:
                raise TableFull(limit)
            table.seats.append(Seat(seat=str(user_id), name=name or str(user_id), user_id=user_id))
            self._save_seats(table)
            await self._notify("lobby_changed", table)
        return table

    async def add_bot(self, table_id: int, user_id: int, kind: str = "heuristic") -> Seat:
        table = self.get(table_id)
        async with self.locked(table):
            self._lobby(table)
            if user_id != table.host_id and table.seat_of_user(user_id) is None:
                raise NotSeated("Only players at this table can add bots.")
            if kind not in BOT_KINDS:
                raise BadOptions(f"Bots are {' or '.join(BOT_KINDS)}, not {kind!r}.")
            limit = GAMES[table.game_name].max_seats
            if len(table.seats) >= limit:
                raise TableFull(limit)
            seat = self._new_bot_seat(table, kind)
            table.seats.append(seat)
            self._save_seats(table)
            await self._notify("lobby_changed", table)
        return seat

    async def start(self, table_id: int, user_id: int) -> Table:
        table = self.get(table_id)
        async with self.locked(table):
            self._lobby(table)
            if user_id != table.host_id:
                raise NotHost("Only the host can start the game.")
            cls = GAMES[table.game_name]
            if len(table.seats) < cls.min_seats:
                raise TableError(
                    f"{cls.name.title()} needs at least {cls.min_seats} players; "
                    "let someone join or add a bot."
                )
            table.game = new_game(
                table.game_name,
                [s.seat for s in table.seats],
                seed=table.seed,
                options=table.options,
            )
            table.status = "running"
            table.started_at = self.clock.now()
            store.update_table(self.db, table.id, status="running", started_at=table.started_at)
            self._make_bots(table)
            await self._after_change(table, list(table.game.events))
        return table

    def _make_bots(self, table: Table) -> None:
        for position, seat in enumerate(table.seats):
            kind = seat.bot_kind or "heuristic"
            table.bots[seat.seat] = self._bot(kind, table.game_name, table.seed + position)

    @staticmethod
    def _bot(kind: str, game: str, seed: int) -> Any:
        try:
            return make_bot(kind, game, seed)
        except ValueError:
            return make_bot("random", game, seed)

    @staticmethod
    def _open_seat(table: Table, user_id: int) -> Seat:
        """The user's seat at a table still open; TableEnded or NotSeated otherwise."""
        if not table.is_open:
            raise TableEnded()
        seat = table.seat_of_user(user_id)
        if seat is None or seat.left_game:
            raise NotSeated()
        return seat

    def _save_seats(self, table: Table) -> None:
        store.save_seats(self.db, table.id, [s.to_row() for s in table.seats])

    # --- leaving, kicking, ending --------------------------------------------------------------
    async def leave(self, table_id: int, user_id: int) -> Table:
        """Stand up: in the lobby the seat goes; in a game a bot plays it to the end."""
        table = self.get(table_id)
        async with self.locked(table):
            seat = self._open_seat(table, user_id)
            await self._remove(table, seat)
        return table

    async def kick(self, table_id: int, by_user: int, user_id: int, manager: bool = False) -> Seat:
        """The host (or someone who manages the server) removes ``user_id``'s seat."""
        table = self.get(table_id)
        async with self.locked(table):
            if not table.is_open:
                raise TableEnded()
            if by_user != table.host_id and not manager:
                raise NotHost("Only the host or a server manager can remove a player.")
            seat = table.seat_of_user(user_id)
            if seat is None or seat.left_game:
                raise NotSeated("That player is not seated at this table.")
            await self._remove(table, seat)
        return seat

    async def _remove(self, table: Table, seat: Seat) -> None:
        if table.status == "lobby":
            table.seats.remove(seat)
            if seat.user_id == table.host_id:
                others = [s for s in table.seats if not s.is_bot]
                table.host_id = others[0].user_id if others else None
                store.update_table(self.db, table.id, host_id=table.host_id)
            self._save_seats(table)
            if table.host_id is None:
                await self._close(table, "ended", "everyone left")
                return
            await self._notify("lobby_changed", table)
            return
        seat.left_game = True
        store.update_seat(self.db, table.id, seat.seat, left_game=True)
        humans = table.humans()
        if humans and all(s.left_game for s in humans):
            await self._close(table, "ended", "everyone left")
            return
        await self._notify("game_changed", table, [])
        self._arm(table)

    async def end(self, table_id: int, by_user: int, manager: bool = False) -> Table:
        table = self.get(table_id)
        async with self.locked(table):
            if not table.is_open:
                raise TableEnded()
            if by_user != table.host_id and not manager:
                raise NotHost("Only the host or a server manager can end the table.")
            await self._close(table, "ended", "ended by the host")
        return table

    async def _close(self, table: Table, status: str, reason: str) -> None:
        table.status = status
        table.end_reason = reason
        table.ended_at = self.clock.now()
        store.update_table(
            self.db, table.id, status=status, end_reason=reason, ended_at=table.ended_at
        )
        self._disarm(table)
        table.waiting_since.clear()
        # closed tables leave memory; their rows stay, and ``get`` answers TableEnded
        self.tables.pop(table.id, None)
        await self._notify("table_closed", table)

    # --- playing ----------------------------------------------------------------------------
    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action | str | dict[str, Any],
        version: int | None = None,
    ) -> list[Event]:
        """A human's move, from a button carrying the game ``version`` it was drawn at.

        Refusals, in the order they are checked: the table ended, the game has not started,
        not seated, not this seat's turn, a card no longer held or any other out-of-date
        button (``version`` is old), then whatever the engine refuses.
        """
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise Illegal(_sentence(str(exc))) from exc
        table = self.get(table_id)
        async with self.locked(table):
            if not table.is_open:
                raise TableEnded()
            if table.game is None:
                raise NotStarted()
            seat = table.seat_of_user(user_id)
            if seat is None:
                raise NotSeated()
            if seat.left_game:
                raise NotSeated("You have left this table.")
            game = table.game
            if not game.legal_actions(seat.seat):
                current = game.current_player()
                raise NotYourTurn(table.names().get(current) if current else None)
            if version is not None and version != game.version:
                held = set(game.observation(seat.seat).get("hand") or [])
                for text in _action_cards(action):
                    if text not in held:
                        raise CardNotHeld(Card.parse(text).display())
                raise StaleView()
            due = seat.seat in table.waiting()
            # bots speak up before a move play waits on (a "Mau", completing four)
            reacted = due and await self._react_first(table)
            if reacted and not table.is_running:
                raise TableEnded()
            try:
                events = self._apply(table, seat, action, by="human")
            except IllegalAction as exc:
                if reacted:  # the press was overtaken by a bot's move
                    raise StaleView() from exc
                raise Illegal(_sentence(exc.reason)) from exc
            if due:
                table.out_of_turn = 0
            seat.missed = 0
            if seat.away:
                await self._set_back(table, seat)
            await self._after_change(table, events)
        return events

    async def back(self, table_id: int, user_id: int) -> bool:
        """ "I'm back": a bot stops playing this human's seat. False if it was not away."""
        table = self.get(table_id)
        async with self.locked(table):
            seat = self._open_seat(table, user_id)
            if not seat.away:
                return False
            await self._set_back(table, seat)
            self._arm(table)
        return True

    async def say(self, table_id: int, user_id: int, action: Action) -> list[Event]:
        """Speech at the table (Mao's chat cog): a seated player's ``Say``, judged by the engine.

        Unlike ``act`` it needs no turn, no legal move and no button version: anything a
        seated player says is heard. ``action.at`` should already carry the time it was said.
        """
        table = self.get(table_id)
        async with self.locked(table):
            if not table.is_open:
                raise TableEnded()
            if table.game is None:
                raise NotStarted()
            seat = table.seat_of_user(user_id)
            if seat is None or seat.left_game:
                raise NotSeated()
            try:
                events = self._apply(table, seat, action, by="human")
            except IllegalAction as exc:
                raise Illegal(_sentence(exc.reason)) from exc
            await self._after_change(table, events)
        return events

    def _bot_plays(self, table: Table, seat: Seat) -> bool:
        """A bot moves for this seat: a bot seat, an away or departed human, or a seat the
        game itself marks away (Mao's three timeouts in a row)."""
        return seat.played_by_bot or seat.seat in away_in_game(table.game)

    async def _set_back(self, table: Table, seat: Seat) -> None:
        seat.away = False
        seat.missed = 0
        table.waiting_since.pop(seat.seat, None)
        table.warned.discard(seat.seat)
        store.update_seat(self.db, table.id, seat.seat, away=False)
        await self._notify("seat_back", table, seat)

    def _apply(self, table: Table, seat: Seat, action: Action, by: str) -> list[Event]:
        """Apply, then commit to the log; on a failed commit rebuild the game from the log."""
        game = table.game
        assert game is not None and table.started_at is not None
        if action.at is None:
            action = action.stamped(round(self.clock.now() - table.started_at, 3))
        events = game.apply(seat.seat, action)
        try:
            store.append_action(
                self.db,
                table.id,
                table.seq + 1,
                seat=seat.seat,
                action=action.to_dict(),
                at=action.at,
                by=by,
                version=game.version,
                created_at=self.clock.now(),
            )
        except Exception:
            table.game = self._replay(table)
            raise
        table.seq += 1
        table.waiting_since.pop(seat.seat, None)
        table.warned.discard(seat.seat)
        return events

    async def _after_change(self, table: Table, events: list[Event]) -> None:
        game = table.game
        assert game is not None
        if game.is_over:
            table.status = "finished"
        await self._notify("game_changed", table, events)
        if game.is_over:
            await self._finish(table)
            return
        self._arm(table)

    async def _finish(self, table: Table) -> None:
        game = table.game
        assert game is not None
        await self._close(table, "finished", "the match is over")
        record = MatchFinished(
            table_id=table.id,
            game=table.game_name,
            guild_id=table.guild_id,
            seats=[
                {
                    "seat": s.seat,
                    "name": s.name,
                    "user_id": s.user_id,
                    "bot": s.bot_kind,
                    "afk_played": s.afk_played,
                }
                for s in table.seats
            ],
            options=dict(table.options),
            started_at=table.started_at or table.created_at,
            ended_at=table.ended_at or self.clock.now(),
            outcome=game.outcome(),
            channel_id=table.channel_id,
        )
        for hook in self.match_hooks:
            try:
                result = hook(record)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("match-finished hook %r failed for table %s", hook, table.id)

    # --- timers -----------------------------------------------------------------------------
    def _disarm(self, table: Table) -> None:
        self.scheduler.cancel_group(table.id)

    def _arm(self, table: Table) -> None:
        """Cancel the table's timers and set the ones its current state needs."""
        self._disarm(table)
        game = table.game
        if game is None or not table.is_running:
            return
        now = self.clock.now()
        legal = legal_by_seat(game)
        waiting = table.waiting(legal)
        if self._reactors(table, legal, waiting):
            # set first: at the same moment as a bot's move, the reaction comes first
            react_at = now + self.bot_delay
            if is_timed(game):
                react_at = table.react_due if table.react_due is not None else react_at
                table.react_due = react_at
            self.scheduler.schedule_at(
                ("react", table.id), react_at, self._react_timer(table, game.version)
            )
        else:
            table.react_due = None
        for key in list(table.waiting_since):
            if key not in waiting:
                del table.waiting_since[key]
                table.warned.discard(key)
        version = game.version
        for key in waiting:
            since = table.waiting_since.setdefault(key, now)
            seat = table.seat(key)
            if self._bot_plays(table, seat):
                started = table.started_at or now
                delay = bot_wait(game, now - started, self.bot_delay)
                move_at = now + delay
                if is_timed(game) and delay <= self.bot_delay:
                    # Mao: from when its turn came, not from the last word anyone said
                    move_at = max(since + delay, now)
                self.scheduler.schedule_at(
                    ("bot", table.id, key), move_at, self._bot_timer(table, key, version)
                )
            elif self.vote_timeout > 0 and _stop_vote(legal.get(key, [])) is not None:
                self.scheduler.schedule_at(
                    ("vote", table.id, key),
                    since + self.vote_timeout,
                    self._vote_timer(table, key, since),
                )
            elif self.turn_timeout > 0:
                delay = self.turn_timeout * (1.5 if key in table.warned else 1.0)
                self.scheduler.schedule_at(
                    ("afk", table.id, key), since + delay, self._afk_timer(table, key, since)
                )
        deadline = game.next_deadline()
        if deadline is not None and table.started_at is not None:
            # a message said just before the deadline may arrive just after it (mao_clock)
            self.scheduler.schedule_at(
                ("tick", table.id),
                table.started_at + deadline + LAG_ALLOWANCE,
                self._tick_timer(table),
            )

    def _bot_timer(self, table: Table, key: str, version: int) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running or game.version != version:
                    return
                seat = table.seat(key)
                if not self._bot_plays(table, seat) or not game.legal_actions(key):
                    return
                reacted = await self._react_first(table)
                if reacted:
                    return  # the table moved on: this bot is re-armed and looks again
                events = self._bot_move(table, seat, by="bot" if seat.is_bot else "afk")
                table.out_of_turn = 0
                if not seat.is_bot and not seat.afk_played:  # e.g. Mao's away: results note it
                    seat.afk_played = True
                    store.update_seat(self.db, table.id, seat.seat, afk_played=True)
                await self._after_change(table, events)

        return run

    def _bot_move(self, table: Table, seat: Seat, by: str) -> list[Event]:
        game = table.game
        assert game is not None
        bot = table.bots.get(seat.seat) or self._bot("heuristic", table.game_name, table.seed)
        action = bot.choose(game.observation(seat.seat), game.legal_actions(seat.seat))
        return self._apply(table, seat, action, by=by)

    def _afk_timer(self, table: Table, key: str, since: float) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running:
                    return
                if table.waiting_since.get(key) != since:
                    return
                seat = table.seat(key)
                if seat.played_by_bot:
                    return
                if key not in table.warned:
                    table.warned.add(key)
                    await self._notify("turn_warning", table, seat)
                    self._arm(table)
                    return
                await self._stand_in(table, seat)

        return run

    async def _stand_in(self, table: Table, seat: Seat) -> None:
        """A bot plays the rest of an absent human's turn; two such turns mark them away."""
        game = table.game
        assert game is not None
        if await self._react_first(table):
            return  # bots spoke up first; the timer, re-armed, comes back at once
        events: list[Event] = []
        for _ in range(MAX_STAND_IN_MOVES):
            if game.is_over or seat.seat not in table.waiting():
                break
            events.extend(self._bot_move(table, seat, by="afk"))
        table.out_of_turn = 0
        if not game.is_over and not is_timed(game):
            # the stand-in also says what the seat owes after its move ("Mau", "last card")
            events.extend(self._reactions(table, only=seat, until_quiet=False))
        seat.missed += 1
        went_away = seat.missed >= MISSES_BEFORE_AWAY
        if went_away:
            seat.away = True
        if not seat.afk_played or went_away:
            seat.afk_played = True
            store.update_seat(self.db, table.id, seat.seat, afk_played=True, away=seat.away)
        if went_away:
            await self._notify("seat_away", table, seat)
        await self._after_change(table, events)

    # --- out of turn -------------------------------------------------------------------------
    def _reacting_bots(self, table: Table) -> dict[str, Any]:
        """The bots of the seats a bot plays now, in seat order."""
        return {
            s.seat: table.bots[s.seat]
            for s in table.seats
            if s.seat in table.bots and self._bot_plays(table, s)
        }

    def _reactors(self, table: Table, legal: dict[str, list[Action]], waiting: list[str]) -> bool:
        """Whether a bot-played seat play is not waiting on is still to be asked to react."""
        game = table.game
        if game is None or table.out_of_turn >= MAX_OUT_OF_TURN:
            return False
        seats = list(self._reacting_bots(table))
        return bool(unasked(game, seats, table.asked, legal, waiting))

    def _reactions(
        self,
        table: Table,
        *,
        only: Seat | None = None,
        until_quiet: bool = True,
        timer: bool = False,
    ) -> list[Event]:
        """Bot-played seats act out of turn (``engine.turns.next_reaction``); their events.

        One move, or with ``until_quiet`` as many as come (each bot asked once per version,
        ``MAX_OUT_OF_TURN`` in a row at most). ``only`` asks that seat's bot alone (the
        stand-in for an absent human). A timed game (Mao) reacts only from the react
        ``timer``.
        """
        game = table.game
        assert game is not None
        events: list[Event] = []
        if is_timed(game) and not timer:
            return events
        while not game.is_over and table.out_of_turn < MAX_OUT_OF_TURN:
            legal = legal_by_seat(game)
            if only is None:
                bots = self._reacting_bots(table)
            else:
                bot = table.bots.get(only.seat) or self._bot(
                    "heuristic", table.game_name, table.seed
                )
                bots = {only.seat: bot}
            found = next_reaction(game, bots, table.asked, legal, table.waiting(legal))
            if found is None:
                break
            key, action = found
            seat = table.seat(key)
            if action.kind == "declare_rule" and not seat.is_bot:
                continue  # an away human's new rule is theirs to make (asked: no loop)
            events.extend(self._apply(table, seat, action, by="bot" if seat.is_bot else "afk"))
            table.out_of_turn += 1
            if not seat.is_bot and not seat.afk_played:
                seat.afk_played = True
                store.update_seat(self.db, table.id, seat.seat, afk_played=True)
            if not until_quiet:
                break
        return events

    async def _react_first(self, table: Table) -> bool:
        """Before a move play waits on: every bot that acts out of turn now does (rendered,
        timers re-armed). Whether any did."""
        events = self._reactions(table)
        if not events:
            return False
        await self._after_change(table, events)
        return True

    def _react_timer(self, table: Table, version: int) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running or game.version != version:
                    return
                table.react_due = None
                events = self._reactions(table, until_quiet=False, timer=True)
                if events:  # nobody reacting changes nothing: the other timers stand
                    await self._after_change(table, events)

        return run

    def _vote_timer(self, table: Table, key: str, since: float) -> Callable[[], Awaitable[None]]:
        """LAST-9: a human who has not voted in time is counted as voting to stop."""

        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running:
                    return
                if table.waiting_since.get(key) != since:
                    return
                seat = table.seat(key)
                stop = _stop_vote(game.legal_actions(key))
                if stop is None or self._bot_plays(table, seat):
                    return
                events = self._apply(table, seat, stop, by="timeout")
                await self._after_change(table, events)

        return run

    def _tick_timer(self, table: Table) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            async with table.lock:
                game = table.game
                if game is None or not table.is_running or table.started_at is None:
                    return
                now = round(self.clock.now() - table.started_at, 3)
                before = game.version
                events = game.tick(now)
                if game.version != before:
                    store.append_action(
                        self.db,
                        table.id,
                        table.seq + 1,
                        seat=None,
                        action={"kind": "tick", "now": now},
                        at=now,
                        by="clock",
                        version=game.version,
                        created_at=self.clock.now(),
                    )
                    table.seq += 1
                    table.out_of_turn = 0  # Mao's play waits on its clock: a new run of calls
                await self._after_change(table, events)

        return run

    # --- recovery ---------------------------------------------------------------------------
    def _replay(self, table: Table) -> Any:
        """The table's game rebuilt from its seed and action log."""
        game = new_game(
            table.game_name, [s.seat for s in table.seats], seed=table.seed, options=table.options
        )
        seq = 0
        for row in store.get_actions(self.db, table.id):
            action = row["action"]
            if action.get("kind") == "tick":
                game.tick(action["now"])
            elif row["seat"] is None:  # a moderator's decision (tables.mao_rulings)
                mao_rulings.replay_row(game, row)
            else:
                game.apply(row["seat"], action)
            if row["version"] is not None and game.version != row["version"]:
                raise RuntimeError(
                    f"table {table.id} replay diverged at seq {row['seq']}: "
                    f"version {game.version}, log says {row['version']}"
                )
            seq = row["seq"]
        table.seq = seq
        return game

    async def recover(self) -> list[Table]:
        """Reopen every unfinished table from storage and re-arm its timers."""
        recovered: list[Table] = []
        for row in store.unfinished_tables(self.db):
            if row["id"] in self.tables:
                continue
            table = Table(
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
            )
            table.seats = [Seat.from_row(r) for r in store.get_seats(self.db, table.id)]
            self.tables[table.id] = table
            if table.status == "running":
                try:
                    table.game = self._replay(table)
                except Exception:
                    log.exception("table %s could not be rebuilt; closing it", table.id)
                    await self._close(table, "ended", "could not be recovered")
                    continue
                self._make_bots(table)
                if table.game.is_over:
                    table.status = "finished"
                    await self._finish(table)
                    continue
                self._arm(table)
            recovered.append(table)
        return recovered

    async def close(self) -> None:
        """Stop every timer (the tables stay as stored)."""
        await self.scheduler.close()
