"""A game played on a turn's clock shows it on the page, counted down there between frames:
Mao's five seconds (MAO-14) run from the turn's start, and a Point of Order stops them
(MAO-15), as the thread's table message and the terminal's head say. A game with no clock
shows none."""

from __future__ import annotations

import re

from engine import new_game
from tests.engine.mao.table import say, table
from tests.running_table import running_table
from tests.web.test_mao_page import ana_and_bo_at_mao
from web.frames import frame

STARTED = 1_700_000_000.0


def test_mao_14_the_page_counts_the_turns_clock_down_to_its_end():
    game = table({"ana": "6H 2C 3C"}, clock=True)
    running = running_table(game)
    running.started_at = STARTED
    clock = frame(running, None)["clock"]
    ends = game.observation(None)["turn_ends"]
    assert ends is not None
    assert clock == {"ends": STARTED + ends, "words": "{seconds}s left"}


def test_mao_15_a_point_of_order_stops_the_clock_on_the_page():
    game = table({"ana": "6H 2C 3C"}, clock=True)
    say(game, "bo", "point of order", at=1)
    running = running_table(game, "pt-BR")
    running.started_at = STARTED
    clock = frame(running, "ana")["clock"]
    assert clock == {"words": "questão de ordem: o relógio está parado"}


def test_a_game_with_no_turns_clock_shows_none():
    running = running_table(new_game("macao", ["ana", "bo"], seed=1))
    running.started_at = STARTED
    assert frame(running, None)["clock"] is None


async def test_mao_14_the_page_shows_the_seconds_left(fake_discord, tmp_path, browser):
    page = (await ana_and_bo_at_mao(fake_discord, tmp_path, browser, options="turn_seconds=60"))[3]
    await page.locator("#clock").wait_for()
    shown = await page.locator("#clock").inner_text()
    assert re.fullmatch(r"\d+s left", shown) and 0 < int(shown[:-6]) <= 60, shown


async def test_mao_14_the_page_counts_the_seconds_down_between_frames(
    fake_discord, tmp_path, browser
):
    page = (await ana_and_bo_at_mao(fake_discord, tmp_path, browser, options="turn_seconds=60"))[3]
    await page.locator("#clock").wait_for()
    first = int((await page.locator("#clock").inner_text())[:-6])
    # nobody moves: only the page's own count can bring the number down
    await page.wait_for_function(
        "n => parseInt(document.getElementById('clock').textContent) < n", arg=first
    )
