"""The world the fake Discord serves: one guild, its roles, channels, threads, members, DMs and
messages, plus the payload builders that turn them into the JSON shapes discord.py parses.

Nothing here does I/O. The REST server and the gateway read and change this state; the driver
reads it for assertions. Payloads carry every field discord.py reads with ``data[...]`` (a missing
one raises KeyError inside the client and kills the whole bot), and ids go out as strings.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord's numbers).
TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Gateway intents (only the ones the fake gates events on).
INTENT_GUILDS = 1 << 0
INTENT_MEMBERS = 1 << 1
INTENT_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_GUILD_REACTIONS = 1 << 10
INTENT_DM_MESSAGES = 1 << 12
INTENT_DM_REACTIONS = 1 << 13
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED = {
    "members": INTENT_MEMBERS,
    "presences": INTENT_PRESENCES,
    "message_content": INTENT_MESSAGE_CONTENT,
}

EVERYONE_PERMISSIONS = discord.Permissions(
    create_instant_invite=True,
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_external_emojis=True,
    use_application_commands=True,
    change_nickname=True,
).value
ADMIN_PERMISSIONS = discord.Permissions(administrator=True, manage_guild=True).value
BOT_PERMISSIONS = (
    EVERYONE_PERMISSIONS
    | discord.Permissions(manage_threads=True, manage_messages=True, mention_everyone=True).value
)
ALL_PERMISSIONS = discord.Permissions.all().value
MANAGE_THREADS = discord.Permissions(manage_threads=True).value
ADMINISTRATOR = discord.Permissions(administrator=True).value

_MENTION = re.compile(r"<@!?(\d+)>")


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Increasing ids shaped like Discord's (milliseconds since 2015 in the top bits), so that
    discord.py's ``created_at`` and id ordering behave as on the real service."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


@dataclass(eq=False)
class FakeUser:
    """A Discord user; a guild member unless it is only known by id (the bot is a member too)."""

    id: int
    name: str
    bot: bool = False
    admin: bool = False
    dms_open: bool = True
    #: the user's Discord client language, sent with each of their interactions
    locale: str = "en-US"
    joined_at: str = field(default_factory=now_iso)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def __hash__(self) -> int:
        return self.id

    def __repr__(self) -> str:
        return f"FakeUser({self.name!r}, id={self.id})"


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (public or private) or a DM channel with one user."""

    id: int
    type: int
    name: str
    guild_id: int | None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    recipient_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=now_iso)
    archive_timestamp: str = field(default_factory=now_iso)
    last_message_id: int | None = None
    message_count: int = 0
    deleted: bool = False
    from_message_id: int | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def __repr__(self) -> str:
        return f"FakeChannel({self.name!r}, id={self.id}, type={self.type})"


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        out = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": "application/octet-stream",
        }
        if self.description is not None:
            out["description"] = self.description
        return out


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake holds it. ``edits`` keeps every earlier version (content, embeds,
    components, attachments) so a test can check what was ever shown, not only the last state."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    reference_id: int | None = None
    created_at: str = field(default_factory=now_iso)
    edited_at: str | None = None
    edits: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    thread_id: int | None = None
    nonce: str | None = None
    interaction_meta: dict[str, Any] | None = None

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.filename for a in self.attachments],
        }

    def versions(self) -> list[dict[str, Any]]:
        """Every state this message has been shown in, oldest first, the current one last."""
        return [*self.edits, self.snapshot()]

    def text(self, *, history: bool = False) -> str:
        """Content, embed text and component labels (every version with ``history=True``)."""
        versions = self.versions() if history else [self.snapshot()]
        parts: list[str] = []
        for v in versions:
            parts.extend(_version_text(v))
        return "\n".join(p for p in parts if p)

    def components_flat(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects), in display order."""
        return [c for c in walk_components(self.components) if c.get("type") in (2, 3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components_flat() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for c in self.components_flat():
            if c.get("custom_id") == custom_id:
                return c
        return None

    def button(self, label: str) -> str:
        """The custom_id of the button whose label is ``label`` (AssertionError if none)."""
        found = [
            c for c in self.components_flat() if c.get("type") == 2 and c.get("label") == label
        ]
        labels = [c.get("label") for c in self.components_flat() if c.get("type") == 2]
        assert found, f"no button labelled {label!r} on message {self.id}; buttons: {labels}"
        assert "custom_id" in found[0], f"button {label!r} is a link button"
        custom_id: str = found[0]["custom_id"]
        return custom_id

    def labels(self) -> list[str]:
        return [c["label"] for c in self.components_flat() if c.get("label")]

    def __repr__(self) -> str:
        return (
            f"FakeMessage(id={self.id}, channel={self.channel_id}, author={self.author_id}, "
            f"content={self.content[:40]!r})"
        )


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Depth-first over rows, containers, sections and labels, yielding every component."""
    for c in components or []:
        yield c
        yield from walk_components(c.get("components") or [])
        if isinstance(c.get("accessory"), dict):
            yield from walk_components([c["accessory"]])
        if isinstance(c.get("component"), dict):
            yield from walk_components([c["component"]])


