"""The lobby: opening a table, seats and bots, starting the game, leaving, kicking and
ending a table, and a rematch of one that has closed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import sqlite_utils

from data import store
from engine import GAMES, new_game
from engine.reasons import Reason
from i18n import LANGUAGES, N_
from tables.base import BOT_KINDS
from tables.changes import Changes
from tables.checks import open_seat
from tables.clock import Clock
from tables.closing import Closer
from tables.drivers import Drivers
from tables.errors import (
    AlreadySeated,
    BadOptions,
    GameRunning,
    NotHost,
    NotSeated,
    TableEnded,
    TableError,
    TableExists,
    TableFull,
)
from tables.game_options import parse_options
from tables.locks import TableLocks
from tables.model import BOT_NAMES, Seat, Table
from tables.notices import Notifier
from tables.open_tables import OpenTables
from tables.replays import stored_table

LANGUAGE_LIST = ", ".join(LANGUAGES)


class Rematch(NamedTuple):
    """A rematch's new lobby, and the other players of the table it follows, to be told."""

    table: Table
    invited: tuple[int, ...]


class Lobby:
    """Opening, seating, starting, leaving and ending tables."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        clock: Clock,
        seeds: Callable[[], int],
        open_tables: OpenTables,
        locks: TableLocks,
        notifier: Notifier,
        drivers: Drivers,
        changes: Changes,
        closer: Closer,
        arm: Callable[[Table], None],
    ) -> None:
        self.db = db
        self.clock = clock
        self.seeds = seeds
        self.open_tables = open_tables
        self.locks = locks
        self.notifier = notifier
        self.drivers = drivers
        self.changes = changes
        self.closer = closer
        #: re-arms a table's timers from its state (``Timers.arm``)
        self.arm = arm

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
        language: str = "en",
        tournament_id: int | None = None,
    ) -> Table:
        """Open a lobby in ``channel_id`` (one open table per channel or thread), speaking
        ``language`` (a game with a ``language`` option, Mao, hears and speaks it too);
        ``tournament_id`` names the tournament seating it."""
        checked = parse_options(game, options)
        cls = GAMES[game]
        if language not in LANGUAGES:
            raise BadOptions(N_("Choose a language from {languages}."), languages=LANGUAGE_LIST)
        if "language" in cls.defaults:
            checked = parse_options(game, {**checked, "language": language})
        if bot_kind not in BOT_KINDS:
            raise BadOptions(
                N_("Bots are {kinds}, not {kind}."),
                kinds=" / ".join(BOT_KINDS),
                kind=repr(bot_kind),
            )
        wanted = bots + (1 if seat_host else 0)
        if bots < 0 or wanted > cls.max_seats:
            raise BadOptions(
                N_("{game} seats at most {seats} players."),
                game=Reason(cls.title),  # said in the reader's language
                seats=cls.max_seats,
            )
        if channel_id is not None and self.open_tables.in_channel(channel_id) is not None:
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
            language=language,
            bot_level=bot_kind,
            tournament_id=tournament_id,
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
            language=language,
            bot_level=bot_kind,
            tournament_id=tournament_id,
        )
        if seat_host and host_id is not None:
            table.seats.append(
                Seat(seat=str(host_id), name=host_name or str(host_id), user_id=host_id)
            )
        for _ in range(bots):
            table.seats.append(self._new_bot_seat(table, bot_kind))
        store.save_seats(self.db, table.id, [s.to_row() for s in table.seats])
        self.open_tables.add(table)
        return table

    async def set_place(
        self, table_id: int, *, channel_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Record where the table lives (its thread and its table message)."""
        try:
            table = self.open_tables.get(table_id)
        except TableEnded:
            # a table of bots alone (a tournament's) can end before Discord has made its
            # thread: where it lived is still kept, for its history and its replay
            placed = {"channel_id": channel_id, "message_id": message_id}
            store.update_table(
                self.db, table_id, **{k: v for k, v in placed.items() if v is not None}
            )
            return
        fields: dict[str, Any] = {}
        if channel_id is not None:
            if self.open_tables.in_channel(channel_id) not in (None, table):
                raise TableExists()
            self.open_tables.move(table, channel_id)
            fields["channel_id"] = channel_id
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
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            self._lobby(table)
            if table.seat_of_user(user_id) is not None:
                raise AlreadySeated()
            limit = GAMES[table.game_name].max_seats
            if len(table.seats) >= limit:
                raise TableFull(limit)
            table.seats.append(Seat(seat=str(user_id), name=name or str(user_id), user_id=user_id))
            self._save_seats(table)
            self.notifier.tell(table, "lobby_changed")
        return table

    async def add_bot(self, table_id: int, user_id: int, kind: str | None = None) -> Seat:
        """Seat a bot of ``kind``; without one, of the table's level (``Table.bot_level``)."""
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            kind = table.bot_level if kind is None else kind
            self._lobby(table)
            if user_id != table.host_id and table.seat_of_user(user_id) is None:
                raise NotSeated(N_("Only players at this table can add bots."))
            if kind not in BOT_KINDS:
                raise BadOptions(
                    N_("Bots are {kinds}, not {kind}."),
                    kinds=" or ".join(BOT_KINDS),
                    kind=repr(kind),
                )
            limit = GAMES[table.game_name].max_seats
            if len(table.seats) >= limit:
                raise TableFull(limit)
            seat = self._new_bot_seat(table, kind)
            table.seats.append(seat)
            self._save_seats(table)
            self.notifier.tell(table, "lobby_changed")
        return seat

    async def start(self, table_id: int, user_id: int) -> Table:
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            self._lobby(table)
            if user_id != table.host_id:
                raise NotHost(N_("Only the host can start the game."))
            cls = GAMES[table.game_name]
            if len(table.seats) < cls.min_seats:
                raise TableError(
                    N_("{game} needs at least {count} players; let someone join or add a bot."),
                    game=Reason(cls.title),
                    count=cls.min_seats,
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
            self.drivers.make(table)
            await self.changes.after(table, list(table.game.events))
        return table

    def _save_seats(self, table: Table) -> None:
        store.save_seats(self.db, table.id, [s.to_row() for s in table.seats])

    # --- leaving, kicking, ending --------------------------------------------------------------
    async def leave(self, table_id: int, user_id: int) -> Table:
        """Stand up: in the lobby the seat goes; in a game a bot plays it to the end."""
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            seat = open_seat(table, user_id)
            self._remove(table, seat)
        return table

    async def kick(self, table_id: int, by_user: int, user_id: int, manager: bool = False) -> Seat:
        """The host (or someone who manages the server) removes ``user_id``'s seat."""
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            if not table.is_open:
                raise TableEnded()
            if by_user != table.host_id and not manager:
                raise NotHost(N_("Only the host or a server manager can remove a player."))
            seat = table.seat_of_user(user_id)
            if seat is None or seat.left_game:
                raise NotSeated(N_("That player is not seated at this table."))
            self._remove(table, seat)
        return seat

    def _remove(self, table: Table, seat: Seat) -> None:
        if table.status == "lobby":
            table.seats.remove(seat)
            if seat.user_id == table.host_id:
                others = [s for s in table.seats if not s.is_bot]
                table.host_id = others[0].user_id if others else None
                store.update_table(self.db, table.id, host_id=table.host_id)
            self._save_seats(table)
            if table.host_id is None:
                self.closer.close(table, "ended", "everyone left")
                return
            self.notifier.tell(table, "lobby_changed")
            return
        last = table.last_player(seat)
        seat.left_game = True
        store.update_seat(self.db, table.id, seat.seat, left_game=True)
        table.redraw(seat.seat)  # its hand says a bot plays it now
        if last:
            self.closer.close(table, "ended", "everyone left")
            return
        self.notifier.tell(table, "game_changed", [])
        self.arm(table)

    async def end(self, table_id: int, by_user: int, manager: bool = False) -> Table:
        table = self.open_tables.get(table_id)
        async with self.locks.locked(table):
            if not table.is_open:
                raise TableEnded()
            if by_user != table.host_id and not manager:
                raise NotHost(N_("Only the host or a server manager can end the table."))
            self.closer.close(table, "ended", "ended by the host")
        return table

    # --- a rematch -----------------------------------------------------------------------------
    async def rematch(self, table_id: int, user_id: int, name: str) -> Rematch:
        """A new lobby where closed table ``table_id`` played, as it was opened: its game,
        options, language, bot level and as many bots. Whoever asks hosts it: one of its
        players (seated again, under ``name``) or its host. Its thread holds one table at a
        time, so a rematch is refused while another table is open there."""
        old = stored_table(self.db, table_id)
        if old.is_open:
            raise TableError(N_("This table is still open: play it out first."))
        if old.tournament_id is not None:
            raise TableError(N_("A tournament seats its players' next game itself."))
        played = old.seat_of_user(user_id)
        if played is None and user_id != old.host_id:
            raise NotSeated(N_("Only the players of that table can ask for a rematch."))
        if old.channel_id is None or old.started_at is None:
            raise TableError(N_("That table never started: open a new one with /play."))
        table = await self.open_table(
            game=old.game_name,
            host_id=user_id,
            host_name=name or (played.name if played is not None else ""),
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            parent_id=old.parent_id,
            options=old.options,
            bots=sum(1 for s in old.seats if s.is_bot),
            bot_kind=old.bot_level,
            seat_host=played is not None,
            language=old.language,
        )
        # whoever follows the closed table (its web pages) follows it to the rematch
        self.notifier.tell(table, "rematch_opened", table_id)
        await self.notifier.deliver(table)
        others = (s.user_id for s in old.humans() if s.user_id not in (None, user_id))
        return Rematch(table, tuple(u for u in others if u is not None))
