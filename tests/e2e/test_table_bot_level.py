"""The table's bot level through the fake Discord: a table opened with ``/play bots:0
bot_level:expert`` shows the level in its lobby, an away player's stand-in is an expert bot
that makes their moves, and a restarted bot keeps the level for the stand-in."""

from __future__ import annotations

import asyncio
import random

from data import store
from engine.bots.expert import ExpertBot
from tables.clock import FakeClock
from tests.e2e.chairman import (
    choices,
    click,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    settled,
    start_bot,
)


async def test_an_away_players_stand_in_plays_at_the_tables_expert_level(
    fake_discord, tmp_path, monkeypatch
):
    fake = fake_discord
    thinkers: list[ExpertBot] = []
    choose = ExpertBot.choose

    def spy(self, observation, legal):
        thinkers.append(self)
        return choose(self, observation, legal)

    monkeypatch.setattr(ExpertBot, "choose", spy)
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    clock = FakeClock()
    settings = {"bot_delay": 1.0, "turn_timeout": 60.0, "expert_budget": 0.005}
    bot = await start_bot(fake, tmp_path, clock=clock, **settings)
    table, _thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=0, bot_level="expert", options="target=500"
    )
    assert "Bot level: expert" in fake.message(message.id).text()
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    assert not any(s.is_bot for s in table.seats)
    away = table.seat(str(bo.id))

    # ana plays her turns; bo lets two in a row run out and is marked away
    rng = random.Random(3)
    for _ in range(400):
        await settled(bot)
        if away.away:
            break
        if table.game.current_player() == str(ana.id) and choices(hand_message(fake, ana)):
            response = await play_one(fake, ana, hand_message(fake, ana), rng)
            assert not response["ephemeral"], response["content"]
            continue
        await clock.advance(10)
        await asyncio.sleep(0)
    assert away.away and table.status == "running"

    stand_in = table.driver.bots[away.seat]
    assert isinstance(stand_in, ExpertBot)
    assert stand_in in thinkers  # the expert chose the moves made for bo
    assert any(
        r["by"] == "afk" and r["seat"] == away.seat for r in store.get_actions(bot.db, table.id)
    )

    # a restart keeps the table's level, and with it the stand-in's
    await bot.close()
    again = await start_bot(fake, tmp_path, clock=clock, **settings)
    resumed = again.tables.tables[table.id]
    assert resumed.bot_level == "expert" and resumed.seat(away.seat).away
    assert isinstance(resumed.driver.bots[away.seat], ExpertBot)
