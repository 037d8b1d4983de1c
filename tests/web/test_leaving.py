"""Leaving the table during a game from the web page, in a real browser beside the fake
Discord: a seated player's page offers **Leave the table** apart from its moves and asks once
more; confirmed, it leaves as ``/table leave`` does (a bot plays the seat to the end) and the
page goes on as a spectator's, saying so in the table's language, focus on that sentence;
pressed twice in a hurry it leaves once; Stay and Escape take the question back and change
nothing; a leave forged from a spectator's link or a key naming nobody seated is refused and
changes nothing."""

from __future__ import annotations

import json
from typing import Any

from playwright.async_api import Page, WebSocket

import i18n
from data import store
from engine import new_game
from tests.e2e.chairman import settled, start_bot, started_table
from tests.fakediscord.driver import FakeDiscord
from tests.running_table import running_table
from tests.web.browser import free_port
from tests.web.test_browser import frames_of, links, on_turn, open_page
from tests.web.test_keyboard import FOCUSED
from web.frames import frame, page_title


async def two_at_macao(fake: FakeDiscord, tmp_path: Any, browser: Any, **options: Any) -> Any:
    """ana and bo at a Macao table (``/play``'s other ``options`` as given), ana on turn,
    her page open: (bot, table, her seat, the thread, her page, the frames it received, the
    messages it sent)."""
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, bo, game="macao", **options)
    seat = table.seat_of_user(ana.id)
    assert seat is not None
    await fake.wait_for(lambda: table.waits_on(seat.seat), what="ana's turn")
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await browser.new_page(viewport={"width": 1000, "height": 800})
    received, sent = frames_of(page), sent_by(page)
    await page.goto(mine)
    await page.wait_for_selector("#hand .card")
    return bot, table, seat, thread_id, page, received, sent


def sent_by(page: Page) -> list[dict[str, Any]]:
    """Every message the page sends on its socket from now on."""
    sent: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framesent", lambda data: sent.append(json.loads(data)))

    page.on("websocket", on_socket)
    return sent


def moves_by_a_bot(bot: Any, table: Any, seat: str) -> int:
    """How many of ``seat``'s moves a bot made for its player."""
    logged = store.get_actions(bot.tables.db, table.id)
    return sum(1 for row in logged if row["seat"] == seat and row["by"] == "afk")


