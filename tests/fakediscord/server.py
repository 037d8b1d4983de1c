"""The fake's HTTP side: the aiohttp application that serves Discord's REST API under
``/api/v10`` (what discord.py calls, with the status codes and error codes Discord uses),
attachment downloads, and the gateway route. The API's resource groups are the classes of
``tests.fakediscord.rest``, one per group, each registering its own routes; ``RestApi``
composes them and owns what spans them all: the middleware (authentication and the log of
calls), the call log itself, the rate limits and the OAuth2 state.

Every call is logged (``RestCall``: method, path, status, channel it concerns, and the rate-limit
bucket it counts against) so tests can count requests per turn. Discord's global limit (about
50 requests a second for the whole bot) counts every call made with the bot's token; a call
that carries an interaction's token instead (the callback, and the follow-ups and edits under
``/webhooks/{application_id}/{token}``) is exempt and counts in the "interaction" bucket only.
Channel message posts carry rate-limit headers and, past 5 posts in 5 s on one channel, get
a 429 (see ``rest.ratelimits.RateLimits``). A route the fake does not know answers 404 and is
recorded in ``fake.unsupported`` so the fixture can fail the test loudly instead of quietly.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from .api_errors import ApiError
from .oauth import OAuth
from .rest.application import Application
from .rest.callback import Callback
from .rest.commands import Commands
from .rest.common import API, CHANNEL, Lookup, json_response
from .rest.guilds import Guilds
from .rest.messages import Messages
from .rest.ratelimits import RateLimits
from .rest.threads import Threads
from .rest.users import Users
from .rest.webhooks import Webhooks

if TYPE_CHECKING:
    from .host import RestHost

__all__ = [
    "FOLLOWUP_TTL",
    "GLOBAL",
    "INTERACTION",
    "RateLimits",
    "RestApi",
    "RestCall",
    "bucket_of",
    "route_of",
]

FOLLOWUP_TTL = 15 * 60.0

#: the rate-limit buckets a call counts against besides its route's own
GLOBAL = "global"
INTERACTION = "interaction"


def bucket_of(path: str) -> str:
    """``INTERACTION`` for a call made with an interaction's token (exempt from the global
    limit), ``GLOBAL`` for the rest; ``path`` without "/api/v10"."""
    return INTERACTION if path.startswith(("/interactions/", "/webhooks/")) else GLOBAL


def route_of(method: str, path: str) -> str:
    """The call's route, ids and tokens left out: ``PATCH /channels/{}/messages/{}``."""
    parts = path.split("/")
    if len(parts) > 3 and parts[1] in ("webhooks", "interactions"):
        parts[3] = "{token}"
    return method + " " + "/".join("{}" if part.isdigit() else part for part in parts)


@dataclass(frozen=True)
class RestCall:
    method: str
    path: str  # without "/api/v10" and without the query string
    status: int
    channel_id: int | None
    at: float
    query: str = ""

    @property
    def bucket(self) -> str:
        """``GLOBAL`` or ``INTERACTION`` (``bucket_of``)."""
        return bucket_of(self.path)

    @property
    def route(self) -> str:
        return route_of(self.method, self.path)


class RouteGroup(Protocol):
    """One resource group of the API: the routes it serves, each with its handler."""

    def routes(self) -> list[web.RouteDef]: ...


class RestApi:
    """The HTTP application: every resource group's routes, the gateway's and the attachments',
    behind one middleware that checks the bot's token and logs each call."""

    def __init__(self, fake: RestHost) -> None:
        self.fake = fake
        self.world = fake.world
        self.calls: list[RestCall] = []
        self.log: list[tuple[str, str, int]] = []  # (method, path, status), kept in step
        self.ratelimits = RateLimits()
        self.oauth = OAuth(self.world)
        lookup = Lookup(fake)
        # in the order their routes are matched: "/users/@me" before "/users/{uid}"
        self.groups: tuple[RouteGroup, ...] = (
            Application(fake, self.oauth),
            Users(self.world),
            Commands(fake),
            Guilds(lookup),
            Messages(lookup, self.ratelimits),
            Threads(lookup),
            Callback(fake),
            Webhooks(fake),
        )

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = app.router
        r.add_get("/gateway", self.fake.gateway.handle)
        r.add_get("/attachments/{cid}/{aid}/{name}", self.attachment)
        for group in self.groups:
            r.add_routes(group.routes())
        r.add_route("*", "/{tail:.*}", self.unsupported)
        return app

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        request[CHANNEL] = None
        try:
            if request.path.startswith(API) and not self._public(request.path):
                auth = request.headers.get("Authorization", "")
                bearer = auth.startswith("Bearer ") and request.path == f"{API}/users/@me"
                if auth != f"Bot {self.fake.token}" and not bearer:
                    raise ApiError(401, 0, "401: Unauthorized")
            response: web.StreamResponse = await handler(request)
        except ApiError as exc:
            response = json_response(exc.body(), exc.status, getattr(exc, "headers", None))
        if request.path.startswith(API):
            path = request.path[len(API) :]
            now = asyncio.get_running_loop().time()  # wall time, as the client's waits are
            call = RestCall(
                request.method, path, response.status, request[CHANNEL], now, request.query_string
            )
            self.calls.append(call)
            self.log.append((call.method, call.path, call.status))
        return response

    @staticmethod
    def _public(path: str) -> bool:
        # Interaction callbacks and webhook calls authenticate by token, not by header.
        # The OAuth2 token exchange authenticates by the client id and secret in its form.
        return path.startswith((f"{API}/interactions/", f"{API}/webhooks/", f"{API}/oauth2/token"))

    async def unsupported(self, request: web.Request) -> web.Response:
        self.fake.unsupported.append(f"{request.method} {request.path}")
        raise ApiError(404, 0, f"fakediscord does not implement {request.method} {request.path}")

    async def attachment(self, request: web.Request) -> web.Response:
        message_att = None
        aid = int(request.match_info["aid"])
        for message in self.world.messages.values():
            for att in message.attachments:
                if att.id == aid:
                    message_att = att
        if message_att is None:
            return web.Response(status=404)
        return web.Response(body=message_att.data, content_type="application/octet-stream")
