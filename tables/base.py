"""What the table service's parts share: the state every part reads, the match-finished record
and small helpers.

``tables.service.TableService`` is put together from one mixin per concern (``tables.lobby``,
``tables.play``, ``tables.timers``, ``tables.reactions``, ``tables.recovery``); each mixin
derives from ``ServiceState``, which names the attributes the service sets up, so every part
reads the same state.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import Action, Event, Game
from engine.events import Outcome

if TYPE_CHECKING:
    import sqlite_utils

    from engine.driver import TableDriver
    from tables.clock import Clock
    from tables.model import Seat, Table
    from tables.scheduler import Scheduler
    from tables.service import MatchHook, TableListener

BOT_KINDS = ("heuristic", "random", "expert")


@dataclass(frozen=True)
class MatchFinished:
    """What the match-finished hook receives when a match ends on its own."""

    table_id: int
    game: str
    guild_id: int | None
    #: in seating order: {"seat", "name", "user_id", "bot", "afk_played"}; ``bot`` is the
    #: kind of a seat a bot held from the start, None for a human (``data.results`` form)
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    started_at: float
    ended_at: float
    outcome: Outcome
    channel_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The plain-dict form ``data.results.record_match`` accepts."""
        return dataclasses.asdict(self)


class ServiceState:
    """The state the service's parts share (set up by ``TableService.__init__``)."""

    db: sqlite_utils.Database
    bot_delay: float
    expert_budget: float
    turn_timeout: float
    vote_timeout: float
    clock: Clock
    scheduler: Scheduler
    #: bot moves pass it one at a time (``TimersMixin._bot_turn``)
    bot_gate: asyncio.Semaphore
    tables: dict[int, Table]
    listeners: list[TableListener]
    match_hooks: list[MatchHook]
    #: whether this process runs a guild's tables (``Settings.owns``; all when unsharded)
    owns: Callable[[int | None], bool]
    seeds: Callable[[], int]

    if TYPE_CHECKING:
        # What one part calls on another, so each mixin is checked against the whole
        # service (TableService puts them together; these are never defined here).
        def get(self, table_id: int) -> Table: ...
        def in_channel(self, channel_id: int) -> Table | None: ...
        def locked(self, table: Table) -> AbstractAsyncContextManager[Table]: ...
        async def _notify(self, method: str, *args: Any) -> None: ...
        @staticmethod
        def _open_seat(table: Table, user_id: int) -> Seat: ...
        def _make_bots(self, table: Table) -> None: ...
        async def _close(self, table: Table, status: str, reason: str) -> None: ...
        def _apply(self, table: Table, seat: Seat, action: Action, by: str) -> list[Event]: ...
        def _bot_plays(self, table: Table, seat: Seat) -> bool: ...
        async def _after_change(self, table: Table, events: list[Event]) -> None: ...
        async def _finish(self, table: Table) -> None: ...
        def _arm(self, table: Table) -> None: ...
        def _disarm(self, table: Table) -> None: ...
        def _reactions(
            self,
            table: Table,
            *,
            only: Seat | None = None,
            until_quiet: bool = True,
            timer: bool = False,
        ) -> list[Event]: ...
        async def _react_first(self, table: Table) -> bool: ...
        def _react_timer(self, table: Table, version: int) -> Callable[[], Awaitable[None]]: ...
        def _replay(self, table: Table) -> Game: ...
        def _fresh(self, table: Table) -> None: ...

    @staticmethod
    def _driver(table: Table) -> TableDriver:
        """The driver of a running table (``engine.driver``; set up when the game starts)."""
        assert table.driver is not None, "a running table has its driver"
        return table.driver


def sentence(text: str) -> str:
    """``text`` as one sentence: capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return "That is not allowed."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def action_cards(action: Action) -> list[str]:
    """The cards an action names."""
    data = action.to_dict()
    found = list(data.get("cards") or [])
    if data.get("card"):
        found.append(data["card"])
    return found
