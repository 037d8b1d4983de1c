"""The web table's HTTP server (aiohttp), run inside the bot process when ``WEB_PORT`` is set.

Routes:

- ``GET /table/{id}?key=...``: the page (static HTML, CSS and JS from ``web/static``).
- ``GET /ws/{id}?key=...``: the page's WebSocket. The key (``web.links``) says who is
  watching; the server sends a frame (``web.frames``) at once and after every change, and
  answers what the page sends (``web.messages``: moves, speech, forms, "I'm back", leaving).
- ``GET /activity`` and ``POST /api/activity/*``: the Discord Activity (``web.activity``).
- ``GET /tournament/{id}?key=...`` and its socket: a tournament's public page
  (``web.tournament_page``).

Checks: a socket whose ``Origin`` is neither this server, ``PUBLIC_URL`` nor Discord's
Activity proxy is refused; messages are at most ``MAX_MESSAGE`` bytes and ``web.messages.RATE``
a second per connection. Behind a reverse proxy, set ``PUBLIC_URL`` to the address people use.
A refusal is said in the table's language once the table is known, else in the reader's
(``web.reader``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit

from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError

from i18n import N_, Catalog
from tables.errors import TableError
from tables.match_record import has_record, match_record, record_text
from tables.model import Table
from tables.replays import Replay
from tables.service import TableService
from web.activity import Activity
from web.frames import catalog, page_title
from web.hub import Hub, Page
from web.links import SPECTATOR, BadKey, Signer, id_in
from web.messages import PageMessages
from web.reader import reader
from web.replay_frames import replay_steps, replay_words
from web.tournament_page import TournamentPages

log = logging.getLogger(__name__)


class MalformedRequests(logging.Filter):
    """aiohttp logs a request it cannot parse as an error with its traceback. Such a request
    is its sender's mistake, answered 400, and anyone may send one: it is logged as one line
    at INFO, so the error log keeps to the bot's own faults."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError) and exc.code == 400:
            record.levelno, record.levelname = logging.INFO, "INFO"
            why = str(exc.message).splitlines()[0] if exc.message else exc.code
            record.msg, record.args = "refused a malformed request: %s", (why,)
            record.exc_info = record.exc_text = None
        return True


#: the logger of the server's requests (aiohttp's own logs a failing handler's traceback)
requests_log = logging.getLogger(__name__ + ".requests")
requests_log.addFilter(MalformedRequests())

STATIC = Path(__file__).with_name("static")
#: the largest message a page may send, in bytes
MAX_MESSAGE = 4096
#: finished matches whose replay steps are kept drawn, the most recently asked for
REPLAYS_KEPT = 16

NO_TABLE = N_("There is no such table.")
RECORD_JSON = N_("Match record (JSON)")
RECORD_TEXT = N_("Match record (text)")
BAD_ORIGIN = N_("This page's origin may not open the table.")

_T = TypeVar("_T")


class PortTaken(Exception):
    """The web table cannot listen on its port (another program has it, or it is not the
    bot's to take): said as one line at start-up (``bot.discord_run``)."""

    def __init__(self, port: int, error: OSError) -> None:
        super().__init__(f"cannot listen on port {port}: {error}")
        self.port = port
        self.error = error


