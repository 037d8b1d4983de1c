"""Threads and their members: the guild's active threads and a channel's archived public
ones, a thread opened from a message or on its own (through ``thread_changes``, which
announces it), and a thread's members listed, joined and left.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..api_errors import ApiError
from ..state import FakeChannel, FakeUser
from ..thread_changes import add_thread_member, open_thread, remove_thread_member
from .common import API, Lookup, json_response, no_content, read_body


class Threads:
    def __init__(self, lookup: Lookup) -> None:
        self.lookup = lookup
        self.fake = lookup.fake
        self.world = lookup.world

    def routes(self) -> list[web.RouteDef]:
        c = f"{API}/channels/{{cid}}"
        return [
            web.get(f"{API}/guilds/{{gid}}/threads/active", self.active_threads),
            web.post(c + "/messages/{mid}/threads", self.thread_from_message),
            web.post(c + "/threads", self.thread_without_message),
            web.get(c + "/threads/archived/public", self.archived_threads),
            web.get(c + "/thread-members", self.list_thread_members),
            web.put(c + "/thread-members/{uid}", self.join_thread),
            web.delete(c + "/thread-members/{uid}", self.leave_thread),
        ]

    async def active_threads(self, request: web.Request) -> web.Response:
        self.lookup.guild(request)
        threads = [t for t in self.world.threads() if not t.archived]
        return json_response(self._thread_list(threads))

    def _thread_list(self, threads: list[FakeChannel], has_more: bool = False) -> dict[str, Any]:
        bot = self.world.bot_user.id
        return {
            "threads": [self.world.channel_payload(t) for t in threads],
            "members": [
                {"id": str(t.id), "user_id": str(bot), "join_timestamp": t.created_at, "flags": 0}
                for t in threads
                if bot in t.member_ids
            ],
            "has_more": has_more,
        }

    async def thread_from_message(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        message = self.lookup.message(request, channel)
        body, _ = await read_body(request)
        thread = open_thread(self.fake, channel, self.world.bot_user, body, from_message=message)
        return json_response(self.world.channel_payload(thread), 201)

    async def thread_without_message(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        body, _ = await read_body(request)
        thread = open_thread(self.fake, channel, self.world.bot_user, body)
        return json_response(self.world.channel_payload(thread), 201)

    async def archived_threads(self, request: web.Request) -> web.Response:
        channel = self.lookup.channel(request)
        threads = [
            t
            for t in self.world.threads()
            if t.parent_id == channel.id and t.archived and t.type == 11
        ]
        limit = int(request.query.get("limit", 50))
        return json_response(self._thread_list(threads[:limit], has_more=len(threads) > limit))

    def _thread(self, request: web.Request) -> FakeChannel:
        channel = self.lookup.channel(request)
        if not channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    async def list_thread_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        return json_response(
            [
                {
                    "id": str(thread.id),
                    "user_id": str(u),
                    "join_timestamp": thread.created_at,
                    "flags": 0,
                }
                for u in sorted(thread.member_ids)
            ]
        )

    def _thread_user(self, request: web.Request) -> FakeUser:
        uid = request.match_info["uid"]
        if uid == "@me":
            return self.world.bot_user
        user = self.world.users.get(int(uid))
        if user is None or not self.world.is_member(user.id):
            raise ApiError(404, 10007, "Unknown Member")
        return user

    async def join_thread(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        if thread.archived and thread.locked:
            raise ApiError(400, 50083, "Thread is archived")
        add_thread_member(self.fake, thread, self._thread_user(request))
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        remove_thread_member(self.fake, thread, self._thread_user(request))
        return no_content()
