"""The world the fake Discord serves: one guild (more with ``add_guild``), its roles and
permissions, channels, threads, members, DMs, the messages posted and the synced commands; and
who can see which channel and message.

Nothing here does I/O. The REST server and the gateway read and change this state; the driver
reads it for assertions. The records themselves are in ``models``, Discord's numbers in
``constants``, the JSON discord.py parses in ``payloads``; this module also offers their names,
as the fake's other parts import them from here.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    ADMIN_PERMISSIONS,
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    COMPONENTS_V2,
    DISCORD_EPOCH_MS,
    DM,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    INTENT_DM_MESSAGES,
    INTENT_DM_REACTIONS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILD_REACTIONS,
    INTENT_GUILDS,
    INTENT_MEMBERS,
    INTENT_MESSAGE_CONTENT,
    INTENT_PRESENCES,
    LOADING,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PRIVILEGED,
    PUBLIC_THREAD,
    TEXT,
    THREAD_TYPES,
    VOICE,
    shard_of,
)
from .message_text import components_text, embeds_text, mentioned_ids, walk_components
from .models import FakeAttachment, FakeChannel, FakeMessage, FakeUser, Snowflakes, now_iso
from .payloads import Payloads, emoji_payload

__all__ = [
    "ADMINISTRATOR",
    "ADMIN_PERMISSIONS",
    "ALL_PERMISSIONS",
    "BOT_PERMISSIONS",
    "COMPONENTS_V2",
    "DISCORD_EPOCH_MS",
    "DM",
    "EPHEMERAL",
    "EVERYONE_PERMISSIONS",
    "INTENT_DM_MESSAGES",
    "INTENT_DM_REACTIONS",
    "INTENT_GUILDS",
    "INTENT_GUILD_MESSAGES",
    "INTENT_GUILD_REACTIONS",
    "INTENT_MEMBERS",
    "INTENT_MESSAGE_CONTENT",
    "INTENT_PRESENCES",
    "LOADING",
    "MANAGE_THREADS",
    "PRIVATE_THREAD",
    "PRIVILEGED",
    "PUBLIC_THREAD",
    "TEXT",
    "THREAD_TYPES",
    "VOICE",
    "FakeAttachment",
    "FakeChannel",
    "FakeMessage",
    "FakeUser",
    "Snowflakes",
    "World",
    "components_text",
    "embeds_text",
    "emoji_payload",
    "mentioned_ids",
    "now_iso",
    "shard_of",
    "walk_components",
]


class World:
    """All the state of the fake: a guild with #general (more with ``add_guild``), its members
    and everything posted. Every member is a member of every guild."""

    def __init__(self, *, guild_name: str = "Test Server", bot_name: str = "Chairman") -> None:
        self.snowflake = Snowflakes()
        self.payloads = Payloads(self)
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

    def add_voice_channel(self, name: str) -> FakeChannel:
        guild_id = self.guild_id
        position = sum(
            1 for c in self.channels.values() if c.type == VOICE and c.guild_id == guild_id
        )
        channel = FakeChannel(self.snowflake(), VOICE, name, guild_id, position=position)
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

    # -- payloads (``Payloads`` builds them) ----------------------------------------------------

    def role_payloads(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        return self.payloads.roles(guild_id)

    def member_payload(self, user: FakeUser, *, with_user: bool = True) -> dict[str, Any]:
        return self.payloads.member(user, with_user=with_user)

    def channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        return self.payloads.channel(channel)

    def guild_payload(self, *, with_members: bool, guild_id: int | None = None) -> dict[str, Any]:
        return self.payloads.guild(with_members=with_members, guild_id=guild_id)

    def message_payload(self, message: FakeMessage, *, gateway: bool = False) -> dict[str, Any]:
        return self.payloads.message(message, gateway=gateway)

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
