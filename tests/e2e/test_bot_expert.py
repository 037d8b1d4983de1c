"""A table of expert bots, opened with /play bot_level:expert, plays to the end through the
fake Discord; the experts think in a worker thread, off the event loop."""

from __future__ import annotations

import threading

from engine.bots.expert import ExpertBot
from tests.e2e.chairman import click, lobby_id, open_table, start_bot


async def test_a_table_of_expert_bots_plays_to_the_end(fake_discord, tmp_path, monkeypatch):
    fake = fake_discord
    threads: set[str] = set()
    choose = ExpertBot.choose

    def spy(self, observation, legal):
        threads.add(threading.current_thread().name)
        return choose(self, observation, legal)

    monkeypatch.setattr(ExpertBot, "choose", spy)
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path, expert_budget=0.005)
    table, _thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=2, bot_level="expert", watch=True, options="target=60"
    )
    started = await click(fake, ana, message, lobby_id(message, "start"))
    assert not started["ephemeral"], started["content"]
    bots = table.driver.bots
    assert {type(bots[s.seat]) for s in table.seats if s.is_bot} == {ExpertBot}
    assert all(bots[s.seat].clock is not None for s in table.seats if s.is_bot)
    await fake.wait_for(lambda: table.status != "running", timeout=120, what="the match end")
    await bot.publisher.settled()
    assert table.status == "finished"
    assert "Match over" in fake.message(message.id).text()
    assert threads and threading.main_thread().name not in threads
    rows = bot.db.execute("SELECT COUNT(*) FROM matches").fetchone()
    assert rows[0] == 1
