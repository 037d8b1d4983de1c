"""Discord's OAuth2 as an Activity meets it: the code a user's client hands the Activity
when they authorise it (``FakeDiscord.authorize``), ``POST /oauth2/token`` exchanging that
code for an access token (the application's id and client secret required, each code good
once), and ``GET /users/@me`` answering for the token's user (``Authorization: Bearer``)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from aiohttp import web

from .api_errors import ApiError

if TYPE_CHECKING:
    from .state import FakeUser, World

#: the application's OAuth2 client secret in the fake (a bot's setting names it)
CLIENT_SECRET = "fake-client-secret"


class OAuth:
    def __init__(self, world: World) -> None:
        self.world = world
        self.codes: dict[str, int] = {}
        self.tokens: dict[str, int] = {}

    def authorize(self, user: FakeUser) -> str:
        """The code Discord's client gives the Activity once ``user`` authorised it."""
        code = secrets.token_hex(8)
        self.codes[code] = user.id
        return code

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if str(form.get("client_id")) != str(self.world.application_id) or (
            form.get("client_secret") != CLIENT_SECRET
        ):
            return web.json_response({"error": "invalid_client"}, status=401)
        code = str(form.get("code", ""))
        if form.get("grant_type") != "authorization_code" or code not in self.codes:
            return web.json_response({"error": "invalid_grant"}, status=400)
        user_id = self.codes.pop(code)
        access = secrets.token_hex(16)
        self.tokens[access] = user_id
        return web.json_response(
            {
                "access_token": access,
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": secrets.token_hex(16),
                "scope": "identify",
            }
        )

    def user_of(self, authorization: str) -> FakeUser:
        """The user of a ``Bearer`` token; 401 for any other."""
        scheme, _, token = authorization.partition(" ")
        if scheme != "Bearer" or token not in self.tokens:
            raise ApiError(401, 0, "401: Unauthorized")
        return self.world.users[self.tokens[token]]
