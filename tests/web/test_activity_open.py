"""The Activity launched where no table is offers to open one: its user picks a game and how
many bots, and the table opens as ``/play`` opens it (a new thread of the channel, the lobby
message there, the server's defaults), its user seated as the host, their page on the lobby.
A ticket the Activity did not give opens nothing."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import aiohttp
import discord

from tests.e2e.chairman import open_table, settled, start_bot, started_table
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import free_port
from tests.web.test_activity import launch
from web.links import Signer, secret_from


async def ana_launches_in_general(fake, tmp_path, browser, stack) -> tuple[Any, ...]:
    """ana launches the Activity in #general, where no table is: (the bot, ana, its frame)."""
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    return bot, ana, await launch(fake, browser, port, fake.general_id, ana, stack)


async def test_the_activity_opens_a_table_where_none_is(fake_discord, tmp_path, browser):
    fake = fake_discord
    async with contextlib.AsyncExitStack() as stack:
        bot, ana, frame = await ana_launches_in_general(fake, tmp_path, browser, stack)
        await frame.locator("#opening h2").wait_for()
        assert await frame.locator("#opening h2").inner_text() == "Open a table here"
        await frame.locator('#opening select[name="game"]').select_option("macao")
        await frame.locator('#opening select[name="bots"]').select_option("1")
        await frame.locator("#opening button").click()
        # her page is the new table's, in its lobby: she hosts it, a bot sits beside her
        await frame.locator('#lobby button[data-verb="start"]').wait_for()
        assert await frame.locator("#opening").is_hidden()
        facts = await frame.locator("#facts p").all_inner_texts()
        assert facts[0] == "Host: ana"
        seats = await frame.locator("#seats li").all_inner_texts()
        assert len(seats) == 2 and seats[0].startswith("ana")
        # Discord's side: a thread of #general holds the table's lobby message, as /play's
        await settled(bot)
        [table] = [t for t in bot.tables.tables.values() if t.game_name == "macao"]
        assert table.host_id == ana.id and table.channel_id is not None
        thread = fake.channel(table.channel_id)
        assert thread.parent_id == fake.general_id
        lobby = fake.messages(thread.id)[0]
        assert "Macao" in (lobby.embeds[0].get("title") or "")
        # and she starts it from the Activity
        await frame.locator('#lobby button[data-verb="start"]').click()
        await fake.wait_for(lambda: table.is_running, what="the game started")
        await frame.locator("#hand .card").first.wait_for()


async def test_a_ticket_the_activity_did_not_give_opens_nothing(fake_discord, tmp_path, browser):
    fake = fake_discord
    async with contextlib.AsyncExitStack() as stack:
        bot, ana, frame = await ana_launches_in_general(fake, tmp_path, browser, stack)
        await frame.locator("#opening h2").wait_for()
        forged = f"{ana.id}.{fake.general_id}.9999999999.{'0' * 32}"
        answer = await frame.locator("body").evaluate(
            """async (ticket) => {
              const response = await fetch("/api/activity/open", {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ ticket, values: { game: "macao", bots: "1" } }),
              });
              return [response.status, (await response.json()).error];
            }""",
            forged,
        )
        assert answer == [400, "This link is not one the bot made."]
        await settled(bot)
        assert not bot.tables.tables


async def test_where_the_server_allows_no_table_the_activity_opens_none(
    fake_discord, tmp_path, browser
):
    """A server that allows tables only in another channel refuses one from the Activity as
    it refuses /play there, and the page says where."""
    fake = fake_discord
    games = fake.add_channel("games")
    async with contextlib.AsyncExitStack() as stack:
        bot, _ana, frame = await ana_launches_in_general(fake, tmp_path, browser, stack)
        bot.tables.preferences.allow_channel(fake.guild_id, games)
        await frame.locator("#opening button").click()
        await frame.locator("#notice").wait_for()
        told = await frame.locator("#notice").inner_text()
        assert told == "Tables can be opened only in #games on this server.", told
        assert await frame.locator("#opening").is_visible()
    await settled(bot)
    assert not bot.tables.tables


async def test_a_choice_the_form_does_not_offer_opens_nothing(fake_discord, tmp_path):
    """With a ticket the Activity gave, a game or a count of bots the form does not offer,
    or a body that is no form, is refused with a sentence and opens nothing."""
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    ticket = Signer(secret_from(bot.settings.discord_token)).opening(
        ana.id, fake.general_id, time.time()
    )
    url = f"http://127.0.0.1:{port}/api/activity/open"
    bodies: list[Any] = [
        {"ticket": ticket, "values": {"game": "uno", "bots": "1"}},
        {"ticket": ticket, "values": {"game": "macao", "bots": "10"}},
        {"ticket": ticket, "values": "macao"},
    ]
    async with aiohttp.ClientSession() as http:
        for body in bodies:
            async with http.post(url, json=body) as response:
                assert response.status == 400
                assert (await response.json())["error"].startswith("Choose a game")
        async with http.post(url, data=b"not json") as response:
            assert response.status == 400
            assert (await response.json())["error"] == "This link is not one the bot made."
    await settled(bot)
    assert not bot.tables.tables


async def test_someone_not_in_the_server_opens_no_table_there(fake_discord, tmp_path, browser):
    """A user who signed in to the Activity but is not a member of the channel's server (left
    it since, or never joined) opens nothing there."""
    fake = fake_discord
    async with contextlib.AsyncExitStack() as stack:
        bot, ana, frame = await ana_launches_in_general(fake, tmp_path, browser, stack)
        await frame.locator("#opening h2").wait_for()
        fake.world.member_ids.remove(ana.id)  # she leaves the server
        await frame.locator("#opening button").click()
        await frame.locator("#notice").wait_for()
        told = await frame.locator("#notice").inner_text()
        assert told == "Only members of this server can open a table here.", told
    await settled(bot)
    assert not bot.tables.tables


