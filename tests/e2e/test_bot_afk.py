"""AFK through the fake Discord, on a fake clock: a slow human is warned once, a bot plays
that turn for them, two missed turns in a row mark them away, and "I'm back" ends it."""

from __future__ import annotations

import asyncio

from data import store
from tables.clock import FakeClock
from tests.e2e.chairman import click, hand_message, lobby_id, one_id, open_table, start_bot


async def settle(bot):
    await asyncio.sleep(0)
    await bot.publisher.settled()


async def until_turn_of(bot, clock, table, user):
    for _ in range(100):
        await settle(bot)
        if table.game.current_player() == str(user.id):
            return
        await clock.advance(1)
    raise AssertionError(f"never {user.name}'s turn")


async def test_afk_warning_stand_in_away_and_back(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    clock = FakeClock()
    bot = await start_bot(fake, tmp_path, clock=clock, bot_delay=1.0, turn_timeout=60.0)
    table, thread_id, message = await open_table(fake, bot, ana, game="macao", bots=1)
    await click(fake, ana, message, lobby_id(message, "start"))
    seat = table.seat(str(ana.id))

    def warnings():
        return [m for m in fake.messages(thread_id) if "a bot will play it" in m.content]

    # turn 1: warned once at the timeout, then a bot plays it
    await until_turn_of(bot, clock, table, ana)
    await clock.advance(59)
    await settle(bot)
    assert not warnings()
    await clock.advance(2)
    await settle(bot)
    assert len(warnings()) == 1 and f"<@{ana.id}>" in warnings()[0].content
    version = table.version
    await clock.advance(28)  # 89 s into the turn
    await settle(bot)
    assert table.version == version
    await clock.advance(2)
    await settle(bot)
    assert table.version > version
    played = [r for r in store.get_actions(bot.db, table.id) if r["by"] == "afk"]
    assert played and all(r["seat"] == str(ana.id) for r in played)
    assert seat.afk_played and not seat.away

    # turn 2 in a row: the seat is marked away, and the bot keeps playing it
    await until_turn_of(bot, clock, table, ana)
    await clock.advance(61)
    await clock.advance(30)
    await settle(bot)
    assert seat.away
    assert any("marked away" in m.content for m in fake.messages(thread_id))
    assert len(warnings()) == 2
    dm = hand_message(fake, ana)
    assert "I'm back" in dm.text()
    version = table.version
    await clock.advance(5)
    await settle(bot)
    assert table.version > version and len(warnings()) == 2

    # "I'm back" on the hand: the human plays again
    response = await click(fake, ana, dm, one_id(dm, "chairman:back:"))
    assert "I'm back" not in str(response["components"])
    assert not seat.away
    await until_turn_of(bot, clock, table, ana)
    await settle(bot)
    assert [c for c in hand_message(fake, ana).custom_ids() if c.startswith("chairman:act:")]
