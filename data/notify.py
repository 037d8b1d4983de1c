"""PostgreSQL LISTEN/NOTIFY for the event loop: announce on a channel, and listen with a
connection of its own that comes back by itself after the database went away."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import sql

log = logging.getLogger(__name__)

#: seconds between attempts to listen again after the connection was lost
RETRY = 1.0


def notify(db: Any, channel: str, payload: str) -> None:
    """Announce ``payload`` to every listener on ``channel`` (committed at once)."""
    db.execute("SELECT pg_notify(?, ?)", [channel, payload])


class Listener:
    """Calls ``heard(payload)`` for each notification on ``channel``, and ``listening()``
    each time it (re)starts listening, so the caller can catch up on what it missed."""

    def __init__(
        self,
        url: str,
        channel: str,
        heard: Callable[[str], None],
        listening: Callable[[], None] | None = None,
    ) -> None:
        self.url = url
        self.channel = channel
        self.heard = heard
        self.listening = listening
        self.connected = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="pg-listener")

    async def _run(self) -> None:
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    self.connected.set()
                    if self.listening is not None:
                        self.listening()
                    async for note in conn.notifies():
                        self.heard(note.payload)
            except psycopg.OperationalError as exc:
                log.warning(
                    "lost the notification channel %s (%s); listening again", self.channel, exc
                )
            except Exception:
                log.exception("notification listener failed; listening again")
            self.connected.clear()
            await asyncio.sleep(RETRY)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
