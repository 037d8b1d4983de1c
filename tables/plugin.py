"""The table layer's plug-in point for games: what a game adds here beyond the engine
contract (``engine.base.Game``), and the plain behaviour of a game that adds nothing.

A game with table-side parts of its own (Mao: its bots' patience during a Point of Order,
its moderator's rulings in the action log, a result per round, its house canon, a seat
coming back by playing) implements ``TableGame`` in its own package under ``tables/`` and
is listed in ``tables.registry``, the only module that names games. Generic modules ask
``tables.registry.table_game(name)`` and never branch on a game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import sqlite_utils

from engine import Action, Event, Game
from tables.model import Table


class TableGame(Protocol):
    """What a game adds at the table layer."""

    #: whether the table's options and log keep secrets even once the match is over (Mao's
    #: rules): then no record of its matches leaves the bot (``tables.match_record``)
    keeps_secrets: bool

    def bot_patience(self, game: Game, table_now: float, usual: float) -> float:
        """How long a bot waits before its move at table time ``table_now`` (``usual``: the
        table's bot delay)."""
        ...

    def replay_decision(self, game: Game, action: dict[str, Any]) -> list[Event]:
        """Replay a logged decision no seat made (a row with no seat that is not a tick)."""
        ...

    def record_round(
        self, db: sqlite_utils.Database, table: Table, event: Mapping[str, Any]
    ) -> int | None:
        """Store the result of the round a ``round_end`` event ends (a game with
        ``results_per_round``); -> its match id, None if rounds are no results."""
        ...

    def new_table_options(
        self, db: sqlite_utils.Database | None, guild_id: int | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The options a new table of this game opens with in a server (its house canon)."""
        ...

    def back_first(self, game: Game, seat: str, action: Action) -> Action | None:
        """The move that must come before a seat's ``action`` (a seat the game marked away
        plays again by playing: its "back"), applied with it under one lock; None if none."""
        ...


class PlainGame:
    """A game that adds nothing at the table layer (every game but those in ``tables.registry``)."""

    keeps_secrets = False

    def bot_patience(self, game: Game, table_now: float, usual: float) -> float:
        return usual

    def replay_decision(self, game: Game, action: dict[str, Any]) -> list[Event]:
        raise ValueError(f"{type(game).__name__} logs no decisions without a seat: {action}")

    def record_round(
        self, db: sqlite_utils.Database, table: Table, event: Mapping[str, Any]
    ) -> int | None:
        return None

    def new_table_options(
        self, db: sqlite_utils.Database | None, guild_id: int | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        return options

    def back_first(self, game: Game, seat: str, action: Action) -> Action | None:
        return None
