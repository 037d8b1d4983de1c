"""Two bot processes (``python bot.py``) on shards 0 and 1 of 2 over one PostgreSQL: a game in a
guild of each shard, the shard-1 table's DM presses arriving at shard 0's process and applied
once by shard 1's, and either process SIGKILLed mid-game and started again losing nothing
that was accepted -- a press made while its table's process was down included."""

from __future__ import annotations

import random
import time

import pytest

from data import forwarding, store
from data.db import open_database
from tests.e2e.chairman import SETTLE, choices, click, lobby_id
from tests.e2e.test_bot_restart import hand
from tests.fakediscord.interactions import DEFERRED_UPDATE


def logged(pg_url: str, table_id: int) -> int:
    db = open_database(pg_url)
    try:
        return store.count_actions(db, table_id)
    finally:
        db.close()


def kept(pg_url: str, shard: int) -> int:
    """Presses handed over to ``shard`` that nobody has claimed yet."""
    db = open_database(pg_url)
    try:
        return len(forwarding.unclaimed(db, [shard], time.time()))
    finally:
        db.close()


def table_of(pg_url: str, guild_id: int) -> int:
    db = open_database(pg_url)
    try:
        return next(t["id"] for t in store.unfinished_tables(db) if t["guild_id"] == guild_id)
    finally:
        db.close()


async def start(fake, pg_url: str, shard: int):
    env = {
        "DATABASE_URL": pg_url,
        "SHARD_COUNT": "2",
        "SHARD_IDS": str(shard),
        "BOT_DELAY": "0",
        "TABLE_EDIT_INTERVAL": "0",  # settling need not wait for a coalesced edit
        "TURN_TIMEOUT": "600",
        "LOG_LEVEL": "INFO",
    }
    syncs = fake.sync_count
    proc = await fake.spawn_bot("bot.py", env=env, settle=SETTLE)
    await fake.wait_for(
        lambda: (
            any(s.shard == (shard, 2) for s in fake.gateway.live_sessions())
            and fake.sync_count > syncs
        ),
        what=f"shard {shard}'s process",
    )
    return proc


async def open_game(fake, host, guest, guild_id: int) -> None:
    i = await fake.slash(host, "play", fake.world.general_of(guild_id), game="macao")
    await i.wait_finished()
    thread = next(t for t in fake.threads() if t.guild_id == guild_id)
    message = fake.messages(thread.id)[0]
    await click(fake, guest, message, lobby_id(message, "join"))
    await click(fake, host, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: hand(fake, host) and hand(fake, guest), what="hands")


async def press(fake, players, rng):
    """Press one action offered to whichever of ``players`` has one (waiting for one);
    -> the interaction, answered (perhaps only deferred)."""
    await fake.wait_for(
        lambda: any(hand(fake, u) and choices(hand(fake, u)) for u in players),
        what="a hand with a move",
    )
    user = next(u for u in players if hand(fake, u) and choices(hand(fake, u)))
    message = hand(fake, user)
    offered = choices(message)
    cid, value = offered[int(rng.random() * len(offered))]
    i = await (
        fake.click(user, message, cid)
        if value is None
        else fake.select(user, message, cid, [value])
    )
    await i.wait_answered()
    return i


async def settle(*procs) -> None:
    """Every process has sent what it owes for what happened so far (DM redraws, edits)."""
    for proc in procs:
        await proc.settled()


async def play(fake, pg_url, table_id, players, rng, times: int, procs) -> None:
    """``times`` presses, each logged and its outcome and redraws shown before the next."""
    for _ in range(times):
        before = logged(pg_url, table_id)
        i = await press(fake, players, rng)
        await i.wait_finished()  # the owner's answer, after the move was logged
        assert logged(pg_url, table_id) == before + 1
        await settle(*procs)


@pytest.mark.long
async def test_two_processes_share_the_dms_and_survive_sigkill(pg_url, fake_discord):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    cy, dee = fake.add_member("cy"), fake.add_member("dee")
    guild0 = fake.add_guild("zero", shard=0, shard_count=2)
    guild1 = fake.add_guild("one", shard=1, shard_count=2)
    zero = await start(fake, pg_url, 0)
    one = await start(fake, pg_url, 1)
    await open_game(fake, ana, bo, guild0)
    await open_game(fake, cy, dee, guild1)
    table0, table1 = table_of(pg_url, guild0), table_of(pg_url, guild1)
    rng = random.Random(4)
    await play(fake, pg_url, table0, (ana, bo), rng, 3, (zero, one))
    await play(fake, pg_url, table1, (cy, dee), rng, 3, (zero, one))  # handed over by shard 0
    assert "DM presses for other processes' tables go over LISTEN/NOTIFY" in one.output

    # shard 1's process dies; a press on its table is acknowledged and kept until it is back
    one.kill()
    await one.wait()
    i = await press(fake, (cy, dee), rng)
    assert i.response["type"] == DEFERRED_UPDATE
    await fake.wait_for(lambda: kept(pg_url, 1) == 1, what="the press kept")
    assert logged(pg_url, table1) == 3
    one = await start(fake, pg_url, 1)
    await i.wait_finished()  # the kept press applied and answered
    assert logged(pg_url, table1) == 4
    await settle(zero, one)
    await play(fake, pg_url, table1, (cy, dee), rng, 2, (zero, one))

    # shard 0's process dies mid-game and comes back: its own table and the hand-over go on
    zero.kill()
    await zero.wait()
    zero = await start(fake, pg_url, 0)
    await settle(zero, one)  # the recovered process has redrawn its hands
    await play(fake, pg_url, table0, (ana, bo), rng, 2, (zero, one))
    await play(fake, pg_url, table1, (cy, dee), rng, 2, (zero, one))
    assert (logged(pg_url, table0), logged(pg_url, table1)) == (5, 8)
    fake.ignore_errors.append("lost the notification channel")