class WebServer:
    """The web table: its aiohttp application, the open pages, and the links to them."""

    def __init__(
        self,
        service: TableService,
        signer: Signer,
        *,
        port: int,
        public_url: str = "",
        host: str = "0.0.0.0",
        activity: Activity | None = None,
    ) -> None:
        self.service = service
        self.signer = signer
        self.port = port
        self.host = host
        self.public_url = (public_url or f"http://localhost:{port}").rstrip("/")
        self.hub = Hub()
        #: finished matches' replay steps as last drawn, by table (a finished match never
        #: changes), at most ``REPLAYS_KEPT``
        self.replays: OrderedDict[int, list[dict[str, Any]]] = OrderedDict()
        #: closed tables as they ended, by id, as last opened (``closed_table``)
        self.closed_tables: OrderedDict[int, Table] = OrderedDict()
        self.app = web.Application()
        self.app.add_routes(
            [
                web.get("/table/{table}", self.page),
                web.get("/ws/{table}", self.socket),
                web.get("/replay/{table}.json", self.record_json),
                web.get("/replay/{table}.txt", self.record_text),
                web.get("/replay/{table}", self.replay_page),
                web.get("/api/replay/{table}", self.replay),
                web.static("/static", STATIC),
            ]
        )
        self.tournaments = TournamentPages(
            service, signer, self.spectator_link, self.replay_link, STATIC
        )
        self.app.add_routes(self.tournaments.routes())
        #: the Discord Activity's sign-in, when ``DISCORD_CLIENT_SECRET`` is set
        self.activity = activity
        if activity is not None:
            self.app.add_routes(activity.routes(STATIC))
        self.runner: web.AppRunner | None = None
        #: told a table's id when a page opens or closes on it (its viewer count changed)
        self.on_viewers: Callable[[int], None] | None = None
        #: what the pages send: moves, speech, forms, "I'm back", leaving (``web.messages``)
        self.messages = PageMessages(
            service, self.hub, activity.name_of if activity is not None else no_name
        )
        # a closed table's pages follow it to its rematch with these keys
        self.hub.key_of = self.key_of

    # --- running ------------------------------------------------------------------------------
    async def start(self) -> None:
        self.service.add_listener(self.hub)
        self.service.tournaments.add_listener(self.tournaments)
        self.runner = web.AppRunner(self.app, access_log=None, logger=requests_log)
        await self.runner.setup()
        try:
            await web.TCPSite(self.runner, self.host, self.port).start()
        except OSError as exc:
            await self.runner.cleanup()
            raise PortTaken(self.port, exc) from exc
        log.info("web table listening on port %d (%s)", self.port, self.public_url)

    async def close(self) -> None:
        # the open pages are closed first: the runner's cleanup would wait a minute for them
        # (aiohttp's shutdown timeout), holding the bot's stop up
        await self.hub.close_all()
        await self.tournaments.close_all()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    # --- links ----------------------------------------------------------------------------------
    def key_of(self, table_id: int, user_id: int) -> str:
        """A page's key to a table: its user's (for a day), or a spectator's."""
        if user_id == SPECTATOR:
            return self.signer.spectator(table_id)
        return self.signer.player(table_id, user_id, time.time())

    def player_link(self, table_id: int, user_id: int) -> str:
        return f"{self.public_url}/table/{table_id}?key={self.key_of(table_id, user_id)}"

    def spectator_link(self, table_id: int) -> str:
        return f"{self.public_url}/table/{table_id}?key={self.signer.spectator(table_id)}"

    def replay_link(self, table_id: int) -> str:
        """A finished match's replay page (its spectator key opens it)."""
        return f"{self.public_url}/replay/{table_id}?key={self.signer.spectator(table_id)}"

    def tournament_link(self, event_id: int) -> str:
        """A tournament's public page."""
        key = self.signer.tournament(event_id)
        return f"{self.public_url}/tournament/{event_id}?key={key}"

    # --- handlers --------------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "table.html")

    async def replay_page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "replay.html")

    async def replay(self, request: web.Request) -> web.Response:
        """A finished match's steps, for any valid link to its table (a spectator's will do:
        once the match is over every hand is shown to everyone), and its record's downloads
        where the game has one."""
        match = await self.finished_match(request)
        if isinstance(match, web.Response):
            return match
        table = match.table
        tr = catalog(table)
        steps = self.replays.get(table.id)
        if steps is None:
            # describing every step of a long match takes a while: off the loop, as the
            # match's rebuilding is (``TableService.replay``), and once per match
            steps = await asyncio.to_thread(replay_steps, match)
        keep(self.replays, table.id, steps)
        key = quote(request.query.get("key", ""))
        downloads = []
        if has_record(table):
            downloads = [
                {"href": f"/replay/{table.id}.json?key={key}", "label": tr._(RECORD_JSON)},
                {"href": f"/replay/{table.id}.txt?key={key}", "label": tr._(RECORD_TEXT)},
            ]
        return web.json_response(
            {
                "title": page_title(table),
                "language": table.language,
                "steps": steps,
                "words": replay_words(tr),
                "downloads": downloads,
            }
        )

    async def finished_match(self, request: web.Request) -> Replay | web.Response:
        """The finished match a request's link opens, or the answer refusing it, in the
        reader's language (no table is known to be shown)."""
        table_id = id_in(request.match_info["table"])
        tr = reader(request)
        if table_id is None:
            return web.json_response({"error": tr._(NO_TABLE)}, status=404)
        try:
            self.signer.check(request.query.get("key", ""), table_id, time.time())
            return await self.service.replay(table_id)
        except BadKey as exc:
            return web.json_response({"error": tr._(str(exc))}, status=403)
        except TableError as exc:
            return web.json_response({"error": exc.in_language(tr)}, status=409)

    async def finished_record(
        self, request: web.Request
    ) -> tuple[Replay, dict[str, Any]] | web.Response:
        """The finished match a request's link opens and its record (``tables.match_record``),
        or the answer refusing them."""
        match = await self.finished_match(request)
        if isinstance(match, web.Response):
            return match
        try:
            return match, match_record(match)
        except TableError as exc:  # the match is known: said in its table's language
            return web.json_response({"error": exc.in_language(catalog(match.table))}, status=409)

    async def record_json(self, request: web.Request) -> web.Response:
        """The finished match's record, as a download."""
        found = await self.finished_record(request)
        if isinstance(found, web.Response):
            return found
        match, record = found
        return web.json_response(
            record,
            dumps=lambda value: json.dumps(value, indent=1, ensure_ascii=False),
            headers=download(f"match-{match.table.id}.json"),
        )

    async def record_text(self, request: web.Request) -> web.Response:
        """The finished match's record as lines to read, as a download."""
        found = await self.finished_record(request)
        if isinstance(found, web.Response):
            return found
        match, record = found
        table = match.table
        return web.Response(
            text=record_text(record, page_title(table), catalog(table)),
            content_type="text/plain",
            charset="utf-8",
            headers=download(f"match-{table.id}.txt"),
        )

    def viewers(self, table_id: int) -> int:
        """How many pages watch the table now."""
        return self.hub.viewers(table_id)

    def viewers_changed(self, table_id: int) -> None:
        if self.on_viewers is not None:
            self.on_viewers(table_id)

    def origin_allowed(self, request: web.Request) -> bool:
        """Whether a socket's ``Origin`` is this server, ``PUBLIC_URL`` or Discord's proxy."""
        origin = request.headers.get("Origin")
        if not origin:
            return True  # not a browser page (a browser always sends it on a socket)
        host = urlsplit(origin).netloc.lower()
        return (
            host == request.host.lower()
            or host == urlsplit(self.public_url).netloc.lower()
            or host.endswith(".discordsays.com")
        )

    def table_of(self, request: web.Request) -> Table | None:
        table_id = id_in(request.match_info["table"])
        if table_id is None:
            return None
        try:
            return self.service.get(table_id)
        except (KeyError, TableError):
            return None

    async def closed_table(self, request: web.Request) -> Table | None:
        """The table a page's link opens that has closed since (a finished match, a table
        ended early), with its game as it ended, so the page draws it as it stood then, with
        **Play again** for its players; None where there is no such table, or the link's key
        is not for it (checked first: playing a match again is work a forged link must not
        cause). The last ``REPLAYS_KEPT`` are kept: a closed table never changes."""
        table_id = id_in(request.match_info["table"])
        if table_id is None:
            return None
        try:
            self.signer.check(request.query.get("key", ""), table_id, time.time())
            table = self.closed_tables.get(table_id) or await self.service.closed(table_id)
        except (BadKey, TableError):
            return None
        keep(self.closed_tables, table_id, table)
        return table

    async def socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30)
        await ws.prepare(request)
        # until a table is known its refusals are in the reader's language, then in its own
        if not self.origin_allowed(request):
            return await refuse_and_close(ws, reader(request), BAD_ORIGIN)
        table = self.table_of(request) or await self.closed_table(request)
        if table is None:
            return await refuse_and_close(ws, reader(request), NO_TABLE)
        try:
            key = self.signer.check(request.query.get("key", ""), table.id, time.time())
        except BadKey as exc:
            return await refuse_and_close(ws, catalog(table), str(exc))
        seated = None if key.spectator else table.seat_of_user(key.user_id)
        page = Page(ws, table.id, seated.seat if seated else None, key.user_id, table.language)
        self.hub.add(page)
        self.viewers_changed(table.id)
        try:
            await self.hub.draw(table)  # the new page, and everyone's viewer count
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    break
                await self.messages.handle(page, message.data)
        finally:
            self.hub.remove(page)
            self.viewers_changed(table.id)
            if table.id in self.hub.pages:
                await self.hub.draw(table)
        return ws


def keep(kept: OrderedDict[int, _T], table_id: int, value: _T) -> None:
    """``value`` kept for ``table_id`` as the latest asked for, at most ``REPLAYS_KEPT``: a
    closed table and its replay never change, so the busiest stay drawn."""
    kept[table_id] = value
    kept.move_to_end(table_id)
    while len(kept) > REPLAYS_KEPT:
        kept.popitem(last=False)


def no_name(user_id: int, claim: Any = None) -> None:
    """Without the Activity the server learns no Discord names: a page cannot take a seat."""
    return None


def download(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


async def refuse_and_close(
    ws: web.WebSocketResponse, tr: Catalog, reason: str
) -> web.WebSocketResponse:
    """Refuse the socket for good, ``reason`` said in ``tr``'s language, which the page
    is marked as written in (a screen reader reads it in that voice)."""
    said = {"type": "refused", "reason": tr._(reason), "final": True, "language": tr.lang}
    await ws.send_str(json.dumps(said))
    await ws.close()
    return ws
