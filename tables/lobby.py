"""The table service's lobby: opening a table, seats, bots, starting, leaving and ending.

Part of ``tables.service.TableService`` (a mixin; see that module for the whole picture).
"""

from __future__ import annotations

from typing import Any

from data import store
from engine import GAMES, new_game
from engine.bots import make_bot
from engine.driver import TableDriver
from i18n import LANGUAGES, N_
from tables import bot_runner
from tables.base import BOT_KINDS, ServiceState
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
from tables.mao_clock import bot_wait
from tables.model import BOT_NAMES, Seat, Table

LANGUAGE_LIST = ", ".join(LANGUAGES)


class LobbyMixin(ServiceState):
    """Opening, seating, starting, leaving and closing tables."""

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
    ) -> Table:
        """Open a lobby in ``channel_id`` (one open table per channel or thread), speaking
        ``language`` (a game with a ``language`` option, Mao, hears and speaks it too)."""
        from tables.service import parse_options  # imported late: the service builds on this

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
                game=cls.name.title(),
                seats=cls.max_seats,
            )
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
            language=language,
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
            await self._notify("lobby_changed", table)
        return seat

    async def start(self, table_id: int, user_id: int) -> Table:
        table = self.get(table_id)
        async with self.locked(table):
            self._lobby(table)
            if user_id != table.host_id:
                raise NotHost(N_("Only the host can start the game."))
            cls = GAMES[table.game_name]
            if len(table.seats) < cls.min_seats:
                raise TableError(
                    N_("{game} needs at least {count} players; let someone join or add a bot."),
                    game=cls.title,
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
            self._make_bots(table)
            await self._after_change(table, list(table.game.events))
        return table

    def _make_bots(self, table: Table) -> None:
        """The table's driver, with a bot for every seat (a human's plays only as stand-in)."""
        bots = {}
        # an away human's stand-in plays at the table's bot level (its bots' kind)
        level = next((s.bot_kind for s in table.seats if s.bot_kind), "heuristic")
        for position, seat in enumerate(table.seats):
            kind = seat.bot_kind or level
            bot = self._bot(kind, table.game_name, table.seed + position)
            # an expert bot gets the wall clock and its budget (tables.bot_runner)
            bots[seat.seat] = bot_runner.prepare(bot, self.expert_budget)
        table.driver = TableDriver(
            bots,
            played_by_bot=lambda key: table.seat(key).played_by_bot,
            human=lambda key: not table.seat(key).is_bot,
            bot_delay=self.bot_delay,
            turn_timeout=self.turn_timeout,
            vote_timeout=self.vote_timeout,
            patience=lambda game, now: bot_wait(game, now, self.bot_delay),
        )

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
                raise NotHost(N_("Only the host or a server manager can remove a player."))
            seat = table.seat_of_user(user_id)
            if seat is None or seat.left_game:
                raise NotSeated(N_("That player is not seated at this table."))
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
                raise NotHost(N_("Only the host or a server manager can end the table."))
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
        if table.driver is not None:
            table.driver.waiting_since.clear()
        # closed tables leave memory; their rows stay, and ``get`` answers TableEnded
        self.tables.pop(table.id, None)
        await self._notify("table_closed", table)
