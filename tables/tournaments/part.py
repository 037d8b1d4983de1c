"""Tournaments, the table service's part that runs them: Swiss events and arenas.

An event is created open; players join until it starts (at its start time, or earlier when
its organiser starts it). An event announced to start at once (``now``) has no start time:
it stays open for players to join and starts when its organiser starts it. From then on the
part opens the event's tables through the service like any table (a host who is the
organiser and does not sit, the players joined, bots topping up a short table when the
organiser allows it) and hears when each ends:

- **Swiss**: when every table of a round has ended, the next round is seated by score
  (``rules.swiss_pairing``); after the last round the event finishes.
- **Arena**: a player whose table ends is seated again as soon as enough players are free
  (``rules.arena_tables``); after its end time no new table opens, and the event
  finishes when the last one ends.

A match that ends on its own gives each player their place; a table ended early gives
everyone at it no result (place 0: a loss worth nothing, ``rules``), and a player removed
while their table played has no result at it. A player marked away at one table is seated
away at the next (a bot plays for them) until they press "I'm back". The organiser (or a
manager) can pause the event (no new tables), remove a player (a bot plays out their table),
or end it; the event's tables still playing then play on as ordinary tables, whose
results count for nothing in it, and their players are told so.

Everything is stored as it happens (``data.tournaments``), so ``recover`` after a restart
takes each live event up where it stood (``recovery``). Who sits where, and the
opening of each table, is ``seating``'s. The front-end hears of events through
``TournamentListener``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from data import tournaments as stored
from tables.base import MatchFinished
from tables.clock import Clock
from tables.errors import TableError
from tables.lobby import Lobby
from tables.model import Seat, Table
from tables.notices import TableListener
from tables.open_tables import OpenTables
from tables.scheduler import Scheduler
from tables.tournaments.checks import (
    N_CLOSED,
    N_JOINED,
    N_NO_EVENT,
    N_NOT_IN,
    N_NOT_ORGANISER,
    N_NOT_RUNNING,
    N_REMOVED,
    N_STARTED,
    N_TOO_FEW,
    check_new,
)
from tables.tournaments.event import (
    OVER,
    Event,
    TablesHeard,
    TournamentListener,
    bot_places,
    human_places,
)
from tables.tournaments.recovery import Recovery
from tables.tournaments.seating import Seating
from tables.tournaments.view import TournamentView, view_of

__all__ = ["Event", "TournamentListener", "Tournaments"]

log = logging.getLogger(__name__)


@dataclass
class Tournaments:
    """Runs every tournament; built by the service with its lobby, which opens, fills and
    starts the event's tables as it does any table, and its open tables."""

    db: sqlite_utils.Database
    clock: Clock
    scheduler: Scheduler
    lobby: Lobby
    directory: OpenTables
    listeners: list[TournamentListener] = field(default_factory=list)
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    seating: Seating = field(init=False)

    def __post_init__(self) -> None:
        self.seating = Seating(self.db, self.clock, self.lobby)

    def add_listener(self, listener: TournamentListener) -> None:
        self.listeners.append(listener)

    def table_listener(self) -> TableListener:
        """What the part hears from every table: away, back, and tables ended early."""
        return TablesHeard(self)

    def _lock(self, event_id: int) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    async def _tell(self, method: str, *args: Any) -> None:
        for listener in self.listeners:
            try:
                await getattr(listener, method)(*args)
            except Exception:
                log.exception("tournament listener %s failed", method)

    # --- reading ----------------------------------------------------------------------------
    def get(self, event_id: int) -> Event:
        row = stored.get(self.db, event_id)
        if row is None:
            raise TableError(N_NO_EVENT)
        return Event(row, stored.players(self.db, event_id), stored.games(self.db, event_id))

    def view(self, event_id: int) -> TournamentView:
        """The event's public side, frozen (for a page anyone may open)."""
        return view_of(self.get(event_id))

    def of_guild(self, guild_id: int) -> list[dict[str, Any]]:
        return stored.of_guild(self.db, guild_id)

    def final(self, event_id: int) -> list[dict[str, Any]]:
        return stored.final_standings(self.db, event_id)

    # --- the organiser ------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game: str,
        format: str,
        rounds: int = 3,
        minutes: int = 20,
        seats: int = 2,
        starts_at: float | None = None,
        options: str | dict[str, Any] | None = None,
        bots: bool = False,
        language: str = "en",
    ) -> Event:
        """A new open event; refused in one sentence when something does not fit. With no
        ``starts_at`` (or one not after now) it starts when its organiser starts it: an event
        started by a timer at its announcement would end before anyone could join."""
        now = self.clock.now()
        start = now if starts_at is None else starts_at
        checked = check_new(game, format, rounds, minutes, seats, start, now, options)
        on_word = start <= now
        event_id = stored.create(
            self.db,
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game=game,
            options=checked,
            format=format,
            rounds=rounds if format == "swiss" else None,
            minutes=minutes if format == "arena" else None,
            seats=seats,
            bots=bots,
            starts_at=None if on_word else start,
            created_at=now,
            language=language,
        )
        self.arm(self.get(event_id))
        return self.get(event_id)

    def set_message(self, event_id: int, message_id: int) -> None:
        """Where the event's announcement lives (the front-end keeps it up to date)."""
        stored.update(self.db, event_id, message_id=message_id)

    def arm(self, event: Event) -> None:
        """Schedule what the event waits on next: its start, or an arena's end."""
        key = ("tournament", f"t{event.id}")
        if event.status == "open" and event.row["starts_at"] is not None:
            self.scheduler.schedule_at(
                key, float(event.row["starts_at"]), lambda: self._due_start(event.id)
            )
        elif event.format == "arena" and event.status in ("running", "paused"):
            self.scheduler.schedule_at(
                key, float(event.row["ends_at"]), lambda: self.advance(event.id)
            )

    def _may_run(self, event: Event, user_id: int, manager: bool) -> None:
        if user_id != event.row["organiser_id"] and not manager:
            raise TableError(N_NOT_ORGANISER)

    async def join(self, event_id: int, user_id: int, name: str) -> Event:
        async with self._lock(event_id):
            event = self.get(event_id)
            if event.status != "open" and not (
                event.format == "arena" and event.status == "running"
            ):
                raise TableError(N_CLOSED)
            self._not_removed(event, user_id)
            if not stored.add_player(self.db, event_id, user_id, name):
                raise TableError(N_JOINED)
            event = self.get(event_id)
        await self._tell("event_changed", event)
        if event.status == "running":
            # an arena's late player is seated just after: the press is answered first, not
            # after a thread, a table message and DMs (``recover`` seats them after a stop)
            key = ("tournament", f"seat{event_id}")
            self.scheduler.schedule_in(key, 0.0, lambda: self.advance(event_id))
        return event

    @staticmethod
    def _not_removed(event: Event, user_id: int) -> None:
        """A player the organiser took out is told so, whatever they press."""
        if any(p["user_id"] == user_id and p["removed"] for p in event.players):
            raise TableError(N_REMOVED)

    async def leave(self, event_id: int, user_id: int) -> Event:
        """Take back a join before the start."""
        async with self._lock(event_id):
            event = self.get(event_id)
            self._not_removed(event, user_id)
            if event.status != "open":
                raise TableError(N_STARTED)
            if user_id not in event.active:
                raise TableError(N_NOT_IN)
            stored.drop_player(self.db, event_id, user_id)
            event = self.get(event_id)
        await self._tell("event_changed", event)
        return event

    async def start(self, event_id: int, user_id: int, manager: bool = False) -> Event:
        """The organiser starts the event before its time."""
        event = self.get(event_id)
        self._may_run(event, user_id, manager)
        if event.status != "open":
            raise TableError(N_STARTED)
        if len(event.active) < 2:
            raise TableError(N_TOO_FEW)
        return await self._begin(event_id)

    async def _due_start(self, event_id: int) -> None:
        event = self.get(event_id)
        if event.status != "open":
            return
        if len(event.active) < 2:
            await self._close(event_id, "cancelled")
            return
        await self._begin(event_id)

    async def _begin(self, event_id: int) -> Event:
        now = self.clock.now()
        async with self._lock(event_id):
            event = self.get(event_id)
            fields: dict[str, Any] = {"status": "running", "starts_at": now}
            if event.format == "arena":
                fields["ends_at"] = now + 60.0 * int(event.row["minutes"])
            stored.update(self.db, event_id, **fields)
            event = self.get(event_id)
        self.arm(event)
        await self._tell("event_changed", event)
        await self.advance(event_id)
        return self.get(event_id)

    async def pause(self, event_id: int, user_id: int, manager: bool = False) -> Event:
        """Pause (no new tables open; those running play on) or, when paused, resume."""
        async with self._lock(event_id):
            event = self.get(event_id)
            self._may_run(event, user_id, manager)
            if event.status not in ("running", "paused"):
                raise TableError(N_NOT_RUNNING)
            status = "running" if event.status == "paused" else "paused"
            stored.update(self.db, event_id, status=status)
            event = self.get(event_id)
        await self._tell("event_changed", event)
        await self.advance(event_id)
        return self.get(event_id)

    async def remove(
        self, event_id: int, by_user: int, user_id: int, manager: bool = False
    ) -> Event:
        """Take a player out: a bot plays out their table, and they are seated no more."""
        async with self._lock(event_id):
            event = self.get(event_id)
            self._may_run(event, by_user, manager)
            if user_id not in event.active:
                raise TableError(N_NOT_IN)
            stored.remove_player(self.db, event_id, user_id)
            seated = [
                g["table_id"]
                for g in event.unfinished()
                if user_id in g["players"] and g["table_id"] is not None
            ]
        for table_id in seated:
            with contextlib.suppress(TableError):  # the table may have ended meanwhile
                await self.lobby.leave(table_id, user_id)
        event = self.get(event_id)
        await self._tell("event_changed", event)
        await self.advance(event_id)
        return self.get(event_id)

    async def end(self, event_id: int, user_id: int, manager: bool = False) -> Event:
        """End the event now: the standings as they are become final."""
        event = self.get(event_id)
        self._may_run(event, user_id, manager)
        if event.status not in ("open", "running", "paused"):
            raise TableError(N_NOT_RUNNING)
        return await self._close(event_id, "ended")

    async def _close(self, event_id: int, status: str) -> Event:
        async with self._lock(event_id):
            event = self.get(event_id)
            if event.status in OVER:
                return event
            stored.save_standings(
                self.db,
                event_id,
                [(s.user_id, s.points, s.wins, s.played) for s in event.standings()],
            )
            stored.update(self.db, event_id, status=status, finished_at=self.clock.now())
            self.scheduler.cancel(("tournament", f"t{event_id}"))
            event = self.get(event_id)
        await self._tell("event_changed", event)
        await self._tell("standings_changed", event)
        # the tables still playing finish as ordinary tables; their players are told so
        playing = [self.directory.by_id.get(int(g["table_id"])) for g in event.unfinished()]
        left = [t for t in playing if t is not None and t.is_open]
        if left:
            await self._tell("tables_left", event, left)
        return event

    # --- seating ------------------------------------------------------------------------------
    async def advance(self, event_id: int) -> None:
        """Open whatever tables are due now, or finish the event when it is over."""
        finish = False
        opened: list[Table] = []
        async with self._lock(event_id):
            event = self.get(event_id)
            if event.status != "running":
                return
            finish, opened = await self.seating.next_tables(event)
        if opened:
            event = self.get(event_id)
            for table in opened:
                await self.announce_table(event, table)
        if finish:
            await self._close(event_id, "finished")

    async def announce_table(self, event: Event, table: Table) -> None:
        """Tell the front-end of a table the event opened (and started)."""
        await self._tell("table_opened", event, table)

    # --- what the tables tell -------------------------------------------------------------------
    async def match_finished(self, record: MatchFinished) -> None:
        found = stored.game_of_table(self.db, record.table_id)
        if found is None:
            return
        await self.record_outcome(found, record.seats, record.outcome)

    async def record_outcome(
        self, found: tuple[int, int], seats: list[dict[str, Any]], outcome: Any
    ) -> None:
        """A finished table's ``outcome`` at the event's game ``found``: the place of each
        person and each bot among its ``seats``."""
        by_seat = dict(outcome.get("places") or {})
        places = human_places(seats, by_seat)
        await self.record_result(found, places, len(seats), bot_places(seats, by_seat))

    async def record_result(
        self,
        found: tuple[int, int],
        places: dict[int, int],
        seats: int | None = None,
        bots: Sequence[int] = (),
    ) -> None:
        """The people's ``places`` at the event's game ``found`` (event id, seq) among its
        table's ``seats`` (bots' included, who took places ``bots``); heard twice, counted
        once."""
        event_id, seq = found
        async with self._lock(event_id):
            event = self.get(event_id)
            game = next(g for g in event.games if g["seq"] == seq)
            if len(game["places"]) >= len(game["players"]):
                return  # recorded already (a result heard twice)
            # place 0 is no result: a player the table gave no place, or one taken out of
            # the event (a bot played their seat to the end, for the others' sake only)
            out = {int(p["user_id"]) for p in event.players if p["removed"]}
            full = {u: 0 if u in out else places.get(u, 0) for u in game["players"]}
            stored.set_places(self.db, event_id, seq, full, seats, bots)
            event = self.get(event_id)
        if event.status in OVER:
            return  # a table still playing when the event ended: its standings are final
        # The next tables are seated before anyone is told: telling waits on the front-end
        # (a post held by the channel's rate limit), and the event must not wait with it.
        await self.advance(event_id)
        event = self.get(event_id)
        if event.status not in OVER:  # else the final standings were told
            await self._tell("standings_changed", event)

    async def table_ended(self, table: Table) -> None:
        """A table of an event ended without a result: nobody at it scores."""
        found = stored.game_of_table(self.db, table.id)
        if found is not None and table.status == "ended":
            await self.record_result(found, {})

    async def seat_away(self, table: Table, seat: Seat, away: bool) -> None:
        found = stored.game_of_table(self.db, table.id)
        if found is not None and seat.user_id is not None:
            stored.set_away(self.db, found[0], seat.user_id, away)

    # --- after a restart ------------------------------------------------------------------------
    async def recover(self) -> list[int]:
        """Take up every live event where it stood; -> their ids."""
        return await Recovery(self.db, self.directory, self.seating, self).recover()
