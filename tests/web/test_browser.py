"""The web table in a real browser beside the fake Discord: a player taps a legal card on the
page and Discord's side shows the move; a spectator's page holds no hidden card; a forged or
stale message is refused and changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.async_api import Browser, Page

from tests.e2e.chairman import settled, start_bot, started_table
from tests.fakediscord.driver import FakeDiscord
from tests.web.browser import browser, free_port

__all__ = ["browser"]

ARTEFACTS = Path(__file__).parent / "artefacts"
LINK = re.compile(r"https?://\S+/table/\d+\?key=\S+")


async def links(fake: FakeDiscord, user, thread_id: int) -> tuple[str | None, str]:
    """``/table web``'s private link (None when the user holds no seat) and spectator link."""
    i = await fake.slash(user, "table web", thread_id)
    response = await i.wait_finished()
    assert response["ephemeral"]
    found = LINK.findall(response["content"])
    return (found[0], found[1]) if len(found) == 2 else (None, found[0])


def last_events(fake: FakeDiscord, thread_id: int) -> list[str]:
    """The "Last events" lines of the table message in the thread."""
    embed = fake.messages(thread_id)[0].embeds[0]
    for field in embed.get("fields") or []:
        if field["name"] == "Last events":
            return list(field["value"].splitlines())
    return []


async def open_page(browser: Browser, link: str, width: int = 1000, height: int = 800) -> Page:
    page = await browser.new_page(viewport={"width": width, "height": height})
    await page.goto(link)
    await page.wait_for_selector("#seats li")
    return page


async def test_a_card_tapped_on_the_page_is_played_on_discord(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    seat = table.seat_of_user(ana.id)
    assert seat is not None and table.game is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    await page.wait_for_selector("#hand .card")
    ARTEFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / "table-desktop.png"), full_page=True)
    moves_before = table.acted.get(seat.seat, 0)
    before = last_events(fake, thread_id)
    legal = page.locator("#hand button.legal")
    if await legal.count():
        await legal.first.click()
        if await page.locator("#picker button").count():
            await page.locator("#picker button").first.click()
    else:
        await page.locator("#controls button").first.click()
    await fake.wait_for(lambda: table.acted.get(seat.seat, 0) > moves_before, what="the move")
    await settled(bot)
    # Discord's side: the table message tells ana's move among its last events
    told = [line for line in last_events(fake, thread_id) if line not in before]
    assert any(line.startswith("ana ") for line in told), told
    # and the move is in the action log, as ana's
    (count,) = bot.db.execute(
        "SELECT COUNT(*) FROM actions WHERE table_id = ? AND seat = ?", [table.id, seat.seat]
    ).fetchone()
    assert count == moves_before + 1
