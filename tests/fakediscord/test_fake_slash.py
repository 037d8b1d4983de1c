"""The real discord.py client logs in to the fake, syncs commands and answers slash commands."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscordError
from tests.fakediscord.helpers import ThrowawayBot


def hello_bot() -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        @bot.tree.command(name="hello", description="Say hello")
        @app_commands.describe(name="who to greet")
        async def hello(interaction: discord.Interaction, name: str, times: int = 1) -> None:
            await interaction.response.send_message(f"hello {name} " * times)

        table = app_commands.Group(name="table", description="Table commands")

        @table.command(name="status", description="Show the table")
        async def status(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("status: idle", ephemeral=True)

        bot.tree.add_command(table)

    return ThrowawayBot(setup=setup)


async def test_bot_logs_in_and_syncs_global_commands(fake_discord):
    bot = await fake_discord.run_bot(hello_bot())
    assert bot.user.id == fake_discord.bot_user.id
    assert bot.get_guild(fake_discord.guild_id).name == "Test Server"
    assert {c["name"] for c in fake_discord.commands()} == {"hello", "table"}


async def test_slash_command_is_answered_with_a_message(fake_discord):
    ana = fake_discord.add_member("ana")
    await fake_discord.run_bot(hello_bot())
    i = await fake_discord.slash(ana, "hello", fake_discord.general_id, name="bo", times=2)
    response = await i.wait_answered()
    assert response["type"] == 4
    assert response["content"] == "hello bo hello bo "
    assert not response["ephemeral"]
    assert fake_discord.messages(fake_discord.general_id)[-1].content == "hello bo hello bo "


async def test_subcommand_answer_is_ephemeral_and_hidden_from_the_channel(fake_discord):
    ana = fake_discord.add_member("ana")
    await fake_discord.run_bot(hello_bot())
    i = await fake_discord.slash(ana, "table status", fake_discord.general_id)
    response = await i.wait_answered()
    assert response["ephemeral"] and response["content"] == "status: idle"
    assert fake_discord.messages(fake_discord.general_id) == []
    assert "status: idle" in fake_discord.all_text_seen_by(ana)


async def test_unsynced_command_is_a_test_error(fake_discord):
    ana = fake_discord.add_member("ana")
    await fake_discord.run_bot(hello_bot())
    with pytest.raises(FakeDiscordError, match="not a synced slash command"):
        await fake_discord.slash(ana, "goodbye", fake_discord.general_id)
    with pytest.raises(FakeDiscordError, match="required"):
        await fake_discord.slash(ana, "hello", fake_discord.general_id)
