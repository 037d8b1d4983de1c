"""Seasons, the table service's part that reads and turns them (``data.seasons``).

A server's season rolls over on its date whenever anything asks about it, by the service's
clock (a test moves a fake one); a manager may end one early or change the length.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from data import seasons as stored
from data.seasons import LENGTHS, MIN_MATCHES, PROVISIONAL_SIGMA, Season, SeasonRow
from i18n import N_
from tables.clock import Clock
from tables.errors import TableError

__all__ = ["LENGTHS", "MIN_MATCHES", "PROVISIONAL_SIGMA", "Season", "SeasonRow", "Seasons"]


@dataclass
class Seasons:
    db: sqlite_utils.Database
    clock: Clock

    def current(self, guild_id: int) -> Season:
        return stored.current(self.db, guild_id, self.clock.now())

    def length(self, guild_id: int) -> str:
        return stored.length(self.db, guild_id)

    def set_length(self, guild_id: int, length: str) -> Season:
        if length not in LENGTHS:
            raise TableError(N_("A season lasts a week, a month or a quarter."))
        return stored.set_length(self.db, guild_id, length, self.clock.now())

    def end_early(self, guild_id: int) -> Season:
        """End the running season now; -> the one that starts in its place."""
        return stored.end_early(self.db, guild_id, self.clock.now())

    def board(
        self, guild_id: int, game: str, number: int | None = None
    ) -> tuple[Season, list[SeasonRow]]:
        found = stored.board(self.db, guild_id, game, number, self.clock.now())
        if found is None:
            raise TableError(N_("There is no season {number} on this server."), number=number)
        return found
