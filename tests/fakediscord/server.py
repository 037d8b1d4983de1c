"""The fake's HTTP side: Discord's REST API under ``/api/v10`` (what discord.py calls, with the
status codes and error codes Discord uses), attachment downloads, and the gateway route.

Every call is logged (``RestCall``: method, path, status, channel it concerns, and the rate-limit
bucket it counts against) so tests can count requests per turn. Discord's global limit (about
50 requests a second for the whole bot) counts every call made with the bot's token; a call
that carries an interaction's token instead (the callback, and the follow-ups and edits under
``/webhooks/{application_id}/{token}``) is exempt and counts in the "interaction" bucket only.
Channel message posts carry rate-limit headers and, past 5 posts in 5 s on one channel, get
a 429 (see ``RateLimits``). A route the fake does not know answers 404 and is recorded in
``fake.unsupported`` so the fixture can fail the test loudly instead of quietly.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import limits, posting, thread_changes
from .api_errors import ApiError, invalid_form, unknown_channel, unknown_message
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    COMPONENT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    LAUNCH_ACTIVITY,
    MESSAGE,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    FakeInteraction,
    record_response,
)
from .oauth import OAuth
from .state import EPHEMERAL, LOADING, FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .host import RestHost

API = "/api/v10"
CHANNEL = web.RequestKey[int | None]("channel_id")  # the channel a REST call concerns, for counts
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


class RateLimits:
    """Discord's 5 messages per 5 s per channel, as fixed windows.

    ``mode`` is "headers" (send X-RateLimit-* so discord.py waits by itself, and 429 anything
    over the limit that still arrives), "429" (no headers: the client learns only from 429s,
    which it logs as WARNING and retries after ``retry_after``), or "off".
    """

    def __init__(self) -> None:
        self.mode = "headers"
        self.limit = 5
        self.window = 5.0
        self._windows: dict[int, tuple[float, int]] = {}
        self.exhausted: list[int] = []  # channel ids, each time a window was used up
        self.hits: list[int] = []  # channel ids that got a 429

    def take(self, channel_id: int, now: float) -> tuple[bool, dict[str, str], float]:
        if self.mode == "off":
            return True, {}, 0.0
        start, used = self._windows.get(channel_id, (now, 0))
        if now - start >= self.window:
            start, used = now, 0
        reset_after = max(0.0, self.window - (now - start))
        if used >= self.limit:
            self.hits.append(channel_id)
            return False, self._headers(0, reset_after), reset_after
        used += 1
        self._windows[channel_id] = (start, used)
        remaining = self.limit - used
        if remaining == 0:
            self.exhausted.append(channel_id)
        headers = self._headers(remaining, reset_after) if self.mode == "headers" else {}
        return True, headers, reset_after

    def _headers(self, remaining: int, reset_after: float) -> dict[str, str]:
        if self.mode != "headers":
            return {}
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": "fake-channel-messages",
        }


def json_response(
    obj: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly "application/json": discord.py treats "...; charset=utf-8" as text.
    return web.Response(
        body=json.dumps(obj).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


#: the application flags by which Discord says a privileged intent is on for a bot in fewer
#: than 100 servers (``GATEWAY_*_LIMITED``); the gateway closes with 4014 a session that asks
#: for one that is off
LIMITED_INTENT_FLAGS = {"presences": 1 << 13, "members": 1 << 15, "message_content": 1 << 19}


#: the application flag by which Discord says the app has an Activity (``EMBEDDED``)
EMBEDDED = 1 << 17


def application_flags(privileged_intents: set[str], activity: bool = False) -> int:
    intents = sum(bit for name, bit in LIMITED_INTENT_FLAGS.items() if name in privileged_intents)
    return intents | (EMBEDDED if activity else 0)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, tuple[str, bytes]]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]`` parts."""
    try:
        return await _read_body(request)
    except ConnectionResetError:
        # the client died mid-upload (a restart test SIGKILLs the bot): nothing was done, as
        # on Discord; not a fault of the fake, so no handler error is logged for it
        raise ApiError(400, 0, "the request was cut off before its body was complete") from None


