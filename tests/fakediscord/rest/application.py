"""The application and its login: ``GET /users/@me`` (the bot, or an OAuth2 user by their
Bearer token), the OAuth2 token exchange, the application object with its flags (which
privileged intents are granted, whether it has an Activity), and where the gateway is.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from aiohttp import web

from .common import API, json_response

if TYPE_CHECKING:
    from ..host import RestHost
    from ..oauth import OAuth

#: the application flags by which Discord says a privileged intent is on for a bot in fewer
#: than 100 servers (``GATEWAY_*_LIMITED``); the gateway closes with 4014 a session that asks
#: for one that is off
LIMITED_INTENT_FLAGS = {"presences": 1 << 13, "members": 1 << 15, "message_content": 1 << 19}


#: the application flag by which Discord says the app has an Activity (``EMBEDDED``)
EMBEDDED = 1 << 17


def application_flags(privileged_intents: set[str], activity: bool = False) -> int:
    intents = sum(bit for name, bit in LIMITED_INTENT_FLAGS.items() if name in privileged_intents)
    return intents | (EMBEDDED if activity else 0)


class Application:
    def __init__(self, fake: RestHost, oauth: OAuth) -> None:
        self.fake = fake
        self.world = fake.world
        self.oauth = oauth

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get(f"{API}/users/@me", self.me),
            web.post(f"{API}/oauth2/token", self.oauth.token),
            web.get(f"{API}/oauth2/applications/@me", self.application),
            web.get(f"{API}/applications/@me", self.application),
            web.get(f"{API}/gateway", self.gateway_url),
            web.get(f"{API}/gateway/bot", self.gateway_bot),
        ]

    async def me(self, request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization", "")
        if auth.startswith("Bearer "):  # an OAuth2 user's token (``tests.fakediscord.oauth``)
            signed_in = self.oauth.user_of(auth)
            # the ``identify`` scope shows the user's own client language
            return json_response(signed_in.payload() | {"locale": signed_in.locale})
        user = self.world.bot_user.payload()
        user.update(verified=True, mfa_enabled=False, flags=0, locale="en-US")
        return json_response(user)

    async def application(self, request: web.Request) -> web.Response:
        world = self.world
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.owner.payload(),
                "verify_key": secrets.token_hex(32),
                "flags": application_flags(self.fake.privileged_intents, self.fake.activity),
                "team": None,
            }
        )

    async def gateway_url(self, request: web.Request) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.fake.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )
