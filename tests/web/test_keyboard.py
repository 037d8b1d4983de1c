"""The web table played from the keyboard and heard through a screen reader, in a real
browser: focus stays among the hand's buttons across the frames that redraw them, a card's
choices open beside it and close with Escape, every card is named in the table's language,
and what each frame brings (the new events, the hand's prompt) is told through a live
region."""

from __future__ import annotations

import i18n
from engine.words import card_name
from tests.e2e.chairman import settled
from tests.e2e.maotable import MaoTable, mao_table
from tests.web.browser import free_port
from tests.web.test_browser import links, on_turn, open_page

#: where keyboard focus is on the page: the focused element's id, card, action or tag
FOCUSED = """() => {
  const el = document.activeElement;
  return el.dataset.card || el.dataset.action || el.id || el.tagName;
}"""


async def test_a_move_made_from_the_keyboard_leaves_focus_on_the_hand(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    bot, table, seat, _thread_id, page = await on_turn(
        fake, fake.add_member("ana"), tmp_path, browser
    )
    version = await page.evaluate("current.version")
    moves_before = table.acted.get(seat.seat, 0)
    await page.focus("#controls button")
    await page.keyboard.press("Enter")
    await fake.wait_for(lambda: table.acted.get(seat.seat, 0) > moves_before, what="the move")
    await settled(bot)
    await page.wait_for_function("v => current.version > v", arg=version)
    inside = await page.evaluate("() => Boolean(document.activeElement.closest('#mine'))")
    assert inside, await page.evaluate(FOCUSED)


async def test_every_card_is_named_in_the_tables_language(fake_discord, tmp_path, browser):
    fake = fake_discord
    page = (await on_turn(fake, fake.add_member("ana"), tmp_path, browser, language="pt-BR"))[-1]
    await page.wait_for_selector("#hand .card")
    pt = i18n.get("pt-BR")
    for card in await page.locator("#hand .card, #pile .card").all():
        code = await card.get_attribute("data-card")
        assert code is not None
        assert await card.get_attribute("aria-label") == card_name(code, pt)
    # the hand's heading is in the table's language too
    assert await page.locator("#mine-title").inner_text() == pt._("Your hand")


async def test_a_frame_tells_a_screen_reader_the_new_events(fake_discord, tmp_path, browser):
    fake = fake_discord
    bot, _table, _seat, _thread_id, page = await on_turn(
        fake, fake.add_member("ana"), tmp_path, browser
    )
    assert await page.locator("#said").get_attribute("aria-live") == "polite"
    await page.wait_for_function("document.querySelector('#said').textContent.length > 0")
    # the first frame tells the prompt, not the events that came before the page opened
    assert await page.locator("#said").text_content() == "Your turn."
    version = await page.evaluate("current.version")
    await page.locator("#controls button").first.click()
    await page.wait_for_function("v => current.version > v", arg=version)
    await settled(bot)
    said = await page.locator("#said").text_content()
    newest = await page.locator("#lines li").last.inner_text()
    assert said and newest in said


async def jack_in_hand(fake, tmp_path) -> MaoTable:
    """A Mao table of ana and bo, ana holding the Jack of hearts, which plays in four ways
    (a suit named with it)."""
    return await mao_table(
        fake,
        tmp_path,
        hands={"ana": "JH 9C", "bo": "4C 5C"},
        players=("ana", "bo"),
        web_port=free_port(),
        turn_seconds=0,
    )


async def test_escape_closes_a_cards_choices_and_gives_the_card_back_its_focus(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    mt = await jack_in_hand(fake, tmp_path)
    mine, _ = await links(fake, mt.users["ana"], mt.thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    jack = page.locator('#hand button[data-card="JH"]')
    await jack.focus()
    await page.keyboard.press("Enter")
    picker = page.locator("#picker")
    await picker.wait_for(state="visible")
    # the choices are named for the card, and the first of them has the focus
    assert await picker.get_attribute("aria-label") == "jack of hearts"
    assert await page.evaluate(FOCUSED) == await picker.locator("button").first.get_attribute(
        "data-action"
    )
    spoken = await picker.locator("button").first.get_attribute("aria-label")
    assert spoken is not None and spoken.startswith("jack of hearts → ")
    await page.keyboard.press("Escape")
    await picker.wait_for(state="hidden")
    assert await page.evaluate(FOCUSED) == "JH"


async def test_a_frame_that_still_offers_a_cards_choices_keeps_them_open(
    fake_discord, tmp_path, browser
):
    fake = fake_discord
    mt = await jack_in_hand(fake, tmp_path)
    mine, spectator = await links(fake, mt.users["ana"], mt.thread_id)
    assert mine is not None
    page = await open_page(browser, mine)
    await page.locator('#hand button[data-card="JH"]').click()
    picker = page.locator("#picker")
    await picker.wait_for(state="visible")
    version = await page.evaluate("current.viewers")
    # someone opens the spectators' link: a frame with one more watcher, the same moves
    await open_page(browser, spectator)
    await page.wait_for_function("v => current.viewers > v", arg=version)
    assert await picker.is_visible()
