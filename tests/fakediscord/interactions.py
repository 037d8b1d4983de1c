"""Interactions as the fake tracks them: what was sent to the bot, how it answered, and the
builders that turn a test's ``slash("table status", ...)`` into the payload Discord would send.

Every answer is recorded: ``i.response`` is the first (accepted) callback, ``i.answers`` every
callback attempt with its HTTP status, ``i.followups`` the follow-up messages, ``i.original`` the
message the interaction's ``@original`` points at (current state, with its edit history), and
``i.outcome`` what the user was shown after a defer: the first follow-up or edit through the
interaction's token.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .own_time import PATIENCE
from .state import FakeChannel, FakeMessage, FakeUser, World, components_text

if TYPE_CHECKING:
    from collections.abc import Callable

# Interaction types.
APPLICATION_COMMAND = 2
COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback (response) types.
MESSAGE = 4
DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
#: the app's Activity opened for the user (only for an application with Activities)
LAUNCH_ACTIVITY = 12

RESPONSE_NAMES = {
    MESSAGE: "message",
    DEFERRED_MESSAGE: "defer",
    DEFERRED_UPDATE: "deferred update",
    UPDATE_MESSAGE: "update message",
    AUTOCOMPLETE_RESULT: "autocomplete",
    MODAL: "modal",
    LAUNCH_ACTIVITY: "launch activity",
}


class FakeDiscordError(AssertionError):
    """A test asked the fake for something Discord would not let a user do."""


@dataclass(eq=False)
class FakeInteraction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    created: float
    world: World
    message_id: int | None = None
    command: str | None = None
    custom_id: str | None = None
    response: dict[str, Any] | None = None
    answers: list[dict[str, Any]] = field(default_factory=list)
    followups: list[FakeMessage] = field(default_factory=list)
    original_id: int | None = None
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    #: the channel an Activity was launched in by this interaction's answer
    activity_channel_id: int | None = None
    #: after a defer, the message its first follow-up or edit through the token showed
    outcome: FakeMessage | None = None
    _answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def answered(self) -> bool:
        return self.response is not None

    @property
    def ephemeral(self) -> bool:
        return bool(self.response and self.response.get("ephemeral"))

    @property
    def original(self) -> FakeMessage | None:
        return None if self.original_id is None else self.world.message(self.original_id)

    @property
    def message(self) -> FakeMessage | None:
        """The message a component or modal was used on, if any."""
        return None if self.message_id is None else self.world.message(self.message_id)

    async def wait_answered(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """Wait for the first callback; returns ``i.response``."""
        try:
            await asyncio.wait_for(self._answered.wait(), timeout)
        except TimeoutError:
            what = self.command or self.custom_id
            raise AssertionError(
                f"interaction {what!r} by {self.user.name} was not answered within {timeout}s"
            ) from None
        assert self.response is not None
        return self.response

    async def wait_finished(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """Wait until the user sees an answer, not just "thinking..." or a bare defer.

        For a deferred message (type 5) that is when the thinking message is replaced by the
        first follow-up or an edit of @original; for a deferred update (type 6) when the
        message pressed is edited through the token or a follow-up arrives. The returned dict
        is then ``i.response`` with the content, embeds and components of what the user now
        sees, and ``ephemeral`` true only for a new message just for them (as for a type 7
        answer, an edit of the message pressed is not). A press deferred and never followed
        up fails the wait.
        """
        response = await self.wait_answered(timeout)
        if response["type"] not in (DEFERRED_MESSAGE, DEFERRED_UPDATE):
            return response
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            original = self.original
            if response["type"] == DEFERRED_MESSAGE and original is not None:
                shown = None if original.loading else original
            else:
                shown = self.outcome
            if shown is not None:
                ephemeral = response["ephemeral"]
                if response["type"] == DEFERRED_UPDATE:
                    ephemeral = shown.id != self.original_id and shown.ephemeral
                return {
                    **response,
                    "content": shown.content,
                    "embeds": shown.embeds,
                    "components": shown.components,
                    "ephemeral": ephemeral,
                }
            if loop.time() > deadline:
                what = self.command or self.custom_id
                raise AssertionError(
                    f"interaction {what!r} is still deferred with nothing shown after {timeout}s"
                )
            await asyncio.sleep(0.005)

    def text(self) -> str:
        """Everything this interaction showed its user: the answer (every version), follow-ups
        and a modal's labels."""
        parts: list[str] = []
        original = self.original
        if original is not None:
            parts.append(original.text(history=True))
        for m in self.followups:
            parts.append(m.text(history=True))
        if self.modal:
            parts.append(self.modal.get("title", ""))
            parts.extend(components_text(self.modal.get("components") or []))
        return "\n".join(p for p in parts if p)

    def __repr__(self) -> str:
        what = self.command or self.custom_id
        return f"FakeInteraction(id={self.id}, type={self.type}, {what!r}, user={self.user.name})"


