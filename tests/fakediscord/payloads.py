"""Discord's JSON for the world's objects: roles, members, channels and threads, the guild
(GUILD_CREATE) and messages, in the shapes discord.py parses.

Payloads carry every field discord.py reads with ``data[...]`` (a missing one raises KeyError
inside the client and kills the whole bot), and ids go out as strings.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol

from .constants import ADMIN_PERMISSIONS, DM, EVERYONE_PERMISSIONS, GUILD_CHANNELS, VOICE
from .message_text import mentioned_ids

if TYPE_CHECKING:
    from .models import FakeChannel, FakeMessage, FakeUser


class Serialised(Protocol):
    """What the JSON is built from: the ``World`` (``state``), which holds a ``Payloads``, as
    far as these builders read it (a protocol, so this module does not import ``state``)."""

    users: dict[int, FakeUser]
    bot_user: FakeUser
    owner: FakeUser
    application_id: int
    guild_id: int
    guild_names: dict[int, str]
    guild_locale: str
    admin_role_id: int
    bot_role_id: int
    bot_permissions: int
    member_ids: list[int]
    channels: dict[int, FakeChannel]
    messages: dict[int, FakeMessage]

    def is_member(self, user_id: int) -> bool: ...

    def role_ids(self, user: FakeUser) -> list[int]: ...

    def general_of(self, guild_id: int) -> int: ...

    def threads(self) -> list[FakeChannel]: ...

    def can_see_channel(self, user: FakeUser, channel: FakeChannel) -> bool: ...


class Payloads:
    """The serialiser of one world: each method gives the JSON of one kind of object as the
    REST API answers it or the gateway sends it."""

    def __init__(self, world: Serialised) -> None:
        self.world = world

    def roles(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        w = self.world

        def role(rid: int, name: str, perms: int, position: int, **extra: Any) -> dict[str, Any]:
            return {
                "id": str(rid),
                "name": name,
                "permissions": str(perms),
                "position": position,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
                "icon": None,
                "unicode_emoji": None,
                **extra,
            }

        return [
            role(guild_id or w.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0),
            role(w.admin_role_id, "Admin", ADMIN_PERMISSIONS, 1),
            role(
                w.bot_role_id,
                w.bot_user.name,
                w.bot_permissions,
                2,
                managed=True,
                tags={"bot_id": str(w.bot_user.id)},
            ),
        ]

    def member(self, user: FakeUser, *, with_user: bool = True) -> dict[str, Any]:
        w = self.world
        out: dict[str, Any] = {
            "roles": [str(r) for r in w.role_ids(user)],
            "joined_at": user.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            out["user"] = user.payload()
        return out

    def channel(self, channel: FakeChannel) -> dict[str, Any]:
        w = self.world
        if channel.is_dm:
            assert channel.recipient_id is not None  # a DM channel is opened with its user
            recipient = w.users[channel.recipient_id]
            return {
                "id": str(channel.id),
                "type": DM,
                "last_message_id": _sid(channel.last_message_id),
                "recipients": [recipient.payload()],
                "flags": 0,
            }
        out: dict[str, Any] = {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "last_message_id": _sid(channel.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if channel.is_thread:
            out.update(
                parent_id=str(channel.parent_id),
                owner_id=str(channel.owner_id),
                message_count=channel.message_count,
                total_message_sent=channel.message_count,
                member_count=min(len(channel.member_ids), 50),
                thread_metadata={
                    "archived": channel.archived,
                    "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": channel.archive_timestamp,
                    "locked": channel.locked,
                    "invitable": channel.invitable,
                    "create_timestamp": channel.created_at,
                },
            )
        elif channel.type == VOICE:
            out.update(
                position=channel.position,
                parent_id=None,
                nsfw=False,
                permission_overwrites=[],
                bitrate=64000,
                user_limit=0,
                rtc_region=None,
            )
        else:
            out.update(
                position=channel.position,
                parent_id=None,
                topic=None,
                nsfw=False,
                permission_overwrites=[],
                default_auto_archive_duration=1440,
            )
        return out

    def guild(self, *, with_members: bool, guild_id: int | None = None) -> dict[str, Any]:
        """The GUILD_CREATE body. Without the members intent Discord sends only the bot's own
        member, but the true member_count (discord.py then does not ask for chunks)."""
        w = self.world
        everyone = [w.users[m] for m in w.member_ids]
        members = everyone if with_members else [w.bot_user]
        gid = guild_id or w.guild_id
        return {
            "id": str(gid),
            "name": w.guild_names[gid],
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(w.owner.id),
            "unavailable": False,
            "member_count": len(w.member_ids),
            "large": False,
            "joined_at": w.bot_user.joined_at,
            "roles": self.roles(gid),
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [
                self.channel(c)
                for c in w.channels.values()
                if c.type in GUILD_CHANNELS and not c.deleted and c.guild_id == gid
            ],
            "threads": [
                self.channel(c)
                for c in w.threads()
                if not c.archived and c.guild_id == gid and w.can_see_channel(w.bot_user, c)
            ],
            "members": [self.member(u) for u in members],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "preferred_locale": w.guild_locale,
            "system_channel_id": str(w.general_of(gid)),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "application_id": None,
        }

    def message(self, message: FakeMessage, *, gateway: bool = False) -> dict[str, Any]:
        w = self.world
        author = w.users[message.author_id]
        out: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "type": message.type,
            "content": message.content,
            "author": author.payload(),
            "embeds": message.embeds,
            "components": message.components,
            "attachments": [a.payload() for a in message.attachments],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": message.created_at,
            "edited_timestamp": message.edited_at,
            "flags": message.flags,
        }
        if message.guild_id is not None:
            out["guild_id"] = str(message.guild_id)
            if gateway and w.is_member(author.id):
                out["member"] = self.member(author, with_user=False)
        for uid in mentioned_ids(message.content):
            user = w.users.get(uid)
            if user is None:
                continue
            mention = user.payload()
            if message.guild_id is not None and w.is_member(uid):
                mention["member"] = self.member(user, with_user=False)
            out["mentions"].append(mention)
        if message.nonce is not None:
            out["nonce"] = message.nonce
        if message.webhook_id is not None:
            out["webhook_id"] = str(message.webhook_id)
        if message.interaction_id is not None or message.webhook_id is not None:
            out["application_id"] = str(w.application_id)
        if message.interaction_meta is not None:
            out["interaction_metadata"] = message.interaction_meta
        if message.reference_id is not None:
            ref = w.messages.get(message.reference_id)
            out["message_reference"] = {
                "type": 0,
                "message_id": str(message.reference_id),
                "channel_id": str(ref.channel_id if ref else message.channel_id),
            }
            if message.guild_id is not None:
                out["message_reference"]["guild_id"] = str(message.guild_id)
            if ref is None or ref.deleted:
                out["referenced_message"] = None
            else:
                out["referenced_message"] = self.message(ref)
        if message.reactions:
            out["reactions"] = [
                {
                    "emoji": emoji_payload(emoji),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": w.bot_user.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for emoji, users in message.reactions.items()
                if users
            ]
        if message.thread_id is not None:
            thread = w.channels.get(message.thread_id)
            if thread is not None and not thread.deleted:
                out["thread"] = self.channel(thread)
        return out


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def emoji_payload(emoji: str) -> dict[str, Any]:
    custom = re.fullmatch(r"<?a?:?(\w+):(\d+)>?", emoji)
    if custom:
        return {"id": custom.group(2), "name": custom.group(1)}
    return {"id": None, "name": emoji}
