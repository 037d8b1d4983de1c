"""Mao on the page: what a player types there is said at the table through the same service
call as the thread's chat (``service.say``), logged as theirs, shown in the thread under their
name, and the Chairman's rulings appear on the page as in the thread."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page

from engine.actions import Action, Say
from engine.mao import builder
from engine.mao.bots.heuristic import MaoBot
from tables.clock import FakeClock
from tables.model import Table
from tests.e2e.chairman import choices, hand_message, settled, start_bot, started_table
from tests.e2e.maotable import MaoTable, mao_table
from tests.fakediscord import FakeDiscord, FakeUser
from tests.web.browser import free_port
from tests.web.test_browser import ARTEFACTS, frames_of, links, open_page
from tests.web.test_whole_matches import assert_no_leak, from_the_page


async def ana_and_bo_at_mao(fake: FakeDiscord, tmp_path, browser, **options):
    """A Mao table of ana and bo (``/play`` ``options``), ana's page open on it: (bot, table,
    the thread, her page, ana, bo)."""
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, bo, game="mao", **options)
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    return bot, table, thread_id, await open_page(browser, mine), ana, bo


async def test_words_typed_on_the_page_are_said_at_the_table(fake_discord, tmp_path, browser):
    fake = fake_discord
    bot, table, _thread_id, page, ana, _bo = await ana_and_bo_at_mao(fake, tmp_path, browser)
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
    bot, table, thread_id, page, ana, bo = await ana_and_bo_at_mao(
        fake, tmp_path, browser, options="turn_seconds=0"
    )
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


#: more decisions than a one-round match of two takes: a match still running after them is stuck
DECISIONS = 300


async def test_a_whole_match_of_mao_with_one_player_on_the_page_and_one_on_discord(
    fake_discord, tmp_path, browser
):
    """ana plays from the page (she taps her cards, picks a Jack's suit in the picker, types
    what she must say) and bo from his hand DM and the thread's chat, each deciding as a
    player who knows the base rules does (``engine.mao.bots.heuristic``: the phrases a card
    owes, said before it is played; the calls anyone could see), to the end of a one-round
    match, which the page and the thread both announce. Every frame ana's page receives is
    read for bo's cards."""
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, web_port=free_port())
    table, thread_id, _ = await started_table(
        fake, bot, ana, bo, game="mao", options="turn_seconds=0 rounds=1"
    )
    seat_a, seat_b = table.seat_of_user(ana.id), table.seat_of_user(bo.id)
    assert seat_a is not None and seat_b is not None
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await browser.new_page()
    received = frames_of(page)  # from the first frame on
    await page.goto(mine)
    await page.locator("#speech").wait_for()
    minds = {seat_a.seat: MaoBot(seed=1), seat_b.seat: MaoBot(seed=2)}
    mentions = {seat_a.seat: f"<@{ana.id}>", seat_b.seat: f"<@{bo.id}>"}
    for _ in range(DECISIONS):
        # a moment passes between two things done at the table (speech windows close)
        await clock.advance(0.5)
        await settled(bot)
        if not table.is_running:
            break
        game = table.game
        assert game is not None
        decided = [
            (seat, action)
            for seat, mind in minds.items()
            for action in [mind.choose(game.observation(seat), game.legal_actions(seat))]
            if not (isinstance(action, Say) and not action.text)
        ]
        if not decided:
            # nobody has anything to do: time passes (a speech window closes, a round ends)
            await clock.advance(1.0)
            continue
        seat, action = decided[0]
        version = table.version

        def heard(version: int = version) -> bool:
            return table.version > version

        if seat == seat_a.seat:
            assert_no_leak(table, seat, received)
            await from_the_page(
                fake, received, lambda action=action: page_move(page, table, action), heard
            )
            continue
        if isinstance(action, Say):
            named = " ".join(mentions[s] for s in action.mentions)
            await fake.user_says(bo, thread_id, f"{named} {action.text}".strip())
        else:
            await dm_move(fake, bo, str(action))
        await fake.wait_for(heard, what=str(action))
    assert table.status == "finished", f"Mao still running after {DECISIONS} decisions"
    assert table.acted.get(seat_a.seat) and table.acted.get(seat_b.seat)
    await settled(bot)
    assert_no_leak(table, seat_a.seat, received)
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#lines li')]"
        ".some((li) => li.textContent.startsWith('The match is over'))"
    )
    posts = [m.content or "" for m in fake.messages(thread_id)]
    assert any(p.startswith("**Match over.**") for p in posts), posts


async def page_move(page: Page, table: Table, decided: Action) -> None:
    """Type the words ``decided`` says, or tap the card it plays (and its choice in the
    picker when the card plays in several ways: a Jack's suit), or the page's button for it,
    once the page shows the table as it is now."""
    await page.wait_for_function("v => current && current.version === v", arg=table.version)
    if isinstance(decided, Say):
        await page.fill("#words", decided.text)
        await page.click("#speech button")
        return
    action = str(decided)
    move = await page.evaluate("a => current.moves.find((m) => m.action === a)", action)
    assert move is not None, f"the page does not offer {action!r}"
    if not move["cards"]:
        await page.locator(f'#controls button[data-action="{action}"]').click()
        return
    await page.locator(f'#hand button[data-card="{move["cards"][0]}"]').first.click()
    if await page.locator("#picker").is_visible():
        await page.locator(f'#picker button[data-action="{action}"]').click()


