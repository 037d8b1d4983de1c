"""The open tables of this process, found by id, by channel or thread, and by player.

A table is here from the moment it opens (or is recovered) until it closes; its rows stay in
storage after that, so an id no longer here is told apart from one that never existed. A
table's channel is kept in an index, so a chat message finds its table by one lookup.
"""

from __future__ import annotations

import sqlite_utils

from data import store
from i18n import N_
from tables.errors import NoTable, TableEnded
from tables.model import Table


class OpenTables:
    """Every table this process holds in memory, by id (``by_id``) and by channel."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self.by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}

    def add(self, table: Table) -> None:
        self.by_id[table.id] = table
        if table.channel_id is not None:
            self._by_channel.setdefault(table.channel_id, table)

    def drop(self, table: Table) -> None:
        """``table`` closed: it leaves memory (its rows stay)."""
        self.by_id.pop(table.id, None)
        if table.channel_id is not None and self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]

    def move(self, table: Table, channel_id: int) -> None:
        """``table`` now lives in ``channel_id`` (its thread)."""
        if table.channel_id is not None and self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]
        table.channel_id = channel_id
        if table.id in self.by_id:
            self._by_channel.setdefault(channel_id, table)

    def get(self, table_id: int) -> Table:
        """The open (or just closed, still in memory) table ``table_id``."""
        table = self.by_id.get(table_id)
        if table is None:
            if store.get_table(self.db, table_id) is None:
                raise NoTable(N_("That table does not exist."))
            raise TableEnded()
        return table

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table in this channel or thread, if any."""
        table = self._by_channel.get(channel_id)
        return table if table is not None and table.is_open else None

    def of_user(self, user_id: int) -> list[Table]:
        """Open tables where ``user_id`` holds a seat."""
        return [t for t in self.by_id.values() if t.is_open and t.seat_of_user(user_id) is not None]

    def under(self, parent_id: int) -> list[Table]:
        """Open tables in threads of channel ``parent_id``, oldest first."""
        return sorted(
            (t for t in self.by_id.values() if t.is_open and t.parent_id == parent_id),
            key=lambda t: t.id,
        )

    def open(self) -> list[Table]:
        return [t for t in self.by_id.values() if t.is_open]