def components_text(components: list[dict[str, Any]]) -> list[str]:
    parts: list[str] = []
    for c in walk_components(components):
        for key in ("label", "placeholder", "content", "title", "description"):
            value = c.get(key)
            if isinstance(value, str):
                parts.append(value)
        for option in c.get("options") or []:
            parts.append(option.get("label", ""))
            parts.append(option.get("description") or "")
        for item in c.get("items") or []:
            if isinstance(item, dict) and item.get("description"):
                parts.append(item["description"])
    return parts


def embeds_text(embeds: list[dict[str, Any]]) -> list[str]:
    parts: list[str] = []
    for e in embeds or []:
        parts.append(e.get("title") or "")
        parts.append(e.get("description") or "")
        parts.append((e.get("author") or {}).get("name") or "")
        parts.append((e.get("footer") or {}).get("text") or "")
        for f in e.get("fields") or []:
            parts.append(f.get("name") or "")
            parts.append(f.get("value") or "")
    return parts


def _version_text(v: dict[str, Any]) -> list[str]:
    return [
        v.get("content") or "",
        *embeds_text(v.get("embeds") or []),
        *components_text(v.get("components") or []),
        *v.get("attachments", []),
    ]


def mentioned_ids(content: str) -> list[int]:
    seen: list[int] = []
    for match in _MENTION.finditer(content or ""):
        uid = int(match.group(1))
        if uid not in seen:
            seen.append(uid)
    return seen


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard a guild's events go to, as Discord computes it."""
    return (guild_id >> 22) % shard_count


