"""``FakeDiscord``: starts the loopback server and drives it the way users would.

Tests act as people (``user_says``, ``slash``, ``click``, ``select``, ``submit_modal``) and read
back what the bot did (``messages``, ``dms``, ``threads``, interaction answers, ``rest_log``).
A request Discord would refuse a *user* (an unsynced command, a disabled button, a button on a
message the user cannot see) raises ``FakeDiscordError`` in the test; a request Discord would
refuse the *bot* gets Discord's error status, which discord.py raises inside the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import posting
from .gateway import Gateway
from .guard import ClientPatch
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    FakeDiscordError,
    FakeInteraction,
    build_options,
    find_command,
    nest_options,
)
from .launcher import SETTLED
from .own_time import PATIENCE, OwnTime
from .server import FOLLOWUP_TTL, GLOBAL, INTERACTION, RateLimits, RestApi, RestCall
from .state import INTENT_MEMBERS, FakeChannel, FakeMessage, FakeUser, World, now_iso

if TYPE_CHECKING:
    from collections.abc import Callable

    import discord

REPO_ROOT = Path(__file__).resolve().parents[2]
BOT_DM_CONTEXT = 1
GUILD_CONTEXT = 0


class FakeDiscord:
    """One guild ("Test Server") with #general, served on 127.0.0.1 at a random port."""

    def __init__(
        self,
        *,
        guild_name: str = "Test Server",
        bot_name: str = "Chairman",
        token: str = "fake-token",
        privileged_intents: tuple[str, ...] = ("members", "message_content", "presences"),
    ) -> None:
        self.world = World(guild_name=guild_name, bot_name=bot_name)
        self.token = token
        self.privileged_intents = set(privileged_intents)
        #: the application has an Activity (its flags say EMBEDDED; it may be launched)
        self.activity = False
        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        self.interaction_deadline = 3.0  # Discord's: the first answer within 3 s
        #: the clock the deadlines are judged on: wall time less what load took (``own_time``)
        self.own_time = OwnTime()
        self.token_lifetime = FOLLOWUP_TTL  # then edits and follow-ups for 15 minutes
        #: seconds an interaction callback spends on the wire before it is handled (the
        #: deadline is judged on its arrival); an answer in flight shows in ``i.answers``
        #: with status 0
        self.callback_latency = 0.0
        self.interactions: list[FakeInteraction] = []
        self.interactions_by_id: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.open_modals: dict[tuple[int, str], FakeInteraction] = {}
        self.unsupported: list[str] = []
        self.sync_count = 0
        # The fixture fails a test on ERROR logs, tracebacks and unanswered interactions;
        # a test that provokes one on purpose lists a regex here or sets the flag.
        self.ignore_errors: list[str] = []
        self.allow_unanswered = False
        self.base_url = ""
        self.api_base = ""
        self.gateway_url = ""
        self._runner: web.AppRunner | None = None
        self._bots: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self._processes: list[BotProcess] = []

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        self.own_time.start()
        self._runner = web.AppRunner(self.rest.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.api_base = f"{self.base_url}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"

    async def stop(self) -> None:
        await self.close_bots()
        for proc in self._processes:
            await proc.stop()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.own_time.stop()

    def patch_client(self) -> ClientPatch:
        """A context manager pointing discord.py at this server and refusing every
        non-loopback connection while it is entered (the fixture enters one already)."""
        return ClientPatch(self.api_base, self.gateway_url)

    async def judge_on_wall_time(self) -> None:
        """Judge deadlines on wall time from now on (a test of a deadline of milliseconds,
        which the machine's load could otherwise excuse)."""
        await self.own_time.stop()
        self.own_time = OwnTime()

    def loop_time(self) -> float:
        """When interactions are made and answered, for Discord's deadlines: the loop's time
        less what the machine's load took (``own_time``), so a loaded machine fails no test."""
        return self.own_time.now()

    # -- the guild ------------------------------------------------------------------------------

    @property
    def guild_id(self) -> int:
        return self.world.guild_id

    @property
    def general_id(self) -> int:
        return self.world.general_id

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    def authorize(self, user: FakeUser) -> str:
        """The OAuth2 code Discord's client hands an Activity once ``user`` authorised it
        (``tests.fakediscord.oauth``), to exchange at ``/oauth2/token``."""
        return self.rest.oauth.authorize(user)

    def add_member(self, name: str, admin: bool = False, dms_open: bool = True) -> FakeUser:
        user = self.world.add_member(name, admin=admin, dms_open=dms_open)
        body = {**self.world.member_payload(user), "guild_id": str(self.guild_id)}
        self.gateway.dispatch("GUILD_MEMBER_ADD", body, intent=INTENT_MEMBERS)
        return user

    def add_guild(
        self, name: str, *, shard: int | None = None, shard_count: int | None = None
    ) -> int:
        """Another guild (on ``shard`` of ``shard_count`` if given), told to the sessions of
        its shard; -> its id. ``fake.world.general_of(id)`` is its #general."""
        gid = self.world.add_guild(name, shard=shard, shard_count=shard_count)
        self.gateway.dispatch(
            "GUILD_CREATE",
            {},
            shape=lambda s, _d: self.world.guild_payload(
                with_members=s.has(INTENT_MEMBERS), guild_id=gid
            ),
            guild_id=gid,
        )
        return gid

    def add_channel(self, name: str) -> int:
        channel = self.world.add_text_channel(name)
        self.gateway.dispatch("CHANNEL_CREATE", self.world.channel_payload(channel), intent=1)
        return channel.id

    def channel(self, channel_id: int) -> FakeChannel:
        channel = self.world.channel(channel_id)
        if channel is None:
            raise FakeDiscordError(f"no channel {channel_id}")
        return channel

    def archive_thread(self, thread_id: int) -> FakeChannel:
        """Archive a thread as Discord does after its auto-archive duration without messages
        (THREAD_UPDATE goes out); messages in it can no longer be edited until it is
        unarchived, and a message posted in it unarchives it."""
        thread = self.channel(thread_id)
        if not thread.is_thread:
            raise FakeDiscordError(f"channel {thread_id} is not a thread")
        thread.archived = True
        thread.archive_timestamp = now_iso()
        posting.announce_thread_update(self, thread)
        return thread

    def dm_channel_id(self, user: FakeUser) -> int:
        return self.world.dm_channel(user).id

    # -- reading what the bot did ---------------------------------------------------------------

    def messages(
        self, channel_id: int, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel, oldest first: by default what everyone there sees now."""
        return [
            m
            for m in self.world.channel_messages.get(int(channel_id), [])
            if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)
        ]

    def message(self, message_id: int) -> FakeMessage:
        message = self.world.message(message_id)
        if message is None:
            raise FakeDiscordError(f"no message {message_id}")
        return message

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user`` (empty if never opened)."""
        cid = self.world.dm_by_user.get(user.id)
        return [] if cid is None else self.messages(cid)

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        return [
            m for m in self.world.messages.values() if m.ephemeral_to == user.id and not m.deleted
        ]

    def threads(self) -> list[FakeChannel]:
        return self.world.threads()

    def commands(self, *, guild: bool | None = None) -> list[dict[str, Any]]:
        """Synced commands: global, guild, or (None) both."""
        out: list[dict[str, Any]] = []
        if guild in (None, False):
            out += self.world.global_commands
        if guild in (None, True):
            out += self.world.guild_commands.get(self.guild_id, [])
        return out

    @property
    def rest_calls(self) -> list[RestCall]:
        return self.rest.calls

    @property
    def rest_log(self) -> list[tuple[str, str, int]]:
        """(method, path, status) of every REST call, oldest first; the path has no
        "/api/v10" prefix and no query string. A live list: ``len()`` it to mark a point."""
        return self.rest.log

    def rest_count(
        self, channel_id: int | None = None, *, method: str | None = None, since: int = 0
    ) -> int:
        """REST calls (from index ``since`` of the log) concerning ``channel_id``."""
        return sum(
            1
            for c in self.rest.calls[since:]
            if (channel_id is None or c.channel_id == channel_id)
            and (method is None or c.method == method)
        )

    def requests_by_bucket(self, since: int = 0) -> dict[str, int]:
        """REST calls (from index ``since`` of the log) by the rate-limit bucket they count
        against: "global" (the bot's token: Discord's 50 a second for the whole bot) and
        "interaction" (an interaction's token: exempt from the global limit)."""
        counts = {GLOBAL: 0, INTERACTION: 0}
        for c in self.rest.calls[since:]:
            counts[c.bucket] += 1
        return counts

    def requests_by_route(self, since: int = 0, bucket: str | None = None) -> dict[str, int]:
        """REST calls (from index ``since``) by route (``PATCH /channels/{}/messages/{}``),
        the busiest first; only those of ``bucket`` if given."""
        counts: dict[str, int] = {}
        for c in self.rest.calls[since:]:
            if bucket is None or c.bucket == bucket:
                counts[c.route] = counts.get(c.route, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: -kv[1]))

    def rest_counts(self, since: int = 0) -> dict[int | None, int]:
        counts: dict[int | None, int] = {}
        for c in self.rest.calls[since:]:
            counts[c.channel_id] = counts.get(c.channel_id, 0) + 1
        return counts

    @property
    def ratelimits(self) -> RateLimits:
        """Knobs: ``.mode`` ("headers" | "429" | "off"), ``.limit``, ``.window``; records:
        ``.exhausted`` and ``.hits`` (channel ids)."""
        return self.rest.ratelimits

    def all_text_seen_by(self, user: FakeUser) -> str:
        modal_text = [i.text() for i in self.interactions if i.user.id == user.id and i.modal]
        return self.world.all_text_seen_by(user, extra=modal_text)

    def unanswered(self, *, expired_only: bool = True) -> list[FakeInteraction]:
        now = self.loop_time()
        return [
            i
            for i in self.interactions
            if i.response is None
            and (not expired_only or now - i.created > self.interaction_deadline)
        ]

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = PATIENCE, what: str = ""
    ) -> Any:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if loop.time() > end:
                raise AssertionError(f"timed out after {timeout}s waiting for {what or predicate}")
            await asyncio.sleep(0.005)

    @property
    def connected(self) -> bool:
        return self.gateway.connected

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway socket from the server side, as a network blip would; the
        client reconnects and RESUMEs, and gets the events it missed replayed."""
        await self.gateway.close_all(code)

    async def wait_connected(self, identifies: int = 1, timeout: float = PATIENCE) -> None:
        """Wait until the bot has identified ``identifies`` times in all and is connected."""
        await self.wait_for(
            lambda: self.gateway.identify_count >= identifies and self.connected,
            timeout,
            f"{identifies} gateway identify(s)",
        )

    # -- acting as users ------------------------------------------------------------------------

    def _require_bot(self) -> None:
        if not self.connected:
            raise FakeDiscordError("no bot is connected to the fake gateway")

    def _check_sees(self, user: FakeUser, channel: FakeChannel) -> None:
        if not self.world.can_see_channel(user, channel):
            raise FakeDiscordError(f"{user.name} cannot see channel {channel.name or channel.id}")

    def _resolve_message(self, message: FakeMessage | int) -> FakeMessage:
        mid = message if isinstance(message, int) else message.id
        found = self.world.message(mid)
        if found is None or found.deleted:
            raise FakeDiscordError(f"message {mid} does not exist (or was deleted)")
        return found

    async def user_says(
        self,
        user: FakeUser,
        channel_id: int,
        content: str,
        reply_to: FakeMessage | int | None = None,
    ) -> FakeMessage:
        channel = self.channel(channel_id)
        self._check_sees(user, channel)
        if channel.is_dm and channel.recipient_id != user.id:
            raise FakeDiscordError(f"{user.name} cannot post in another user's DM channel")
        if channel.is_thread and channel.archived and channel.locked:
            raise FakeDiscordError(f"thread {channel.name!r} is locked")
        body: dict[str, Any] = {"content": content}
        if reply_to is not None:
            target = self._resolve_message(reply_to)
            body["message_reference"] = {"message_id": target.id, "channel_id": target.channel_id}
        message = posting.post_message(self, channel, user, body)
        await asyncio.sleep(0)
        return message

    async def user_reacts(
        self, user: FakeUser, message: FakeMessage | int, emoji: str, *, add: bool = True
    ) -> None:
        target = self._resolve_message(message)
        if not self.world.can_see_message(user, target):
            raise FakeDiscordError(f"{user.name} cannot see message {target.id}")
        posting.react(self, target, user, emoji, add=add)
        await asyncio.sleep(0)

    def interaction_meta(self, i: FakeInteraction) -> dict[str, Any]:
        owners = {"0": str(i.guild_id)} if i.guild_id else {"1": str(i.user.id)}
        meta: dict[str, Any] = {
            "id": str(i.id),
            "type": i.type,
            "user": i.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if i.type == COMPONENT and i.message_id:
            meta["interacted_message_id"] = str(i.message_id)
        if i.type == APPLICATION_COMMAND:
            meta["name"] = i.command
        return meta

    def _base_interaction(self, user: FakeUser, channel: FakeChannel, kind: int) -> dict[str, Any]:
        world = self.world
        iid = world.snowflake()
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(world.application_id),
            "type": kind,
            "token": f"fake-{secrets.token_urlsafe(24)}",
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "app_permissions": str(world.permissions(world.bot_user)),
            "channel_id": str(channel.id),
            "channel": world.channel_payload(channel),
        }
        if channel.is_dm:
            payload["context"] = BOT_DM_CONTEXT
            payload["user"] = user.payload()
            payload["authorizing_integration_owners"] = {"0": str(world.application_id)}
        else:
            payload["context"] = GUILD_CONTEXT
            payload["guild_id"] = str(channel.guild_id)
            payload["guild_locale"] = world.guild_locale
            payload["guild"] = {
                "id": str(channel.guild_id),
                "locale": world.guild_locale,
                "features": [],
            }
            member = world.member_payload(user)
            member["permissions"] = str(world.permissions(user))
            payload["member"] = member
            payload["authorizing_integration_owners"] = {"0": str(channel.guild_id)}
        return payload

    def _send_interaction(
        self,
        user: FakeUser,
        channel: FakeChannel,
        payload: dict[str, Any],
        **fields: Any,
    ) -> FakeInteraction:
        i = FakeInteraction(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            user=user,
            channel_id=channel.id,
            guild_id=None if channel.is_dm else channel.guild_id,
            payload=payload,
            created=self.loop_time(),
            world=self.world,
            **fields,
        )
        self.interactions.append(i)
        self.interactions_by_id[i.id] = i
        self.interactions_by_token[i.token] = i
        self.gateway.dispatch("INTERACTION_CREATE", payload)
        return i

    async def slash(
        self, user: FakeUser, command: str, channel_id: int, /, **options: Any
    ) -> FakeInteraction:
        """Run ``/command`` (``"table status"`` for subcommands) with keyword options, checked
        against the schema the bot synced. Returns at once; ``await i.wait_answered()``."""
        self._require_bot()
        channel = self.channel(channel_id)
        self._check_sees(user, channel)
        path = command.strip().lstrip("/").split()
        top, chain = find_command(self._command_pool(channel), path)
        if channel.is_dm:
            contexts = top.get("contexts")
            not_in_dms = contexts is not None and BOT_DM_CONTEXT not in contexts
            if not_in_dms or top.get("dm_permission") is False:
                raise FakeDiscordError(f"/{path[0]} is not available in DMs")
        else:
            needed = top.get("default_member_permissions")
            if needed is not None and int(needed) & ~self.world.permissions(user):
                raise FakeDiscordError(
                    f"{user.name} may not use /{path[0]} (default_member_permissions)"
                )
        schema = (chain[-1] if chain else top).get("options") or []
        resolved: dict[str, dict[str, Any]] = {}
        leaf = build_options(self.world, schema, options, f"/{' '.join(path)}", resolved)
        payload = self._base_interaction(user, channel, APPLICATION_COMMAND)
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "options": nest_options(chain, leaf),
        }
        if top.get("guild_id"):
            data["guild_id"] = top["guild_id"]
        if resolved:
            data["resolved"] = resolved
        payload["data"] = data
        i = self._send_interaction(user, channel, payload, command=" ".join(path))
        await asyncio.sleep(0)
        return i

    async def autocomplete(
        self, user: FakeUser, command: str, channel_id: int, option: str, typed: str, **options: Any
    ) -> FakeInteraction:
        """The user is typing ``typed`` into ``option`` of ``/command`` (other options already
        filled in ``options``); the bot's choices land in ``i.choices`` (at most 25 allowed)."""
        self._require_bot()
        channel = self.channel(channel_id)
        self._check_sees(user, channel)
        path = command.strip().lstrip("/").split()
        top, chain = find_command(self._command_pool(channel), path)
        schema = (chain[-1] if chain else top).get("options") or []
        spec = next((o for o in schema if o["name"] == option), None)
        if spec is None or not spec.get("autocomplete"):
            raise FakeDiscordError(f"/{' '.join(path)} has no autocomplete option {option!r}")
        # While typing, other required options may still be empty.
        others = [{**o, "required": False} for o in schema if o["name"] != option]
        resolved: dict[str, dict[str, Any]] = {}
        leaf = build_options(self.world, others, options, f"/{' '.join(path)}", resolved)
        leaf.append({"name": option, "type": spec["type"], "value": typed, "focused": True})
        payload = self._base_interaction(user, channel, AUTOCOMPLETE)
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "options": nest_options(chain, leaf),
        }
        if top.get("guild_id"):
            data["guild_id"] = top["guild_id"]
        if resolved:
            data["resolved"] = resolved
        payload["data"] = data
        i = self._send_interaction(user, channel, payload, command=" ".join(path))
        await asyncio.sleep(0)
        return i

    def _command_pool(self, channel: FakeChannel) -> list[dict[str, Any]]:
        if channel.is_dm:
            return list(self.world.global_commands)
        guild_commands = self.world.guild_commands.get(channel.guild_id or self.guild_id, [])
        return guild_commands + self.world.global_commands

    def _component_interaction(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, kinds: tuple[int, ...]
    ) -> tuple[FakeMessage, FakeChannel, dict[str, Any], dict[str, Any]]:
        self._require_bot()
        target = self._resolve_message(message)
        if not self.world.can_see_message(user, target):
            raise FakeDiscordError(f"{user.name} cannot see message {target.id}")
        if target.loading:
            raise FakeDiscordError(f"message {target.id} is still 'thinking'")
        component = target.component(custom_id)
        if component is None:
            raise FakeDiscordError(
                f"message {target.id} has no component {custom_id!r}; it has {target.custom_ids()}"
            )
        if component.get("type") not in kinds:
            raise FakeDiscordError(f"component {custom_id!r} is of type {component.get('type')}")
        if component.get("disabled"):
            raise FakeDiscordError(f"component {custom_id!r} is disabled")
        channel = self.channel(target.channel_id)
        payload = self._base_interaction(user, channel, COMPONENT)
        payload["message"] = self.world.message_payload(target)
        return target, channel, payload, component

    async def click(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str
    ) -> FakeInteraction:
        target, channel, payload, _ = self._component_interaction(user, message, custom_id, (2,))
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        i = self._send_interaction(
            user, channel, payload, message_id=target.id, custom_id=custom_id
        )
        await asyncio.sleep(0)
        return i

    async def select(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, values: list[Any]
    ) -> FakeInteraction:
        target, channel, payload, comp = self._component_interaction(
            user, message, custom_id, (3, 5, 6, 7, 8)
        )
        values = [str(v.id) if isinstance(v, FakeUser) else str(v) for v in values]
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise FakeDiscordError(
                f"select {custom_id!r} takes {low}..{high} values, got {len(values)}"
            )
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": comp["type"],
            "values": values,
        }
        if comp["type"] == 3:
            offered = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in offered]
            if bad:
                raise FakeDiscordError(
                    f"select {custom_id!r} does not offer {bad}; it offers {offered}"
                )
        elif comp["type"] in (5, 7):
            resolved: dict[str, dict[str, Any]] = {}
            for v in values:
                u = self.world.user(int(v))
                resolved.setdefault("users", {})[v] = u.payload()
                if self.world.is_member(u.id):
                    member = self.world.member_payload(u, with_user=False)
                    member["permissions"] = str(self.world.permissions(u))
                    resolved.setdefault("members", {})[v] = member
            data["resolved"] = resolved
        payload["data"] = data
        i = self._send_interaction(
            user, channel, payload, message_id=target.id, custom_id=custom_id
        )
        await asyncio.sleep(0)
        return i

    async def submit_modal(
        self, user: FakeUser, custom_id: str, values: dict[str, Any]
    ) -> FakeInteraction:
        """Submit the modal the bot last showed ``user`` with this custom_id; ``values`` maps
        each input's custom_id to its text (or to a list, for a select in the modal)."""
        self._require_bot()
        opener = self.open_modals.get((user.id, custom_id))
        if opener is None:
            shown = [cid for (uid, cid) in self.open_modals if uid == user.id]
            raise FakeDiscordError(f"no modal {custom_id!r} is open for {user.name}; open: {shown}")
        modal = opener.modal or {}
        remaining = dict(values)
        rows = [self._modal_row(row, remaining, custom_id) for row in modal.get("components") or []]
        if remaining:
            raise FakeDiscordError(f"modal {custom_id!r} has no inputs {sorted(remaining)}")
        # Discord's client validates inputs before sending; a refused submit leaves it open.
        del self.open_modals[(user.id, custom_id)]
        channel = self.channel(opener.channel_id)
        payload = self._base_interaction(user, channel, MODAL_SUBMIT)
        payload["data"] = {"custom_id": custom_id, "components": rows}
        fields: dict[str, Any] = {"custom_id": custom_id}
        if opener.type == COMPONENT and opener.message_id:
            source = self.world.message(opener.message_id)
            if source is not None and not source.deleted:
                payload["message"] = self.world.message_payload(source)
                fields["message_id"] = source.id
        i = self._send_interaction(user, channel, payload, **fields)
        await asyncio.sleep(0)
        return i

    def _modal_row(
        self, row: dict[str, Any], remaining: dict[str, Any], modal_id: str
    ) -> dict[str, Any]:
        def answer(comp: dict[str, Any]) -> dict[str, Any]:
            cid = comp.get("custom_id")
            value = remaining.pop(cid, None) if cid else None
            if comp.get("type") == 4:
                text = "" if value is None else str(value)
                if comp.get("required", True) and not text:
                    raise FakeDiscordError(f"modal {modal_id!r}: input {cid!r} is required")
                low, high = comp.get("min_length"), comp.get("max_length")
                if text and (
                    (low is not None and len(text) < low) or (high is not None and len(text) > high)
                ):
                    raise FakeDiscordError(
                        f"modal {modal_id!r}: {cid!r} must be {low}..{high} long"
                    )
                return {"type": 4, "custom_id": cid, "value": text, "id": comp.get("id", 0)}
            if comp.get("type") in (3, 5, 6, 7, 8):
                chosen = [] if value is None else [str(v) for v in value]
                return {
                    "type": comp["type"],
                    "custom_id": cid,
                    "values": chosen,
                    "id": comp.get("id", 0),
                }
            return {"type": comp.get("type"), "id": comp.get("id", 0)}

        if row.get("type") == 1:
            return {
                "type": 1,
                "id": row.get("id", 0),
                "components": [answer(c) for c in row.get("components") or []],
            }
        if row.get("type") == 18:
            return {"type": 18, "id": row.get("id", 0), "component": answer(row["component"])}
        return {"type": row.get("type"), "id": row.get("id", 0)}

    # -- running bots ---------------------------------------------------------------------------

    async def run_bot(self, bot: discord.Client, *, timeout: float = PATIENCE) -> discord.Client:
        """Start ``bot`` on this loop with the fake's token and wait until it is ready (its
        ``setup_hook`` has run and READY + the guild arrived). Closed by ``close_bots``."""
        if getattr(bot._connection, "guild_ready_timeout", 0) > 1.0:
            warnings.warn(
                "construct bots under test with a small guild_ready_timeout (e.g. 0.01): "
                "on_ready waits that long after the last GUILD_CREATE",
                stacklevel=2,
            )
        task = asyncio.create_task(bot.start(self.token), name=f"fakediscord-bot-{len(self._bots)}")
        self._bots.append((bot, task))
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not bot.is_ready():
            if task.done():
                task.result()  # re-raise the login/connect failure
                raise AssertionError("bot.start() returned before the bot was ready")
            if loop.time() > end:
                raise AssertionError(f"bot was not ready within {timeout}s")
            await asyncio.sleep(0.005)
        return bot

    async def close_bots(self) -> None:
        bots, self._bots = self._bots, []
        for bot, task in bots:
            with contextlib.suppress(Exception):
                await bot.close()
            if not task.done():
                task.cancel()
            with contextlib.suppress(BaseException):
                await task

    async def spawn_bot(
        self, script: str, *args: str, env: dict[str, str] | None = None, settle: str = ""
    ) -> BotProcess:
        """Run ``script`` in a subprocess through the launcher, pointed at this fake;
        ``settle`` (``MODULE:FUNCTION``) lets the test await ``BotProcess.settled()``."""
        proc = BotProcess(self, script, list(args), env or {}, settle)
        await proc.start()
        self._processes.append(proc)
        return proc

    @property
    def processes(self) -> list[BotProcess]:
        return list(self._processes)


