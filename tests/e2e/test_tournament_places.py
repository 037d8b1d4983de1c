"""Where a tournament may be announced and what its tables take from the server, through the
fake Discord: the server's settings that /play obeys, and a channel that cannot hold threads."""

from __future__ import annotations

from tables.clock import FakeClock
from tests.e2e.chairman import open_table, start_bot
from tests.e2e.tournament_steps import SETTINGS, join_id, settle


async def test_a_tournament_takes_the_servers_language_channels_and_default_options(
    fake_discord, tmp_path
):
    fake = fake_discord
    clock = FakeClock()
    boss = fake.add_member("boss", admin=True)
    people = [fake.add_member(f"p{n}") for n in range(2)]
    games = fake.add_channel("card-games")
    bot = await start_bot(fake, tmp_path, clock=clock, **SETTINGS)
    for command, options in (
        ("settings language", {"language": "de"}),
        ("settings option", {"game": "macao", "option": "target", "value": "100"}),
        ("settings allow-channel", {"channel": games}),
    ):
        await (await fake.slash(boss, command, fake.general_id, **options)).wait_finished()
    shape = {"game": "macao", "format": "swiss", "rounds": 1, "starts": "1"}
    i = await fake.slash(boss, "tournament create", fake.general_id, **shape)
    refused = await i.wait_finished()
    assert refused["ephemeral"]
    assert f"<#{games}>" in str(refused["content"])
    assert bot.tables.tournaments.of_guild(fake.guild_id) == []

    i = await fake.slash(boss, "tournament create", games, **shape, options="rounds=1")
    await i.wait_finished()
    message = fake.messages(games)[-1]
    assert "offen: über den Button beitreten" in message.text()
    for person in people:
        await (await fake.click(person, message, join_id(message))).wait_finished()
    await clock.advance(60.0)
    await settle(bot)
    [event_row] = bot.tables.tournaments.of_guild(fake.guild_id)
    [game] = bot.tables.tournaments.get(event_row["id"]).games
    table = bot.tables.tables[game["table_id"]]
    assert table.language == "de"
    assert (table.options["target"], table.options["rounds"]) == (100, 1)
    await bot.close()


async def test_a_tournament_asked_for_in_a_thread_or_a_voice_chat_is_refused_in_one_sentence(
    fake_discord, tmp_path
):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    voice = fake.add_voice_channel("lounge")
    bot = await start_bot(fake, tmp_path, **SETTINGS)
    _table, thread_id, _message = await open_table(fake, bot, boss, game="macao")
    for place in (thread_id, voice):
        i = await fake.slash(boss, "tournament create", place, game="macao", format="swiss")
        refused = await i.wait_finished()
        assert refused["ephemeral"]
        assert refused["content"] == (
            "Announce a tournament in a text channel: each of its tables opens in a thread there."
        )
    assert bot.tables.tournaments.of_guild(fake.guild_id) == []
    await bot.close()