async def two_in_a_lounge(fake, tmp_path) -> tuple[Any, ...]:
    """ana, bo and a voice channel, Lounge, with a bot serving the Activity: (the bot, its
    port, the lounge, ana, bo)."""
    lounge = fake.add_voice_channel("Lounge")
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    return bot, port, lounge, ana, bo


async def test_the_activity_in_a_voice_channel_opens_a_table_in_its_chat(
    fake_discord, tmp_path, browser
):
    """Launched in a voice channel, where Activities most often start, the Activity opens the
    table in the channel's text chat (which holds no thread), and finds it there again."""
    fake = fake_discord
    bot, port, lounge, ana, bo = await two_in_a_lounge(fake, tmp_path)
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, lounge, ana, stack)
        await frame.locator('#opening select[name="game"]').select_option("macao")
        await frame.locator('#opening select[name="bots"]').select_option("1")
        await frame.locator("#opening button").click()
        await frame.locator('#lobby button[data-verb="start"]').wait_for()
        await settled(bot)
        table = bot.tables.in_channel(lounge)
        assert table is not None and table.host_id == ana.id
        # its lobby message is in the voice channel's chat; no thread was made
        assert not fake.threads()
        assert fake.messages(lounge)[0].id == table.message_id
        # bo, in the same voice channel, launches the Activity onto the same table
        his = await launch(fake, browser, port, lounge, bo, stack)
        await his.locator('#lobby button[data-verb="join"]').click()
        await fake.wait_for(lambda: table.seat_of_user(bo.id) is not None, what="bo seated")


async def test_a_form_sent_after_someone_opened_a_table_there_goes_to_that_table(
    fake_discord, tmp_path, browser
):
    """ana's form waits in a voice channel while bo opens a table in its chat with /play:
    sending it opens no second table, and her page goes to bo's lobby, where she may join."""
    fake = fake_discord
    bot, port, lounge, ana, bo = await two_in_a_lounge(fake, tmp_path)
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, lounge, ana, stack)
        await frame.locator("#opening h2").wait_for()
        await (await fake.slash(bo, "play", lounge, game="lastcard")).wait_finished()
        await frame.locator("#opening button").click()
        await frame.locator('#lobby button[data-verb="join"]').wait_for()
        facts = await frame.locator("#facts p").all_inner_texts()
        assert facts[0] == "Host: bo"
        assert await frame.locator("#opening").is_hidden()
    await settled(bot)
    assert len(bot.tables.tables) == 1


async def test_the_tables_open_in_the_channels_threads_are_listed_to_join(
    fake_discord, tmp_path, browser
):
    """ana opened a table with /play in #general, so it lives in a thread of it: bo, launching
    the Activity in #general, finds it listed above the form and joins it from there."""
    fake = fake_discord
    bot, port, _lounge, ana, bo = await two_in_a_lounge(fake, tmp_path)
    table, _thread, _message = await open_table(fake, bot, ana, game="macao")
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, fake.general_id, bo, stack)
        listed = frame.locator("#opening li")
        await listed.first.wait_for()
        assert await frame.locator("#opening h2").first.inner_text() == (
            "Tables open in this channel"
        )
        assert await listed.all_inner_texts() == [
            f"Macao · table #{table.id} In its lobby, 1 seated"
        ]
        await listed.locator("button").click()
        await frame.locator('#lobby button[data-verb="join"]').click()
        await fake.wait_for(lambda: table.seat_of_user(bo.id) is not None, what="bo seated")
        assert await frame.locator("#opening").is_hidden()
    assert len(bot.tables.tables) == 1  # nothing opened beside it


async def test_a_game_running_in_a_thread_is_listed_to_watch(fake_discord, tmp_path, browser):
    fake = fake_discord
    bot, port, _lounge, ana, bo = await two_in_a_lounge(fake, tmp_path)
    cy = fake.add_member("cy")
    table, _thread, _message = await started_table(fake, bot, ana, bo, game="macao")
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, fake.general_id, cy, stack)
        listed = frame.locator("#opening li")
        await listed.first.wait_for()
        assert await listed.all_inner_texts() == [f"Macao · table #{table.id} Playing: watch it"]
        await listed.locator("button").click()
        await frame.locator("#seats li").first.wait_for()
        assert len(await frame.locator("#seats li").all()) == 2
        assert await frame.locator("#hand .card").count() == 0  # a watcher holds no hand


async def test_a_table_in_a_private_thread_is_not_listed(fake_discord, tmp_path, browser):
    # its game is for the thread's members: anyone else in the channel learns nothing of it
    fake = fake_discord
    bot, port, _lounge, ana, bo = await two_in_a_lounge(fake, tmp_path)
    general = bot.get_channel(fake.general_id)
    secret = await general.create_thread(name="ours", type=discord.ChannelType.private_thread)
    await secret.add_user(discord.Object(ana.id))
    await (await fake.slash(ana, "play", secret.id, game="macao")).wait_finished()
    _table, _thread, _message = await open_table(fake, bot, ana, game="lastcard")
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, fake.general_id, bo, stack)
        listed = frame.locator("#opening li")
        await listed.first.wait_for()
        assert bot.tables.in_channel(secret.id) is not None
        [only] = await listed.all_inner_texts()
        assert only.startswith("Last Card")
