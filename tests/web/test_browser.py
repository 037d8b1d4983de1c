"""The web table in a real browser beside the fake Discord: a player taps a legal card on the
page and Discord's side shows the move; a spectator's page holds no hidden card; a forged or
stale message is refused and changes nothing."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, WebSocket

from tests.e2e.chairman import (
    cards_in,
    hand_message,
    play_one,
    secret_cards,
    settled,
    start_bot,
    started_table,
)
from tests.fakediscord.driver import FakeDiscord
from tests.web.browser import free_port

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


async def tap_a_move(page: Page) -> None:
    """Tap a legal card (and the first suit, if it asks for one), else the first button."""
    legal = page.locator("#hand button.legal")
    if await legal.count():
        await legal.first.click()
        if await page.locator("#picker button").count():
            await page.locator("#picker button").first.click()
    else:
        await page.locator("#controls button").first.click()


async def on_turn(
    fake: FakeDiscord, ana: Any, tmp_path: Path, browser: Any, **options: Any
) -> tuple[Any, ...]:
    """``ana`` at a Macao table with a bot (and ``/play``'s other ``options``), her page open
    once it is her turn: (bot, table, her seat, the thread, her page)."""
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1, **options)
    seat = table.seat_of_user(ana.id)
    assert seat is not None and table.game is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    return bot, table, seat, thread_id, await open_page(browser, mine)


async def test_a_card_tapped_on_the_page_is_played_on_discord(fake_discord, tmp_path, browser):
    fake = fake_discord
    bot, table, seat, thread_id, page = await on_turn(
        fake, fake.add_member("ana"), tmp_path, browser
    )
    await page.wait_for_selector("#hand .card")
    ARTEFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / "table-desktop.png"), full_page=True)
    moves_before = table.acted.get(seat.seat, 0)
    before = last_events(fake, thread_id)
    await tap_a_move(page)
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


async def test_a_move_double_clicked_is_sent_once_and_told_as_made(fake_discord, tmp_path, browser):
    fake = fake_discord
    bot, table, seat, _thread_id, page = await on_turn(
        fake, fake.add_member("ana"), tmp_path, browser
    )
    moves_before = table.acted.get(seat.seat, 0)
    await page.locator("#controls button").first.dblclick()
    await fake.wait_for(lambda: table.acted.get(seat.seat, 0) > moves_before, what="the move")
    await settled(bot)
    await page.wait_for_timeout(500)  # a second press would have been refused by now
    assert table.acted.get(seat.seat, 0) == moves_before + 1
    assert await page.locator("#notice").is_hidden(), await page.locator("#notice").inner_text()


async def test_a_seated_page_says_it_is_your_turn_as_the_hand_dm_does(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    page = (await on_turn(fake, ana, tmp_path, browser))[-1]
    await page.wait_for_selector("#prompt p")
    assert await page.locator("#prompt").inner_text() == "Your turn."
    assert "**Your turn.**" in hand_message(fake, ana).content
    # what the DM bolds, the page draws in bold: the words, never the marks
    assert await page.locator("#prompt strong").inner_text() == "Your turn."


async def test_a_page_speaks_its_tables_language(fake_discord, tmp_path, browser):
    """A Brazilian table's page is marked as Portuguese, so a screen reader reads it in a
    Portuguese voice, and its words are the table's."""
    fake = fake_discord
    ana = fake.add_member("ana")
    page = (await on_turn(fake, ana, tmp_path, browser, language="pt-BR"))[-1]
    await page.wait_for_selector("#prompt p")
    assert await page.evaluate("document.documentElement.lang") == "pt-BR"
    assert await page.locator("#prompt strong").inner_text() == "Sua vez."
    assert await page.locator("#words").get_attribute("aria-label") == "Falar"


def frames_of(page: Page) -> list[str]:
    """Every WebSocket frame the page receives from now on (its text)."""
    received: list[str] = []

    def on_frame(data: bytes | str) -> None:
        assert isinstance(data, str), "the table sends text frames only"
        received.append(data)

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return received


async def test_a_spectator_sees_no_hidden_card(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana, onlooker = fake.add_member("ana"), fake.add_member("onlooker")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=2)
    mine, spectator = await links(fake, onlooker, thread_id)
    assert mine is None  # onlooker holds no seat: only the spectator link
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    received = frames_of(page)
    await page.goto(spectator)
    await page.wait_for_selector("#seats li")
    ARTEFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / "spectator-phone.png"), full_page=True)
    await settled(bot)
    assert received
    hidden = set().union(*secret_cards(table).values())
    for text in received:
        assert not cards_in(text) & hidden, text
        assert '"hand"' not in text and '"moves"' not in text
    assert await page.locator("#mine").is_hidden()
    assert await page.locator("#hand .card").count() == 0


