"""Messages and their reactions in a channel: list (before, after or around a message), post
(under the per-channel limit of ``ratelimits``), read, edit (the bot's own only), delete one or
many, and add, remove and clear reactions; each change goes through ``posting``, so it is
announced on the gateway as a user's would be.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from .. import posting
from ..api_errors import ApiError
from .common import API, Lookup, json_response, no_content, read_body
from .ratelimits import RateLimited, RateLimits


class Messages:
    def __init__(self, lookup: Lookup, ratelimits: RateLimits) -> None:
        self.lookup = lookup
        self.fake = lookup.fake
        self.world = lookup.world
        self.ratelimits = ratelimits

    def routes(self) -> list[web.RouteDef]:
        m = f"{API}/channels/{{cid}}/messages"
        return [
            web.get(m, self.list_messages),
            web.post(m, self.post_message),
            web.post(m + "/bulk-delete", self.bulk_delete),
            web.get(m + "/{mid}", self.get_message),
            web.patch(m + "/{mid}", self.patch_message),
            web.delete(m + "/{mid}", self.delete_message),
            web.put(m + "/{mid}/reactions/{emoji}/@me", self.add_reaction),
            web.delete(m + "/{mid}/reactions/{emoji}/@me", self.remove_reaction),
            web.delete(m + "/{mid}/reactions/{emoji}/{uid}", self.remove_reaction),
            web.delete(m + "/{mid}/reactions", self.clear_reactions),
        ]

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        limit = min(int(request.query.get("limit", 50)), 100)
        visible = [
            m
            for m in self.world.channel_messages.get(channel.id, [])
            if not m.deleted and not m.ephemeral
        ]
        if "before" in request.query:
            before = int(request.query["before"])
            chosen = [m for m in visible if m.id < before][-limit:]
        elif "after" in request.query:
            after = int(request.query["after"])
            chosen = [m for m in visible if m.id > after][:limit]
        elif "around" in request.query:
            around = int(request.query["around"])
            older = [m for m in visible if m.id <= around]
            newer = [m for m in visible if m.id > around]
            half = limit // 2
            chosen = older[-(limit - half) :] + newer[:half]
        else:
            chosen = visible[-limit:]
        chosen.sort(key=lambda m: m.id, reverse=True)
        return json_response([self.world.message_payload(m) for m in chosen])

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        body, files = await read_body(request)
        # rate limits run on wall time: the client waits out a Retry-After on the wall clock
        now = asyncio.get_running_loop().time()
        allowed, headers, retry_after = self.ratelimits.take(channel.id, now)
        if not allowed:
            raise RateLimited(retry_after, headers)
        message = posting.post_message(self.fake, channel, self.world.bot_user, body, files)
        return json_response(self.world.message_payload(message), headers=headers)

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        return json_response(self.world.message_payload(self.lookup.message(request, channel)))

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        message = self.lookup.message(request, channel)
        if message.author_id != self.world.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
        body, files = await read_body(request)
        posting.edit_message(self.fake, message, body, files)
        return json_response(self.world.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        posting.delete_message(self.fake, self.lookup.message(request, channel))
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        body, _ = await read_body(request)
        for mid in body.get("messages") or []:
            message = self.world.message(int(mid))
            if message is not None and message.channel_id == channel.id and not message.deleted:
                posting.delete_message(self.fake, message)
        return no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        message = self.lookup.message(request, channel)
        posting.react(
            self.fake, message, self.world.bot_user, request.match_info["emoji"], add=True
        )
        return no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        message = self.lookup.message(request, channel)
        uid = request.match_info.get("uid")
        user = self.world.bot_user if uid is None or uid == "@me" else self.world.user(int(uid))
        posting.react(self.fake, message, user, request.match_info["emoji"], add=False)
        return no_content()

    async def clear_reactions(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        self.lookup.message(request, channel).reactions.clear()
        return no_content()
