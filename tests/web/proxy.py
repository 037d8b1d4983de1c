"""Discord's Activity proxy, as far as the Activity's page meets it: URL mappings from a path
to a target. A request under a mapping's path goes to its target without that path (the
longest path that fits wins, ``/`` catches the rest), its ``Host`` kept as a reverse proxy
keeps it; a WebSocket is carried both ways; a target nobody answers at is a 502 page. It
stands on loopback in front of the bot's processes, as ``*.discordsays.com`` stands in front
of the servers an application maps."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping

import aiohttp
from aiohttp import web

from tests.web.browser import free_port

#: either end of a carried WebSocket
Socket = web.WebSocketResponse | aiohttp.ClientWebSocketResponse
#: headers a proxy does not pass on (hop by hop, or worked out again by aiohttp)
_DROPPED = {"connection", "upgrade", "content-length", "transfer-encoding", "keep-alive"}


def _target(mappings: Mapping[str, int], path: str) -> tuple[int, str]:
    """(the port of the mapping that fits ``path``, the path left for it)."""
    for prefix in sorted(mappings, key=len, reverse=True):
        if prefix == "/":
            return mappings[prefix], path
        if path == prefix or path.startswith(prefix + "/"):
            return mappings[prefix], path[len(prefix) :] or "/"
    raise web.HTTPNotFound()


@contextlib.asynccontextmanager
async def url_mappings(mappings: Mapping[str, int]) -> AsyncIterator[int]:
    """Serve ``mappings`` (path -> a local port) on loopback; -> the proxy's port."""
    session = aiohttp.ClientSession(auto_decompress=False)
    #: the sockets carried now, closed when the proxy stops (as a page's tab is closed)
    carried: set[Socket] = set()

    async def forward(request: web.Request) -> web.StreamResponse:
        port, path = _target(mappings, request.path)
        url = f"http://127.0.0.1:{port}{path}"
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _DROPPED}
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await _socket(request, url, headers)
        try:
            async with session.request(
                request.method,
                url,
                params=request.query,
                headers=headers,
                data=await request.read(),
                allow_redirects=False,
            ) as answer:
                kept = {k: v for k, v in answer.headers.items() if k.lower() not in _DROPPED}
                return web.Response(status=answer.status, headers=kept, body=await answer.read())
        except aiohttp.ClientConnectionError:
            # nobody answers at the target: a proxy's own error page
            return web.Response(status=502, text="Bad Gateway")

    async def _socket(
        request: web.Request, url: str, headers: dict[str, str]
    ) -> web.StreamResponse:
        # the handshake's own headers are the client's to make afresh
        kept = {k: v for k, v in headers.items() if not k.lower().startswith("sec-websocket")}
        inner = await session.ws_connect(
            url.replace("http://", "ws://"), params=request.query, headers=kept
        )
        outer = web.WebSocketResponse()
        await outer.prepare(request)
        carried.update((inner, outer))

        async def pump(source: Socket, sink: Socket) -> None:
            async for message in source:
                if message.type == aiohttp.WSMsgType.TEXT:
                    await sink.send_str(message.data)
            await sink.close(code=source.close_code or 1000)

        await asyncio.gather(pump(inner, outer), pump(outer, inner), return_exceptions=True)
        carried.difference_update((inner, outer))
        return outer

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", forward)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield port
    finally:
        for socket in list(carried):
            await socket.close()
        await runner.cleanup()
        await session.close()
