"""A page opened after its table closed: it draws the table as it ended (how the match ended,
every seat), links the replay of a match played out, and offers its players **Play again**;
a key not for that table opens nothing."""

from __future__ import annotations

from tests.e2e.chairman import click, lobby_id, settled
from tests.web.test_play_again import ended_under_her_page
from tests.web.test_replay import watched_match


async def test_a_finished_matchs_page_opened_later_shows_how_it_ended(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, ana, table, message, spectator = await watched_match(fake, tmp_path)
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    await settled(bot)
    assert bot.tables.tables.get(table.id) is None  # closed tables leave memory
    page = await browser.new_page()
    await page.goto(spectator)
    await page.locator("#facts", has_text="Match over.").wait_for()
    assert len(await page.locator("#seats li").all()) == 2
    assert await page.locator("#lobby button").count() == 0  # a spectator's link
    await page.click("#replay")
    await page.wait_for_selector("#seats li .hand")
    assert await page.locator("#where").text_content() == f"0 / {table.seq}"


async def test_a_table_ended_early_reopened_by_its_player_offers_play_again(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, old, thread_id, hers, _spectator, ana = await ended_under_her_page(fake, tmp_path, browser)
    page = await browser.new_page()
    await page.goto(hers.url)  # her own link, opened again once the table has closed
    await page.locator("#facts", has_text="Table ended (ended by the host).").wait_for()
    assert await page.locator("#replay").is_hidden()  # no replay of a match cut short
    await page.locator("#lobby button", has_text="Play again").click()
    await fake.wait_for(lambda: bot.tables.in_channel(thread_id) is not None, what="a rematch")
    new = bot.tables.in_channel(thread_id)
    assert new.id != old.id and new.host_id == ana.id
    await page.wait_for_function(f"location.pathname === '/table/{new.id}'")


async def test_a_key_not_for_a_closed_table_opens_nothing(fake_discord, tmp_path, browser):
    fake = fake_discord
    _bot, table, _thread, hers, _spectator, _ana = await ended_under_her_page(
        fake, tmp_path, browser
    )
    page = await browser.new_page()
    await page.goto(hers.url.replace(f"/table/{table.id}?", f"/table/{table.id + 1}?"))
    await page.locator("#notice", has_text="There is no such table.").wait_for()
    await page.goto(hers.url.split("key=")[0] + "key=1.2.3")
    await page.locator("#notice", has_text="There is no such table.").wait_for()
    assert await page.locator("#seats li").count() == 0


async def test_a_closed_table_is_played_again_once_and_never_for_a_forged_link(
    fake_discord, tmp_path, browser, monkeypatch
):
    fake = fake_discord
    bot, _table, _thread, hers, _spectator, _ana = await ended_under_her_page(
        fake, tmp_path, browser
    )
    calls = []
    read_back = bot.tables.closed

    async def counted(table_id):
        calls.append(table_id)
        return await read_back(table_id)

    monkeypatch.setattr(bot.tables, "closed", counted)
    page = await browser.new_page()
    await page.goto(hers.url.split("key=")[0] + "key=1.2.3")
    await page.locator("#notice", has_text="There is no such table.").wait_for()
    assert calls == []  # a forged link costs no replay of the match
    for _ in range(2):
        await page.goto(hers.url)
        await page.locator("#facts", has_text="Table ended").wait_for()
    assert len(calls) == 1  # a closed table never changes: it is read back once