#: draws the bot marker on a canvas in the seats' own font with a black brush: a colour
#: emoji paints its own colours, a missing glyph (a box) or a plain one paints black
COLOURED_PIXELS = """(text) => {
    const font = getComputedStyle(document.querySelector("#seats li")).fontFamily;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 64;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#000";
    ctx.font = "48px " + font;
    ctx.fillText(text, 4, 52);
    const data = ctx.getImageData(0, 0, 64, 64).data;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] > 60) coloured++;
    }
    return coloured;
}"""


async def test_a_bot_seat_is_marked_with_a_colour_robot(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    _, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    bot_seat = page.locator("#seats li", has_text="(bot)")
    marker = (await bot_seat.inner_text()).split()[0]
    assert marker == "🤖"
    # the page's fonts draw it as the robot face, not a box (make test installs the font)
    assert await page.evaluate(COLOURED_PIXELS, marker) > 100
    assert await page.evaluate(COLOURED_PIXELS, "#") == 0


async def test_a_move_on_discord_shows_on_the_page(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot, table, _seat, thread_id, page = await on_turn(fake, ana, tmp_path, browser)
    version = table.version
    response = await play_one(fake, ana, hand_message(fake, ana), random.Random(3))
    assert not response["ephemeral"], response["content"]
    await settled(bot)
    assert table.version > version
    lines = last_events(fake, thread_id)
    await page.wait_for_function(
        "line => [...document.querySelectorAll('#lines li')].some(li => li.textContent === line)",
        arg=lines[-1],
    )


async def test_forged_and_stale_messages_are_refused_and_change_nothing(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, game="macao", bots=1)
    seat = table.seat_of_user(ana.id)
    assert seat is not None and table.game is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    mine, spectator = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    await page.wait_for_selector("#hand .card")
    version, logged = table.version, table.seq
    held = set(table.game.observation(seat.seat)["hand"])
    foreign = next(c for c in ("AS", "AH", "AC", "AD", "KS", "KH") if c not in held)
    forged = [
        {"type": "act", "action": f"play {foreign}", "token": "__token__"},  # a card not held
        {"type": "act", "action": "draw", "token": "stale"},  # a token from another moment
        {"type": "act", "action": "fly away", "token": "__token__"},  # no such action
        {"type": "shout"},  # no such message
    ]
    for message in forged:
        await page.evaluate(
            "m => { m.token = m.token === '__token__' ? current.token : m.token;"
            " document.getElementById('notice').textContent = '';"
            " socket.send(JSON.stringify(m)); }",
            message,
        )
        # the emptied notice keeps its padding, so it is visible before the answer: wait
        # for the refusal's words themselves
        await page.wait_for_function("() => document.getElementById('notice').textContent.trim()")
        assert (await page.locator("#notice").text_content() or "").strip(), message
        await settled(bot)
        assert (table.version, table.seq) == (version, logged), message
    # a spectator's page may not move, nor a key changed to name another user
    watcher = await open_page(browser, spectator)
    await watcher.evaluate("socket.send(JSON.stringify({type: 'act', action: 'draw', token: 'x'}))")
    await watcher.locator("#notice").wait_for(state="visible")
    assert "only a seated player" in (await watcher.locator("#notice").text_content() or "")
    tampered = re.sub(r"(key=\d+\.)(\d+)", lambda m: m[1] + str(int(m[2]) + 1), mine)
    forger = await browser.new_page()
    await forger.goto(tampered)
    await forger.locator("#notice").wait_for(state="visible")
    assert "not one the bot made" in (await forger.locator("#notice").text_content() or "")
    assert await forger.locator("#seats li").count() == 0
    await settled(bot)
    assert (table.version, table.seq) == (version, logged)
