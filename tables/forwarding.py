"""Presses handed between processes, for a front-end run as several processes over one
PostgreSQL database: which process owns a table, handing a press over and announcing it,
claiming the presses handed to this one (``data.forwarding``, ``data.notify``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import sqlite_utils

from data import forwarding, store
from data.db import backend_of
from data.notify import Listener, notify
from tables.model import Table

__all__ = ["Forwarding", "Listener"]


class Forwarding:
    """The shared record of presses handed over, over one database."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    @property
    def shared(self) -> bool:
        """Whether several processes can share the database (PostgreSQL)."""
        return backend_of(self.db) == "postgresql"

    def channel_name(self) -> str:
        """The notification channel presses are announced on."""
        return forwarding.channel_name(self.db)

    def unfinished_guild(self, table_id: int) -> tuple[bool, int | None]:
        """(whether table ``table_id`` is stored and unfinished, its server)."""
        row = store.get_table(self.db, table_id)
        if row is None or row["status"] not in store.UNFINISHED:
            return False, None
        return True, row["guild_id"]

    def stored_table(self, table_id: int) -> Table | None:
        """Table ``table_id`` and its seats as stored, without its game (the process running
        it holds that), or None where it is not stored."""
        row = store.get_table(self.db, table_id)
        return None if row is None else Table.from_row(row, store.get_seats(self.db, table_id))

    def open_tables_of_user(self, user_id: int) -> list[tuple[int, int | None]]:
        """(table id, server) of each unfinished table where ``user_id`` holds a seat."""
        return forwarding.open_tables_of_user(self.db, user_id)

    def hand_over(
        self, channel: str, table_id: int, shard: int, payload: dict[str, Any], now: float
    ) -> int:
        """Store a press for the process running ``shard`` and announce it; -> its id."""
        press = forwarding.hand_over(self.db, table_id, shard, payload, now)
        notify(self.db, channel, json.dumps({"id": press, "shard": shard}))
        return press

    def claim(self, press_id: int, now: float) -> dict[str, Any] | None:
        return forwarding.claim(self.db, press_id, now)

    def unclaimed(self, shards: Iterable[int], now: float) -> list[int]:
        """Presses handed to ``shards`` and not claimed yet; old ones pruned."""
        waiting = forwarding.unclaimed(self.db, shards, now)
        forwarding.prune(self.db, now)
        return waiting
