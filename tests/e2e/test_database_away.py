"""The bot over PostgreSQL when the database goes away mid-game: a DM press is answered
"the table is unavailable, try again", the bot reconnects by itself when the database is back,
and the log holds exactly what was acknowledged."""

from __future__ import annotations

import random
import time

import pytest

from cogs.errors import UNAVAILABLE
from tests.e2e.chairman import choices, click, lobby_id, settled, start_bot
from tests.e2e.test_bot_restart import hand, stored_state
from tests.pg_proxy import PATIENCE, PgProxy


@pytest.fixture
def proxy(pg_server):
    through = PgProxy(pg_server.get_uri())
    yield through
    through.close()


def pressable(fake, users):
    """(user, hand message, custom id, value) of an action offered to whoever has one."""
    for user in users:
        message = hand(fake, user)
        if message is not None and choices(message):
            cid, value = choices(message)[0]
            return user, message, cid, value
    return None


async def press(fake, user, message, cid, value) -> dict:
    if value is None:
        i = await fake.click(user, message, cid)
    else:
        i = await fake.select(user, message, cid, [value])
    return await i.wait_finished()


async def test_a_press_while_the_database_is_away_says_try_again_and_loses_nothing(
    pg_url, proxy, fake_discord, tmp_path
):
    fake = fake_discord
    fake.ignore_errors.append("database is away")  # logged as a warning, never an error
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    chairman = await start_bot(fake, tmp_path, database_url=proxy.url(pg_url))
    i = await fake.slash(ana, "play", fake.general_id, game="macao", options="target=60")
    await i.wait_finished()
    thread = fake.threads()[-1]
    message = fake.messages(thread.id)[0]
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: pressable(fake, (ana, bo)), what="a hand")
    rng = random.Random(3)
    for _ in range(4):
        await fake.wait_for(lambda: pressable(fake, (ana, bo)), what="a turn")
        user, dm, cid, value = pressable(fake, (ana, bo))
        offered = choices(dm)
        cid, value = offered[int(rng.random() * len(offered))]
        await press(fake, user, dm, cid, value)
    await fake.wait_for(lambda: pressable(fake, (ana, bo)), what="a turn")
    await settled(chairman)  # the DMs show the state acknowledged
    [table] = chairman.tables.open_tables()
    acknowledged = table.game.to_dict()

    proxy.cut()
    user, dm, cid, value = pressable(fake, (ana, bo))
    answer = await press(fake, user, dm, cid, value)
    assert answer["ephemeral"] and answer["content"].startswith(UNAVAILABLE)

    proxy.restore()
    # the same button, pressed again once the database is back, is played: until the pool has
    # a new connection (which a loaded machine can take longer than a press waits, 0.2 s once
    # the database is known to be away) it still says try again
    give_up = time.monotonic() + PATIENCE
    while (answer := await press(fake, user, dm, cid, value))["ephemeral"]:
        assert answer["content"].startswith(UNAVAILABLE), answer["content"]
        assert time.monotonic() < give_up, "still unavailable: the bot never reconnected"
    await settled(chairman)
    assert table.game.to_dict() != acknowledged
    assert stored_state(pg_url) == table.game.to_dict()
