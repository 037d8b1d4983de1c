"""A whole match of every shedding game /play offers with one person on the page and one on
Discord: ana taps only what her page offers (a legal card, a choice in the picker for a wild
card's suit or several cards at once, the buttons for a draw, a pass, a vote), bo presses the
buttons of his hand DM on the fake Discord, and they play to the match's end, which the page and
the thread both announce. Every frame ana's page receives is read for another seat's card.
(Mao, played in real time with speech, has its own whole match in ``test_mao_page.py``.)

Each match is kept short with the game's own options: one round (or game), and for Crazy Eights
a small hand; President needs four seats, so two bots sit with them."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from playwright.async_api import Page

from cogs.tables import PLAYABLE
from tables import queries
from tables.model import Table
from tests.e2e.chairman import (
    cards_in,
    choices,
    hand_message,
    secret_cards,
    settled,
    start_bot,
    started_table,
)
from tests.fakediscord import FakeDiscord, FakeUser
from tests.web.browser import free_port
from tests.web.test_browser import frames_of, links

#: /play's options (and bots) that keep each match short
SHORT = {
    "macao": ("rounds=1", 0),
    "maumau": ("rounds=1", 0),
    "lastcard": ("games=1", 0),
    "crazyeights": ("rounds=1 hand_size=3 draw_limit=1", 0),
    "president": ("rounds=1", 2),
}
#: more moves than any of these matches takes: a match still running after them is stuck
MOVES = 400

#: what the page offers to tap: its legal cards, then its own buttons (never "leave")
OFFERED = """() => {
  const cards = [...document.querySelectorAll('#hand button.legal')];
  const buttons = [...document.querySelectorAll('#controls button')]
    .filter((b) => !b.dataset.action.startsWith('leave'));
  return {cards: cards.length, buttons: buttons.map((b) => b.dataset.action)};
}"""


def test_every_shedding_game_is_played_whole():
    # a game /play offers and this file does not play would go untested
    missing = set(PLAYABLE) - set(SHORT) - {"mao"}
    assert not missing, f"give SHORT the options that keep a match of {sorted(missing)} short"
    assert set(SHORT) <= set(PLAYABLE)


def announces(table: Table, seat: str) -> bool:
    """Whether ``seat`` has an announcement to make now ("last card")."""
    assert table.game is not None
    return any(a.kind == "announce" for a in table.game.legal_actions(seat))


def assert_no_leak(table: Table, seat: str, received: list[str]) -> None:
    """No frame the page got holds a card another seat holds now (a two-pack game may deal
    a card's twin to the viewer: that one is theirs)."""
    secrets = secret_cards(table)
    own = secrets.pop(seat)
    hidden = set().union(*secrets.values()) - own
    for text in received:
        assert not cards_in(text) & hidden, text
    received.clear()


async def tap(page: Page, table: Table, seat: str, rng: random.Random) -> None:
    """One move from the page, as a person makes it: an announcement the page offers (a
    player says "last card" when they must), else a legal card (and a choice in the picker
    when it opens), else one of the page's buttons."""
    token = table.token(seat)
    await page.wait_for_function("t => current && current.token === t", arg=token)
    offered = await page.evaluate(OFFERED)
    announce = [a for a in offered["buttons"] if a.startswith("announce")]
    if announce:
        await page.locator(f'#controls button[data-action="{announce[0]}"]').click()
    elif offered["cards"]:  # a player with a card to play plays one
        await page.locator("#hand button.legal").nth(rng.randrange(offered["cards"])).click()
        picker = page.locator("#picker")
        if await picker.is_visible():
            options = picker.locator("button")
            await options.nth(rng.randrange(await options.count())).click()
    else:
        assert offered["buttons"], "the page offers nothing to a seat the table waits on"
        action = rng.choice(offered["buttons"])
        await page.locator(f'#controls button[data-action="{action}"]').click()


async def from_the_page(
    fake: FakeDiscord,
    received: list[str],
    send: Callable[[], Awaitable[None]],
    done: Callable[[], bool],
) -> None:
    """``send`` (a tap, words typed) until ``done``. A person tapping faster than the page's
    limit allows (``web.messages.RATE``) is told to wait; they wait a moment and try again. Any
    other refusal fails the test."""
    for _ in range(3):
        first = len(received)
        await send()

        def moved(first: int = first) -> bool | list[str]:
            return done() or refusals(received[first:])

        await fake.wait_for(moved, what="the page's move")
        if done():
            return
        said = refusals(received[first:])[0]
        assert said.startswith("Too many messages"), said
        await asyncio.sleep(1.0)  # the limit counts a second's messages
    raise AssertionError("the page kept refusing")


def refusals(frames: list[str]) -> list[str]:
    """The reasons of the refusals among ``frames``."""
    read = [json.loads(text) for text in frames]
    return [data["reason"] for data in read if data.get("type") == "refused"]


async def press(fake: FakeDiscord, user: FakeUser, rng: random.Random) -> None:
    """One move from the hand DM: an announcement it offers, else a card's button (or a
    choice of its select), else one of the other buttons (a draw, a pass, a vote), never
    Leave."""
    message = hand_message(fake, user)
    offered: list[tuple[str, str | None]] = []
    for cid, value in choices(message):
        action = value if value is not None else cid.split(":", 4)[4]
        if not action.startswith("leave"):
            offered.append((cid, value))
    assert offered, f"nothing to press on {user.name}'s hand"
    announce = [
        (cid, v) for cid, v in offered if (v or cid.split(":", 4)[4]).startswith("announce")
    ]
    plays = [(cid, v) for cid, v in offered if (v or cid.split(":", 4)[4]).startswith("play")]
    pool = announce or plays or offered
    cid, value = rng.choice(pool)
    if value is None:
        i = await fake.click(user, message, cid)
    else:
        i = await fake.select(user, message, cid, [value])
    response: dict[str, Any] = await i.wait_finished()
    assert not response["ephemeral"], response["content"]


@pytest.mark.parametrize("game", sorted(SHORT))
async def test_a_whole_match_with_one_player_on_the_page_and_one_on_discord(
    fake_discord, tmp_path, browser, game
):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path, web_port=free_port())
    options, bots = SHORT[game]
    extra: dict[str, Any] = {"bots": bots} if bots else {}
    table, thread_id, _ = await started_table(
        fake, bot, ana, bo, game=game, options=options, **extra
    )
    seat_a, seat_b = table.seat_of_user(ana.id), table.seat_of_user(bo.id)
    assert seat_a is not None and seat_b is not None
    mine, _ = await links(fake, ana, thread_id)
    assert mine is not None
    page = await browser.new_page()
    received = frames_of(page)  # from the first frame on
    await page.goto(mine)
    rng = random.Random(7)
    people = (seat_a.seat, seat_b.seat)
    for _ in range(MOVES):  # each a move by ana or bo
        await fake.wait_for(
            lambda: not table.is_running or bool(set(table.waiting()) & set(people)),
            what="ana or bo to move",
        )
        await settled(bot)
        if not table.is_running:
            break
        waiting = table.waiting()
        # whoever owes an announcement makes it first, as people do; else whose turn it is
        player = next(
            (s for s in people if announces(table, s)),
            seat_a.seat if seat_a.seat in waiting else seat_b.seat,
        )
        before = table.acted.get(player, 0)
        # each move's choice is drawn once, so a tap tried again (``from_the_page``) taps the
        # same card, and the match goes the same way however fast the machine is
        choice = rng.random()
        if player == seat_a.seat:
            assert_no_leak(table, player, received)
            await from_the_page(
                fake,
                received,
                lambda player=player, choice=choice: tap(
                    page, table, player, random.Random(choice)
                ),
                lambda player=player, before=before: (
                    table.acted.get(player, 0) > before or not table.is_running
                ),
            )
        else:
            await press(fake, bo, random.Random(choice))
            await fake.wait_for(
                lambda player=player, before=before: (
                    table.acted.get(player, 0) > before or not table.is_running
                ),
                what="bo's move",
            )
    assert table.status == "finished", f"{game} still running after {MOVES} moves"
    assert table.acted.get(seat_a.seat) and table.acted.get(seat_b.seat)
    await settled(bot)
    assert_no_leak(table, seat_a.seat, received)
    public = queries.public(table)
    assert public is not None and public.outcome is not None
    winners = [table.names()[w] for w in public.outcome["winners"]]
    assert winners
    # the page: the match's end among its last events, and its replay offered
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#lines li')]"
        ".some((li) => li.textContent.startsWith('The match is over'))"
    )
    assert await page.locator("#replay").is_visible()
    # and its facts say who won, in the words the table message says it with
    told = " ".join(await page.locator("#facts p").all_inner_texts())
    assert "Match over." in told and all(w in told for w in winners), told
    # the thread: the table's end, naming the winner
    posts = [m.content or "" for m in fake.messages(thread_id)]
    ended = [p for p in posts if p.startswith("**Match over.**")]
    assert ended and all(f"**{w}**" in ended[-1] or w in ended[-1] for w in winners), posts
