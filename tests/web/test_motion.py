"""The page moves a little, as a table does: a card just played lands on the pile (the first
frame a page draws lands nothing), and a reader whose system asks for reduced motion sees no
movement at all."""

from __future__ import annotations

from tests.web.test_browser import on_turn, tap_a_move


async def landing(page) -> str:
    """The animation of the pile's top card once a card has come onto it since the page
    opened. Found and read in one step of the page: the bot's next move redraws the pile, and
    a card read after it has left the page has no style at all."""
    found = await page.wait_for_function(
        """() => {
            const top = document.querySelector("#pile .card.landed");
            return top && getComputedStyle(top).animationName;
        }"""
    )
    return await found.json_value()


async def test_a_card_played_lands_on_the_pile(fake_discord, tmp_path, browser):
    fake = fake_discord
    page = (await on_turn(fake, fake.add_member("ana"), tmp_path, browser))[-1]
    assert await page.locator("#pile .card").count() == 1
    assert await page.locator("#pile .card.landed").count() == 0  # nothing landed at first
    await tap_a_move(page)
    assert await landing(page) == "land"


async def test_no_motion_where_the_reader_asked_for_none(fake_discord, tmp_path, browser):
    fake = fake_discord
    page = (await on_turn(fake, fake.add_member("ana"), tmp_path, browser))[-1]
    await page.emulate_media(reduced_motion="reduce")
    await tap_a_move(page)
    assert await landing(page) == "none"
