"""A table in a voice channel's text chat: ``/play`` there opens the table in the chat itself
(a voice channel holds no thread), which then plays, ends and plays again as a thread's does."""

from __future__ import annotations

import random

from data import store
from tests.e2e.chairman import hand_message, lobby_id, one_id, play_one, settled, start_bot


async def test_play_in_a_voice_channels_chat_opens_the_table_there(fake_discord, tmp_path):
    fake = fake_discord
    lounge = fake.add_voice_channel("Lounge")
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", lounge, game="macao", bots=1)
    response = await i.wait_finished()
    assert not response["ephemeral"], response["content"]
    assert not fake.threads()
    table = bot.tables.in_channel(lounge)
    assert table is not None
    lobby = fake.messages(lounge)[0]
    await (await fake.click(ana, lobby, lobby_id(lobby, "start"))).wait_finished()
    await settled(bot)
    await fake.wait_for(lambda: table.waits_on(table.seat_of_user(ana.id).seat), what="her turn")
    await settled(bot)
    moves = table.acted.get(str(ana.id), 0)
    await play_one(fake, ana, hand_message(fake, ana), random.Random(1))
    await fake.wait_for(lambda: table.acted.get(str(ana.id), 0) > moves, what="her move")
    # the table message in the chat shows the game
    assert "My hand" in fake.message(lobby.id).text()


async def test_a_voice_chat_holds_one_table_and_plays_again(fake_discord, tmp_path):
    fake = fake_discord
    lounge = fake.add_voice_channel("Lounge")
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    await (await fake.slash(ana, "play", lounge, game="macao", bots=1)).wait_finished()
    second = await fake.slash(ana, "play", lounge, game="lastcard", bots=1)
    refused = await second.wait_finished()
    assert refused["ephemeral"]
    assert refused["content"] == "A table is already open here; finish it first."
    table = bot.tables.in_channel(lounge)
    lobby = fake.messages(lounge)[0]
    await (await fake.click(ana, lobby, lobby_id(lobby, "start"))).wait_finished()
    await (await fake.slash(ana, "table end", lounge)).wait_finished()
    await settled(bot)
    ended = fake.message(lobby.id)
    await (await fake.click(ana, ended, one_id(ended, "chairman:again:"))).wait_finished()
    rematch = bot.tables.in_channel(lounge)
    assert rematch is not None and rematch.id != table.id and rematch.game_name == "macao"


async def test_mao_in_a_voice_chat_hears_what_is_written_there(fake_discord, tmp_path):
    """At Mao the chat is the table's speech: in a voice channel's chat as in a thread."""
    fake = fake_discord
    fake.ratelimits.mode = "off"
    lounge = fake.add_voice_channel("Lounge")
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    await (await fake.slash(ana, "play", lounge, game="mao", turn_seconds=0)).wait_finished()
    table = bot.tables.in_channel(lounge)
    lobby = fake.messages(lounge)[0]
    await (await fake.click(bo, lobby, lobby_id(lobby, "join"))).wait_finished()
    await (await fake.click(ana, lobby, lobby_id(lobby, "start"))).wait_finished()
    await settled(bot)
    await fake.user_says(bo, lounge, "hello everyone")

    def heard() -> bool:  # the words are in the action log, as bo's speech
        rows = store.get_actions(bot.db, table.id)
        return any(
            r["seat"] == str(bo.id) and r["action"].get("text") == "hello everyone" for r in rows
        )

    await fake.wait_for(heard, what="bo's words heard")


async def test_a_server_that_keeps_a_channel_list_may_allow_a_voice_chat(fake_discord, tmp_path):
    fake = fake_discord
    lounge = fake.add_voice_channel("Lounge")
    games = fake.add_channel("card-games")
    boss = fake.add_member("boss", admin=True)
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)

    async def allow(channel: int) -> None:
        i = await fake.slash(boss, "settings allow-channel", fake.general_id, channel=channel)
        assert f"<#{channel}>" in (await i.wait_finished())["content"]

    async def play_in_lounge() -> dict:
        i = await fake.slash(ana, "play", lounge, game="macao", bots=1)
        return await i.wait_finished()

    await allow(games)
    refused = await play_in_lounge()  # a list without the voice chat keeps it out
    assert refused["ephemeral"] and f"<#{games}>" in refused["content"]
    await allow(lounge)
    response = await play_in_lounge()
    assert not response["ephemeral"], response["content"]
