"""The table on a phone held upright (360 CSS pixels wide, the narrowest common phone): a
seated player's page fits the screen's width with nothing to scroll sideways, every card of
the hand and every button is a target a thumb can hit, and the cards' rank and suit are drawn
at a size that can be read. The screenshot is kept as a test artefact."""

from __future__ import annotations

from tests.e2e.chairman import settled, start_bot, started_table
from tests.web.browser import free_port
from tests.web.test_browser import ARTEFACTS, links, open_page
from tests.web.test_mao_page import winners_form

#: a phone held upright
WIDTH, HEIGHT = 360, 740
#: the smallest target a finger hits reliably, in CSS pixels (WCAG 2.2's 2.5.8 asks 24;
#: phone makers' guides ask 44 to 48 for the whole control: a card is taller than wide)
TARGET = 40
#: the smallest text that reads without zooming, in CSS pixels
TEXT = 12

MEASURE = """() => {
  const box = (el) => el.getBoundingClientRect();
  const cards = [...document.querySelectorAll('#hand .card')].map((c) => {
    const b = box(c);
    const size = Math.min(...[...c.children].map((s) => parseFloat(getComputedStyle(s).fontSize)));
    return {left: b.left, right: b.right, width: b.width, height: b.height, size};
  });
  const buttons = [...document.querySelectorAll('#controls button')].map((b) => box(b).height);
  return {scroll: document.documentElement.scrollWidth, cards, buttons};
}"""


async def test_a_seated_players_page_fits_a_phone_held_upright(fake_discord, tmp_path, browser):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    _, thread_id, _ = await started_table(fake, bot, ana, game="crazyeights", bots=3)
    await settled(bot)
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await open_page(browser, mine, width=WIDTH, height=HEIGHT)
    await page.wait_for_selector("#hand .card")
    ARTEFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / "table-phone.png"), full_page=True)
    seen = await page.evaluate(MEASURE)
    assert seen["scroll"] <= WIDTH  # nothing to scroll sideways
    assert seen["cards"]
    for card in seen["cards"]:
        assert card["left"] >= 0 and card["right"] <= WIDTH, card
        assert card["width"] >= TARGET and card["height"] >= TARGET, card
        assert card["size"] >= TEXT, card
    assert all(height >= TARGET for height in seen["buttons"]), seen["buttons"]


async def test_mao_16_the_new_rule_form_fits_a_phone_in_german_its_longest_words(
    fake_discord, tmp_path, browser
):
    """The form's long choices (German's the longest) are cut in their boxes, not drawn
    past the screen's edge."""
    _, page = await winners_form(
        fake_discord, tmp_path, browser, width=WIDTH, height=HEIGHT, language="de"
    )
    seen = await page.evaluate(MEASURE)
    assert seen["scroll"] <= WIDTH
