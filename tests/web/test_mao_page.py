"""Mao on the page: what a player types there is said at the table through the same service
call as the thread's chat (``service.say``), logged as theirs, shown in the thread under their
name, and the Chairman's rulings appear on the page as in the thread."""

from __future__ import annotations

import json

from tests.e2e.chairman import settled, start_bot, started_table
from tests.web.browser import free_port
from tests.web.test_browser import links, open_page


async def test_words_typed_on_the_page_are_said_at_the_table(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, bo, game="mao")
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    await page.locator("#speech").wait_for()
    await page.fill("#words", "good evening, Chairman")
    await page.click("#speech button")
    seat = table.seat_of_user(ana.id)
    assert seat is not None

    def said() -> list[str]:
        rows = bot.db.execute(
            "SELECT action FROM actions WHERE table_id = ? AND seat = ?", [table.id, seat.seat]
        ).fetchall()
        return [row[0] for row in rows if "good evening" in row[0]]

    await fake.wait_for(lambda: said(), what="ana's words in the action log")
    assert json.loads(said()[0])["kind"] == "say"


async def test_a_game_that_reads_no_chat_offers_no_speech_and_refuses_it(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    assert await page.locator("#speech").is_hidden()
    version = table.version
    await page.evaluate("socket.send(JSON.stringify({type: 'say', text: 'Mau'}))")
    await page.locator("#notice").wait_for(state="visible")
    assert "does not read what players say" in (await page.locator("#notice").text_content() or "")
    assert table.version == version


async def test_words_typed_on_the_page_show_in_the_thread_and_a_ruling_on_both(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(
        fake, bot, ana, bo, game="mao", options="turn_seconds=0"
    )
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    await page.locator("#speech").wait_for()
    version = table.version
    await page.fill("#words", "good evening, Chairman")
    await page.click("#speech button")
    await fake.wait_for(lambda: table.version > version, what="ana's words heard")
    await settled(bot)

    def thread_lines() -> list[str]:
        return [
            line
            for m in fake.messages(thread_id)
            if m.author_id == fake.bot_user.id
            for line in (m.content or "").split("\n")
        ]

    # the thread is shown ana's words under her name, as the Say form's words are
    assert "💬 **ana**: good evening, Chairman" in thread_lines()
    # bo calls her Talking in the thread; the Chairman's ruling is posted there and drawn
    # on ana's page
    version = table.version
    await fake.user_says(bo, thread_id, f"<@{ana.id}> talking")
    await fake.wait_for(lambda: table.version > version, what="bo's call heard")
    await settled(bot)
    ruling = f"Talking, called by <@{bo.id}>. <@{ana.id}> takes a penalty card."
    assert ruling in thread_lines()
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#lines li')]"
        ".some((li) => li.textContent.includes('Talking'))"
    )
