"""A Mao table's clock stops with the bot: ``python bot.py`` is SIGKILLed right after a move,
kept down longer than a whole turn, and started again; the player on turn still gets their
full turn (the table clock resumes at the last logged moment), so the outage costs nobody a
penalty. Real time, a real process: the turn and the outage are a few seconds each.
"""

from __future__ import annotations

import asyncio

from data import store
from data.db import open_database
from engine.mao.wording import FIVE_SECONDS
from tests.e2e.test_bot_restart import start
from tests.e2e.test_mao_restart import environment, open_mao, posts, press, whose_turn

TURN = 4
DOWN = 6.0


def log_rows(db_path) -> list[dict]:
    db = open_database(db_path)
    try:
        [row] = db["tables"].rows
        return store.get_actions(db, row["id"])
    finally:
        db.close()


async def test_an_outage_costs_the_player_on_turn_nothing(fake_discord, tmp_path):
    fake = fake_discord
    users = (fake.add_member("ana"), fake.add_member("bo"))
    db_path = tmp_path / "chairman.sqlite3"
    env = environment(fake, db_path)
    proc = await start(fake, env, identifies=1)
    thread_id, message = await open_mao(fake, users, turn_seconds=TURN, call_window=1)
    first = whose_turn(fake, users)
    second = next(u for u in users if u is not first)
    await press(fake, first, "take")  # logged before the press is answered
    proc.kill()
    await proc.wait()
    [moved] = [r for r in log_rows(db_path) if r["action"]["kind"] == "take"]

    await asyncio.sleep(DOWN)  # down longer than a whole turn
    await start(fake, env, identifies=2)
    penalty = f"{FIVE_SECONDS}. <@{second.id}> takes a penalty card."
    await fake.wait_for(lambda: penalty in posts(fake, thread_id, message.id), what="the timeout")
    # the only penalty is the one for a whole turn not played after the restart
    assert [p for p in posts(fake, thread_id, message.id) if FIVE_SECONDS in p] == [penalty]
    ticks = [r for r in log_rows(db_path) if r["seq"] > moved["seq"]]
    assert ticks and ticks[0]["action"]["kind"] == "tick"
    # on the table clock the turn lasted one turn (not the outage on top) ...
    assert TURN <= ticks[0]["at"] - moved["at"] < TURN + DOWN
    # ... and all of it came after the outage
    assert ticks[0]["created_at"] - moved["created_at"] >= DOWN + TURN
