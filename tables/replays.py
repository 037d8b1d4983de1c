"""A finished match step by step, rebuilt from its seed and action log: what the table showed
after each logged move, with every hand revealed (the match is over, so nothing is hidden any
more) but nothing else that was never public: no stock order, and a game's secret rules stay
in its options, which a step never carries.

``TableService.replay`` returns them for a finished table, in memory or long closed (then
read back from storage); front-ends (the web table's replay page) step through them.
``as_it_ended`` plays a closed table's log to its last move only: ``TableService.closed``,
the table a page opened after it closed draws (each seat still sees only its own hand);
``last_closed_in`` finds the one that played last in a thread (the Activity launched there
shows it). Reading
the log (``logged``) is quick; rebuilding the match from it (``rebuild``) plays every move
again and reads every seat's view after each, so the service runs it in a worker thread: it
touches no storage and nothing a running table holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from data import store
from engine import Event, Game, new_game
from engine.events import Observation
from i18n import N_
from tables.errors import NoTable, TableError
from tables.model import Table
from tables.registry import table_game


class NotFinished(TableError):
    def __init__(self) -> None:
        super().__init__(N_("A match can be replayed once it is over."))


@dataclass(frozen=True)
class ReplayStep:
    """The table after one logged move (or, first, after the deal)."""

    #: the seat that moved (None: the deal, a timer, or a decision no seat made)
    seat: str | None
    #: the move as logged (``Action.to_dict``), None for the deal
    action: dict[str, Any] | None
    #: the public events the move caused
    events: list[Event]
    #: the public view after the move (``observation(None)``)
    view: Observation
    #: every seat's hand after the move (shown because the match is over)
    hands: dict[str, list[str]]


@dataclass(frozen=True)
class Replay:
    """A finished match: its table (seats, language, game) and its steps."""

    table: Table
    steps: list[ReplayStep]


def stored_table(db: sqlite_utils.Database, table_id: int) -> Table:
    """A closed table as storage keeps it (no game: ``replay`` rebuilds it)."""
    row = store.get_table(db, table_id)
    if row is None:
        raise NoTable(N_("That table does not exist."))
    return Table.from_row(row, store.get_seats(db, table_id))


def last_closed_in(db: sqlite_utils.Database, channel_id: int) -> Table | None:
    """The table that played last in a channel or thread, as storage keeps it, where it has
    closed after its start; None where the last table is open, never started, or none was."""
    table_id = store.last_table_in(db, channel_id)
    if table_id is None:
        return None
    table = stored_table(db, table_id)
    return None if table.is_open or table.started_at is None else table


def replay(db: sqlite_utils.Database, table: Table) -> Replay:
    """``table``'s match step by step; ``NotFinished`` while it is still being played."""
    return rebuild(table, logged(db, table))


def logged(db: sqlite_utils.Database, table: Table) -> list[dict[str, Any]]:
    """A finished match's action log; ``NotFinished`` while it is still being played."""
    if table.started_at is None or table.status != "finished":
        raise NotFinished()
    return store.get_actions(db, table.id)


def closed_log(db: sqlite_utils.Database, table: Table) -> list[dict[str, Any]]:
    """A closed table's whole action log, finished or ended early (``as_it_ended`` plays it)."""
    if table.is_open:
        raise TableError(N_("This table is still open: play it out first."))
    return store.get_actions(db, table.id)


def rebuild(table: Table, rows: list[dict[str, Any]]) -> Replay:
    """The match of finished ``table`` step by step, from its log ``rows`` (``logged``): pure
    computation, safe in a worker thread."""
    seats = [s.seat for s in table.seats]
    steps = []
    for game, row, events in played(table, rows):
        hands = {s: list(game.observation(s).get("hand") or []) for s in seats}
        seat, action = (row["seat"], row["action"]) if row is not None else (None, None)
        steps.append(ReplayStep(seat, action, events, game.observation(None), hands))
    return Replay(table, steps)


def as_it_ended(table: Table, rows: list[dict[str, Any]]) -> Game:
    """Closed ``table``'s game as it stood when the table closed, from its whole action log
    ``rows``: pure computation, safe in a worker thread."""
    steps = played(table, rows)
    game, _row, _events = next(steps)  # the deal: the same game is moved on by every row
    for _step in steps:
        pass
    return game


def played(
    table: Table, rows: list[dict[str, Any]]
) -> Iterator[tuple[Game, dict[str, Any] | None, list[Event]]]:
    """``table``'s game after the deal (no row), then after each logged row, with the public
    events the row caused (the same game each time, moved on)."""
    game = new_game(
        table.game_name, [s.seat for s in table.seats], seed=table.seed, options=table.options
    )
    yield game, None, []
    for row in rows:
        action = row["action"]
        if action.get("kind") == "tick":
            events = game.tick(action["now"])
        elif row["seat"] is None:
            events = table_game(table.game_name).replay_decision(game, action)
        else:
            events = game.apply(row["seat"], action)
        yield game, row, list(events)
