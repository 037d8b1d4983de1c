"""DMs (open and closed) and threads (public, private, from a message, archived and locked)."""

from __future__ import annotations

import discord
import pytest
from discord import ui

from tests.fakediscord import FakeDiscordError
from tests.fakediscord.helpers import ThrowawayBot


class HandView(ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @ui.button(label="Play 7H", custom_id="hand:7H")
    async def play(self, interaction: discord.Interaction, button: ui.Button) -> None:
        assert interaction.guild is None
        await interaction.response.edit_message(content="played 7H", view=None)


async def test_dm_with_buttons_is_clicked_by_its_recipient_only(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bo = fake.add_member("bo")
    bot = await fake.run_bot(ThrowawayBot())
    user = await bot.fetch_user(ana.id)
    sent = await user.send("Your hand: 7H", view=HandView())
    [dm] = fake.dms(ana)
    assert dm.id == sent.id and dm.guild_id is None
    assert "7H" in fake.all_text_seen_by(ana) and "7H" not in fake.all_text_seen_by(bo)
    with pytest.raises(FakeDiscordError, match="cannot see"):
        await fake.click(bo, dm, "hand:7H")
    i = await fake.click(ana, dm, "hand:7H")
    await i.wait_answered()
    assert fake.dms(ana)[0].content == "played 7H" and fake.dms(ana)[0].components == []


async def test_closed_dms_open_a_channel_but_refuse_the_message_with_50007(fake_discord):
    fake = fake_discord
    cy = fake.add_member("cy", dms_open=False)
    bot = await fake.run_bot(ThrowawayBot())
    user = await bot.fetch_user(cy.id)
    channel = await user.create_dm()
    assert channel.id == fake.dm_channel_id(cy)
    with pytest.raises(discord.Forbidden) as caught:
        await user.send("hand")
    assert caught.value.code == 50007
    assert fake.dms(cy) == []


async def test_user_dm_reaches_the_bot(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(ThrowawayBot())
    await fake.user_says(ana, fake.dm_channel_id(ana), "hello in private")
    await fake.wait_for(lambda: bot.seen_messages)
    got = bot.seen_messages[0]
    assert got.guild is None and got.content == "hello in private" and got.author.id == ana.id


async def test_public_thread_is_created_cached_and_visible_to_members(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(ThrowawayBot())
    general = bot.get_channel(fake.general_id)
    thread = await general.create_thread(name="macao-1", type=discord.ChannelType.public_thread)
    [fake_thread] = fake.threads()
    assert (fake_thread.id, fake_thread.parent_id, fake_thread.name) == (
        thread.id,
        fake.general_id,
        "macao-1",
    )
    await fake.wait_for(lambda: bot.get_channel(thread.id) is not None, what="THREAD_CREATE")
    await thread.send("table here")
    assert "table here" in fake.all_text_seen_by(ana)
    said = await fake.user_says(ana, thread.id, "I'm in")
    await fake.wait_for(lambda: any(m.id == said.id for m in bot.seen_messages))


async def test_create_thread_without_a_type_makes_a_private_thread_others_cannot_see(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    boss = fake.add_member("boss", admin=True)
    bot = await fake.run_bot(ThrowawayBot())
    general = bot.get_channel(fake.general_id)
    thread = await general.create_thread(name="oops")  # discord.py's default is private
    await thread.send("private table")
    assert "private table" not in fake.all_text_seen_by(ana)
    assert "private table" in fake.all_text_seen_by(boss)  # Manage Threads sees all
    with pytest.raises(FakeDiscordError, match="cannot see"):
        await fake.user_says(ana, thread.id, "let me in")
    await thread.add_user(discord.Object(ana.id))
    assert "private table" in fake.all_text_seen_by(ana)


async def test_thread_from_a_message_and_archived_locked_threads_refuse_posts(fake_discord):
    fake = fake_discord
    bot = await fake.run_bot(ThrowawayBot())
    general = bot.get_channel(fake.general_id)
    lobby = await general.send("lobby")
    thread = await lobby.create_thread(name="table-2")
    assert thread.id == lobby.id and fake.channel(thread.id).type == 11
    await thread.edit(archived=True, locked=True)
    with pytest.raises(discord.HTTPException) as caught:
        await thread.send("late")
    assert caught.value.code == 50083
    fetched = await bot.fetch_channel(thread.id)
    assert fetched.archived and fetched.locked
    await fetched.edit(archived=False, locked=False)
    await fetched.send("back")
    assert fake.messages(thread.id)[-1].content == "back"
