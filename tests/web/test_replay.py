"""Replays: a finished match stepped through from its action log on a page, every hand shown
once the match is over, the same final state as the table's; refused while it is played;
worked out away from the event loop, so no table waits on one."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import aiohttp

import i18n
from engine.words import card_name
from tables import service as service_module
from tests.e2e.chairman import (
    click,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    settled,
    start_bot,
    started_table,
)
from tests.web.browser import free_port
from tests.web.test_browser import ARTEFACTS, links


async def watched_match(fake, tmp_path) -> tuple[Any, ...]:
    """ana opens a one-round Macao match of two bots to watch, on a bot serving the web
    table: (the bot, ana, the table, its lobby message, its spectator link)."""
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=2, watch=True, options="rounds=1"
    )
    _, spectator = await links(fake, ana, thread_id)
    return bot, ana, table, message, spectator


async def test_a_finished_match_steps_through_to_its_final_state(fake_discord, tmp_path, browser):
    fake = fake_discord
    _bot, ana, table, message, spectator = await watched_match(fake, tmp_path)
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
    # the record's download links are legible on the table's green (WCAG AA: 4.5 to 1)
    ratios = await page.evaluate(CONTRAST, "#downloads a")
    assert len(ratios) == 2 and min(ratios) >= 4.5, ratios


async def test_a_replay_speaks_its_tables_language_and_bolds_what_the_table_bolds(
    fake_discord, tmp_path, browser
):
    """A Brazilian match's replay page is marked as Portuguese (a screen reader's voice
    follows it), and the suit in force is in bold, as the table message has it."""
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=2, watch=True, options="rounds=1", language="pt-BR"
    )
    _, spectator = await links(fake, ana, thread_id)
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.status == "finished", what="the match end")
    page = await browser.new_page()
    await page.goto(spectator.replace("/table/", "/replay/"))
    await page.wait_for_selector("#seats li .hand")
    assert await page.evaluate("document.documentElement.lang") == "pt-BR"
    suit = page.locator("#facts p", has_text="Naipe em vigor")
    assert (await suit.inner_text()).startswith("Naipe em vigor: ")
    assert "*" not in await suit.inner_text()
    assert await suit.locator("strong").count() == 1
    # its cards and its buttons are named in Portuguese, for a screen reader
    pt = i18n.get("pt-BR")
    card = page.locator("#seats .hand .card").first
    code = await card.get_attribute("data-card")
    assert code is not None and await card.get_attribute("aria-label") == card_name(code, pt)
    assert await page.locator("#next").get_attribute("aria-label") == pt._("Next step")


#: each matching element's text colour against the first opaque background behind it, as a
#: WCAG contrast ratio
CONTRAST = """(selector) => {
    const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => {
        const [R, G, B] = [r, g, b].map((c) => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    return [...document.querySelectorAll(selector)].map((el) => {
        let back = el;
        while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) {
            back = back.parentElement;
        }
        const [a, b] = [getComputedStyle(el).color, getComputedStyle(back).backgroundColor]
            .map((c) => luminance(rgb(c)));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}"""


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


#: how long the held replay waits to be let go before it gives up (the test then fails)
HOLD = 20.0


async def test_a_replay_being_worked_out_holds_up_no_press(fake_discord, tmp_path, monkeypatch):
    fake = fake_discord
    ana = fake.add_member("ana")
    port = free_port()
    bot = await start_bot(fake, tmp_path, web_port=port)
    over, _, message = await open_table(
        fake, bot, ana, game="macao", bots=2, watch=True, options="rounds=1"
    )
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: over.status == "finished", what="the match end")
    table, _, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    seat = table.seat_of_user(ana.id)
    assert seat is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    # the replay's rebuilding is held until ana's press at the other table has been answered:
    # worked out on the event loop, it would hold the press up instead, and give up waiting
    started, release = threading.Event(), threading.Event()
    let_go: list[bool] = []
    rebuild = service_module.rebuild

    def held_rebuild(*args: Any) -> Any:
        started.set()
        let_go.append(release.wait(HOLD))
        return rebuild(*args)

    monkeypatch.setattr(service_module, "rebuild", held_rebuild)
    server = bot.get_cog("WebTable").server  # the link /history gives
    url = f"http://127.0.0.1:{port}/api/replay/{over.id}?key={server.signer.spectator(over.id)}"

    async with aiohttp.ClientSession() as http:

        async def ask() -> tuple[int, Any]:
            async with http.get(url) as response:
                return response.status, await response.json()

        asking = asyncio.create_task(ask())
        await fake.wait_for(lambda: started.is_set() or asking.done(), what="the replay under way")
        assert not asking.done(), asking.result()
        moves = table.acted.get(seat.seat, 0)
        answer = await play_one(fake, ana, hand_message(fake, ana), random.Random(3))
        assert not answer["ephemeral"], answer["content"]
        assert table.acted.get(seat.seat, 0) == moves + 1
        release.set()
        status, body = await asking
    assert let_go == [True]  # let go by the test, after the press: it never held the loop
    assert status == 200 and len(body["steps"]) == over.seq + 1
