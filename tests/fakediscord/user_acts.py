"""What a test does as a user: says something, reacts, runs a slash command, types into an
autocompleted option, presses a button, picks in a select, submits a modal.

Each act is refused with ``FakeDiscordError`` where Discord would not let the user do it (a
channel they cannot see, an unsynced command, a disabled button, a modal that is not open);
otherwise it goes to the bot as Discord sends it and returns at once, the bot answering
asynchronously. Interactions are recorded in ``InteractionRecords`` before they are sent.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from . import posting
from .command_options import build_options, find_command, nest_options
from .host import PostingHost
from .interaction_payloads import BOT_DM_CONTEXT, InteractionPayloads
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    FakeDiscordError,
    FakeInteraction,
)
from .models import FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .interaction_records import InteractionRecords
    from .readback import Readback


class ActingHost(PostingHost, Protocol):
    """What acting as a user reads: the world, the gateway (is a bot connected?) and the
    clock Discord's deadlines are judged on."""

    @property
    def connected(self) -> bool: ...

    def loop_time(self) -> float: ...


class UserActs:
    """The acts of the fake's users, checked, sent and recorded."""

    def __init__(
        self,
        host: ActingHost,
        records: InteractionRecords,
        payloads: InteractionPayloads,
        readback: Readback,
    ) -> None:
        self.host = host
        self.world = host.world
        self.records = records
        self.payloads = payloads
        self.readback = readback

    # -- checks -------------------------------------------------------------------------------

    def _require_bot(self) -> None:
        if not self.host.connected:
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

    # -- messages and reactions ---------------------------------------------------------------

    async def user_says(
        self,
        user: FakeUser,
        channel_id: int,
        content: str,
        reply_to: FakeMessage | int | None = None,
    ) -> FakeMessage:
        channel = self.readback.channel(channel_id)
        self._check_sees(user, channel)
        if channel.is_dm and channel.recipient_id != user.id:
            raise FakeDiscordError(f"{user.name} cannot post in another user's DM channel")
        if channel.is_thread and channel.archived and channel.locked:
            raise FakeDiscordError(f"thread {channel.name!r} is locked")
        body: dict[str, Any] = {"content": content}
        if reply_to is not None:
            target = self._resolve_message(reply_to)
            body["message_reference"] = {"message_id": target.id, "channel_id": target.channel_id}
        message = posting.post_message(self.host, channel, user, body)
        await asyncio.sleep(0)
        return message

    async def user_reacts(
        self, user: FakeUser, message: FakeMessage | int, emoji: str, *, add: bool = True
    ) -> None:
        target = self._resolve_message(message)
        if not self.world.can_see_message(user, target):
            raise FakeDiscordError(f"{user.name} cannot see message {target.id}")
        posting.react(self.host, target, user, emoji, add=add)
        await asyncio.sleep(0)

    # -- interactions -------------------------------------------------------------------------

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
            created=self.host.loop_time(),
            world=self.world,
            **fields,
        )
        self.records.add(i)
        self.host.gateway.dispatch("INTERACTION_CREATE", payload)
        return i

    def _command_pool(self, channel: FakeChannel) -> list[dict[str, Any]]:
        if channel.is_dm:
            return list(self.world.global_commands)
        guild_commands = self.world.guild_commands.get(channel.guild_id or self.world.guild_id, [])
        return guild_commands + self.world.global_commands

    def _command_at(
        self, user: FakeUser, command: str, channel_id: int
    ) -> tuple[FakeChannel, list[str], dict[str, Any], list[dict[str, Any]]]:
        """The channel ``user`` runs ``command`` in (it must see it), the command's words, and
        the command and subcommand chain they name."""
        self._require_bot()
        channel = self.readback.channel(channel_id)
        self._check_sees(user, channel)
        path = command.strip().lstrip("/").split()
        top, chain = find_command(self._command_pool(channel), path)
        return channel, path, top, chain

    async def slash(
        self, user: FakeUser, command: str, channel_id: int, /, **options: Any
    ) -> FakeInteraction:
        channel, path, top, chain = self._command_at(user, command, channel_id)
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
        payload = self.payloads.base(user, channel, APPLICATION_COMMAND)
        payload["data"] = self.payloads.command_data(top, nest_options(chain, leaf), resolved)
        i = self._send_interaction(user, channel, payload, command=" ".join(path))
        await asyncio.sleep(0)
        return i

    async def autocomplete(
        self, user: FakeUser, command: str, channel_id: int, option: str, typed: str, **options: Any
    ) -> FakeInteraction:
        channel, path, top, chain = self._command_at(user, command, channel_id)
        schema = (chain[-1] if chain else top).get("options") or []
        spec = next((o for o in schema if o["name"] == option), None)
        if spec is None or not spec.get("autocomplete"):
            raise FakeDiscordError(f"/{' '.join(path)} has no autocomplete option {option!r}")
        # While typing, other required options may still be empty.
        others = [{**o, "required": False} for o in schema if o["name"] != option]
        resolved: dict[str, dict[str, Any]] = {}
        leaf = build_options(self.world, others, options, f"/{' '.join(path)}", resolved)
        leaf.append({"name": option, "type": spec["type"], "value": typed, "focused": True})
        payload = self.payloads.base(user, channel, AUTOCOMPLETE)
        payload["data"] = self.payloads.command_data(top, nest_options(chain, leaf), resolved)
        i = self._send_interaction(user, channel, payload, command=" ".join(path))
        await asyncio.sleep(0)
        return i

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
        channel = self.readback.channel(target.channel_id)
        payload = self.payloads.base(user, channel, COMPONENT)
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
            data["resolved"] = self.payloads.resolved_users(values)
        payload["data"] = data
        i = self._send_interaction(
            user, channel, payload, message_id=target.id, custom_id=custom_id
        )
        await asyncio.sleep(0)
        return i

    async def submit_modal(
        self, user: FakeUser, custom_id: str, values: dict[str, Any]
    ) -> FakeInteraction:
        self._require_bot()
        open_modals = self.records.open_modals
        opener = open_modals.get((user.id, custom_id))
        if opener is None:
            shown = [cid for (uid, cid) in open_modals if uid == user.id]
            raise FakeDiscordError(f"no modal {custom_id!r} is open for {user.name}; open: {shown}")
        modal = opener.modal or {}
        remaining = dict(values)
        rows = [
            self.payloads.modal_row(row, remaining, custom_id)
            for row in modal.get("components") or []
        ]
        if remaining:
            raise FakeDiscordError(f"modal {custom_id!r} has no inputs {sorted(remaining)}")
        # Discord's client validates inputs before sending; a refused submit leaves it open.
        del open_modals[(user.id, custom_id)]
        channel = self.readback.channel(opener.channel_id)
        payload = self.payloads.base(user, channel, MODAL_SUBMIT)
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
