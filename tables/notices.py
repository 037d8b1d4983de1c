"""Who hears about tables: the renderers' listener interface, the match-finished hooks, and
the notifier that tells them.

Notices raised while a table's lock is held are kept in that table's outbox and delivered,
in the order they were raised, once the lock is let go (``TableLocks``), so no renderer or
hook ever runs while a table is locked, and one that is slow or fails holds up no move.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from engine import Event
from tables.base import MatchFinished
from tables.model import Seat, Table

log = logging.getLogger(__name__)


class TableListener:
    """Renderer interface: override what you draw. Called after the table's lock is let go,
    in the order the changes were made."""

    async def lobby_changed(self, table: Table) -> None:
        """Seats or host changed before the start."""

    async def game_changed(self, table: Table, events: list[Event]) -> None:
        """The game started or moved on; ``events`` are the public events of this change."""

    async def turn_warning(self, table: Table, seat: Seat) -> None:
        """``seat`` has let its turn time out once: tell them a bot will play soon."""

    async def seat_away(self, table: Table, seat: Seat) -> None:
        """``seat`` missed two turns in a row and is now played by a bot."""

    async def seat_back(self, table: Table, seat: Seat) -> None:
        """``seat`` pressed "I'm back"."""

    async def table_closed(self, table: Table) -> None:
        """The match finished or the table was ended; ``table.status`` says which."""

    async def rematch_opened(self, table: Table, after: int) -> None:
        """``table``, a new lobby, is the rematch of closed table ``after``."""


MatchHook = Callable[[MatchFinished], Awaitable[None] | None]

#: one notice: a listener method's name and its arguments, or a finished match
Notice = tuple[str, tuple[Any, ...]]


class Notifier:
    """The listeners and match-finished hooks, and each table's notices still to deliver."""

    def __init__(self) -> None:
        self.listeners: list[TableListener] = []
        self.match_hooks: list[MatchHook] = []
        self._outbox: dict[int, list[Notice]] = {}

    def add_listener(self, listener: TableListener) -> None:
        self.listeners.append(listener)

    def add_match_hook(self, hook: MatchHook) -> None:
        self.match_hooks.append(hook)

    def tell(self, table: Table, method: str, *args: Any) -> None:
        """Keep ``method(table, *args)`` for every listener, delivered by ``deliver``."""
        self._outbox.setdefault(table.id, []).append((method, (table, *args)))

    def finished(self, table: Table, record: MatchFinished) -> None:
        """Keep a finished match for every match-finished hook."""
        self._outbox.setdefault(table.id, []).append(("", (record,)))

    def pending(self, table: Table) -> list[str]:
        """The names of the notices kept for ``table`` (a finished match is ``""``)."""
        return [method for method, _args in self._outbox.get(table.id, [])]

    async def deliver(self, table: Table) -> None:
        """Deliver ``table``'s kept notices in order (also those raised while delivering)."""
        while notices := self._outbox.pop(table.id, None):
            for method, args in notices:
                if method:
                    await self._call_listeners(method, args)
                else:
                    await self._call_hooks(args[0])

    async def _call_listeners(self, method: str, args: tuple[Any, ...]) -> None:
        for listener in self.listeners:
            try:
                await getattr(listener, method)(*args)
            except Exception:
                log.exception("listener %s.%s failed", type(listener).__name__, method)

    async def _call_hooks(self, record: MatchFinished) -> None:
        for hook in self.match_hooks:
            try:
                result = hook(record)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("match-finished hook %r failed for table %s", hook, record.table_id)
