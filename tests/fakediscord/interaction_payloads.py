"""The INTERACTION_CREATE bodies Discord sends for what a user does: the envelope every kind
shares (who, where, with which permissions and locale), a command's data from the options the
test gave, a select's resolved users, a modal's answers checked as Discord's client checks them,
and the ``interaction_metadata`` a message made by an interaction carries.

Nothing here sends anything; ``UserActs`` (``user_acts``) dispatches what these build.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .interactions import APPLICATION_COMMAND, COMPONENT, FakeDiscordError, FakeInteraction

if TYPE_CHECKING:
    from .models import FakeChannel, FakeUser
    from .state import World

BOT_DM_CONTEXT = 1
GUILD_CONTEXT = 0


class InteractionPayloads:
    """The builder of one ``World``'s interaction payloads."""

    def __init__(self, world: World) -> None:
        self.world = world

    def meta(self, i: FakeInteraction) -> dict[str, Any]:
        """The ``interaction_metadata`` of a message made by answering ``i``."""
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

    def base(self, user: FakeUser, channel: FakeChannel, kind: int) -> dict[str, Any]:
        """What every interaction of ``kind`` by ``user`` in ``channel`` carries."""
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

    @staticmethod
    def command_data(
        top: dict[str, Any], options: list[dict[str, Any]], resolved: dict[str, dict[str, Any]]
    ) -> dict[str, Any]:
        """A slash command's (or its autocomplete's) ``data``: the synced command ``top``
        with the options the user filled in, already nested under their subcommands."""
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "options": options,
        }
        if top.get("guild_id"):
            data["guild_id"] = top["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def resolved_users(self, values: list[str]) -> dict[str, dict[str, Any]]:
        """The ``resolved`` users (and members) of a user or mentionable select's values."""
        resolved: dict[str, dict[str, Any]] = {}
        for v in values:
            u = self.world.user(int(v))
            resolved.setdefault("users", {})[v] = u.payload()
            if self.world.is_member(u.id):
                member = self.world.member_payload(u, with_user=False)
                member["permissions"] = str(self.world.permissions(u))
                resolved.setdefault("members", {})[v] = member
        return resolved

    @staticmethod
    def modal_row(row: dict[str, Any], remaining: dict[str, Any], modal_id: str) -> dict[str, Any]:
        """One row of a modal as submitted: each input's answer taken out of ``remaining``
        (input custom_id -> text, or a list for a select); an answer Discord's client would
        refuse raises ``FakeDiscordError``."""

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
