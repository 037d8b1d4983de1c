"""A slash command's options as Discord would send them: the command and subcommand a test's
``slash("table status", ...)`` names, found among the synced ones, and each option value
checked against the synced schema (type, choices, range, length) and resolved (users,
members, channels, roles) the way Discord's payload carries them. Whatever Discord would
refuse fails the test with ``FakeDiscordError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .interactions import FakeDiscordError
from .state import FakeChannel, FakeUser, World

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