async def test_a_player_leaves_mid_game_after_confirming_and_a_bot_plays_her_seat(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, table, seat, thread_id, page, received, sent = await two_at_macao(
        fake, tmp_path, browser, language="de"
    )
    german = i18n.get("de")
    leave = page.locator("#leave")
    assert await leave.inner_text() == german._("Leave the table")
    # apart from the moves: not among the hand's buttons
    assert await page.locator("#mine #leave, #controls #leave").count() == 0
    await leave.click()
    question = page.locator("#leave-ask")
    await question.wait_for()
    asked = german._("Leave the table? A bot plays your seat to the end.")
    assert await page.locator("#leave-question").inner_text() == asked
    assert await question.get_attribute("aria-labelledby") == "leave-question"
    assert await page.evaluate(FOCUSED) == "leave-no"  # the question opens on Stay
    assert not seat.left_game  # nothing yet: one press only asks
    await page.locator("#leave-yes").click()
    await fake.wait_for(lambda: seat.left_game, what="ana left")
    said = (
        german._("You left {table}.", table=page_title(table))
        + " "
        + german._("A bot plays your seat to the end.")
    )
    left = page.locator("#left")
    await left.wait_for()
    assert await left.inner_text() == said
    assert said != f"You left {page_title(table)}. A bot plays your seat to the end."
    # the page goes on as a spectator's: no hand, no moves, no control to leave again
    assert await page.locator("#mine").is_hidden()
    assert await page.locator("#hand .card").count() == 0
    assert await page.locator("#leaving").is_hidden()
    assert await page.evaluate(FOCUSED) == "left"  # the control went: focus on why
    # a bot plays her seat to the end: her turn is taken for her
    await fake.wait_for(lambda: moves_by_a_bot(bot, table, seat.seat) > 0, what="a bot's move")
    await settled(bot)
    assert table.is_running
    last = json.loads(received[-1])
    assert last["type"] == "table" and "hand" not in last and "moves" not in last
    assert [m for m in sent if m["type"] == "leave_game"] == [{"type": "leave_game"}]
    assert await page.locator("#notice").is_hidden()
    # Discord's table message marks her seat as the bot's
    table_message = fake.messages(thread_id)[0]
    assert german._("{name} (left, bot playing)", name="ana") in table_message.text()
    # her page opened again says the same, and still shows no hand
    await page.reload()
    await page.locator("#left").wait_for()
    assert await page.locator("#left").inner_text() == said
    assert await page.locator("#mine").is_hidden()


async def test_the_last_person_playing_is_told_leaving_ends_the_game_and_it_ends(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, table, seat, _thread_id, page = await on_turn(
        fake, fake.add_member("ana"), tmp_path, browser
    )
    await page.locator("#leave").click()
    question = page.locator("#leave-question")
    await question.wait_for()
    assert await question.inner_text() == "Leave the table? Nobody else is playing: the game ends."
    await page.locator("#leave-yes").click()
    await fake.wait_for(lambda: not table.is_open, what="the table ended")
    await settled(bot)
    assert seat.left_game and table.status == "ended"
    assert store.get_table(bot.tables.db, table.id)["status"] == "ended"
    await page.locator("#leaving").wait_for(state="hidden")
    assert await page.locator("#hand .card").count() == 0


async def question_open(page: Page) -> None:
    await page.locator("#leave").focus()
    await page.keyboard.press("Enter")
    await page.locator("#leave-ask").wait_for()


async def test_stay_and_escape_take_the_question_back_and_change_nothing(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, table, seat, thread_id, page, _, _ = await two_at_macao(fake, tmp_path, browser)
    before = (table.version, table.seq)
    # from the keyboard: Enter asks, Enter on Stay (where focus is) takes it back
    await question_open(page)
    await page.keyboard.press("Enter")
    await page.locator("#leave-ask").wait_for(state="hidden")
    assert await page.evaluate(FOCUSED) == "leave"
    # Escape takes it back too
    await question_open(page)
    await page.keyboard.press("Escape")
    await page.locator("#leave-ask").wait_for(state="hidden")
    assert await page.evaluate(FOCUSED) == "leave"
    # a frame drawn while it is open (someone comes to watch) keeps it open, focus on Stay
    await question_open(page)
    viewers = await page.evaluate("current.viewers")
    _, spectator = await links(fake, fake.add_member("cy"), thread_id)
    await open_page(browser, spectator)
    await page.wait_for_function("v => current.viewers > v", arg=viewers)
    assert await page.locator("#leave-ask").is_visible()
    assert await page.evaluate(FOCUSED) == "leave-no"
    await page.locator("#leave-no").click()
    await settled(bot)
    assert not seat.left_game and (table.version, table.seq) == before
    assert await page.locator("#hand .card").count() > 0


async def test_leave_pressed_twice_in_a_hurry_leaves_once(fake_discord, tmp_path, browser):
    fake = fake_discord
    bot, _table, seat, _thread_id, page, _, sent = await two_at_macao(fake, tmp_path, browser)
    await question_open(page)
    # the second press waits for the first's answer (a click after it lands on nothing)
    await page.locator("#leave-yes").dblclick()
    await fake.wait_for(lambda: seat.left_game, what="ana left")
    await page.locator("#left").wait_for()
    await settled(bot)
    assert [m for m in sent if m["type"] == "leave_game"] == [{"type": "leave_game"}]
    assert await page.locator("#notice").is_hidden()  # no refusal of a second leave either


async def test_a_leave_forged_from_a_spectators_link_or_for_nobody_seated_changes_nothing(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, table, _seat, thread_id, page, _, _ = await two_at_macao(fake, tmp_path, browser)
    before = (table.version, table.seq, [s.left_game for s in table.seats])
    cy = fake.add_member("cy")
    mine, spectator = await links(fake, cy, thread_id)
    assert mine is None  # cy holds no seat
    watcher = await open_page(browser, spectator)
    assert await watcher.locator("#leaving").is_hidden()  # no control offered
    await watcher.evaluate("send({ type: 'leave_game' })")
    await watcher.locator("#notice").wait_for()
    assert "only a seated player" in await watcher.locator("#notice").inner_text()
    # a key the bot signed for cy, who is seated nowhere at the table
    cog: Any = bot.get_cog("WebTable")
    hers = await open_page(browser, cog.server.player_link(table.id, cy.id))
    assert await hers.locator("#leaving").is_hidden()
    await hers.evaluate("send({ type: 'leave_game' })")
    await hers.locator("#notice").wait_for()
    assert await hers.locator("#notice").inner_text() == "You are not seated at this table."
    await settled(bot)
    assert (table.version, table.seq, [s.left_game for s in table.seats]) == before
    assert await page.locator("#hand .card").count() > 0  # ana plays on


def test_only_the_seats_own_player_is_offered_to_leave_and_only_while_the_game_runs():
    table = running_table(new_game("macao", ["s0", "s1"], seed=3))
    assert frame(table, "s0", 0, 1)["leave"] is not None
    assert frame(table, "s0", 0, 2)["leave"] is None  # another user's key
    assert frame(table, "s0")["leave"] is None  # a page whose key names nobody
    assert frame(table, None, 0, 1)["leave"] is None  # a spectator's page
    table.seats[1].bot_kind, table.seats[1].user_id = "easy", None
    assert frame(table, "s1", 0, 2)["leave"] is None  # a bot's seat is nobody's to leave
    table.seats[0].left_game = True
    left = frame(table, "s0", 0, 1)
    assert left["leave"] is None and "hand" not in left and left["left"]
    table.seats[0].left_game = False
    table.status = "ended"
    assert frame(table, "s0", 0, 1)["leave"] is None


def test_the_question_says_a_bot_plays_on_or_for_the_last_person_playing_that_it_ends():
    table = running_table(new_game("macao", ["s0", "s1"], seed=3))
    bot_plays = "Leave the table? A bot plays your seat to the end."
    ends = "Leave the table? Nobody else is playing: the game ends."
    assert frame(table, "s0", 0, 1)["leave"]["asked"] == bot_plays
    table.seats[0].left_game = True  # the other player left: s1 is the last one playing
    assert frame(table, "s1", 0, 2)["leave"]["asked"] == ends
