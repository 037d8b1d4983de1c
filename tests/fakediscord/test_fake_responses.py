"""Interaction answers beyond plain text: files in the initial answer, an ephemeral "thinking"
defer and its follow-ups, components v2 layouts, and commands used inside a thread."""

from __future__ import annotations

import io

import discord
from discord import ui

from tests.fakediscord.helpers import ThrowawayBot


class DrawButton(ui.Button["Layout"]):
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("drew 9C", ephemeral=True)


class Layout(ui.LayoutView):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        button = DrawButton(label="Draw", custom_id="v2:draw")
        self.add_item(ui.Container(ui.TextDisplay("## Table\ntop card 7H"), ui.ActionRow(button)))


def answering_bot() -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        @bot.tree.command(name="file", description="Answers with a file, then swaps it")
        async def file(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                "here", file=discord.File(io.BytesIO(b"abc"), "a.txt")
            )
            new = discord.File(io.BytesIO(b"xyz"), "b.txt")
            await interaction.edit_original_response(attachments=[new])

        @bot.tree.command(name="secret", description="Thinks privately, then answers")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("only you")
            await interaction.followup.send("everyone", ephemeral=False)

        @bot.tree.command(name="layout", description="A components v2 message")
        async def layout(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=Layout())

        @bot.tree.command(name="where", description="Names the channel")
        async def where(interaction: discord.Interaction) -> None:
            kind = type(interaction.channel).__name__
            assert isinstance(interaction.channel, discord.abc.GuildChannel | discord.Thread)
            await interaction.response.send_message(f"in {interaction.channel.name} ({kind})")

    return ThrowawayBot(setup=setup)


async def test_files_in_the_answer_and_in_an_edit_of_it(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(answering_bot())
    i = await fake.slash(ana, "file", fake.general_id)
    assert (await i.wait_answered())["files"] == [{"filename": "a.txt", "data": b"abc", "size": 3}]
    await fake.wait_for(lambda: i.original.edits)
    assert [a.data for a in i.original.attachments] == [b"xyz"]
    assert [v["attachments"] for v in i.original.versions()] == [["a.txt"], ["b.txt"]]


async def test_an_ephemeral_defer_makes_the_first_followup_ephemeral_only(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(answering_bot())
    i = await fake.slash(ana, "secret", fake.general_id)
    assert (await i.wait_answered())["ephemeral"]
    await fake.wait_for(lambda: len(i.followups) == 2)
    assert [(m.content, m.ephemeral) for m in i.followups] == [
        ("only you", True),
        ("everyone", False),
    ]
    assert [m.content for m in fake.messages(fake.general_id)] == ["everyone"]


async def test_components_v2_text_and_buttons(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(answering_bot())
    i = await fake.slash(ana, "layout", fake.general_id)
    await i.wait_answered()
    assert "top card 7H" in i.original.text() and i.original.custom_ids() == ["v2:draw"]
    click = await fake.click(ana, i.original, "v2:draw")
    assert (await click.wait_answered())["content"] == "drew 9C"


async def test_a_command_used_in_a_thread_sees_the_thread(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(answering_bot())
    lobby = await bot.get_channel(fake.general_id).send("lobby")
    thread = await lobby.create_thread(name="table-1")
    await fake.wait_for(lambda: bot.get_channel(thread.id))
    i = await fake.slash(ana, "where", thread.id)
    assert (await i.wait_answered())["content"] == "in table-1 (Thread)"