async def dm_move(fake: FakeDiscord, user: FakeUser, action: str) -> None:
    """Press the hand DM's button for ``action`` (or choose it in the DM's select)."""
    message = hand_message(fake, user)
    for cid, value in choices(message):
        if (value or cid.split(":", 4)[4]) == action:
            if value is None:
                i = await fake.click(user, message, cid)
            else:
                i = await fake.select(user, message, cid, [value])
            response = await i.wait_finished()
            assert not response["ephemeral"], response["content"]
            return
    raise AssertionError(f"{user.name}'s hand does not offer {action!r}: {choices(message)}")


async def test_mao_16_a_rounds_winner_makes_a_rule_on_the_page(fake_discord, tmp_path, browser):
    """ana goes out and wins the round; her page offers the New rule form the hand DM's
    builder offers (what sets the rule off, what it does, then only the details those need),
    the rule she fills in is declared at the table, the thread hears only that a rule was
    made, and her page lists it among her secret rules, to her alone."""
    fake = fake_discord
    mt = await mao_table(
        fake,
        tmp_path,
        hands={"ana": "9H", "bo": "4C 5C", "cy": "6D 7D"},
        web_port=free_port(),
        turn_seconds=0,
    )
    ana, bo = mt.users["ana"], mt.users["bo"]
    mine, _ = await links(fake, ana, mt.thread_id)
    theirs, _ = await links(fake, bo, mt.thread_id)
    assert mine is not None and theirs is not None
    await mt.say("ana", "Mao")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    assert "New rule" in mt.buttons("ana")
    page, other = await open_page(browser, mine), await open_page(browser, theirs)
    await page.wait_for_selector("#form h2")
    assert await page.locator("#form h2").inner_text() == "Make a new rule"
    assert await other.locator("#form").is_hidden()
    # her page's Rejoin reads as her hand DM's button does
    rejoin = await page.locator('#controls button[data-action="rejoin"]').inner_text()
    assert rejoin == "Rejoin (take five cards)" and rejoin in mt.buttons("ana")
    # only the questions the choices need are shown
    await page.select_option('#form select[name="trigger"]', "rank")
    await page.select_option('#form select[name="effect"]', "skip")
    shown = page.locator("#form label:visible")
    assert await shown.count() == 3  # when, then, which rank
    await page.fill('#form label:visible input[name="detail"]', "7")
    ARTEFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / "mao-new-rule.png"), full_page=True)
    await page.click("#form button")
    rule = builder.build("rank", "skip", {"detail": "7"})
    told = f"• {builder.describe(rule)}"
    await page.wait_for_function(
        "t => document.querySelector('#prompt').innerText.includes(t)", arg=told
    )
    assert await page.locator("#form").is_hidden()
    await mt.settle()
    told_table = mt.announcements()
    assert any("made a new rule" in line for line in told_table), told_table
    assert not any("misses a turn" in line for line in told_table)  # never the rule itself
    assert told not in await other.locator("#prompt").inner_text()


async def winners_form(
    fake: FakeDiscord,
    tmp_path: Path,
    browser: Browser,
    width: int = 1000,
    height: int = 800,
    **options: Any,
) -> tuple[MaoTable, Page]:
    """ana and bo at Mao: ana goes out and wins the round, and her page, opened at ``width``
    by ``height``, shows the New rule form; -> the table and her page."""
    mt = await mao_table(
        fake,
        tmp_path,
        hands={"ana": "9H", "bo": "4C 5C"},
        players=("ana", "bo"),
        web_port=free_port(),
        turn_seconds=0,
        **options,
    )
    mine, _ = await links(fake, mt.users["ana"], mt.thread_id)
    assert mine is not None
    await mt.say("ana", "Mao")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    page = await open_page(browser, mine, width=width, height=height)
    await page.wait_for_selector("#form h2")
    return mt, page


async def test_mao_16_a_rule_the_builder_refuses_is_refused_on_the_page(
    fake_discord, tmp_path, browser
):
    """A rule whose details do not make one (a rank that is none) is refused with the
    builder's reason, and the winner keeps the round to spend."""
    mt, page = await winners_form(fake_discord, tmp_path, browser)
    await page.select_option('#form select[name="trigger"]', "rank")
    await page.select_option('#form select[name="effect"]', "skip")
    await page.fill('#form label:visible input[name="detail"]', "zz")
    await page.click("#form button")
    notice = page.locator("#notice")
    await notice.wait_for()
    assert (await notice.inner_text()).startswith("Rank must be one of")
    assert "New rule" in mt.buttons("ana")
    assert await page.locator("#form").is_visible()
