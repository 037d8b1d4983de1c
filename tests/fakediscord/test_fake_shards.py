"""Shards: IDENTIFY's shard, each session's guilds, guild events to their shard only, DM events
to shard 0 only, and a bad shard pair closed with 4010."""

from __future__ import annotations

import aiohttp
import discord
from discord.ext import commands

from tests.fakediscord.helpers import intents_for_tests


class ShardBot(commands.AutoShardedBot):
    def __init__(self, shard_id: int, shard_count: int = 2) -> None:
        super().__init__(
            command_prefix="!",
            intents=intents_for_tests(),
            guild_ready_timeout=0.01,
            help_command=None,
            shard_count=shard_count,
            shard_ids=[shard_id],
        )
        self.seen: list[discord.Message] = []

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)


async def two_shards(fake):
    zero, one = ShardBot(0), ShardBot(1)
    await fake.run_bot(zero)
    await fake.run_bot(one)
    return zero, one


async def test_each_shard_gets_the_guild_create_of_its_guilds_only(fake_discord):
    fake = fake_discord
    on_zero = fake.add_guild("zero", shard=0, shard_count=2)
    on_one = fake.add_guild("one", shard=1, shard_count=2)
    zero, one = await two_shards(fake)
    assert on_zero in {g.id for g in zero.guilds} and on_one not in {g.id for g in zero.guilds}
    assert on_one in {g.id for g in one.guilds} and on_zero not in {g.id for g in one.guilds}
    assert sorted(s.shard for s in fake.gateway.sessions.values()) == [(0, 2), (1, 2)]


async def test_a_guild_added_later_reaches_its_shard_only(fake_discord):
    fake = fake_discord
    zero, one = await two_shards(fake)
    late = fake.add_guild("late", shard=1, shard_count=2)
    await fake.wait_for(lambda: one.get_guild(late) is not None, what="guild")
    assert zero.get_guild(late) is None


async def test_guild_messages_go_to_their_shard_and_dms_to_shard_0(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    on_one = fake.add_guild("one", shard=1, shard_count=2)
    zero, one = await two_shards(fake)
    await fake.user_says(ana, fake.world.general_of(on_one), "in a guild")
    await fake.wait_for(lambda: one.seen, what="guild message")
    await fake.user_says(ana, fake.dm_channel_id(ana), "in a DM")
    await fake.wait_for(lambda: zero.seen, what="DM")
    assert [m.content for m in one.seen] == ["in a guild"]
    assert [m.content for m in zero.seen] == ["in a DM"]


async def test_a_shard_outside_the_count_is_closed_with_4010(fake_discord):
    fake = fake_discord
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify = {"token": fake.token, "intents": 513, "properties": {}, "shard": [2, 2]}
        await ws.send_json({"op": 2, "d": identify})
        closing = await ws.receive()
        assert (closing.type, ws.close_code) == (aiohttp.WSMsgType.CLOSE, 4010)
    assert fake.gateway.sessions == {}
