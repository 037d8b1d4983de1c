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

Discord's two OAuth2 calls are ``web.discord_sign_in``'s; what the page is offered in its
channel (the table, or the form to open one and the tables nearby) is ``web.activity_channel``'s.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from i18n import N_, Catalog
from i18n import get as catalog_of
from tables.errors import TableError
from tables.service import TableService
from web.activity_channel import ChannelOffer, chosen
from web.discord_sign_in import DiscordSignIn
from web.links import BadKey, Signer, id_in
from web.reader import language

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
#: the signed-in users whose Discord names are kept, the most recent
NAMES_KEPT = 1000

#: where the Activity launched in a channel goes on (``cogs.web``): None, here; else the path
#: of the process running the channel's server, or a ``TableError`` saying none reaches it
Elsewhere = Callable[[int], Awaitable[str | None]]
#: opens a table in a channel for a signed-in user: (channel, user, game, bots) -> the
#: table's id, or a ``TableError`` saying why not (``cogs.web`` gives it: the page knows
#: nothing of Discord, and a table's thread is Discord's)
Opener = Callable[[int, int, str, int], Awaitable[int]]


class Activity:
    """The Activity's routes on the web server: signing in, the channel's answer, opening."""

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
        self.discord = DiscordSignIn(
            client_id=client_id, client_secret=client_secret, api_base=api_base
        )
        self.channels = ChannelOffer(service, signer, lambda thread: self.listed(thread))
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
        tr = catalog_of(request.query.get("locale") or language(request))
        words = {"unreachable": tr._(UNREACHABLE)}
        return web.json_response({"client_id": self.discord.application(), "words": words})

    async def token(self, request: web.Request) -> web.Response:
        """The OAuth2 code exchange: ``{"code", "locale"}`` -> ``{"access_token"}``."""
        body = await _json(request)
        code = body.get("code")
        access = await self.discord.access_token(code) if isinstance(code, str) else None
        if access is None:
            return refused(_reader(request, body)._(NOT_SIGNED_IN))
        return web.json_response({"access_token": access})

    async def session(self, request: web.Request) -> web.Response:
        """``{"access_token", "channel_id"}`` -> the channel's answer for its user
        (``ChannelOffer``: ``{"table", "key"}`` for the channel's table, else the form to
        open one) with ``"name"``, the user's Discord name and its proof; where another
        process runs the channel's server, ``{"elsewhere": path}``, the path that reaches it
        (the page asks again there, saying ``"via"`` that path)."""
        body = await _json(request)
        access, channel = body.get("access_token"), id_in(body.get("channel_id"))
        user = await self.discord.user(access) if isinstance(access, str) and access else None
        if user is None:
            return refused(_reader(request, body)._(NOT_SIGNED_IN))
        locale = str(user.get("locale") or language(request))
        tr = catalog_of(locale)
        if channel is None:
            return refused(tr._(NO_TABLE_HERE), 404)
        if self.elsewhere is not None:
            # another process runs the channel's server: the page asks it, by the path
            # Discord's URL mappings give it (that process signs the user in again)
            try:
                path = await self.elsewhere(channel)
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
        if isinstance(name, str) and name:
            self.remember(user_id, name)
        answer = self.channels.in_channel(channel, user_id)
        if answer is None:
            if self.opener is None:
                return refused(tr._(NO_TABLE_HERE), 404)
            # no table here yet: the page offers to open one, in its user's language
            answer = self.channels.to_open(channel, user_id, locale)
        if isinstance(name, str) and name:
            # the page shows its name with this proof when it joins, after a restart too
            answer["name"] = {"name": name, "proof": self.signer.name_proof(user_id, name)}
        return web.json_response(answer)

    async def open(self, request: web.Request) -> web.Response:
        """``{"ticket", "values": {"game", "bots"}, "locale"}`` -> ``{"table", "key"}``: the
        table opened in the ticket's channel, its user seated as its host; or, where a table
        was opened there since the form was shown, that one."""
        body = await _json(request)
        tr = _reader(request, body)
        try:
            user_id, channel_id = self.signer.check_opening(body.get("ticket"), time.time())
        except BadKey as exc:
            return refused(tr._(str(exc)))
        choice = chosen(body.get("values"))
        if choice is None or self.opener is None:
            return refused(tr._(NOT_A_CHOICE))
        here = self.channels.in_channel(channel_id, user_id)
        if here is not None:
            # someone opened one here since the form was shown: the page goes to that table,
            # where its user may join, as the Activity launched now would
            return web.json_response(here)
        try:
            table_id = await self.opener(channel_id, user_id, *choice)
        except TableError as exc:
            return refused(exc.in_language(tr))
        return web.json_response(self.channels.opens(table_id, user_id, seated=True))


def refused(said: str, status: int = 400) -> web.Response:
    """A refusal the page shows: ``said``, already in its reader's language."""
    return web.json_response({"error": said}, status=status)


def _reader(request: web.Request, body: dict[str, Any]) -> Catalog:
    """The catalog of the language the page says its reader reads (``"locale"``: Discord's
    for its user once signed in, the browser's before), else the one the request's browser
    asks for (``web.reader``)."""
    return catalog_of(str(body.get("locale") or language(request)))


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
