"""Replays: a finished match stepped through from its action log on a page, every hand shown
once the match is over, the same final state as the table's; refused while it is played."""

from __future__ import annotations

import aiohttp

from tests.e2e.chairman import click, lobby_id, open_table, start_bot, started_table
from tests.web.browser import free_port
from tests.web.test_browser import ARTEFACTS, links


async def test_a_finished_match_steps_through_to_its_final_state(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=2, watch=True, options="rounds=1"
    )
    _, spectator = await links(fake, ana, thread_id)
    page = await browser.new_page()
    await page.goto(spectator)  # watching from the lobby on
    await page.wait_for_selector("#seats li")
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    assert table.game is not None
    await page.locator("#replay").wait_for()
    await page.click("#replay")
    await page.wait_for_selector("#seats li .hand")
    final = {s: sorted(table.game.observation(s)["hand"]) for s in table.game.seats}
    await page.click("#next")
    assert await page.locator("#where").text_content() == f"1 / {table.seq}"
    await page.evaluate("show(steps.length - 1)")
    for seat, hand in final.items():
        shown = await page.locator(f'#seats li[data-seat="{seat}"] .hand .card').all()
        assert len(shown) == len(hand)
    ARTEFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / "replay-end.png"), full_page=True)
    first = await page.evaluate("steps[0].seats.map(s => s.hand.length)")
    assert all(count > 0 for count in first)  # the deal: every hand shown


async def test_a_match_still_played_cannot_be_replayed(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port)
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    _, spectator = await links(fake, ana, thread_id)
    key = spectator.split("key=")[1]
    url = f"http://127.0.0.1:{port}/api/replay/{table.id}?key={key}"
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        assert response.status == 409
        assert "once it is over" in (await response.json())["error"]