class World:
    """All the state of the fake: a guild with #general (more with ``add_guild``), its members
    and everything posted. Every member is a member of every guild."""

    def __init__(self, *, guild_name: str = "Test Server", bot_name: str = "Chairman") -> None:
        self.snowflake = Snowflakes()
        self.users: dict[int, FakeUser] = {}
        self.bot_user = self._new_user(bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.guild_id = self.snowflake()
        self.guild_name = guild_name
        self.guild_names: dict[int, str] = {self.guild_id: guild_name}
        #: the servers' preferred locale (Community servers set it; default American English)
        self.guild_locale = "en-US"
        self.admin_role_id = self.snowflake()
        self.bot_role_id = self.snowflake()
        self.bot_permissions = BOT_PERMISSIONS
        self.member_ids: list[int] = []
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        self.dm_by_user: dict[int, int] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.owner = self.add_member("owner", admin=True)
        self.member_ids.append(self.bot_user.id)
        self.general_id = self.add_text_channel("general").id

    # -- people -------------------------------------------------------------------------------

    def _new_user(self, name: str, **kw: Any) -> FakeUser:
        user = FakeUser(self.snowflake(), name, **kw)
        self.users[user.id] = user
        return user

    def add_member(self, name: str, *, admin: bool = False, dms_open: bool = True) -> FakeUser:
        user = self._new_user(name, admin=admin, dms_open=dms_open)
        self.member_ids.append(user.id)
        return user

    def user(self, user: FakeUser | int) -> FakeUser:
        uid = user if isinstance(user, int) else user.id
        try:
            return self.users[uid]
        except KeyError:
            raise AssertionError(f"fake discord: no user with id {uid}") from None

    def is_member(self, user_id: int) -> bool:
        return user_id in self.member_ids

    def role_ids(self, user: FakeUser) -> list[int]:
        if user.id == self.bot_user.id:
            return [self.bot_role_id]
        return [self.admin_role_id] if user.admin else []

    def permissions(self, user: FakeUser) -> int:
        if user.id == self.owner.id:
            return ALL_PERMISSIONS
        value = EVERYONE_PERMISSIONS
        if user.id == self.bot_user.id:
            value |= self.bot_permissions
        if user.admin:
            value |= ADMIN_PERMISSIONS
        if value & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return value

    # -- channels -----------------------------------------------------------------------------

    def add_guild(
        self, name: str, *, shard: int | None = None, shard_count: int | None = None
    ) -> int:
        """Another guild with its own #general; with ``shard``/``shard_count`` its id is
        chosen so the guild lives on that shard. -> the guild id."""
        gid = self.snowflake()
        if shard is not None and shard_count:
            stamp = gid >> 22
            while stamp % shard_count != shard:
                stamp += 1
            gid = stamp << 22
            self.snowflake._last = max(self.snowflake._last, gid)
        self.guild_names[gid] = name
        self.add_text_channel("general", guild_id=gid)
        return gid

    @property
    def guild_ids(self) -> list[int]:
        return list(self.guild_names)

    def general_of(self, guild_id: int) -> int:
        """The first text channel of ``guild_id`` (its #general)."""
        return next(
            c.id for c in self.channels.values() if c.type == TEXT and c.guild_id == guild_id
        )

    def add_text_channel(self, name: str, *, guild_id: int | None = None) -> FakeChannel:
        guild_id = guild_id or self.guild_id
        position = sum(
            1 for c in self.channels.values() if c.type == TEXT and c.guild_id == guild_id
        )
        channel = FakeChannel(self.snowflake(), TEXT, name, guild_id, position=position)
        self._add_channel(channel)
        return channel

    def _add_channel(self, channel: FakeChannel) -> None:
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        owner_id: int,
        private: bool,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
        thread_id: int | None = None,
    ) -> FakeChannel:
        thread = FakeChannel(
            thread_id or self.snowflake(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            member_ids={owner_id},
        )
        self._add_channel(thread)
        return thread

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (created on first use, then always the same)."""
        cid = self.dm_by_user.get(user.id)
        if cid is None:
            channel = FakeChannel(self.snowflake(), DM, "", None, recipient_id=user.id)
            self._add_channel(channel)
            self.dm_by_user[user.id] = cid = channel.id
        return self.channels[cid]

    def channel(self, channel_id: int) -> FakeChannel | None:
        channel = self.channels.get(int(channel_id))
        return None if channel is None or channel.deleted else channel

    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    def can_see_channel(self, user: FakeUser, channel: FakeChannel) -> bool:
        if channel.deleted:
            return False
        if channel.is_dm:
            return user.id in (channel.recipient_id, self.bot_user.id)
        if not self.is_member(user.id):
            return False
        if channel.type == PRIVATE_THREAD:
            return user.id in channel.member_ids or bool(self.permissions(user) & MANAGE_THREADS)
        return True

    def can_see_message(self, user: FakeUser, message: FakeMessage) -> bool:
        if message.deleted:
            return False
        if message.ephemeral_to is not None:
            return message.ephemeral_to == user.id
        channel = self.channels.get(message.channel_id)
        return channel is not None and self.can_see_channel(user, channel)

    # -- messages -----------------------------------------------------------------------------

    def add_message(self, message: FakeMessage) -> FakeMessage:
        self.messages[message.id] = message
        self.channel_messages.setdefault(message.channel_id, []).append(message)
        channel = self.channels.get(message.channel_id)
        if channel is not None and not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
        return message

    def message(self, message_id: int) -> FakeMessage | None:
        return self.messages.get(int(message_id))

    # -- payloads -----------------------------------------------------------------------------

    def role_payloads(self, guild_id: int | None = None) -> list[dict[str, Any]]:
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
            role(guild_id or self.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0),
            role(self.admin_role_id, "Admin", ADMIN_PERMISSIONS, 1),
            role(
                self.bot_role_id,
                self.bot_user.name,
                self.bot_permissions,
                2,
                managed=True,
                tags={"bot_id": str(self.bot_user.id)},
            ),
        ]

    def member_payload(self, user: FakeUser, *, with_user: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids(user)],
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

    def channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        if channel.is_dm:
            assert channel.recipient_id is not None  # a DM channel is opened with its user
            recipient = self.users[channel.recipient_id]
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

    def guild_payload(self, *, with_members: bool, guild_id: int | None = None) -> dict[str, Any]:
        """The GUILD_CREATE body. Without the members intent Discord sends only the bot's own
        member, but the true member_count (discord.py then does not ask for chunks)."""
        everyone = [self.users[m] for m in self.member_ids]
        members = everyone if with_members else [self.bot_user]
        gid = guild_id or self.guild_id
        return {
            "id": str(gid),
            "name": self.guild_names[gid],
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner.id),
            "unavailable": False,
            "member_count": len(self.member_ids),
            "large": False,
            "joined_at": self.bot_user.joined_at,
            "roles": self.role_payloads(gid),
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [
                self.channel_payload(c)
                for c in self.channels.values()
                if c.type == TEXT and not c.deleted and c.guild_id == gid
            ],
            "threads": [
                self.channel_payload(c)
                for c in self.threads()
                if not c.archived and c.guild_id == gid and self.can_see_channel(self.bot_user, c)
            ],
            "members": [self.member_payload(u) for u in members],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "preferred_locale": self.guild_locale,
            "system_channel_id": str(self.general_of(gid)),
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

    def message_payload(self, message: FakeMessage, *, gateway: bool = False) -> dict[str, Any]:
        author = self.users[message.author_id]
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
            if gateway and self.is_member(author.id):
                out["member"] = self.member_payload(author, with_user=False)
        for uid in mentioned_ids(message.content):
            user = self.users.get(uid)
            if user is None:
                continue
            mention = user.payload()
            if message.guild_id is not None and self.is_member(uid):
                mention["member"] = self.member_payload(user, with_user=False)
            out["mentions"].append(mention)
        if message.nonce is not None:
            out["nonce"] = message.nonce
        if message.webhook_id is not None:
            out["webhook_id"] = str(message.webhook_id)
        if message.interaction_id is not None or message.webhook_id is not None:
            out["application_id"] = str(self.application_id)
        if message.interaction_meta is not None:
            out["interaction_metadata"] = message.interaction_meta
        if message.reference_id is not None:
            ref = self.messages.get(message.reference_id)
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
                out["referenced_message"] = self.message_payload(ref)
        if message.reactions:
            out["reactions"] = [
                {
                    "emoji": emoji_payload(emoji),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.bot_user.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for emoji, users in message.reactions.items()
                if users
            ]
        if message.thread_id is not None:
            thread = self.channels.get(message.thread_id)
            if thread is not None and not thread.deleted:
                out["thread"] = self.channel_payload(thread)
        return out

    # -- what a user sees ---------------------------------------------------------------------

    def all_text_seen_by(self, user: FakeUser, *, extra: list[str] | None = None) -> str:
        parts: list[str] = []
        for message in self.messages.values():
            if message.ephemeral_to is not None and message.ephemeral_to != user.id:
                continue
            channel = self.channels.get(message.channel_id)
            if channel is None:
                continue
            if message.ephemeral_to is None and not self.can_see_channel(user, channel):
                continue
            # Deleted messages and earlier versions count: the user may have seen them.
            parts.append(message.text(history=True))
        for channel in self.channels.values():
            if channel.is_thread and self.can_see_channel(user, channel):
                parts.append(channel.name)
        parts.extend(extra or [])
        return "\n".join(p for p in parts if p)


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def emoji_payload(emoji: str) -> dict[str, Any]:
    custom = re.fullmatch(r"<?a?:?(\w+):(\d+)>?", emoji)
    if custom:
        return {"id": custom.group(2), "name": custom.group(1)}
    return {"id": None, "name": emoji}
