"""Messages both ways: the bot's posts, edits, deletes, files and reactions through REST, users'
messages through the gateway, the echo of the bot's own posts, the message-content intent,
history, and the per-channel rate limit."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest

from tests.fakediscord.helpers import ThrowawayBot, intents_for_tests


async def test_send_edit_delete_and_the_echo(fake_discord):
    fake = fake_discord
    bot = await fake.run_bot(ThrowawayBot())
    channel = bot.get_channel(fake.general_id)
    sent = await channel.send("first", embed=discord.Embed(title="Table", description="top 7H"))
    await fake.wait_for(lambda: any(m.id == sent.id for m in bot.seen_messages), what="echo")
    stored = fake.message(sent.id)
    assert stored.content == "first" and stored.embeds[0]["title"] == "Table"
    assert stored.author_id == fake.bot_user.id
    await sent.edit(content="second")
    assert fake.message(sent.id).content == "second"
    assert "top 7H" in fake.message(sent.id).text(history=True)
    await sent.delete()
    assert fake.messages(fake.general_id) == []
    assert fake.message(sent.id).deleted
    assert ("DELETE", f"/channels/{fake.general_id}/messages/{sent.id}", 204) in fake.rest_log


async def test_files_are_uploaded_and_come_back_as_attachments(fake_discord):
    fake = fake_discord
    bot = await fake.run_bot(ThrowawayBot())
    channel = bot.get_channel(fake.general_id)
    sent = await channel.send("log", file=discord.File(io.BytesIO(b"7H 7S"), filename="log.txt"))
    assert [a.filename for a in sent.attachments] == ["log.txt"]
    assert fake.message(sent.id).attachments[0].data == b"7H 7S"
    assert await sent.attachments[0].read() == b"7H 7S"
    edited = await sent.edit(attachments=[])
    assert edited.attachments == [] and fake.message(sent.id).attachments == []


async def test_reactions_and_fetching(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(ThrowawayBot())
    channel = bot.get_channel(fake.general_id)
    said = await fake.user_says(ana, fake.general_id, "hi bot")
    message = await channel.fetch_message(said.id)
    assert message.author.id == ana.id and message.content == "hi bot"
    await message.add_reaction("👍")
    assert fake.message(said.id).reactions == {"👍": {fake.bot_user.id}}
    history = [m async for m in channel.history(limit=10)]
    assert [m.id for m in history] == [said.id]
    user = await bot.fetch_user(ana.id)
    assert user.name == "ana"
    fetched = await bot.fetch_channel(fake.general_id)
    assert fetched.name == "general"


async def test_user_messages_and_replies_reach_the_bot(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(ThrowawayBot())
    first = await fake.user_says(ana, fake.general_id, "mao")
    reply = await fake.user_says(ana, fake.general_id, "point of order", reply_to=first)
    await fake.wait_for(lambda: len(bot.seen_messages) == 2)
    got = bot.seen_messages[1]
    assert got.id == reply.id and got.content == "point of order"
    assert got.reference.message_id == first.id
    assert got.author.id == ana.id and isinstance(got.author, discord.Member)


async def test_without_the_content_intent_user_text_is_blank_unless_it_mentions_the_bot(
    fake_discord,
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await fake.run_bot(ThrowawayBot(intents=intents_for_tests(message_content=False)))
    await fake.user_says(ana, fake.general_id, "secret words")
    await fake.user_says(ana, fake.general_id, f"{fake.bot_user.mention} hello")
    await fake.wait_for(lambda: len(bot.seen_messages) == 2)
    assert bot.seen_messages[0].content == ""
    assert bot.seen_messages[1].content.endswith("hello")


async def test_rate_limit_headers_make_the_client_wait_on_its_own(fake_discord):
    fake = fake_discord
    fake.ratelimits.window = 0.3
    bot = await fake.run_bot(ThrowawayBot())
    channel = bot.get_channel(fake.general_id)
    mark = len(fake.rest_log)
    for n in range(7):
        await channel.send(f"m{n}")
    assert fake.rest_count(fake.general_id, since=mark) == 7
    assert fake.ratelimits.exhausted == [fake.general_id]
    assert fake.ratelimits.hits == []


async def test_without_headers_the_sixth_message_in_the_window_gets_a_429(fake_discord):
    fake = fake_discord
    fake.ratelimits.mode = "429"
    fake.ratelimits.window = 0.2
    bot = await fake.run_bot(ThrowawayBot())
    channel = bot.get_channel(fake.general_id)
    for n in range(6):
        await channel.send(f"m{n}")
    assert fake.ratelimits.hits == [fake.general_id]
    assert [s for _, p, s in fake.rest_log if p.endswith("/messages")].count(429) == 1
    assert len(fake.messages(fake.general_id)) == 6


async def test_invalid_components_get_discords_400(fake_discord):
    fake = fake_discord
    bot = await fake.run_bot(ThrowawayBot())
    channel = bot.get_channel(fake.general_id)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("x" * 2001)
    assert caught.value.status == 400 and caught.value.code == 50035
    view = discord.ui.View()
    options = [discord.SelectOption(label=str(n)) for n in range(26)]
    view.add_item(discord.ui.Select(custom_id="too-many", options=options[:25]))
    view.children[0].options.append(options[25])  # sneak past discord.py's own check
    with pytest.raises(
        discord.HTTPException, match=r"between 1 and 25 in length \(got 26\)"
    ) as caught:
        await channel.send("pick", view=view)
    assert caught.value.status == 400 and caught.value.code == 50035


async def test_with_the_members_intent_the_guild_arrives_with_every_member(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana", admin=True)
    bot = await fake.run_bot(ThrowawayBot(intents=intents_for_tests(members=True)))
    guild = bot.get_guild(fake.guild_id)
    assert guild.chunked
    member = guild.get_member(ana.id)
    assert member.guild_permissions.administrator and member.guild_permissions.manage_guild
    bo = fake.add_member("bo")
    await fake.wait_for(lambda: guild.get_member(bo.id), what="GUILD_MEMBER_ADD")


async def test_user_reactions_reach_the_bot(fake_discord):
    fake = fake_discord
    ana = fake.add_member("ana")
    seen: list[discord.RawReactionActionEvent] = []
    bot = ThrowawayBot()

    @bot.event
    async def on_raw_reaction_add(payload: discord.RawReactionActionEvent) -> None:
        seen.append(payload)

    await fake.run_bot(bot)
    sent = await bot.get_channel(fake.general_id).send("vote")
    await fake.user_reacts(ana, sent.id, "✅")
    await fake.wait_for(lambda: seen)
    assert (seen[0].user_id, seen[0].message_id, str(seen[0].emoji)) == (ana.id, sent.id, "✅")


async def test_an_upload_cut_off_by_a_killed_client_changes_nothing_and_is_no_fake_error(
    fake_discord,
):
    """A SIGKILLed bot can die halfway through a multipart upload: like Discord, the fake
    does nothing with the partial request, and it does not count as the fake failing."""
    fake = fake_discord
    address = fake.api_base.split("//")[1].split("/")[0]
    host, port = address.rsplit(":", 1)
    _, writer = await asyncio.open_connection(host, int(port))
    part = 'Content-Disposition: form-data; name="files[0]"; filename="hand.png"'
    body = (
        '--XX\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content": "a"}'
        f"\r\n--XX\r\n{part}\r\n\r\n"
    ).encode() + b"x" * 100
    head = (
        f"POST /api/v10/channels/{fake.general_id}/messages HTTP/1.1\r\nHost: {address}\r\n"
        f"Authorization: Bot {fake.token}\r\n"
        "Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 100000\r\n\r\n"
    ).encode()
    writer.write(head + body)
    await writer.drain()
    await asyncio.sleep(0.1)
    writer.transport.abort()
    await fake.wait_for(lambda: fake.rest_log, what="the cut-off request answered")
    assert fake.rest_log[-1][2] == 400
    assert fake.messages(fake.general_id) == []
