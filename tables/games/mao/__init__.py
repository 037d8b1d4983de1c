"""Mao at the table layer: what Mao adds to the table service, registered in ``tables.registry``.

- its bots' patience: while a Point of Order is on, a bot lets it run
  ``BOT_POINT_OF_ORDER_PATIENCE`` seconds before its move (a bot does not cut people short);
- its moderator's decisions (``tables.games.mao.rulings``), logged with no seat and replayed by
  ``game.moderate``;
- a result per round (MAO-17, ``tables.games.mao.rounds``);
- the server's house canon a new table starts with (``tables.games.mao.canon``);
- MAO-14: a seat the game marked away (three timeouts in a row) plays again by playing: its
  "back" comes first, in the same call under the same lock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from engine import Action, Event, Game, parse_action
from engine.mao.shapes import mao_view
from tables.games.mao import canon, rounds, rulings
from tables.model import Table

#: how long a bot lets a Point of Order run before its turn comes back to it
BOT_POINT_OF_ORDER_PATIENCE = 20.0


def away(game: Game) -> set[str]:
    """Seats the game itself marks away (three timeouts in a row): a bot plays them."""
    return set(game.observation(None).get("away") or [])


class MaoTable:
    """Mao's ``tables.plugin.TableGame``."""

    #: its secret rules are in its options and its log (a winner's new rule)
    keeps_secrets = True

    def bot_patience(self, game: Game, table_now: float, usual: float) -> float:
        poo = mao_view(game.observation(None)).get("point_of_order")
        if poo is None:
            return usual
        return max(usual, float(poo["since"]) + BOT_POINT_OF_ORDER_PATIENCE - table_now)

    def replay_decision(self, game: Game, action: dict[str, Any]) -> list[Event]:
        if not isinstance(game, rulings.Moderated):
            raise TypeError(f"{type(game).__name__} keeps no rulings")
        return game.moderate(action)

    def record_round(
        self, db: sqlite_utils.Database, table: Table, event: Mapping[str, Any]
    ) -> int | None:
        return rounds.record_round(db, table, event)

    def new_table_options(
        self, db: sqlite_utils.Database | None, guild_id: int | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        return canon.with_canon(db, guild_id, options)

    def back_first(self, game: Game, seat: str, action: Action) -> Action | None:
        if action.kind == "back" or seat not in away(game):
            return None
        back = parse_action("back")
        return back if action.at is None else back.stamped(action.at)
