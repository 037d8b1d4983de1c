"""The real discord.py client logs in to the fake, syncs commands and answers slash commands."""

from __future__ import annotations

from typing import Any

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


def admin_bot(guild_id: int) -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        table = app_commands.Group(name="table", description="Table commands")

        @table.command(name="kick", description="Kick a player")
        async def kick(interaction: discord.Interaction, player: discord.Member) -> None:
            assert isinstance(interaction.user, discord.Member)  # a guild command's caller
            allowed = interaction.user.guild_permissions.manage_guild
            await interaction.response.send_message(
                f"{'kicked' if allowed else 'refused'} {player.display_name}", ephemeral=True
            )

        @app_commands.command(name="wipe", description="Admins only")
        @app_commands.default_permissions(manage_guild=True)
        async def wipe(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("wiped")

        @app_commands.command(name="hand", description="Your hand")
        async def hand(interaction: discord.Interaction) -> None:
            where = "dm" if interaction.guild is None else "guild"
            await interaction.response.send_message(f"hand in {where}", ephemeral=True)

        @app_commands.command(name="play", description="Play a game")
        async def play(interaction: discord.Interaction, game: str) -> None:
            await interaction.response.send_message(f"playing {game}")

        @play.autocomplete("game")
        async def games(interaction: discord.Interaction, current: str):
            names = [f"{current}{n}" for n in range(30 if current == "many" else 3)]
            return [app_commands.Choice(name=n, value=n) for n in names]

        guild_commands: list[app_commands.Group | app_commands.Command[Any, Any, Any]]
        guild_commands = [table, wipe, play]
        for command in guild_commands:
            bot.tree.add_command(command, guild=discord.Object(guild_id))
        bot.tree.add_command(hand)
        await bot.tree.sync(guild=discord.Object(guild_id))

    return ThrowawayBot(setup=setup)


async def test_guild_commands_user_options_and_the_admin_flag(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    boss = fake.add_member("boss", admin=True)
    await fake.run_bot(admin_bot(fake.guild_id))
    assert {c["name"] for c in fake.commands(guild=True)} == {"table", "wipe", "play"}
    i = await fake.slash(ana, "table kick", fake.general_id, player=boss)
    assert (await i.wait_answered())["content"] == "refused boss"
    i = await fake.slash(boss, "table kick", fake.general_id, player=ana)
    assert (await i.wait_answered())["content"] == "kicked ana"


async def test_default_member_permissions_hide_a_command_from_members(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    boss = fake.add_member("boss", admin=True)
    await fake.run_bot(admin_bot(fake.guild_id))
    with pytest.raises(FakeDiscordError, match="may not use /wipe"):
        await fake.slash(ana, "wipe", fake.general_id)
    i = await fake.slash(boss, "wipe", fake.general_id)
    assert (await i.wait_answered())["content"] == "wiped"


async def test_global_command_in_a_dm(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(admin_bot(fake.guild_id))
    i = await fake.slash(ana, "hand", fake.dm_channel_id(ana))
    assert (await i.wait_answered())["content"] == "hand in dm"
    with pytest.raises(FakeDiscordError, match="not a synced"):
        await fake.slash(ana, "wipe", fake.dm_channel_id(ana))  # guild-only command


async def test_autocomplete_choices_and_the_limit_of_25(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(admin_bot(fake.guild_id))
    i = await fake.autocomplete(ana, "play", fake.general_id, "game", "mac")
    await i.wait_answered()
    assert [c["value"] for c in i.choices] == ["mac0", "mac1", "mac2"]
    fake.ignore_errors.append("Must be 25 or fewer")
    fake.allow_unanswered = True
    i = await fake.autocomplete(ana, "play", fake.general_id, "game", "many")
    await fake.wait_for(lambda: i.answers)
    assert i.answers[0]["status"] == 400 and i.choices is None
