"""A seated player whose turns ran out is marked away, and a bot plays their seat: their web
page says so as their hand DM does, and its **I'm back** button ends it as the DM's does,
through the same service call. A player who is not away is told so and nothing changes."""

from __future__ import annotations

import json

from tables.clock import FakeClock
from tests.e2e.chairman import click, hand_message, lobby_id, open_table, start_bot
from tests.e2e.test_bot_afk import settle, until_turn_of
from tests.web.browser import free_port
from tests.web.test_browser import links, open_page

AWAY_LINE = "You are marked away: a bot is playing for you. Press I'm back to play again."


async def away_at_macao(fake, tmp_path):
    """ana at Macao with a bot, her two turns in a row run out on a fake clock: marked away.
    -> (bot, table, her seat, her private link)."""
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(
        fake, tmp_path, clock=clock, bot_delay=1.0, turn_timeout=60.0, web_port=free_port()
    )
    table, thread_id, message = await open_table(fake, bot, ana, game="macao", bots=1)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    await click(fake, ana, message, lobby_id(message, "start"))
    seat = table.seat(str(ana.id))
    for _ in range(2):
        await until_turn_of(bot, clock, table, ana)
        await clock.advance(91)
        await settle(bot)
    assert seat.away
    return bot, table, seat, mine, ana


async def test_an_away_players_page_says_a_bot_plays_and_im_back_ends_it(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, _table, seat, mine, ana = await away_at_macao(fake, tmp_path)
    page = await open_page(browser, mine)
    await page.wait_for_selector("#back")
    assert await page.locator("#prompt").inner_text() == AWAY_LINE
    assert "I'm back" in hand_message(fake, ana).text()
    await page.click("#back")
    await fake.wait_for(lambda: not seat.away, what="ana back")
    await page.wait_for_selector("#back", state="detached")
    assert AWAY_LINE not in await page.locator("#prompt").inner_text()
    await settle(bot)
    assert "I'm back" not in hand_message(fake, ana).text()


async def test_back_from_a_seat_not_away_is_refused_and_changes_nothing(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    _bot, table, seat, mine, _ana = await away_at_macao(fake, tmp_path)
    page = await open_page(browser, mine)
    await page.click("#back")
    await fake.wait_for(lambda: not seat.away, what="ana back")
    version = table.version
    await page.evaluate("send({ type: 'back' })")
    notice = page.locator("#notice")
    await notice.wait_for()
    assert await notice.inner_text() == "You are not marked away: play on."
    assert not seat.away and table.version == version
    assert json.loads(await page.evaluate("JSON.stringify(current.back || null)")) is None
