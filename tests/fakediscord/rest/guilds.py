"""Guilds and their channels: the guild object, its text channels, members and roles; a
channel read, renamed (a thread's settings changed) and deleted, each change announced on the
gateway; and the typing indicator.
"""

from __future__ import annotations

from aiohttp import web

from ..api_errors import ApiError
from ..constants import GUILD_CHANNELS
from ..thread_changes import update_thread
from .common import API, Lookup, json_response, no_content, read_body


class Guilds:
    def __init__(self, lookup: Lookup) -> None:
        self.lookup = lookup
        self.fake = lookup.fake
        self.world = lookup.world

    def routes(self) -> list[web.RouteDef]:
        g = f"{API}/guilds/{{gid}}"
        c = f"{API}/channels/{{cid}}"
        return [
            web.get(g, self.get_guild),
            web.get(g + "/channels", self.guild_channels),
            web.get(g + "/members", self.list_members),
            web.get(g + "/members/{uid}", self.get_member),
            web.get(g + "/roles", self.get_roles),
            web.get(c, self.get_channel),
            web.patch(c, self.patch_channel),
            web.delete(c, self.delete_channel),
            web.post(c + "/typing", self.typing),
        ]

    async def get_guild(self, request: web.Request) -> web.Response:
        payload = self.world.guild_payload(with_members=False, guild_id=self.lookup.guild(request))
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            payload.pop(key, None)
        payload["approximate_member_count"] = len(self.world.member_ids)
        return json_response(payload)

    async def guild_channels(self, request: web.Request) -> web.Response:
        gid = self.lookup.guild(request)
        return json_response(
            [
                self.world.channel_payload(c)
                for c in self.world.channels.values()
                if c.type in GUILD_CHANNELS and not c.deleted and c.guild_id == gid
            ]
        )

    async def list_members(self, request: web.Request) -> web.Response:
        self.lookup.guild(request)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        ids = sorted(m for m in self.world.member_ids if m > after)[:limit]
        return json_response([self.world.member_payload(self.world.users[m]) for m in ids])

    async def get_member(self, request: web.Request) -> web.Response:
        self.lookup.guild(request)
        uid = int(request.match_info["uid"])
        if not self.world.is_member(uid):
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(self.world.member_payload(self.world.users[uid]))

    async def get_roles(self, request: web.Request) -> web.Response:
        return json_response(self.world.role_payloads(self.lookup.guild(request)))

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.world.channel_payload(self.lookup.channel(request)))

    async def patch_channel(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        body, _ = await read_body(request)
        if channel.is_thread:
            update_thread(self.fake, channel, body)
        elif channel.is_dm:
            raise ApiError(400, 50024, "Cannot execute action on a DM channel")
        else:
            if body.get("name"):
                channel.name = body["name"]
            self.fake.gateway.dispatch(
                "CHANNEL_UPDATE", self.world.channel_payload(channel), intent=1
            )
        return json_response(self.world.channel_payload(channel))

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        channel.deleted = True
        payload = self.world.channel_payload(channel)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self.fake.gateway.dispatch(event, payload, intent=1)
        return json_response(payload)

    async def typing(self, request: web.Request) -> web.Response:
        self.lookup.channel(request)
        return no_content()
