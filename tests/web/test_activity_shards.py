"""The Activity of a bot run as several processes (shards over one PostgreSQL database).
Discord's URL mappings send the Activity's page to one process; launched in a server another
process runs, the page goes on through that process by the path ``ACTIVITY_PATHS`` names,
and the table it opens or finds there is that process's. Without such a path it says so and
opens nothing: a table held by a process that does not run its server would be held twice."""

from __future__ import annotations

import contextlib
import time

import aiohttp

from cogs.client import ChairmanBot, make_bot
from i18n import get as catalog_of
from tests.e2e.chairman import settled
from tests.e2e.test_shards import open_lobby, shard_settings
from tests.fakediscord import FakeDiscord
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import free_port
from tests.web.proxy import url_mappings
from tests.web.test_activity import launch
from web.activity import UNREACHABLE
from web.links import Signer, secret_from

PATHS = ("/", "/shard-1")


async def start_shards(
    fake: FakeDiscord, pg_url: str, paths: tuple[str, ...] | None
) -> list[tuple[ChairmanBot, int]]:
    """Both processes of a bot of two shards, each with its web port: [(bot, port)]."""
    started = []
    for shard in (0, 1):
        port = free_port()
        settings = shard_settings(
            fake,
            pg_url,
            shard,
            web_port=port,
            discord_client_secret=CLIENT_SECRET,
            activity_paths=paths,
        )
        bot = make_bot(settings, seeds=lambda: 11, guild_ready_timeout=0.01)
        await fake.run_bot(bot)
        started.append((bot, port))
    return started


async def test_the_activity_opens_a_table_through_the_process_running_its_server(
    pg_url, fake_discord, browser
):
    fake = fake_discord
    fake.add_guild("zero", shard=0, shard_count=2)
    one = fake.add_guild("one", shard=1, shard_count=2)
    ana = fake.add_member("ana")
    (zero_bot, zero_port), (one_bot, one_port) = await start_shards(fake, pg_url, PATHS)
    mappings = {"/": zero_port, "/shard-1": one_port}
    async with contextlib.AsyncExitStack() as stack:
        proxy = await stack.enter_async_context(url_mappings(mappings))
        # the page comes from shard 0's process; #general of "one" is shard 1's
        frame = await launch(fake, browser, proxy, fake.world.general_of(one), ana, stack)
        await frame.locator("#opening h2").wait_for()
        await frame.locator('#opening select[name="game"]').select_option("macao")
        await frame.locator('#opening select[name="bots"]').select_option("1")
        await frame.locator("#opening button").click()
        await frame.locator('#lobby button[data-verb="start"]').wait_for()
        await settled(one_bot)
        [table] = list(one_bot.tables.tables.values())
        assert not zero_bot.tables.tables  # held once, by the process running its server
        assert table.guild_id == one and table.host_id == ana.id
        # the page's socket reaches that process too: she starts the game and plays
        await frame.locator('#lobby button[data-verb="start"]').click()
        await fake.wait_for(lambda: table.is_running, what="the game started")
        await frame.locator("#hand .card").first.wait_for()


async def test_the_activity_finds_the_table_another_process_runs(pg_url, fake_discord, browser):
    fake = fake_discord
    one = fake.add_guild("one", shard=1, shard_count=2)
    ana = fake.add_member("ana")
    (_zero, zero_port), (one_bot, one_port) = await start_shards(fake, pg_url, PATHS)
    thread, _message = await open_lobby(fake, ana, one)
    table = one_bot.tables.in_channel(thread.id)
    assert table is not None
    async with contextlib.AsyncExitStack() as stack:
        proxy = await stack.enter_async_context(
            url_mappings({"/": zero_port, "/shard-1": one_port})
        )
        frame = await launch(fake, browser, proxy, thread.id, ana, stack)
        await frame.locator("#seats li").first.wait_for()
        assert await frame.locator("#facts p").first.inner_text() == "Host: ana"


async def test_without_a_path_to_the_process_the_activity_says_so_and_opens_nothing(
    pg_url, fake_discord
):
    fake = fake_discord
    one = fake.add_guild("one", shard=1, shard_count=2)
    ana = fake.add_member("ana")
    (zero_bot, zero_port), (one_bot, _one_port) = await start_shards(fake, pg_url, None)
    base = f"http://127.0.0.1:{zero_port}/api/activity"
    async with aiohttp.ClientSession() as http:
        # the page's steps: the code Discord's client gave exchanged, then the session asked
        async with http.post(f"{base}/token", json={"code": fake.authorize(ana)}) as answer:
            token = (await answer.json())["access_token"]
        body = {"access_token": token, "channel_id": str(fake.world.general_of(one))}
        async with http.post(f"{base}/session", json=body) as answer:
            assert answer.status == 400
            error = (await answer.json())["error"]
        assert "run by another of the bot's processes" in error and "ACTIVITY_PATHS" in error
        # a ticket for that channel, signed as the bot signs them, opens nothing there either
        ticket = Signer(secret_from(fake.token)).opening(
            ana.id, int(body["channel_id"]), time.time()
        )
        form = {"ticket": ticket, "values": {"game": "macao", "bots": "1"}}
        async with http.post(f"{base}/open", json=form) as answer:
            assert answer.status == 400
            assert "run by another of the bot's processes" in (await answer.json())["error"]
    await settled(zero_bot)
    assert not zero_bot.tables.tables and not one_bot.tables.tables


async def test_a_url_mapping_leading_to_the_wrong_process_is_said_not_gone_round(
    pg_url, fake_discord, browser
):
    """The path of shard 1 mapped to shard 0's process: the page asks there once, and is told
    the server's tables cannot be reached, instead of being sent on again."""
    fake = fake_discord
    one = fake.add_guild("one", shard=1, shard_count=2)
    ana = fake.add_member("ana")
    (zero_bot, zero_port), (one_bot, _one_port) = await start_shards(fake, pg_url, PATHS)
    async with contextlib.AsyncExitStack() as stack:
        proxy = await stack.enter_async_context(
            url_mappings({"/": zero_port, "/shard-1": zero_port})
        )
        frame = await launch(fake, browser, proxy, fake.world.general_of(one), ana, stack)
        notice = frame.locator("#notice")
        await notice.wait_for()
        assert "run by another of the bot's processes" in await notice.inner_text()
        assert await frame.locator("#opening h2").count() == 0
    assert not zero_bot.tables.tables and not one_bot.tables.tables


async def test_a_process_that_does_not_answer_is_said_in_the_browsers_language(
    pg_url, fake_discord, browser
):
    """Shard 1's process is down (its path leads nowhere): the page says so itself, in the
    language its browser reads, since no answer of the server's can."""
    fake = fake_discord
    one = fake.add_guild("one", shard=1, shard_count=2)
    ana = fake.add_member("ana")
    (_zero, zero_port), _one = await start_shards(fake, pg_url, PATHS)
    nobody = free_port()
    async with contextlib.AsyncExitStack() as stack:
        proxy = await stack.enter_async_context(url_mappings({"/": zero_port, "/shard-1": nobody}))
        general = fake.world.general_of(one)
        frame = await launch(fake, browser, proxy, general, ana, stack, locale="ro-RO")
        notice = frame.locator("#notice")
        await notice.wait_for()
        said = catalog_of("ro")._(UNREACHABLE)
        assert await notice.inner_text() == said != UNREACHABLE
