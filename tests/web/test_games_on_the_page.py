"""Every game /play offers (Mao has its own page test) plays from the page: a player taps what
the page offers (a legal card, a choice in the picker, a control) while bots play on Discord's
side, every move is accepted, and no frame the page receives holds another seat's card."""

from __future__ import annotations

import random

import pytest

from cogs.tables import PLAYABLE
from tests.e2e.chairman import cards_in, secret_cards, settled, start_bot, started_table
from tests.web.browser import free_port
from tests.web.test_browser import frames_of, links

MOVES = 8


@pytest.mark.parametrize("game", [g for g in PLAYABLE if g != "mao"])
async def test_each_game_plays_from_the_page(fake_discord, tmp_path, browser, game):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    table, thread_id, _ = await started_table(fake, bot, ana, game=game, bots=3)
    seat = table.seat_of_user(ana.id)
    assert seat is not None
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await browser.new_page()
    received = frames_of(page)
    await page.goto(mine)
    rng = random.Random(5)
    made = 0
    for _ in range(MOVES):
        await fake.wait_for(
            lambda: not table.is_running or table.waits_on(seat.seat), what="ana's turn"
        )
        await settled(bot)
        if not table.is_running:
            break
        token = table.token(seat.seat)
        await page.wait_for_function("t => current && current.token === t", arg=token)
        secrets = secret_cards(table)
        own = secrets.pop(seat.seat)
        # a game of two decks (Mau-Mau) may deal a card's twin to another seat
        hidden = set().union(*secrets.values()) - own
        for text in received:
            assert not cards_in(text) & hidden, text
        received.clear()
        before = table.acted.get(seat.seat, 0)
        tappable = page.locator("#hand button.legal, #controls button")
        await tappable.nth(int(rng.random() * await tappable.count())).click()
        picker = page.locator("#picker button")
        if await page.locator("#picker").is_visible():
            await picker.nth(int(rng.random() * await picker.count())).click()
        await fake.wait_for(
            lambda before=before: table.acted.get(seat.seat, 0) > before, what="the move"
        )
        assert await page.locator("#notice").is_hidden()
        made += 1
    assert made >= 3 or not table.is_running