def record_response(kind: int, data: dict[str, Any], files: list[Any]) -> dict[str, Any]:
    """The driver's view of one callback: the documented keys plus the raw data."""
    flags = data.get("flags") or 0
    return {
        "type": kind,
        "name": RESPONSE_NAMES.get(kind, str(kind)),
        "content": data.get("content"),
        "embeds": data.get("embeds") or [],
        "components": data.get("components") or [],
        "ephemeral": bool(flags & (1 << 6)),
        "files": [{"filename": f.filename, "data": f.data, "size": f.size} for f in files],
        "data": data,
    }


# -- building a slash command's options from its synced schema --------------------------------

OPTION_SUBCOMMAND = 1
OPTION_GROUP = 2
_PY_TYPES: dict[int, Callable[[Any], bool]] = {
    3: lambda v: isinstance(v, str),
    4: lambda v: isinstance(v, int) and not isinstance(v, bool),
    5: lambda v: isinstance(v, bool),
    10: lambda v: isinstance(v, int | float) and not isinstance(v, bool),
}


def find_command(
    commands: list[dict[str, Any]], path: list[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The top-level command and the chain of subcommand option dicts under it."""
    top = next((c for c in commands if c["name"] == path[0] and c.get("type", 1) == 1), None)
    if top is None:
        raise FakeDiscordError(
            f"/{path[0]} is not a synced slash command; synced: "
            f"{sorted(c['name'] for c in commands)}"
        )
    chain: list[dict[str, Any]] = []
    options = top.get("options") or []
    for name in path[1:]:
        sub = next(
            (o for o in options if o["name"] == name and o["type"] in (1, 2)),
            None,
        )
        if sub is None:
            have = [o["name"] for o in options if o["type"] in (1, 2)]
            raise FakeDiscordError(f"/{' '.join(path)}: no subcommand {name!r}; have {have}")
        chain.append(sub)
        options = sub.get("options") or []
    if any(o["type"] in (1, 2) for o in options):
        have = [o["name"] for o in options]
        raise FakeDiscordError(f"/{' '.join(path)} needs a subcommand: one of {have}")
    return top, chain


def build_options(
    world: World,
    schema: list[dict[str, Any]],
    values: dict[str, Any],
    label: str,
    resolved: dict[str, dict[str, Any]],
) -> list[dict[str, Any]]:
    by_name = {o["name"]: o for o in schema}
    out: list[dict[str, Any]] = []
    for name in values:
        if name not in by_name:
            raise FakeDiscordError(f"{label}: no option {name!r}; options: {sorted(by_name)}")
    for option in schema:
        name = option["name"]
        if name not in values or values[name] is None:
            if option.get("required"):
                raise FakeDiscordError(f"{label}: option {name!r} is required")
            continue
        out.append(
            {
                "name": name,
                "type": option["type"],
                "value": _option_value(world, option, values[name], label, resolved),
            }
        )
    return out


def _option_value(
    world: World,
    option: dict[str, Any],
    value: Any,
    label: str,
    resolved: dict[str, dict[str, Any]],
) -> Any:
    kind = option["type"]
    name = option["name"]
    if kind in _PY_TYPES:
        if not _PY_TYPES[kind](value):
            raise FakeDiscordError(f"{label}: option {name!r} has the wrong type: {value!r}")
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            allowed = [c["value"] for c in choices]
            raise FakeDiscordError(f"{label}: {name}={value!r} is not one of {allowed}")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise FakeDiscordError(f"{label}: {name}={value!r} is outside [{low}, {high}]")
        if kind == 3:
            if option.get("min_length") is not None and len(value) < option["min_length"]:
                raise FakeDiscordError(f"{label}: {name} is shorter than min_length")
            if option.get("max_length") is not None and len(value) > option["max_length"]:
                raise FakeDiscordError(f"{label}: {name} is longer than max_length")
        return value
    if kind in (6, 9) and isinstance(value, FakeUser | int) and _is_user(world, value):
        user = world.user(value)
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if world.is_member(user.id):
            member = world.member_payload(user, with_user=False)
            member["permissions"] = str(world.permissions(user))
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)
    if kind == 7:
        cid = value.id if isinstance(value, FakeChannel) else int(value)
        channel = world.channel(cid)
        if channel is None or channel.is_dm:
            raise FakeDiscordError(f"{label}: {name}={value!r} is not a guild channel")
        payload = world.channel_payload(channel)
        payload["permissions"] = str(world.permissions(world.bot_user))
        resolved.setdefault("channels", {})[str(cid)] = payload
        return str(cid)
    if kind in (8, 9):
        rid = int(value)
        role = next((r for r in world.role_payloads() if int(r["id"]) == rid), None)
        if role is None:
            raise FakeDiscordError(f"{label}: {name}={value!r} is not a role")
        resolved.setdefault("roles", {})[str(rid)] = role
        return str(rid)
    raise FakeDiscordError(f"{label}: option type {kind} ({name!r}) is not supported by the fake")


def _is_user(world: World, value: FakeUser | int) -> bool:
    uid = value.id if isinstance(value, FakeUser) else value
    return uid in world.users


def nest_options(chain: list[dict[str, Any]], leaf: list[dict[str, Any]]) -> list[dict[str, Any]]:
    options = leaf
    for sub in reversed(chain):
        options = [{"name": sub["name"], "type": sub["type"], "options": options}]
    return options
