"""The open pages, by table: each connection with the seat it watches as, and the listener
that sends every page a new frame when its table changes.

The service tells listeners after a table's lock is let go (``tables.notices``); the hub then
draws one frame per seat (spectators share one) and queues it on each page's socket. A page
whose socket fails is dropped; it never holds up a move.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine import Event
from tables.model import Seat, Table
from tables.notices import TableListener
from web.frames import frame
from web.links import SPECTATOR

log = logging.getLogger(__name__)

#: WebSocket's close code for an endpoint that is going away (RFC 6455)
GOING_AWAY = 1001


class Socket(Protocol):
    async def send_str(self, data: str) -> None: ...

    async def close(self, *, code: int = ..., message: bytes = ...) -> bool: ...


@dataclass(eq=False)
class Page:
    """One open page: its socket, the table, the seat it plays (None: a spectator)."""

    socket: Socket
    table_id: int
    seat: str | None
    user_id: int
    #: the language of the table it opened on (a closed table's refusals are said in it)
    language: str = "en"
    #: message times, for the per-connection limit (``Hub.allow``)
    recent: list[float] = field(default_factory=list)


def follow(table: Table, page: Page) -> None:
    """A page its key names a user on follows that user's seat: seated once they join (on
    the page or on Discord), a spectator again once they leave the lobby."""
    if page.user_id != SPECTATOR:
        seat = table.seat_of_user(page.user_id)
        page.seat = seat.seat if seat is not None else None


def looks(table: Table, page: Page) -> tuple[str | None, int]:
    """What decides a page's frame: its seat, and in the lobby or at a closed table whose
    page it is (the buttons it offers differ: a seat to take, the host's start, Play again)."""
    mine = table.status == "lobby" or not table.is_open
    return page.seat, page.user_id if mine else SPECTATOR


class Hub(TableListener):
    """Every open page, and the listener that keeps them drawn."""

    def __init__(self) -> None:
        self.pages: dict[int, set[Page]] = {}
        #: a page's key to a table: its user's, or a spectator's (``web.links``: set by
        #: ``web.server``); without it no page follows a table to its rematch
        self.key_of: Callable[[int, int], str] | None = None

    def viewers(self, table_id: int) -> int:
        return len(self.pages.get(table_id, ()))

    def add(self, page: Page) -> None:
        self.pages.setdefault(page.table_id, set()).add(page)

    def remove(self, page: Page) -> None:
        pages = self.pages.get(page.table_id)
        if pages is not None:
            pages.discard(page)
            if not pages:
                del self.pages[page.table_id]

    async def send(self, page: Page, data: dict[str, Any]) -> None:
        try:
            await page.socket.send_str(json.dumps(data))
        except (ConnectionError, RuntimeError):
            self.remove(page)

    async def draw(self, table: Table) -> None:
        """Send every page of ``table`` its frame (drawn once per seat)."""
        pages = list(self.pages.get(table.id, ()))
        if not pages:
            return
        viewers = len(pages)
        drawn: dict[tuple[str | None, int], dict[str, Any]] = {}
        sent = []
        for page in pages:
            follow(table, page)
            key = looks(table, page)
            if key not in drawn:
                drawn[key] = frame(table, page.seat, viewers, page.user_id)
            sent.append(self.send(page, drawn[key]))
        await asyncio.gather(*sent)

    async def close_all(self) -> None:
        """Close every page's socket, saying the server is going away (a page's own close
        would otherwise be waited for when the server stops)."""
        pages = [page for table in self.pages.values() for page in table]
        self.pages.clear()
        await asyncio.gather(
            *(
                page.socket.close(code=GOING_AWAY, message=b"the table's server stopped")
                for page in pages
            ),
            return_exceptions=True,
        )

    # --- the listener ---------------------------------------------------------------------
    async def lobby_changed(self, table: Table) -> None:
        await self.draw(table)

    async def game_changed(self, table: Table, events: list[Event]) -> None:
        await self.draw(table)

    async def seat_away(self, table: Table, seat: Seat) -> None:
        await self.draw(table)

    async def seat_back(self, table: Table, seat: Seat) -> None:
        await self.draw(table)

    async def table_closed(self, table: Table) -> None:
        await self.draw(table)

    async def rematch_opened(self, table: Table, after: int) -> None:
        """Every page of closed table ``after`` goes to its rematch's lobby, with a key of
        the same kind (its user's, or a spectator's)."""
        if self.key_of is None:
            return
        moves = []
        for page in list(self.pages.get(after, ())):
            key = self.key_of(table.id, page.user_id)
            moves.append(self.send(page, {"type": "moved", "table": table.id, "key": key}))
        await asyncio.gather(*moves)
