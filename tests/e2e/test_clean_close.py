"""Closing the bot while a bot's move is running: the move finishes (or, past the grace,
is cut off before it writes anything), nothing touches the closed database or HTTP session,
and the restarted bot resumes the table where it stood. Delayed table edits go out at close.
A press that arrived before the close is applied, logged and answered; one that arrives
during it is answered "The table is restarting; press again in a moment." and changes nothing,
as is a slash command (and a modal's submit: ``test_mao_rules``).

The bot's move is held deterministically by the test holding the service's bot gate (the
semaphore every bot move passes before it takes the table's lock), a press by the test holding
the table's lock, never by a sleep.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import random

from cogs.client import ChairmanBot
from data import store
from data.db import open_database
from engine import new_game
from tables.clock import FakeClock
from tables.model import Table
from tests.e2e.chairman import (
    choices,
    click,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    settled,
    start_bot,
    started_table,
)
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.own_time import PATIENCE


def logged_state(tmp_path, table_id: int) -> tuple[int, dict]:
    """(actions logged, the game they rebuild) for ``table_id``, read from the file."""
    db = open_database(tmp_path / "chairman.sqlite3")
    try:
        row = store.get_table(db, table_id)
        assert row is not None
        seats = [s["seat"] for s in store.get_seats(db, table_id)]
        game = new_game(row["game"], seats, seed=row["seed"], options=row["options"])
        actions = store.get_actions(db, table_id)
        for action in actions:
            game.apply(action["seat"], action["action"])
        return len(actions), game.to_dict()
    finally:
        db.close()


async def bot_move_running(fake: FakeDiscord, tmp_path) -> tuple[ChairmanBot, Table, FakeUser]:
    """A started Macao table (ana and one bot) whose bot's move timer has fired and waits at
    the bot gate, which the test holds (release it with ``bot.tables.bot_gate.release()``)."""
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    table, _thread, message = await open_table(
        fake, bot, ana, game="macao", bots=1, options="target=100"
    )
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(
        lambda: fake.dms(ana) and choices(hand_message(fake, ana)), what="ana's turn"
    )
    await settled(bot)
    assert table.game is not None and table.game.current_player() == str(ana.id)
    await bot.tables.bot_gate.acquire()
    rng = random.Random(5)
    while table.game.current_player() == str(ana.id):  # a draw may leave her on turn
        await fake.wait_for(lambda: choices(hand_message(fake, ana)), what="ana's choices")
        response = await play_one(fake, ana, hand_message(fake, ana), rng)
        assert not response["ephemeral"], response["content"]
        await settled(bot)
    scheduler = bot.tables.scheduler
    await fake.wait_for(
        lambda: any(isinstance(key, tuple) and key[0] == "bot" for key in scheduler.running()),
        what="the bot's move",
    )
    return bot, table, ana


async def close_while_held(bot: ChairmanBot, fake: FakeDiscord) -> asyncio.Task[None]:
    """Start closing ``bot``; -> the close, once it has stopped taking new timers."""
    closing = asyncio.create_task(bot.close())
    await fake.wait_for(lambda: bot.tables.scheduler.closing, what="the close to begin")
    return closing


def assert_clean(caplog) -> None:
    gc.collect()  # an unretrieved task exception is reported when its task is collected
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]


async def test_close_waits_for_a_running_bot_move_which_stays_logged(
    fake_discord, tmp_path, caplog
):
    fake = fake_discord
    bot, table, ana = await bot_move_running(fake, tmp_path)
    logged_before, _ = logged_state(tmp_path, table.id)

    closing = await close_while_held(bot, fake)
    assert not closing.done()  # it waits for the move
    bot.tables.bot_gate.release()
    await closing

    assert_clean(caplog)
    assert not bot.tables.scheduler.running() and not bot.tables.scheduler.keys()
    logged, state = logged_state(tmp_path, table.id)
    assert logged > logged_before  # the bot's move went into the log
    assert state == table.game.to_dict()  # everything it did is in the log, nothing more

    again = await start_bot(fake, tmp_path)
    resumed = again.tables.tables[table.id]
    await settled(again)
    assert logged_state(tmp_path, table.id)[0] >= logged
    await fake.wait_for(lambda: choices(hand_message(fake, ana)), what="ana's turn again")
    response = await play_one(fake, ana, hand_message(fake, ana), random.Random(1))
    assert not response["ephemeral"], response["content"]
    assert resumed.game is not None and resumed.status == "running"


async def test_a_bot_move_still_running_after_the_grace_is_cut_off_writing_nothing(
    fake_discord, tmp_path, caplog
):
    fake = fake_discord
    bot, table, ana = await bot_move_running(fake, tmp_path)
    bot.tables.scheduler.grace = 0.0
    logged_before, state_before = logged_state(tmp_path, table.id)

    closing = await close_while_held(bot, fake)
    await closing
    bot.tables.bot_gate.release()

    assert_clean(caplog)
    assert any("cancelled" in r.getMessage() for r in caplog.records)
    assert logged_state(tmp_path, table.id) == (logged_before, state_before)

    again = await start_bot(fake, tmp_path)
    resumed = again.tables.tables[table.id]
    # the restarted bot makes the move that was cut off, and ana is on turn again
    await fake.wait_for(
        lambda: resumed.game.current_player() == str(ana.id), what="the bot's move, redone"
    )
    await settled(again)
    assert logged_state(tmp_path, table.id)[0] > logged_before
    await fake.wait_for(lambda: choices(hand_message(fake, ana)), what="ana's turn again")


async def test_a_table_edit_waiting_for_its_interval_goes_out_at_close(
    fake_discord, tmp_path, caplog
):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, table_edit_interval=10.0)
    table, _thread, message = await open_table(fake, bot, ana, game="macao")
    await bot.tables.add_bot(table.id, ana.id)
    await fake.wait_for(lambda: "Ada" in fake.message(message.id).text(), what="Ada")
    await bot.tables.add_bot(table.id, ana.id)  # within the interval: waits for it
    await fake.wait_for(lambda: table.id in bot.publisher.table_message.waiting, what="the wait")
    assert "Babbage" not in fake.message(message.id).text()

    await bot.close()  # the fake clock never reaches the interval: close sends it

    assert_clean(caplog)
    assert "Babbage" in fake.message(message.id).text()
    assert not bot.publisher.table_message.tasks and not bot.publisher.background


async def _press(fake: FakeDiscord, user: FakeUser, message, offered: tuple[str, str | None]):
    cid, value = offered
    if value is None:
        return await fake.click(user, message, cid)
    return await fake.select(user, message, cid, [value])


async def test_a_press_during_close_is_answered_restarting_and_one_before_it_is_applied(
    fake_discord, tmp_path, caplog
):
    fake = fake_discord
    ana, bob = fake.add_member("ana"), fake.add_member("bob")
    bot = await start_bot(fake, tmp_path)
    table, _thread, _ = await started_table(fake, bot, ana, bob, game="macao")
    await settled(bot)
    player = {str(ana.id): ana, str(bob.id): bob}[table.game.current_player()]
    player.locale = "pt-BR"
    hand = hand_message(fake, player)
    offered = choices(hand)
    assert len(offered) >= 2, offered
    logged_before, _ = logged_state(tmp_path, table.id)

    await table.lock.acquire()  # the first press waits for the table, as behind a long move
    try:
        first = await _press(fake, player, hand, offered[0])
        await fake.wait_for(lambda: bot.presses.count == 1, what="the first press, in hand")
        closing = asyncio.create_task(bot.close())
        await fake.wait_for(lambda: bot.presses.closing, what="the close to begin")
        second = await _press(fake, player, hand, offered[-1])
        refused = await second.wait_finished()
        assert not closing.done()  # it waits for the first press
    finally:
        table.lock.release()
    await closing
    answered = await first.wait_finished()

    assert refused["ephemeral"]
    said = refused["content"].split("\n")[0]
    assert said == "A mesa está reiniciando; aperte de novo em um instante."
    assert not answered["ephemeral"], answered["content"]  # the first press was played
    assert_clean(caplog)
    logged, state = logged_state(tmp_path, table.id)
    assert logged == logged_before + 1  # the first press, and nothing of the second
    assert state == table.game.to_dict()

    again = await start_bot(fake, tmp_path)
    await settled(again)
    assert again.tables.tables[table.id].game.to_dict() == state


async def test_a_slash_command_during_close_is_answered_restarting_and_opens_nothing(
    fake_discord, tmp_path
):
    fake = fake_discord
    ana = fake.add_member("ana")
    ana.locale = "pt-BR"
    # the held press below may take long under load: the stop waits for it as long
    bot = await start_bot(fake, tmp_path, close_grace_discord=PATIENCE)
    with bot.presses.held():  # a press still in hand keeps the close waiting for it
        closing = asyncio.create_task(bot.close())
        await fake.wait_for(lambda: bot.presses.closing, what="the close to begin")
        i = await fake.slash(ana, "play", fake.general_id, game="macao")
        refused = await i.wait_finished()
        assert not closing.done()
    await closing
    assert refused["ephemeral"]
    assert refused["content"] == "A mesa está reiniciando; aperte de novo em um instante."
    assert fake.threads() == [] and bot.tables.tables == {}  # no table was opened
