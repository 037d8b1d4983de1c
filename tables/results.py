"""Results, recorded by the table service from what the engine emits; the cogs only read them.

A game with per-round results (``Game.results_per_round``: Mao, which runs until its host
ends it) is recorded one round at a time, from each ``round_end`` event, as the change that
ended the round is committed (the game's ``TableGame.record_round``). Every other game is
recorded once, from its typed ``Outcome``, when its match ends on its own; a match ended
early (by its host, or every human leaving) is not a result. Recording is idempotent
(``data.results`` keys a match by its table, a round by ``table/round``), so a change
replayed after a restart never counts twice. A failure to record is logged and never undoes
a move.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, Protocol

import sqlite_utils

from data import results
from engine import GAMES, Event
from tables.model import Table
from tables.registry import table_game

log = logging.getLogger(__name__)


class Finished(Protocol):
    """A finished match as the service describes it (``MatchFinished``)."""

    @property
    def game(self) -> str: ...

    @property
    def table_id(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


def record_rounds(db: sqlite_utils.Database, table: Table, events: Iterable[Event]) -> list[int]:
    """Record every round these events end, for a game with per-round results; -> match ids."""
    if not table.game_class.results_per_round:
        return []
    stored: list[int] = []
    plugin = table_game(table.game_name)
    for event in events:
        if event["type"] != "round_end":
            continue
        try:
            match_id = plugin.record_round(db, table, event)
            if match_id is not None:
                stored.append(match_id)
        except Exception:
            log.exception("could not record round %s of table %s", event.get("round"), table.id)
    return stored


def record_match(
    db: sqlite_utils.Database, finished: Finished | results.FinishedMatch
) -> int | None:
    """Record a match that ended on its own, unless its rounds were its results; -> match id."""
    if GAMES[finished.game].results_per_round:
        return None  # each round was recorded as it ended
    payload = finished if isinstance(finished, results.FinishedMatch) else finished.to_dict()
    try:
        match_id = results.record_match(db, payload)
    except Exception:
        log.exception("could not record table %s", finished.table_id)
        return None
    log.info("recorded table %s as match %s", finished.table_id, match_id)
    return match_id
