"""The Discord Activity: the web table opened inside Discord, tied to the table of the channel
or thread it was launched in, its user identified by Discord's OAuth2.

Discord loads the Activity's page (``GET /``) through its proxy with the instance's
``channel_id`` and ``frame_id`` in the query. The page (``static/activity.js``) speaks the
Embedded App SDK's protocol with Discord's client itself: the handshake, then ``AUTHORIZE``,
which yields a code. The server exchanges the code at Discord's ``/oauth2/token`` with the
application's id and ``DISCORD_CLIENT_SECRET`` (``POST /api/activity/token``), the page hands
the access token back to Discord (``AUTHENTICATE``) and to the server, which asks Discord who
it belongs to (``/users/@me``) and answers with the table in the channel and a signed key for
that user (``POST /api/activity/session``), seated or not: at a table still in its lobby the
page offers them a seat (``web.messages``), under the name Discord gave (``name_of``: kept
here, and signed for the page, which shows it when it joins, so a restart of the bot loses
it for no one). From there the page is the web table's own, over the same WebSocket.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp import web

from engine import GAMES, game_title
from i18n import N_, Catalog
from i18n import get as catalog_of
from tables.errors import TableError
from tables.model import Table
from tables.service import TableService
from web.frames import page_title
from web.links import BadKey, Signer

log = logging.getLogger(__name__)

NO_TABLE_HERE = N_("There is no table in this channel: open one with /play.")
NOT_A_CHOICE = N_("Choose a game and how many bots from the form.")
NOT_SIGNED_IN = N_("Discord did not confirm who you are: open the Activity again.")
#: what the page says when the bot's server does not answer it (shown by the page itself)
UNREACHABLE = N_("The table's server did not answer: open the Activity again in a moment.")
#: launched in a server another of the bot's processes runs, with no path leading to it
NOT_REACHED = N_(
    "This server's tables are run by another of the bot's processes, which this Activity "
    "cannot reach: the bot's operator sets ACTIVITY_PATHS for it."
)
#: how long the server waits for Discord's API
API_TIMEOUT = aiohttp.ClientTimeout(total=10)
#: the signed-in users whose Discord names are kept, the most recent
NAMES_KEPT = 1000
#: the bots a table opened from the Activity may seat, as ``/play``'s ``bots``
BOTS = range(10)
#: the open tables in a text channel's threads the Activity lists there, the oldest first
NEARBY_SHOWN = 5

#: where the Activity launched in a channel goes on (``cogs.web``): None, here; else the path
#: of the process running the channel's server, or a ``TableError`` saying none reaches it
Elsewhere = Callable[[int], Awaitable[str | None]]
#: opens a table in a channel for a signed-in user: (channel, user, game, bots) -> the
#: table's id, or a ``TableError`` saying why not (``cogs.web`` gives it: the page knows
#: nothing of Discord, and a table's thread is Discord's)
Opener = Callable[[int, int, str, int], Awaitable[int]]


def opening_form(tr: Catalog) -> dict[str, Any]:
    """The form the Activity shows where its channel has no table (``static/form.js``)."""
    games = sorted(GAMES, key=lambda name: tr._(game_title(name)))
    return {
        "title": tr._("Open a table here"),
        "submit": tr._("Open the table"),
        "fields": [
            {
                "key": "game",
                "label": tr._("Game"),
                "options": [[name, tr._(game_title(name))] for name in games],
            },
            {"key": "bots", "label": tr._("Bots"), "options": [[str(n), str(n)] for n in BOTS]},
        ],
    }


class Activity:
    """The Activity's routes on the web server."""

    def __init__(
        self,
        service: TableService,
        signer: Signer,
        *,
        client_id: Callable[[], int | None],
        client_secret: str,
        api_base: str,
    ) -> None:
        self.service = service
        self.signer = signer
        self.client_id = client_id
        self.client_secret = client_secret
        self.api_base = api_base.rstrip("/")
        #: the names Discord gave the users who opened the Activity, for joining a table
        self.names: OrderedDict[int, str] = OrderedDict()
        #: opens a table where the Activity was launched and none is (set by ``cogs.web``)
        self.opener: Opener | None = None
        #: whether a table's thread is open to everyone in its channel, so that the Activity
        #: launched there lists it (set by ``cogs.web``: until then none is listed)
        self.listed: Callable[[int], bool] = lambda _thread: False
        #: for a bot run as several processes, which runs the channel's server (set by
        #: ``cogs.web``; until then every channel is this process's)
        self.elsewhere: Elsewhere | None = None

    def name_of(self, user_id: int, claim: Any = None) -> str | None:
        """The name Discord gave ``user_id`` when they opened the Activity: kept here, or
        shown by their page with the proof the session gave it (``claim``: ``{"name",
        "proof"}``), which outlives a restart of the bot."""
        known = self.names.get(user_id)
        if known is not None or not isinstance(claim, dict):
            return known
        name = self.signer.check_name(user_id, claim.get("name"), claim.get("proof"))
        if name is not None:
            self.remember(user_id, name)
        return name

    def remember(self, user_id: int, name: str) -> None:
        self.names[user_id] = name
        self.names.move_to_end(user_id)
        while len(self.names) > NAMES_KEPT:
            self.names.popitem(last=False)

    def routes(self, static: Any) -> list[web.AbstractRouteDef]:
        async def page(request: web.Request) -> web.StreamResponse:
            # the table's own page: its activity.js opens this channel's table
            return web.FileResponse(static / "table.html")

        return [
            web.get("/", page),
            web.get("/api/activity/config", self.config),
            web.post("/api/activity/token", self.token),
            web.post("/api/activity/session", self.session),
            web.post("/api/activity/open", self.open),
        ]

    async def config(self, request: web.Request) -> web.Response:
        """``?locale=`` (the browser's language) -> the application's id, and the words the
        page says itself before it is signed in, in that language."""
        tr = catalog_of(request.query.get("locale") or "en")
        words = {"unreachable": tr._(UNREACHABLE)}
        return web.json_response({"client_id": str(self.client_id() or ""), "words": words})

    async def token(self, request: web.Request) -> web.Response:
        """The OAuth2 code exchange: ``{"code", "locale"}`` -> ``{"access_token"}``."""
        body = await _json(request)
        code = body.get("code")
        tr = _reader(body)
        if not isinstance(code, str) or not code or not self.client_secret:
            return refused(NOT_SIGNED_IN, tr=tr)
        form = {
            "client_id": str(self.client_id() or ""),
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        url = f"{self.api_base}/oauth2/token"
        async with (
            aiohttp.ClientSession(timeout=API_TIMEOUT) as http,
            http.post(url, data=form) as response,
        ):
            answer = await response.json(content_type=None)
            if response.status != 200 or "access_token" not in answer:
                log.info("Discord refused an Activity's code (%s)", response.status)
                return refused(NOT_SIGNED_IN, tr=tr)
        return web.json_response({"access_token": answer["access_token"]})

    async def session(self, request: web.Request) -> web.Response:
        """``{"access_token", "channel_id"}`` -> ``{"table", "key"}`` for the user's seat;
        where another process runs the channel's server, ``{"elsewhere": path}``, the path
        that reaches it (the page asks again there, saying ``"via"`` that path); where the
        channel has no table,
        ``{"table": None, "open"}`` (the form to open one), the
        tables open in its threads (``"nearby"``, to join or watch) and, where its last table
        closed, ``"last"``: that table's ``{"table", "key"}`` (its end is shown above the form,
        with Play again for its players)."""
        body = await _json(request)
        access, channel = body.get("access_token"), str(body.get("channel_id") or "")
        if not isinstance(access, str) or not access:
            return refused(NOT_SIGNED_IN, tr=_reader(body))
        headers = {"Authorization": f"Bearer {access}"}
        async with (
            aiohttp.ClientSession(timeout=API_TIMEOUT) as http,
            http.get(f"{self.api_base}/users/@me", headers=headers) as response,
        ):
            user = await response.json(content_type=None)
            if response.status != 200 or "id" not in user:
                return refused(NOT_SIGNED_IN, tr=_reader(body))
        if self.elsewhere is not None and channel.isdigit():
            # another process runs the channel's server: the page asks it, by the path
            # Discord's URL mappings give it (that process signs the user in again)
            tr = catalog_of(str(user.get("locale") or "en"))
            try:
                path = await self.elsewhere(int(channel))
            except TableError as exc:
                return refused(exc.in_language(tr))
            if path is not None and body.get("via") is not None:
                # the page came by a path that should have led to that process: a URL
                # mapping leads elsewhere, and asking again would go round
                return refused(tr._(NOT_REACHED))
            if path is not None:
                return web.json_response({"elsewhere": path})
        user_id = int(user["id"])
        name = user.get("global_name") or user.get("username")
        answer: dict[str, Any] = {}
        if isinstance(name, str) and name:
            self.remember(user_id, name)
            # the page shows its name with this proof when it joins, after a restart too
            answer["name"] = {"name": name, "proof": self.signer.name_proof(user_id, name)}
        table = self.service.in_channel(int(channel)) if channel.isdigit() else None
        if table is None:
            if self.opener is None or not channel.isdigit():
                return refused(NO_TABLE_HERE, 404)
            # no table here yet: the page offers to open one, in its user's language
            ticket = self.signer.opening(user_id, int(channel), time.time())
            locale = str(user.get("locale") or "en")
            tr = catalog_of(locale)
            answer.update(
                table=None, open={"form": opening_form(tr), "ticket": ticket, "locale": locale}
            )
            # a text channel's tables live in its threads: the page lists them to join or watch
            shown = self.service.in_threads_of(int(channel))
            near = [t for t in shown if t.channel_id and self.listed(t.channel_id)]
            near = near[:NEARBY_SHOWN]
            if near:
                answer["nearby"] = {
                    "title": tr._("Tables open in this channel"),
                    "tables": [self.nearby(t, user_id, tr) for t in near],
                }
            last = self.service.last_closed(int(channel))
            if last is not None:
                # the table that played here last, as it ended: Play again for its players
                seated = last.seat_of_user(user_id) is not None
                answer["last"] = self.opens(last.id, user_id, seated)
            return web.json_response(answer)
        answer.update(self.opens(table.id, user_id, table.seat_of_user(user_id) is not None))
        return web.json_response(answer)

    async def open(self, request: web.Request) -> web.Response:
        """``{"ticket", "values": {"game", "bots"}, "locale"}`` -> ``{"table", "key"}``: the
        table opened in the ticket's channel, its user seated as its host; or, where a table
        was opened there since the form was shown, that one."""
        body = await _json(request)
        tr = _reader(body)
        try:
            user_id, channel_id = self.signer.check_opening(body.get("ticket"), time.time())
        except BadKey as exc:
            return refused(tr._(str(exc)))
        values = body.get("values")
        game = values.get("game") if isinstance(values, dict) else None
        bots = values.get("bots") if isinstance(values, dict) else None
        if game not in GAMES or bots not in [str(n) for n in BOTS] or self.opener is None:
            return refused(tr._(NOT_A_CHOICE))
        here = self.service.in_channel(channel_id)
        if here is not None:
            # someone opened one here since the form was shown: the page goes to that table,
            # where its user may join, as the Activity launched now would
            seated = here.seat_of_user(user_id) is not None
            return web.json_response(self.opens(here.id, user_id, seated))
        try:
            table_id = await self.opener(channel_id, user_id, str(game), int(str(bots)))
        except TableError as exc:
            return refused(exc.in_language(tr))
        return web.json_response(self.opens(table_id, user_id, seated=True))

    def nearby(self, table: Table, user_id: int, tr: Catalog) -> dict[str, Any]:
        """An open table in a thread of the Activity's channel, as its list shows it: what it
        is and how it stands, and what the page opens it with (``opens``)."""
        title = page_title(table, tr)  # in the reader's language, as the list around it
        if table.status == "lobby":
            count = len(table.seats)
            about = tr.ngettext(
                "In its lobby, {count} seated", "In its lobby, {count} seated", count
            )
        else:
            about = tr._("Playing: watch it")
        seated = table.seat_of_user(user_id) is not None
        return {"title": title, "about": about, **self.opens(table.id, user_id, seated)}

    def opens(self, table_id: int, user_id: int, seated: bool) -> dict[str, Any]:
        """What the page opens table ``table_id`` with: the user's own key, seated or not
        (who they are lets them sit down in the lobby)."""
        key = self.signer.player(table_id, user_id, time.time())
        return {"table": table_id, "key": key, "seated": seated}


def refused(reason: str, status: int = 400, tr: Catalog | None = None) -> web.Response:
    """A refusal the page shows: ``reason`` as it is said (a message marked for the catalogs
    is said in ``tr``'s language, else in English)."""
    return web.json_response({"error": (tr or catalog_of("en"))._(reason)}, status=status)


def _reader(body: dict[str, Any]) -> Catalog:
    """The catalog of the language the page says its reader reads (``"locale"``: Discord's
    for its user once signed in, the browser's before)."""
    return catalog_of(str(body.get("locale") or "en"))


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
