"""The slash commands' copy on a test server (``DEV_GUILD_ID``): synced there at once while
set, and cleared at the next start once it is left out or names another server, so no server
lists every command twice beside the global set."""

from __future__ import annotations

from tests.e2e.chairman import start_bot


def names(commands: list[dict]) -> set[str]:
    return {c["name"] for c in commands}


async def test_a_test_servers_copy_is_cleared_once_dev_guild_id_is_left_out(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    assert "play" in names(fake.commands(guild=True))
    await bot.close()
    await start_bot(fake, tmp_path, dev_guild_id=None)
    assert fake.commands(guild=True) == []
    assert "play" in names(fake.commands(guild=False))


async def test_moving_dev_guild_id_to_another_server_clears_the_first_ones_copy(
    fake_discord, tmp_path
):
    fake = fake_discord
    other = fake.add_guild("testing")
    bot = await start_bot(fake, tmp_path)
    await bot.close()
    again = await start_bot(fake, tmp_path, dev_guild_id=other)
    assert fake.commands(guild=True) == []
    assert "play" in names(fake.world.guild_commands[other])
    assert again.tables.preferences.command_copies() == [other]


async def test_a_copy_on_a_server_the_bot_has_left_is_forgotten_without_a_word(
    fake_discord, tmp_path
):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path, dev_guild_id=fake.guild_id)
    bot.tables.preferences.set_command_copy(123456789, True)  # a server it is no longer in
    await bot.close()
    again = await start_bot(fake, tmp_path, dev_guild_id=None)
    assert again.tables.preferences.command_copies() == []
    assert fake.commands(guild=True) == []


async def test_a_bot_that_never_had_a_test_server_syncs_globally_alone(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path, dev_guild_id=None)
    assert bot.tables.preferences.command_copies() == []
    assert fake.world.guild_commands.get(fake.guild_id, []) == []
    assert "play" in names(fake.commands(guild=False))
