"""A page outlives a restart of the bot: its socket closes, the page says it is reconnecting,
opens it again with the key it has, and draws the table as the restarted bot resumed it; a
move tapped there is played. A page the server refuses for good stops trying."""

from __future__ import annotations

from playwright.async_api import Page

from tests.e2e.chairman import settled, start_bot
from tests.web.test_browser import on_turn, tap_a_move

RECONNECTING = "Connection lost: reconnecting…"


async def notice(page: Page) -> str:
    return await page.locator("#notice").inner_text()


async def test_a_page_reconnects_after_the_bot_restarts_and_plays_on(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot, table, seat, _thread, page = await on_turn(fake, ana, tmp_path, browser)
    port = bot.settings.web_port
    await page.wait_for_selector("#hand button.legal, #controls button")
    await bot.close()
    await page.wait_for_function(
        f"document.getElementById('notice').textContent === {RECONNECTING!r}"
    )
    bot = await start_bot(fake, tmp_path, web_port=port)
    resumed = bot.tables.get(table.id)
    # the page opens its socket again by itself and draws the resumed table
    await page.wait_for_function("document.getElementById('notice').hidden")
    await page.wait_for_selector("#hand button.legal, #controls button")
    before = resumed.acted.get(seat.seat, 0)
    await tap_a_move(page)
    await fake.wait_for(lambda: resumed.acted.get(seat.seat, 0) > before, what="the move")
    await settled(bot)


async def test_a_page_refused_for_good_stops_trying(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    _bot, table, _seat, _thread, page = await on_turn(fake, ana, tmp_path, browser)
    url = page.url.replace(f"/table/{table.id}?", f"/table/{table.id + 999}?")
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url))
    await page.goto(url)
    await page.wait_for_function("!document.getElementById('notice').hidden")
    told = await notice(page)
    await page.wait_for_timeout(1500)  # longer than the first wait before a retry
    assert told != RECONNECTING and await notice(page) == told
    assert len(opened) == 1
