"""The rate-limit buckets the fake counts: a call made with the bot's token counts against
Discord's global limit; one made with an interaction's token (its callback, the edits and
follow-ups under its webhook) is exempt and counts as an interaction answer."""

from __future__ import annotations

import discord

from tests.fakediscord.helpers import ThrowawayBot


def bucket_bot() -> ThrowawayBot:
    async def setup(bot: ThrowawayBot) -> None:
        @bot.tree.command(name="answer", description="Answers, edits the answer, follows it up")
        async def answer(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("one")
            await interaction.edit_original_response(content="two")
            await interaction.followup.send("three")

    return ThrowawayBot(setup=setup)


async def test_a_channel_post_counts_against_the_global_bucket(fake_discord):
    fake = fake_discord
    bot = bucket_bot()
    await fake.run_bot(bot)
    mark = len(fake.rest_log)
    channel = bot.get_channel(fake.general_id)
    sent = await channel.send("hello")
    await sent.edit(content="hello again")
    assert fake.requests_by_bucket(since=mark) == {"global": 2, "interaction": 0}
    assert fake.requests_by_route(since=mark, bucket="global") == {
        "POST /channels/{}/messages": 1,
        "PATCH /channels/{}/messages/{}": 1,
    }


async def test_an_interaction_answer_its_edit_and_follow_up_are_exempt(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    await fake.run_bot(bucket_bot())
    mark = len(fake.rest_log)
    i = await fake.slash(ana, "answer", fake.general_id)
    await fake.wait_for(lambda: i.followups, what="the follow-up")
    assert fake.requests_by_bucket(since=mark) == {"global": 0, "interaction": 3}
    assert fake.requests_by_route(since=mark, bucket="interaction") == {
        "POST /interactions/{}/{token}/callback": 1,
        "PATCH /webhooks/{}/{token}/messages/@original": 1,
        "POST /webhooks/{}/{token}": 1,
    }
