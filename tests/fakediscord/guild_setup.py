"""Changes a test makes to the guild as its owner or Discord itself would, each announced on
the gateway as Discord does: a member joins, another guild is added, a channel is created, a
thread is archived for want of messages. Also the bot's DM channel with a user, opened on
first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import posting
from .interactions import FakeDiscordError
from .state import INTENT_MEMBERS, now_iso

if TYPE_CHECKING:
    from .host import PostingHost
    from .models import FakeChannel, FakeUser
    from .readback import Readback


class GuildSetup:
    """The world's guilds changed and announced through ``host``'s gateway."""

    def __init__(self, host: PostingHost, readback: Readback) -> None:
        self.host = host
        self.world = host.world
        self.readback = readback

    def add_member(self, name: str, admin: bool = False, dms_open: bool = True) -> FakeUser:
        user = self.world.add_member(name, admin=admin, dms_open=dms_open)
        body = {**self.world.member_payload(user), "guild_id": str(self.world.guild_id)}
        self.host.gateway.dispatch("GUILD_MEMBER_ADD", body, intent=INTENT_MEMBERS)
        return user

    def add_guild(
        self, name: str, *, shard: int | None = None, shard_count: int | None = None
    ) -> int:
        gid = self.world.add_guild(name, shard=shard, shard_count=shard_count)
        self.host.gateway.dispatch(
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
        self.host.gateway.dispatch("CHANNEL_CREATE", self.world.channel_payload(channel), intent=1)
        return channel.id

    def add_voice_channel(self, name: str) -> int:
        channel = self.world.add_voice_channel(name)
        self.host.gateway.dispatch("CHANNEL_CREATE", self.world.channel_payload(channel), intent=1)
        return channel.id

    def archive_thread(self, thread_id: int) -> FakeChannel:
        thread = self.readback.channel(thread_id)
        if not thread.is_thread:
            raise FakeDiscordError(f"channel {thread_id} is not a thread")
        thread.archived = True
        thread.archive_timestamp = now_iso()
        posting.announce_thread_update(self.host, thread)
        return thread

    def dm_channel_id(self, user: FakeUser) -> int:
        return self.world.dm_channel(user).id
