"""Reading back what the bot did, for a test's assertions: a channel or message by id
(refused if there is none), the messages in a channel, a user's DMs and ephemeral answers, the
threads, the synced commands, everything a user could have seen (``Readback``); and the REST
requests it made, counted by channel, route and rate-limit bucket (``RestTally``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .interactions import FakeDiscordError
from .server import GLOBAL, INTERACTION

if TYPE_CHECKING:
    from .interaction_records import InteractionRecords
    from .models import FakeChannel, FakeMessage, FakeUser
    from .server import RestCall
    from .state import World


class Readback:
    """What is in the world now (and was: deleted messages and earlier versions are kept)."""

    def __init__(self, world: World, records: InteractionRecords) -> None:
        self.world = world
        self.records = records

    def messages(
        self, channel_id: int, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        return [
            m
            for m in self.world.channel_messages.get(int(channel_id), [])
            if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)
        ]

    def channel(self, channel_id: int) -> FakeChannel:
        channel = self.world.channel(channel_id)
        if channel is None:
            raise FakeDiscordError(f"no channel {channel_id}")
        return channel

    def message(self, message_id: int) -> FakeMessage:
        message = self.world.message(message_id)
        if message is None:
            raise FakeDiscordError(f"no message {message_id}")
        return message

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        cid = self.world.dm_by_user.get(user.id)
        return [] if cid is None else self.messages(cid)

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        return [
            m for m in self.world.messages.values() if m.ephemeral_to == user.id and not m.deleted
        ]

    def threads(self) -> list[FakeChannel]:
        return self.world.threads()

    def commands(self, *, guild: bool | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if guild in (None, False):
            out += self.world.global_commands
        if guild in (None, True):
            out += self.world.guild_commands.get(self.world.guild_id, [])
        return out

    def all_text_seen_by(self, user: FakeUser) -> str:
        return self.world.all_text_seen_by(user, extra=self.records.modal_text(user))


class CallLog(Protocol):
    """The REST server as counted here: every call it answered, oldest first."""

    calls: list[RestCall]


class RestTally:
    """Counts over the REST server's calls; ``since`` is an index into its log."""

    def __init__(self, rest: CallLog) -> None:
        self.rest = rest

    def rest_count(
        self, channel_id: int | None = None, *, method: str | None = None, since: int = 0
    ) -> int:
        return sum(
            1
            for c in self.rest.calls[since:]
            if (channel_id is None or c.channel_id == channel_id)
            and (method is None or c.method == method)
        )

    def requests_by_bucket(self, since: int = 0) -> dict[str, int]:
        counts = {GLOBAL: 0, INTERACTION: 0}
        for c in self.rest.calls[since:]:
            counts[c.bucket] += 1
        return counts

    def requests_by_route(self, since: int = 0, bucket: str | None = None) -> dict[str, int]:
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