_PROBLEM_LINE = re.compile(r"Traceback \(most recent call last\)|\bERROR\b|\bCRITICAL\b")
_SETTLED_LINE = re.compile(re.escape(SETTLED) + r" (\d+)")


class BotProcess:
    """A bot running in its own process via ``python -m tests.fakediscord.launcher``."""

    def __init__(
        self, fake: FakeDiscord, script: str, args: list[str], env: dict[str, str], settle: str = ""
    ) -> None:
        self.fake = fake
        self.script = script
        self.args = args
        self.env = env
        self.settle = settle
        self.settles = 0  # asked
        self.settled_upto = 0  # answered
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self.killed = False
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.fake.token, "PYTHONUNBUFFERED": "1", **self.env}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fakediscord.launcher",
            "--api",
            self.fake.api_base,
            "--gateway",
            self.fake.gateway_url,
            *(["--settle", self.settle] if self.settle else []),
            self.script,
            *self.args,
            cwd=str(REPO_ROOT),
            env=env,
            stdin=asyncio.subprocess.PIPE if self.settle else None,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for raw in self.proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            settled = _SETTLED_LINE.search(line)
            if settled:
                self.settled_upto = max(self.settled_upto, int(settled[1]))

    async def settled(self, timeout: float = PATIENCE) -> None:
        """Wait until the bot has caught up: the launcher ran the ``settle`` function on the
        bot's loop (e.g. every edit it owes sent) after this call asked it to."""
        assert self.proc is not None and self.proc.stdin is not None, "spawned without settle="
        proc = self.proc
        self.settles += 1
        n = self.settles
        self.proc.stdin.write(f"settle {n}\n".encode())
        await self.proc.stdin.drain()
        await self.fake.wait_for(
            lambda: self.settled_upto >= n or proc.returncode is not None,
            timeout=timeout,
            what=f"{self.script} to settle",
        )
        assert self.settled_upto >= n, f"{self.script} exited before it settled"

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    def problems(self, ignore: list[str] | None = None) -> list[str]:
        patterns = [re.compile(p) for p in ignore or []]
        return [
            line
            for line in self.lines
            if _PROBLEM_LINE.search(line) and not any(p.search(line) for p in patterns)
        ]

    def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye to the gateway, as in a crash."""
        if self.proc is not None and self.proc.returncode is None:
            self.killed = True
            self.proc.kill()

    async def wait(self, timeout: float = PATIENCE) -> int:
        assert self.proc is not None
        code = await asyncio.wait_for(self.proc.wait(), timeout)
        if self._reader is not None:
            with contextlib.suppress(Exception):  # the output to its end, however loaded
                await asyncio.wait_for(self._reader, timeout)
        return code

    async def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.terminate()
        try:
            await self.wait(timeout)
        except TimeoutError:
            self.kill()
            await self.wait(timeout)
