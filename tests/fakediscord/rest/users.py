"""Users and their DMs: ``GET /users/{id}`` and ``POST /users/@me/channels``, which opens the
DM channel with a user even when their DMs are closed (posting there is what fails).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from ..api_errors import ApiError
from .common import API, CHANNEL, json_response, read_body

if TYPE_CHECKING:
    from ..state import World


class Users:
    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get(f"{API}/users/{{uid}}", self.get_user),
            web.post(f"{API}/users/@me/channels", self.open_dm),
        ]

    async def get_user(self, request: web.Request) -> web.Response:
        try:
            user = self.world.users.get(int(request.match_info["uid"]))
        except ValueError:
            user = None
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.world.users.get(int(body.get("recipient_id", 0)))
        if user is None or user.bot:
            raise ApiError(400, 50035, "Invalid Form Body", {"recipient_id": "Unknown user"})
        # Opening the channel works even when the user's DMs are closed; posting fails.
        channel = self.world.dm_channel(user)
        request[CHANNEL] = channel.id
        return json_response(self.world.channel_payload(channel))