async def _read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, tuple[str, bytes]]]:
    files: dict[int, tuple[str, bytes]] = {}
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        reader = await request.multipart()
        async for part in reader:
            assert isinstance(part, BodyPartReader)  # the client sends no nested multipart
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
            elif name.startswith("files[") and name.endswith("]"):
                data = bytes(await part.read())
                files[int(name[6:-1])] = (part.filename or "file", data)
        return payload, files
    if not request.can_read_body:
        return {}, files
    text = await request.text()
    return (json.loads(text) if text else {}), files


class RestApi:
    def __init__(self, fake: RestHost) -> None:
        self.fake = fake
        self.world = fake.world
        self.calls: list[RestCall] = []
        self.log: list[tuple[str, str, int]] = []  # (method, path, status), kept in step
        self.ratelimits = RateLimits()
        self.oauth = OAuth(self.world)

    # -- plumbing -----------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = app.router
        r.add_get("/gateway", self.fake.gateway.handle)
        r.add_get("/attachments/{cid}/{aid}/{name}", self.attachment)
        a = API
        r.add_get(f"{a}/users/@me", self.me)
        r.add_post(f"{a}/oauth2/token", self.oauth.token)
        r.add_get(f"{a}/oauth2/applications/@me", self.application)
        r.add_get(f"{a}/applications/@me", self.application)
        r.add_get(f"{a}/gateway", self.gateway_url)
        r.add_get(f"{a}/gateway/bot", self.gateway_bot)
        r.add_get(f"{a}/users/{{uid}}", self.get_user)
        r.add_post(f"{a}/users/@me/channels", self.open_dm)
        # application commands
        for base in (
            f"{a}/applications/{{app}}/commands",
            f"{a}/applications/{{app}}/guilds/{{gid}}/commands",
        ):
            r.add_get(base, self.list_commands)
            r.add_put(base, self.put_commands)
            r.add_post(base, self.post_command)
            r.add_get(base + "/{cmd}", self.get_command)
            r.add_patch(base + "/{cmd}", self.patch_command)
            r.add_delete(base + "/{cmd}", self.delete_command)
        # guild
        r.add_get(f"{a}/guilds/{{gid}}", self.get_guild)
        r.add_get(f"{a}/guilds/{{gid}}/channels", self.guild_channels)
        r.add_get(f"{a}/guilds/{{gid}}/members", self.list_members)
        r.add_get(f"{a}/guilds/{{gid}}/members/{{uid}}", self.get_member)
        r.add_get(f"{a}/guilds/{{gid}}/roles", self.get_roles)
        r.add_get(f"{a}/guilds/{{gid}}/threads/active", self.active_threads)
        # channels
        c = f"{a}/channels/{{cid}}"
        r.add_get(c, self.get_channel)
        r.add_patch(c, self.patch_channel)
        r.add_delete(c, self.delete_channel)
        r.add_post(c + "/typing", self.typing)
        r.add_get(c + "/messages", self.list_messages)
        r.add_post(c + "/messages", self.post_message)
        r.add_post(c + "/messages/bulk-delete", self.bulk_delete)
        r.add_get(c + "/messages/{mid}", self.get_message)
        r.add_patch(c + "/messages/{mid}", self.patch_message)
        r.add_delete(c + "/messages/{mid}", self.delete_message)
        r.add_put(c + "/messages/{mid}/reactions/{emoji}/@me", self.add_reaction)
        r.add_delete(c + "/messages/{mid}/reactions/{emoji}/@me", self.remove_reaction)
        r.add_delete(c + "/messages/{mid}/reactions/{emoji}/{uid}", self.remove_reaction)
        r.add_delete(c + "/messages/{mid}/reactions", self.clear_reactions)
        r.add_post(c + "/messages/{mid}/threads", self.thread_from_message)
        r.add_post(c + "/threads", self.thread_without_message)
        r.add_get(c + "/threads/archived/public", self.archived_threads)
        r.add_get(c + "/thread-members", self.list_thread_members)
        r.add_put(c + "/thread-members/{uid}", self.join_thread)
        r.add_delete(c + "/thread-members/{uid}", self.leave_thread)
        # interactions and webhooks
        r.add_post(f"{a}/interactions/{{iid}}/{{token}}/callback", self.callback)
        w = f"{a}/webhooks/{{app}}/{{token}}"
        r.add_post(w, self.followup)
        r.add_get(w + "/messages/{mid}", self.webhook_get)
        r.add_patch(w + "/messages/{mid}", self.webhook_patch)
        r.add_delete(w + "/messages/{mid}", self.webhook_delete)
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

    def _channel(self, request: web.Request) -> FakeChannel:
        try:
            cid = int(request.match_info["cid"])
        except ValueError:
            raise unknown_channel() from None
        channel = self.world.channel(cid)
        if channel is None:
            raise unknown_channel()
        request[CHANNEL] = channel.id
        return channel

    def _message(self, request: web.Request, channel: FakeChannel) -> FakeMessage:
        try:
            message = self.world.message(int(request.match_info["mid"]))
        except ValueError:
            raise unknown_message() from None
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.ephemeral
        ):
            raise unknown_message()
        return message

    def _guild(self, request: web.Request) -> int:
        gid = request.match_info["gid"]
        if not gid.isdigit() or int(gid) not in self.world.guild_names:
            raise ApiError(404, 10004, "Unknown Guild")
        return int(gid)

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

    # -- login ----------------------------------------------------------------------------------

    async def me(self, request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization", "")
        if auth.startswith("Bearer "):  # an OAuth2 user's token (``tests.fakediscord.oauth``)
            return json_response(self.oauth.user_of(auth).payload())
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

    # -- users and DMs --------------------------------------------------------------------------

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

    # -- application commands -------------------------------------------------------------------

    def _command_list(self, request: web.Request) -> list[dict[str, Any]]:
        if request.match_info["app"] != str(self.world.application_id):
            raise ApiError(404, 10002, "Unknown Application")
        gid = request.match_info.get("gid")
        if gid is None:
            return self.world.global_commands
        if not gid.isdigit() or int(gid) not in self.world.guild_names:
            raise ApiError(403, 50001, "Missing Access")
        return self.world.guild_commands.setdefault(int(gid), [])

    def _stored_command(
        self, request: web.Request, data: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        errors: dict[str, str] = {}
        name = data.get("name") or ""
        if not 1 <= len(name) <= 32 or name != name.lower():
            errors["name"] = "Command names are 1-32 lower-case characters."
        if data.get("type", 1) == 1 and not 1 <= len(data.get("description") or "") <= 100:
            errors["description"] = "Must be between 1 and 100 in length."
        if len(data.get("options") or []) > 25:
            errors["options"] = "Must be 25 or fewer in length."
        if errors:
            raise invalid_form(errors)
        cmd = dict(data)
        cmd.setdefault("type", 1)
        cmd.setdefault("options", [])
        cmd.setdefault("description", "")
        cmd.setdefault("default_member_permissions", None)
        cmd["id"] = old["id"] if old else str(self.world.snowflake())
        cmd["application_id"] = str(self.world.application_id)
        cmd["version"] = str(self.world.snowflake())
        gid = request.match_info.get("gid")
        if gid is not None:
            cmd["guild_id"] = gid
        return cmd

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self._command_list(request))

    async def put_commands(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        body, _ = await read_body(request)
        if not isinstance(body, list):
            raise invalid_form({"_": "Expected a list of commands"})
        by_name = {(c["name"], c.get("type", 1)): c for c in current}
        stored = [
            self._stored_command(request, d, by_name.get((d.get("name"), d.get("type", 1))))
            for d in body
        ]
        current[:] = stored
        self.fake.sync_count += 1
        return json_response(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        body, _ = await read_body(request)
        old = next((c for c in current if c["name"] == body.get("name")), None)
        cmd = self._stored_command(request, body, old)
        if old is not None:
            current[current.index(old)] = cmd
        else:
            current.append(cmd)
        return json_response(cmd, 201 if old is None else 200)

    def _find_command(self, request: web.Request) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        current = self._command_list(request)
        cmd = next((c for c in current if c["id"] == request.match_info["cmd"]), None)
        if cmd is None:
            raise ApiError(404, 10063, "Unknown application command")
        return current, cmd

    async def get_command(self, request: web.Request) -> web.Response:
        return json_response(self._find_command(request)[1])

    async def patch_command(self, request: web.Request) -> web.Response:
        current, cmd = self._find_command(request)
        body, _ = await read_body(request)
        new = self._stored_command(request, {**cmd, **body}, cmd)
        current[current.index(cmd)] = new
        return json_response(new)

    async def delete_command(self, request: web.Request) -> web.Response:
        current, cmd = self._find_command(request)
        current.remove(cmd)
        return no_content()

    # -- guild ----------------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        payload = self.world.guild_payload(with_members=False, guild_id=self._guild(request))
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            payload.pop(key, None)
        payload["approximate_member_count"] = len(self.world.member_ids)
        return json_response(payload)

    async def guild_channels(self, request: web.Request) -> web.Response:
        gid = self._guild(request)
        return json_response(
            [
                self.world.channel_payload(c)
                for c in self.world.channels.values()
                if c.type == 0 and not c.deleted and c.guild_id == gid
            ]
        )

    async def list_members(self, request: web.Request) -> web.Response:
        self._guild(request)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        ids = sorted(m for m in self.world.member_ids if m > after)[:limit]
        return json_response([self.world.member_payload(self.world.users[m]) for m in ids])

    async def get_member(self, request: web.Request) -> web.Response:
        self._guild(request)
        uid = int(request.match_info["uid"])
        if not self.world.is_member(uid):
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(self.world.member_payload(self.world.users[uid]))

    async def get_roles(self, request: web.Request) -> web.Response:
        return json_response(self.world.role_payloads(self._guild(request)))

    async def active_threads(self, request: web.Request) -> web.Response:
        self._guild(request)
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

    # -- channels -------------------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.world.channel_payload(self._channel(request)))

    async def patch_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        if channel.is_thread:
            thread_changes.update_thread(self.fake, channel, body)
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
        channel = self._channel(request)
        channel.deleted = True
        payload = self.world.channel_payload(channel)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self.fake.gateway.dispatch(event, payload, intent=1)
        return json_response(payload)

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
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
        channel = self._channel(request)
        body, files = await read_body(request)
        # rate limits run on wall time: the client waits out a Retry-After on the wall clock
        now = asyncio.get_running_loop().time()
        allowed, headers, retry_after = self.ratelimits.take(channel.id, now)
        if not allowed:
            raise _RateLimited(retry_after, headers)
        message = posting.post_message(self.fake, channel, self.world.bot_user, body, files)
        return json_response(self.world.message_payload(message), headers=headers)

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(self.world.message_payload(self._message(request, channel)))

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author_id != self.world.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
        body, files = await read_body(request)
        posting.edit_message(self.fake, message, body, files)
        return json_response(self.world.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        posting.delete_message(self.fake, self._message(request, channel))
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        for mid in body.get("messages") or []:
            message = self.world.message(int(mid))
            if message is not None and message.channel_id == channel.id and not message.deleted:
                posting.delete_message(self.fake, message)
        return no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        posting.react(
            self.fake, message, self.world.bot_user, request.match_info["emoji"], add=True
        )
        return no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        uid = request.match_info.get("uid")
        user = self.world.bot_user if uid is None or uid == "@me" else self.world.user(int(uid))
        posting.react(self.fake, message, user, request.match_info["emoji"], add=False)
        return no_content()

    async def clear_reactions(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._message(request, channel).reactions.clear()
        return no_content()

    # -- threads --------------------------------------------------------------------------------

    async def thread_from_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        body, _ = await read_body(request)
        thread = thread_changes.open_thread(
            self.fake, channel, self.world.bot_user, body, from_message=message
        )
        return json_response(self.world.channel_payload(thread), 201)

    async def thread_without_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        thread = thread_changes.open_thread(self.fake, channel, self.world.bot_user, body)
        return json_response(self.world.channel_payload(thread), 201)

    async def archived_threads(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        threads = [
            t
            for t in self.world.threads()
            if t.parent_id == channel.id and t.archived and t.type == 11
        ]
        limit = int(request.query.get("limit", 50))
        return json_response(self._thread_list(threads[:limit], has_more=len(threads) > limit))

    def _thread(self, request: web.Request) -> FakeChannel:
        channel = self._channel(request)
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
        thread_changes.add_thread_member(self.fake, thread, self._thread_user(request))
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        thread_changes.remove_thread_member(self.fake, thread, self._thread_user(request))
        return no_content()

    # -- interactions ---------------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        try:
            i = fake.interactions_by_id.get(int(request.match_info["iid"]))
        except ValueError:
            i = None
        if i is None or i.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        request[CHANNEL] = i.channel_id
        body, files = await read_body(request)
        kind = body.get("type")
        data = body.get("data") or {}
        age = fake.loop_time() - i.created
        attempt = {"type": kind, "data": data, "status": 0, "at": age}
        i.answers.append(attempt)
        if fake.callback_latency:  # the answer's trip takes a while (timed from its arrival)
            await asyncio.sleep(fake.callback_latency)
        try:
            resource = self._answer(i, kind, data, files, age)
        except ApiError as exc:
            attempt["status"] = exc.status
            attempt["code"] = exc.code
            raise
        attempt["status"] = 200
        if "with_response" not in request.query:
            return no_content()
        original = i.original
        return json_response(
            {
                "interaction": {
                    "id": str(i.id),
                    "type": i.type,
                    "response_message_id": str(original.id)
                    if original and kind in (4, 5, 7)
                    else None,
                    "response_message_loading": kind == DEFERRED_MESSAGE,
                    "response_message_ephemeral": bool(
                        original and original.ephemeral and kind in (4, 5)
                    ),
                },
                "resource": resource,
            }
        )

    def _answer(
        self,
        i: FakeInteraction,
        kind: int | None,
        data: dict[str, Any],
        files: dict[int, tuple[str, bytes]],
        age: float,
    ) -> dict[str, Any]:
        fake, world = self.fake, self.world
        if age > fake.interaction_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        if i.response is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        launch = {LAUNCH_ACTIVITY} if fake.activity else set()
        allowed = {
            APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL} | launch,
            COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL} | launch,
            MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if i.message_id else set()),
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
        }[i.type]
        if kind not in allowed:
            raise invalid_form(
                {"type": f"Callback type {kind} is not valid for interaction type {i.type}"}
            )
        channel = world.channels[i.channel_id]
        resource: dict[str, Any] = {"type": kind}
        attachments: list[Any] = []
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            message = posting.post_message(
                fake,
                channel,
                world.bot_user,
                data if kind == MESSAGE else {"flags": data.get("flags") or 0},
                files,
                ephemeral_to=i.user.id if ephemeral else None,
                interaction_id=i.id,
                interaction_meta=fake.interaction_meta(i),
                mtype=20 if i.type == APPLICATION_COMMAND else 0,
                extra_flags=LOADING if kind == DEFERRED_MESSAGE else 0,
            )
            i.original_id = message.id
            attachments = message.attachments
            resource["message"] = world.message_payload(message)
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            shown = i.message
            if shown is None or shown.deleted:
                raise unknown_message()
            if kind == UPDATE_MESSAGE:
                posting.edit_message(fake, shown, data, files)
                attachments = shown.attachments
                resource["message"] = world.message_payload(shown)
            i.original_id = shown.id
        elif kind == AUTOCOMPLETE_RESULT:
            errors = limits.check_choices(data)
            if errors:
                raise invalid_form(errors)
            i.choices = list(data.get("choices") or [])
        elif kind == LAUNCH_ACTIVITY:
            i.activity_channel_id = i.channel_id
            resource["activity_instance"] = {"id": f"i-{i.id}"}
        elif kind == MODAL:
            errors = limits.check_modal(data)
            if errors:
                raise invalid_form(errors)
            i.modal = data
            fake.open_modals[(i.user.id, data["custom_id"])] = i
        i.response = record_response(kind, data, attachments)
        if kind == MODAL:
            i.response["modal"] = data
        i._answered.set()
        return resource

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        fake = self.fake
        i = fake.interactions_by_token.get(request.match_info["token"])
        if request.match_info["app"] != str(self.world.application_id) or i is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if fake.loop_time() - i.created > fake.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if i.response is None:
            # Follow-ups and @original exist only once the interaction has been acknowledged.
            raise ApiError(404, 10015, "Unknown Webhook")
        request[CHANNEL] = i.channel_id
        return i

    def _webhook_message(self, request: web.Request, i: FakeInteraction) -> FakeMessage:
        mid = request.match_info["mid"]
        if mid == "@original":
            message = i.original
        else:
            try:
                wanted = int(mid)
            except ValueError:
                raise unknown_message() from None
            ids = {i.original_id, *(m.id for m in i.followups)}
            message = self.world.message(wanted) if wanted in ids else None
        if message is None or message.deleted:
            raise unknown_message()
        return message

    async def followup(self, request: web.Request) -> web.Response:
        fake, world = self.fake, self.world
        i = self._webhook_interaction(request)
        body, files = await read_body(request)
        original = i.original
        if (
            i.response
            and i.response["type"] == DEFERRED_MESSAGE
            and original is not None
            and original.loading
        ):
            # The first follow-up after a "thinking" defer replaces the thinking message, and
            # keeps the defer's ephemeral choice.
            body = {k: v for k, v in body.items() if k != "flags"}
            message = posting.edit_message(fake, original, body, files)
        else:
            ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
            message = posting.post_message(
                fake,
                world.channels[i.channel_id],
                world.bot_user,
                body,
                files,
                ephemeral_to=i.user.id if ephemeral else None,
                interaction_id=i.id,
                interaction_meta=fake.interaction_meta(i),
                webhook_id=world.application_id,
            )
        i.followups.append(message)
        i.outcome = i.outcome or message
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(world.message_payload(message))
        return no_content()

    async def webhook_get(self, request: web.Request) -> web.Response:
        i = self._webhook_interaction(request)
        return json_response(self.world.message_payload(self._webhook_message(request, i)))

    async def webhook_patch(self, request: web.Request) -> web.Response:
        i = self._webhook_interaction(request)
        message = self._webhook_message(request, i)
        channel = self.world.channels.get(message.channel_id)
        if channel is not None and channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")  # as the bot's own edit is
        body, files = await read_body(request)
        posting.edit_message(self.fake, message, body, files)
        i.outcome = i.outcome or message
        return json_response(self.world.message_payload(message))

    async def webhook_delete(self, request: web.Request) -> web.Response:
        i = self._webhook_interaction(request)
        posting.delete_message(self.fake, self._webhook_message(request, i))
        return no_content()


class _RateLimited(ApiError):
    def __init__(self, retry_after: float, headers: dict[str, str]) -> None:
        super().__init__(429, 20028, "You are being rate limited.")
        self.retry_after = retry_after
        self.headers = {
            **headers,
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
        }

    def body(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "retry_after": round(self.retry_after, 3),
            "global": False,
            "code": 20028,
        }
