"""Buttons, selects and modals: the fake keeps the components the bot sent and builds the
interactions a click, a pick or a modal submit would, with the whole message attached."""

from __future__ import annotations

import discord
import pytest
from discord import ui

from tests.fakediscord import FakeDiscordError
from tests.fakediscord.helpers import ThrowawayBot


class Counter(ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @ui.button(label="Add", custom_id="counter:add", style=discord.ButtonStyle.primary)
    async def add(self, interaction: discord.Interaction, button: ui.Button) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)

    @ui.button(label="Off", custom_id="counter:off", disabled=True)
    async def off(self, interaction: discord.Interaction, button: ui.Button) -> None:
        raise AssertionError("a disabled button cannot be clicked")

    @ui.select(
        custom_id="counter:pick",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=x, value=x) for x in ("7H", "7S", "KD")],
    )
    async def pick(self, interaction: discord.Interaction, select: ui.Select) -> None:
        await interaction.response.send_message("picked " + " ".join(select.values), ephemeral=True)


class NameModal(ui.Modal, title="Name the table"):
    name: ui.TextInput[NameModal] = ui.TextInput(
        label="Name", custom_id="modal:name", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"named {self.name.value}")


class Opener(ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @ui.button(label="Rename", custom_id="opener:rename")
    async def rename(self, interaction: discord.Interaction, button: ui.Button) -> None:
        await interaction.response.send_modal(NameModal())

    @ui.button(label="Slow", custom_id="opener:slow")
    async def slow(self, interaction: discord.Interaction, button: ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="slowly edited")
        await interaction.followup.send("and a secret", ephemeral=True)


def component_bot() -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        @bot.tree.command(name="counter", description="A counter")
        async def counter(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("count 0", view=Counter())

        @bot.tree.command(name="name", description="Open the modal")
        async def name(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @bot.tree.command(name="opener", description="Post the opener")
        async def opener(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("pick one", view=Opener())

    return ThrowawayBot(setup=setup)


@pytest.fixture
async def started(fake_discord):
    ana = fake_discord.add_member("ana")
    await fake_discord.run_bot(component_bot())
    return fake_discord, ana


async def post_counter(fake, ana):
    i = await fake.slash(ana, "counter", fake.general_id)
    await i.wait_answered()
    return i.original


async def test_click_runs_the_button_callback_and_update_edits_the_message(started):
    fake, ana = started
    message = await post_counter(fake, ana)
    assert message.custom_ids() == ["counter:add", "counter:off", "counter:pick"]
    i = await fake.click(ana, message, message.button("Add"))
    response = await i.wait_answered()
    assert response["type"] == 7 and response["content"] == "count 1"
    assert fake.message(message.id).content == "count 1"
    assert [v["content"] for v in message.versions()] == ["count 0", "count 1"]
    assert i.payload["message"]["id"] == str(message.id)


async def test_disabled_or_missing_components_cannot_be_clicked(started):
    fake, ana = started
    message = await post_counter(fake, ana)
    with pytest.raises(FakeDiscordError, match="disabled"):
        await fake.click(ana, message, "counter:off")
    with pytest.raises(FakeDiscordError, match="no component"):
        await fake.click(ana, message, "counter:nope")


async def test_select_sends_the_chosen_values_and_checks_them(started):
    fake, ana = started
    message = await post_counter(fake, ana)
    i = await fake.select(ana, message, "counter:pick", ["7H", "KD"])
    assert (await i.wait_answered())["content"] == "picked 7H KD"
    with pytest.raises(FakeDiscordError, match="does not offer"):
        await fake.select(ana, message, "counter:pick", ["2C"])
    with pytest.raises(FakeDiscordError, match=r"takes 1\.\.2 values"):
        await fake.select(ana, message, "counter:pick", ["7H", "7S", "KD"])


async def test_modal_from_a_slash_command_is_recorded_and_submitted(started):
    fake, ana = started
    i = await fake.slash(ana, "name", fake.general_id)
    response = await i.wait_answered()
    assert response["type"] == 9 and response["modal"]["title"] == "Name the table"
    submit = await fake.submit_modal(ana, response["modal"]["custom_id"], {"modal:name": "Lucky"})
    assert (await submit.wait_answered())["content"] == "named Lucky"
    with pytest.raises(FakeDiscordError, match="no modal"):
        await fake.submit_modal(ana, response["modal"]["custom_id"], {"modal:name": "Again"})


async def test_modal_opened_from_a_button_carries_the_message(started):
    fake, ana = started
    opener = await fake.slash(ana, "opener", fake.general_id)
    await fake.wait_for(lambda: opener.followups)
    message = opener.followups[0]
    click = await fake.click(ana, message, "opener:rename")
    modal = (await click.wait_answered())["modal"]
    with pytest.raises(FakeDiscordError, match=r"must be \S+ long"):
        await fake.submit_modal(ana, modal["custom_id"], {"modal:name": "x" * 21})
    # Discord's client refuses an invalid form and keeps the modal open.
    submit = await fake.submit_modal(ana, modal["custom_id"], {"modal:name": "Ok"})
    await submit.wait_answered()
    assert submit.payload["message"]["id"] == str(message.id)


async def test_thinking_defer_then_first_followup_replaces_the_thinking_message(started):
    fake, ana = started
    i = await fake.slash(ana, "opener", fake.general_id)
    assert (await i.wait_answered())["type"] == 5
    await fake.wait_for(lambda: i.followups)
    assert i.followups[0] is i.original
    assert i.original.content == "pick one" and not i.original.loading
    assert len(fake.messages(fake.general_id)) == 1


async def test_deferred_update_then_edit_original_edits_the_clicked_message(started):
    fake, ana = started
    opener = await fake.slash(ana, "opener", fake.general_id)
    await fake.wait_for(lambda: opener.followups)
    message = opener.followups[0]
    i = await fake.click(ana, message, "opener:slow")
    assert (await i.wait_answered())["type"] == 6
    await fake.wait_for(lambda: i.followups)
    assert fake.message(message.id).content == "slowly edited"
    secret = i.followups[0]
    assert secret.ephemeral and secret.ephemeral_to == ana.id
    bo = fake.add_member("bo")
    assert "and a secret" in fake.all_text_seen_by(ana)
    assert "and a secret" not in fake.all_text_seen_by(bo)


async def test_a_deferred_update_is_finished_by_the_edit_through_its_token(started):
    fake, ana = started
    opener = await fake.slash(ana, "opener", fake.general_id)
    await fake.wait_for(lambda: opener.followups)
    i = await fake.click(ana, opener.followups[0], "opener:slow")
    shown = await i.wait_finished()
    assert shown["type"] == 6 and shown["content"] == "slowly edited"
    assert not shown["ephemeral"]  # an edit of the message pressed, as a type 7 answer is
    assert i.outcome is not None and i.outcome.id == opener.followups[0].id
    # the callback goes on to a followup: let it land before the fake server closes
    await fake.wait_for(lambda: i.followups)
