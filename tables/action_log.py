"""The action log: a table's moves applied to its game and committed, in order, and the game
rebuilt from the log (after a restart, or when a commit failed).

Every move is committed to the log before the call that made it returns, so whatever a
front-end says about a move is already on disk. The commit is awaited: the writer
(``data.log_writer``) commits in a thread of its own, concurrent tables' moves in one
transaction, while the event loop serves other tables. The table's lock is held meanwhile, so
its moves are committed in order; a move is shown and announced only once it is committed,
and a failed commit rebuilds the game from the log, as if the move had never been made.

A seat's rows also count its moves, part of its validity token (``Table.acted``), so tokens
replay too.
"""

from __future__ import annotations

import asyncio
from typing import Any

import sqlite_utils

from data import store
from data.log_writer import LogWriter
from engine import Action, Event, Game, new_game
from tables.clock import Clock
from tables.model import Seat, Table
from tables.registry import table_game
from tables.timing import since_start


class ActionLog:
    """Applies and commits moves, and replays a table's game from its log."""

    def __init__(self, db: sqlite_utils.Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self.writer = LogWriter(db)
        clock.track(self.writer)  # a fake clock waits for commits in flight

    def close(self) -> None:
        """Commit the rows handed over, then stop the writer's thread."""
        self.writer.close()

    def replay(self, table: Table) -> Game:
        """The table's game rebuilt from its seed and action log (its move counts too)."""
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
            elif row["seat"] is None:  # a decision no seat made (Mao's moderator's)
                table_game(table.game_name).replay_decision(game, action)
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

    def fresh(self, table: Table) -> None:
        """Rebuild a table whose last commit failed from its log before it is used again, so
        what it shows is only ever what was committed (raises while the database is away)."""
        if table.stale:
            table.game = self.replay(table)
            table.stale = False

    def table_time(self, table: Table) -> float:
        """Now on the table's clock (seconds since its game started)."""
        assert table.started_at is not None
        return since_start(self.clock.now(), table.started_at)

    async def apply(
        self, table: Table, seat: Seat, action: Action, by: str, *, offered: bool = False
    ) -> list[Event]:
        """Apply ``action`` for ``seat``, then commit it; on a failed commit rebuild the game
        from the log. ``offered``: ``action`` is one of the very objects the seat's
        ``legal_actions`` offered at this version (the engine's trusted path)."""
        self.fresh(table)
        game = table.game
        assert game is not None and table.driver is not None
        if action.at is None:
            action = action.stamped(self.table_time(table))
        events = game.apply_offered(seat.seat, action) if offered else game.apply(seat.seat, action)
        await self._commit(table, seat.seat, action.to_dict(), action.at, by, game.version)
        table.acted[seat.seat] = table.acted.get(seat.seat, 0) + 1
        table.driver.moved(seat.seat)
        return events

    async def tick(self, table: Table) -> list[Event]:
        """Wake a timed game at its table time; a tick that changed it is committed."""
        self.fresh(table)
        game = table.game
        assert game is not None
        now = self.table_time(table)
        before = game.version
        events = game.tick(now)
        if game.version != before:
            await self._commit(
                table, None, {"kind": "tick", "now": now}, now, "clock", game.version
            )
        return events

    async def decision(self, table: Table, action: dict[str, Any], by: str) -> None:
        """Commit a decision the game already took that no seat made (a moderator's)."""
        assert table.game is not None
        await self._commit(table, None, action, action.get("at"), by, table.game.version)

    async def _commit(
        self,
        table: Table,
        seat: str | None,
        action: dict[str, Any],
        at: float | None,
        by: str,
        version: int,
    ) -> None:
        row = store.action_row(
            table.id,
            table.seq + 1,
            seat=seat,
            action=action,
            at=at,
            by=by,
            version=version,
            created_at=self.clock.now(),
        )
        try:
            await self.writer.append(row)
        except asyncio.CancelledError:
            # the row may still be committed: the table is rebuilt from its log before use
            table.stale = True
            raise
        except Exception:
            try:
                table.game = self.replay(table)
            except Exception:
                table.stale = True
            raise
        table.seq += 1
