"""A Mao table's clock stops with the bot: ``python bot.py`` is SIGKILLed right after a move,
kept down longer than a whole turn, and started again; the player on turn still gets their
full turn (the table clock resumes at the last logged moment), so the outage costs nobody a
penalty. Real time, a real process: the turn and the outage are a few seconds each.
"""

from __future__ import annotations

import asyncio
import itertools
import json

import pytest

from data import store
from data.db import open_database
from engine import new_game
from engine.mao.wording import FIVE_SECONDS
from tests.e2e.test_bot_restart import start
from tests.e2e.test_mao_restart import environment, open_mao, posts, press, whose_turn

TURN = 4
WINDOW = 1  # the call window: a timeout's penalty comes when it closes
DOWN = 6.0
# the log stamps an action's table time a moment before its wall time; a loaded machine may
# stretch that moment, never to half a second, while a restart itself takes longer than that
SLACK = 0.5


def log_rows(db_path) -> list[dict]:
    db = open_database(db_path)
    try:
        [row] = db["tables"].rows
        return store.get_actions(db, row["id"])
    finally:
        db.close()


def said(fake, thread_id: int, table_message_id: int) -> list[str]:
    """The lines of the Chairman's posts (what one pass of the clock does is one post)."""
    return [line for p in posts(fake, thread_id, table_message_id) for line in p.splitlines()]


def replayed(db_path):
    """The game as its log rebuilds it (what a restart would see), on the table clock."""
    db = open_database(db_path)
    try:
        [row] = db["tables"].rows
        seats = [s["seat"] for s in store.get_seats(db, row["id"])]
        rows = store.get_actions(db, row["id"])
    finally:
        db.close()
    game = new_game("mao", seats, seed=row["seed"], options=json.loads(row["options"]))
    for r in rows:
        if r["action"]["kind"] == "tick":
            game.tick(r["action"]["now"])
        else:
            game.apply(r["seat"], r["action"])
    return game


@pytest.mark.long
async def test_an_outage_costs_the_player_on_turn_nothing(fake_discord, tmp_path):
    fake = fake_discord
    users = (fake.add_member("ana"), fake.add_member("bo"))
    db_path = tmp_path / "chairman.sqlite3"
    env = environment(fake, db_path)
    proc = await start(fake, env, identifies=1)
    thread_id, message = await open_mao(fake, users, turn_seconds=TURN, call_window=WINDOW)
    first = whose_turn(fake, users)
    second = next(u for u in users if u is not first)
    await press(fake, first, "take")  # logged before the press is answered
    proc.kill()
    await proc.wait()
    [moved] = [r for r in log_rows(db_path) if r["action"]["kind"] == "take"]

    await asyncio.sleep(DOWN)  # down longer than a whole turn
    await start(fake, env, identifies=2)
    penalty = f"{FIVE_SECONDS}. <@{second.id}> takes a penalty card."
    await fake.wait_for(lambda: penalty in said(fake, thread_id, message.id), what="the timeout")
    # Stopped here, the bot logs and posts nothing more. A bot kept off the cores by a loaded
    # machine may wake past the turn after this one too and post that penalty with the first
    # (in the same message): no cost of the outage, so what counts is when each penalty fell
    # on the table clock.
    proc.kill()
    await proc.wait()
    fives = [line for line in said(fake, thread_id, message.id) if FIVE_SECONDS in line]
    game = replayed(db_path)
    timeouts = [r for r in game.rulings if r["call"] == FIVE_SECONDS]
    # the only penalties are for whole turns not played after the restart: the first one
    # after a single turn (and its call window), each one after that at least a turn later,
    # all the player's on turn ...
    times = [r["at"] - moved["at"] for r in timeouts]
    assert times and times[0] == pytest.approx(TURN + WINDOW)
    assert all(later - earlier >= TURN for earlier, later in itertools.pairwise(times))
    assert {game.seats[r["seat"]] for r in timeouts} == {str(second.id)}
    # ... and each was posted once, the first of them being the one awaited
    assert fives == [penalty] * len(fives) and 1 <= len(fives) <= len(timeouts)
    ticks = [r for r in log_rows(db_path) if r["seq"] > moved["seq"]]
    assert ticks and ticks[0]["action"]["kind"] == "tick"
    # the table clock stood still while the bot was down: it was moved on by the outage ...
    offset_before = moved["created_at"] - moved["at"]
    offset_after = ticks[0]["created_at"] - ticks[0]["at"]
    assert offset_after - offset_before >= DOWN - SLACK
    # ... so on it the turn lasted a turn, and all of it came after the outage
    assert ticks[0]["at"] - moved["at"] >= TURN
    assert ticks[0]["created_at"] - moved["created_at"] >= DOWN + TURN
