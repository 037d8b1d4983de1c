"""Seating a tournament's tables: which players sit together next (Swiss rounds by score,
arena tables from whoever is free), recording each table before it opens, and opening,
filling and starting it through the lobby like any table."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from data import store
from data import tournaments as stored
from tables.clock import Clock
from tables.lobby import Lobby
from tables.model import Table
from tables.tournaments.event import Event
from tables.tournaments.rules import arena_tables, swiss_pairing


@dataclass
class Seating:
    """Opens an event's tables; the caller holds the event's lock around each call."""

    db: sqlite_utils.Database
    clock: Clock
    lobby: Lobby

    async def next_tables(self, event: Event) -> tuple[bool, list[Table]]:
        """Open whatever tables of a running ``event`` are due now; -> (the event is over,
        the tables opened)."""
        recorded = [g for g in event.unfinished() if g["table_id"] is None]
        if recorded:  # a round recorded before a stop, its tables not all opened
            return False, [
                await self.open_game(event, int(g["seq"]), tuple(g["players"])) for g in recorded
            ]
        if event.format == "swiss":
            return await self._swiss(event)
        return await self._arena(event)

    async def _swiss(self, event: Event) -> tuple[bool, list[Table]]:
        if event.unfinished():
            return False, []
        round_now = int(event.row["round"])
        if round_now >= int(event.row["rounds"]) or len(event.active) < 2:
            return True, []
        round_next = round_now + 1
        pairing = swiss_pairing(event.standings(), int(event.row["seats"]), event.row["bots"])
        # the whole round is recorded before its first table opens: after a stop half-way,
        # recovery opens the rest (else the round would close with only some of it played)
        seqs = stored.add_round(self.db, event.id, round_next, pairing.tables, pairing.bye)
        return False, [
            await self.open_game(event, seq, group)
            for seq, group in zip(seqs, pairing.tables, strict=True)
        ]

    async def _arena(self, event: Event) -> tuple[bool, list[Table]]:
        busy = {u for g in event.unfinished() for u in g["players"]}
        if self.clock.now() >= float(event.row["ends_at"]):
            return not busy, []
        # free players, longest free first: by when their last table ended, then joining order
        last: dict[int, int] = {}
        for g in event.games:
            for u in g["players"]:
                last[u] = g["seq"]
        free = sorted(
            (u for u in event.active if u not in busy),
            key=lambda u: (last.get(u, 0), event.active.index(u)),
        )
        pairing = arena_tables(free, int(event.row["seats"]), bool(busy), event.row["bots"])
        opened = []
        for group in pairing.tables:
            seq = stored.add_game(self.db, event.id, round=0, players=group)
            opened.append(await self.open_game(event, seq, group))
        return False, opened

    async def open_game(self, event: Event, seq: int, group: tuple[int, ...]) -> Table:
        """Open the table of the recorded game ``seq``, seat its players and start it."""
        row = event.row
        table = await self.lobby.open_table(
            game=row["game"],
            host_id=row["organiser_id"],
            guild_id=row["guild_id"],
            parent_id=row["channel_id"],
            options=row["options"],
            seat_host=False,
            language=row["language"],
            tournament_id=event.id,
        )
        stored.set_table(self.db, event.id, seq, table.id)
        await self.seat(event, table, group)
        return table

    async def seat(self, event: Event, table: Table, group: tuple[int, ...]) -> None:
        """Join the players not yet seated, top up with bots if allowed, and start."""
        row = event.row
        away = {p["user_id"] for p in event.players if p["away"]}
        for user in group:
            if table.seat_of_user(user) is None:
                await self.lobby.join(table.id, user, event.name_of(user))
        for seat in table.seats:
            if seat.user_id in away and not seat.away:
                seat.away = True
                store.update_seat(self.db, table.id, seat.seat, away=True)
        wanted = max(int(row["seats"]) if row["bots"] else 0, table.game_class.min_seats)
        while len(table.seats) < wanted:
            await self.lobby.add_bot(table.id, row["organiser_id"])
        await self.lobby.start(table.id, row["organiser_id"])
