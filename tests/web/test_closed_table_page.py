"""A page opened on a table that has already closed: told it has ended, with its replay where
the match was played out (the page's own key opens it); a key not for it learns nothing."""

from __future__ import annotations

from tests.e2e.chairman import click, lobby_id, settled
from tests.web.test_play_again import ended_under_her_page
from tests.web.test_replay import watched_match


async def test_a_finished_matchs_page_opened_later_links_its_replay(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, ana, table, message, spectator = await watched_match(fake, tmp_path)
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    await settled(bot)
    page = await browser.new_page()
    await page.goto(spectator)
    await page.locator("#notice", has_text="That table has ended.").wait_for()
    await page.click("#replay")
    await page.wait_for_selector("#seats li .hand")
    assert await page.locator("#where").text_content() == f"0 / {table.seq}"


async def test_a_table_ended_early_has_no_replay_to_link(fake_discord, tmp_path, browser):
    fake = fake_discord
    _bot, _table, _thread, hers, _spectator, _ana = await ended_under_her_page(
        fake, tmp_path, browser
    )
    page = await browser.new_page()
    await page.goto(hers.url)  # her own link, opened again once the table has closed
    await page.locator("#notice", has_text="That table has ended.").wait_for()
    assert await page.locator("#replay").is_hidden()


async def test_a_key_for_another_table_learns_nothing_of_a_closed_one(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    _bot, table, _thread, hers, _spectator, _ana = await ended_under_her_page(
        fake, tmp_path, browser
    )
    page = await browser.new_page()
    await page.goto(hers.url.replace(f"/table/{table.id}?", f"/table/{table.id + 1}?"))
    await page.locator("#notice", has_text="There is no such table.").wait_for()
    forged = hers.url.split("key=")[0] + "key=1.2.3"
    await page.goto(forged)
    await page.locator("#notice", has_text="There is no such table.").wait_for()
