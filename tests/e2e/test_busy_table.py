"""A press on a busy table is answered inside Discord's 3 s and then shows its outcome.

The table is made busy for real: the test holds the table's own lock, as a long move of
another seat would. The bot cannot act while it waits, so it defers the press (a deferred
update for a press that redraws its hand or lobby, "thinking" for an answer that is a new
message) before the fake's 3-second deadline, and once the lock is free it acts, logs the
action and shows the outcome through the interaction's token: the move applied, a refusal
with why and the current hand, never "This interaction failed".
"""

from __future__ import annotations

from data import store
from tests.e2e.chairman import (
    choices,
    hand_message,
    lobby_id,
    one_id,
    open_table,
    start_bot,
    started_table,
)
from tests.fakediscord.interactions import DEFERRED_MESSAGE, DEFERRED_UPDATE


async def two_humans(fake, tmp_path):
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await started_table(fake, bot, ana, bo, game="macao", images=False)
    users = {str(ana.id): ana, str(bo.id): bo}
    return bot, table, thread_id, message, users


async def while_busy(fake, table, *presses):
    """Make each press while the test holds the table's lock, and give the lock back once
    every press has its first answer; -> the interactions."""
    await table.lock.acquire()
    try:
        version = table.version
        pressed = [await press() for press in presses]
        for i in pressed:
            await i.wait_answered()
        assert table.version == version  # nothing could happen while the table was held
    finally:
        table.lock.release()
    for i in pressed:
        first = i.answers[0]
        assert first["status"] == 200 and first["at"] < fake.interaction_deadline, i.answers
    return pressed


def draw_on(message):
    return next(cid for cid, _ in choices(message) if cid.endswith(":draw"))


async def test_a_press_on_a_busy_table_is_deferred_then_shows_the_move(fake_discord, tmp_path):
    fake = fake_discord
    bot, table, _, _, users = await two_humans(fake, tmp_path)
    user = users[table.game.current_player()]
    dm = hand_message(fake, user)
    before = dm.content
    logged = store.count_actions(bot.db, table.id)
    version = table.version

    (i,) = await while_busy(fake, table, lambda: fake.click(user, dm, draw_on(dm)))

    assert i.response["type"] == DEFERRED_UPDATE
    shown = await i.wait_finished()
    assert not shown["ephemeral"], shown["content"]  # the hand redrawn, not a refusal
    assert table.version > version
    assert store.count_actions(bot.db, table.id) > logged
    # the DM itself now shows the hand after the draw
    assert shown["content"] != before
    assert shown["content"] == bot.publisher.layout(table, table.seat_of_user(user.id)).content


async def test_a_double_click_on_a_busy_table_applies_once_and_refuses_with_the_hand(
    fake_discord, tmp_path
):
    fake = fake_discord
    bot, table, _, _, users = await two_humans(fake, tmp_path)
    user = users[table.game.current_player()]
    dm = hand_message(fake, user)
    draw = draw_on(dm)
    logged = store.count_actions(bot.db, table.id)

    first, second = await while_busy(
        fake, table, lambda: fake.click(user, dm, draw), lambda: fake.click(user, dm, draw)
    )

    assert first.response["type"] == second.response["type"] == DEFERRED_UPDATE
    applied = await first.wait_finished()
    refused = await second.wait_finished()
    assert not applied["ephemeral"], applied["content"]
    assert refused["ephemeral"] and "out of date" in refused["content"]
    assert "Your hand" in refused["content"] and refused["components"]
    assert store.count_actions(bot.db, table.id) == logged + 1


async def test_a_press_on_an_ephemeral_hand_of_a_busy_table_redraws_it(fake_discord, tmp_path):
    fake = fake_discord
    _bot, table, _, message, users = await two_humans(fake, tmp_path)
    user = users[table.game.current_player()]
    mine = await fake.click(user, fake.message(message.id), one_id(message, "chairman:hand:"))
    hand = (await mine.wait_finished(), mine.original)[1]
    assert hand is not None and hand.ephemeral

    (i,) = await while_busy(fake, table, lambda: fake.click(user, hand, draw_on(hand)))

    assert i.response["type"] == DEFERRED_UPDATE
    shown = await i.wait_finished()
    assert not shown["ephemeral"], shown["content"]
    assert fake.message(hand.id).content == shown["content"] != hand.versions()[0]["content"]


async def test_a_lobby_press_on_a_busy_table_redraws_the_lobby(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, _, message = await open_table(fake, bot, ana, game="macao", images=False)

    (i,) = await while_busy(fake, table, lambda: fake.click(bo, message, lobby_id(message, "join")))

    assert i.response["type"] == DEFERRED_UPDATE
    shown = await i.wait_finished()
    assert table.seat_of_user(bo.id) is not None
    assert "\n2. bo\n" in shown["embeds"][0]["description"]  # bo's seat in the lobby shown


async def test_a_slash_command_on_a_busy_table_thinks_then_answers(fake_discord, tmp_path):
    fake = fake_discord
    _bot, table, thread_id, _, users = await two_humans(fake, tmp_path)
    user = next(iter(users.values()))

    (i,) = await while_busy(fake, table, lambda: fake.slash(user, "table leave", thread_id))

    assert i.response["type"] == DEFERRED_MESSAGE and i.response["ephemeral"]
    shown = await i.wait_finished()
    assert shown["content"].startswith("You left")
    assert table.seat_of_user(user.id).left_game


async def test_an_outcome_ready_while_its_defer_is_on_the_wire_follows_the_defer(
    fake_discord, tmp_path
):
    """The outcome waits for a defer already sent, then edits through the token: a press
    never gets two first answers (the second would be refused, 40060)."""
    fake = fake_discord
    _bot, table, _, _, users = await two_humans(fake, tmp_path)
    user = users[table.game.current_player()]
    dm = hand_message(fake, user)
    version = table.version
    fake.callback_latency = 0.5
    await table.lock.acquire()
    try:
        i = await fake.click(user, dm, draw_on(dm))
        await fake.wait_for(lambda: i.answers, what="the defer on its way")
    finally:
        table.lock.release()  # the move is made, and its outcome ready, while the defer flies
    shown = await i.wait_finished()
    assert [a["status"] for a in i.answers] == [200], i.answers
    assert i.response["type"] == DEFERRED_UPDATE
    assert not shown["ephemeral"], shown["content"]
    assert table.version > version
