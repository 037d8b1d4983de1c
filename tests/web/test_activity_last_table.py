"""The Activity launched where the last table has closed: the page shows that table as it
ended, **Play again** for its players, and below it the form to open another table there."""

from __future__ import annotations

import contextlib
from typing import Any

from tests.e2e.chairman import settled, start_bot, started_table
from tests.fakediscord.oauth import CLIENT_SECRET
from tests.web.browser import free_port
from tests.web.test_activity import launch


async def ended_in_a_thread(fake, tmp_path) -> tuple[Any, ...]:
    """ana and bo at a Macao table with a bot, which ana ends: (the bot, its port, the table,
    its thread, ana, bo)."""
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    table, thread_id, _message = await started_table(fake, bot, ana, bo, game="macao", bots=1)
    await (await fake.slash(ana, "table end", thread_id)).wait_finished()
    await settled(bot)
    return bot, port, table, thread_id, ana, bo


async def test_a_player_launching_where_the_table_closed_sees_its_end_and_plays_again(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, port, old, thread_id, _ana, bo = await ended_in_a_thread(fake, tmp_path)
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, thread_id, bo, stack)
        await frame.locator("#facts", has_text="Table ended (ended by the host).").wait_for()
        assert len(await frame.locator("#seats li").all()) == 3
        assert await frame.locator("#opening h2").inner_text() == "Open a table here"
        await frame.locator("#lobby button", has_text="Play again").click()
        # his page goes to the rematch's lobby, which he hosts; the form is done
        await frame.locator('#lobby button[data-verb="start"]').wait_for()
        assert await frame.locator("#opening").is_hidden()
    new = bot.tables.in_channel(thread_id)
    assert new is not None and new.id != old.id and new.host_id == bo.id
    assert new.game_name == "macao"


async def test_someone_who_did_not_play_there_sees_its_end_and_opens_another_game(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, port, old, thread_id, _ana, _bo = await ended_in_a_thread(fake, tmp_path)
    cy = fake.add_member("cy")
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, thread_id, cy, stack)
        await frame.locator("#facts", has_text="Table ended (ended by the host).").wait_for()
        await frame.locator("#opening h2").wait_for()
        assert await frame.locator("#lobby button").count() == 0  # not his to play again
        await frame.locator('#opening select[name="game"]').select_option("lastcard")
        await frame.locator('#opening select[name="bots"]').select_option("2")
        await frame.locator("#opening button").click()
        await frame.locator('#lobby button[data-verb="start"]').wait_for()
        assert await frame.locator("#opening").is_hidden()
        assert len(await frame.locator("#seats li").all()) == 3
    new = bot.tables.in_channel(thread_id)
    assert new is not None and new.id != old.id
    assert (new.game_name, new.host_id) == ("lastcard", cy.id)


async def test_a_table_that_never_started_there_leaves_the_form_alone(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port, discord_client_secret=CLIENT_SECRET)
    lounge = fake.add_voice_channel("Lounge")
    await (await fake.slash(ana, "play", lounge, game="macao")).wait_finished()
    await (await fake.slash(ana, "table end", lounge)).wait_finished()
    await settled(bot)
    async with contextlib.AsyncExitStack() as stack:
        frame = await launch(fake, browser, port, lounge, ana, stack)
        await frame.locator("#opening h2").wait_for()
        assert await frame.locator("#seats li").count() == 0
        assert await frame.locator("#facts").inner_text() == ""
