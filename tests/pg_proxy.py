"""A loopback TCP proxy in front of the test PostgreSQL server that a test can cut and
restore, to play a database that goes away and comes back.

It runs its own event loop in a thread: the storage calls it carries are synchronous and
block the test's loop while they wait. ``cut()`` drops every open connection and refuses
new ones (each is closed at once, as a server that is down resets it); ``restore()`` lets
connections through again. ``connect_delay`` holds each new connection back that long, as a
loaded machine does (to show a test does not depend on connections being quick).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit, urlunsplit

#: how long a call into the proxy's thread may take before the test fails, not hangs
PATIENCE = 60.0


class PgProxy:
    def __init__(self, server_url: str, connect_delay: float = 0.0) -> None:
        parts = urlsplit(server_url)
        host = parse_qs(parts.query)["host"][0]
        self.socket_path = f"{host}/.s.PGSQL.{parts.port or 5432}"
        self._server_url = parts
        self._loop = asyncio.new_event_loop()
        self._writers: set[asyncio.StreamWriter] = set()
        self.open = True
        self.port = 0
        self.connect_delay = connect_delay
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        if not ready.wait(PATIENCE):
            raise RuntimeError("the PostgreSQL proxy did not start")

    def url(self, schema_url: str) -> str:
        """``schema_url`` (a URL on the test server) reached through this proxy instead."""
        parts = urlsplit(schema_url)
        query = "&".join(q for q in parts.query.split("&") if not q.startswith("host="))
        netloc = f"{parts.username or 'postgres'}@127.0.0.1:{self.port}"
        return urlunsplit(parts._replace(netloc=netloc, query=query))

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", 0)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        ready.set()
        self._loop.run_forever()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.open:
            writer.close()
            return
        try:
            if self.connect_delay:
                await asyncio.sleep(self.connect_delay)
            up_reader, up_writer = await asyncio.open_unix_connection(self.socket_path)
        except OSError:
            writer.close()
            return
        if not self.open:  # cut while this one was on its way: it never got through
            up_writer.close()
            writer.close()
            return
        self._writers |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        except asyncio.CancelledError:
            # shutting down: end quietly (asyncio logs a handler task that ends cancelled)
            writer.transport.abort()
            up_writer.transport.abort()
        self._writers -= {writer, up_writer}

    def _call(self, func: Callable[[], None]) -> None:
        done = threading.Event()

        def run() -> None:
            func()
            done.set()

        self._loop.call_soon_threadsafe(run)
        # cut() must have dropped every connection before the test goes on
        if not done.wait(PATIENCE):
            raise RuntimeError("the PostgreSQL proxy did not answer")

    def cut(self) -> None:
        def drop() -> None:
            self.open = False
            for writer in list(self._writers):
                writer.transport.abort()
            self._writers.clear()

        self._call(drop)

    def restore(self) -> None:
        def allow() -> None:
            self.open = True

        self._call(allow)

    async def _shutdown(self) -> None:
        self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def close(self) -> None:
        self.cut()
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(PATIENCE)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(PATIENCE)
        self._loop.close()
