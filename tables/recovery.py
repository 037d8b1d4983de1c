"""The table service's recovery: every unfinished table rebuilt from its seed and action
log, its seats' move counts (validity tokens) replayed, a timed table's clock resumed at the
last logged moment, and its timers re-armed.

Part of ``tables.service.TableService`` (a mixin; see that module for the whole picture).
"""

from __future__ import annotations

import logging
from typing import Any

from data import store
from engine import new_game
from engine.turns import is_timed
from tables import mao_rulings
from tables.base import ServiceState
from tables.model import Seat, Table

log = logging.getLogger(__name__)


class RecoveryMixin(ServiceState):
    """Rebuilding tables from storage after a restart."""

    # --- recovery ---------------------------------------------------------------------------
    def _replay(self, table: Table) -> Any:
        """The table's game rebuilt from its seed and action log."""
        game = new_game(
            table.game_name, [s.seat for s in table.seats], seed=table.seed, options=table.options
        )
        seq = 0
        last_at = 0.0
        table.acted = {}
        for row in store.get_actions(self.db, table.id):
            action = row["action"]
            if row.get("at") is not None:
                last_at = max(last_at, float(row["at"]))
            if action.get("kind") == "tick":
                game.tick(action["now"])
            elif row["seat"] is None:  # a moderator's decision (tables.mao_rulings)
                mao_rulings.replay_row(game, row)
            else:
                game.apply(row["seat"], action)
                table.acted[row["seat"]] = table.acted.get(row["seat"], 0) + 1
            if row["version"] is not None and game.version != row["version"]:
                raise RuntimeError(
                    f"table {table.id} replay diverged at seq {row['seq']}: "
                    f"version {game.version}, log says {row['version']}"
                )
            seq = row["seq"]
        table.seq = seq
        table.last_at = last_at
        return game

    def _fresh(self, table: Table) -> None:
        """Rebuild a table whose last commit failed from its log before it is used again, so
        what it shows is only ever what was committed (raises while the database is away)."""
        if table.stale:
            table.game = self._replay(table)
            table.stale = False

    async def recover(self) -> list[Table]:
        """Reopen every unfinished table this process owns from storage and re-arm its
        timers."""
        recovered: list[Table] = []
        for row in store.unfinished_tables(self.db):
            if row["id"] in self.tables or not self.owns(row["guild_id"]):
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
                language=row.get("language") or "en",
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
                if is_timed(table.game):
                    self._resume_clock(table)
                self._arm(table)
            recovered.append(table)
        return recovered

    def _resume_clock(self, table: Table) -> None:
        """A timed table's clock stopped with the bot: it resumes at the last logged moment.

        The table clock is ``clock.now() - started_at``; moving ``started_at`` on by the
        outage makes the clock read, now, the table time of the last action in the log, so
        whoever was on turn gets back every second the outage took from them.
        """
        table.started_at = self.clock.now() - table.last_at
        store.update_table(self.db, table.id, started_at=table.started_at)

    async def close(self) -> None:
        """Stop every timer (the tables stay as stored)."""
        await self.scheduler.close()
