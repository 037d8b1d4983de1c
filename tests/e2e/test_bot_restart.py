"""Restart: the bot process (``python bot.py``) is SIGKILLed mid-game, started again, and the
same DM buttons finish the game from exactly the state it was in."""

from __future__ import annotations

import random

from data import store
from data.db import open_database
from engine import new_game
from tests.e2e.chairman import SETTLE, choices, click, lobby_id, play_one


def stored_state(db_path) -> dict:
    """The game as its action log rebuilds it (read beside the running bot)."""
    db = open_database(db_path)
    try:
        [row] = db["tables"].rows
        seats = [s["seat"] for s in store.get_seats(db, row["id"])]
        stored = store.get_table(db, row["id"])
        assert stored is not None
        game = new_game(row["game"], seats, seed=row["seed"], options=stored["options"])
        for action in store.get_actions(db, row["id"]):
            game.apply(action["seat"], action["action"])
        return game.to_dict()
    finally:
        db.close()


async def start(fake, env, identifies):
    syncs = fake.sync_count
    proc = await fake.spawn_bot("bot.py", env=env, settle=SETTLE)
    await fake.wait_connected(identifies=identifies)
    await fake.wait_for(lambda: fake.sync_count > syncs, what="commands synced")
    return proc


def hand(fake, user):
    dms = fake.dms(user)
    return dms[-1] if dms else None


async def press_for_whoever_may(fake, users, rng) -> bool:
    """Press one offered action on the DM of a player who has some; False if nobody has."""
    for user in users:
        message = hand(fake, user)
        if message is not None and choices(message):
            response = await play_one(fake, user, message, rng)
            if response["ephemeral"]:  # that DM was about to be redrawn: look again
                await fake.wait_for(lambda m=message: not choices(m) or m.edits)
            return True
    return False


async def test_restart_after_sigkill_keeps_the_game_and_its_buttons(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    db_path = tmp_path / "chairman.sqlite3"
    env = {
        "DATABASE_PATH": str(db_path),
        "DEV_GUILD_ID": str(fake.guild_id),
        "BOT_DELAY": "0",
        "TABLE_EDIT_INTERVAL": "0",  # the table message as it stands when the bot is killed
        "TURN_TIMEOUT": "600",
        "LOG_LEVEL": "INFO",
    }
    proc = await start(fake, env, identifies=1)
    i = await fake.slash(ana, "play", fake.general_id, game="macao", options="target=60 rounds=1")
    await i.wait_finished()
    thread = fake.threads()[-1]
    message = fake.messages(thread.id)[0]
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: hand(fake, ana) and hand(fake, bo), what="hands")
    rng = random.Random(8)
    for _ in range(6):
        await fake.wait_for(lambda: any(choices(hand(fake, u)) for u in (ana, bo)))
        await press_for_whoever_may(fake, (ana, bo), rng)
    await fake.wait_for(lambda: any(choices(hand(fake, u)) for u in (ana, bo)))
    await proc.settled()  # the table edit and DM redraws for the last press have landed

    before = stored_state(db_path)
    shown = {
        u.name: (hand(fake, u).id, hand(fake, u).content, hand(fake, u).custom_ids())
        for u in (ana, bo)
    }
    table_before = fake.message(message.id).text()
    proc.kill()
    await proc.wait()

    dm_edits = {u.name: len(hand(fake, u).edits) for u in (ana, bo)}
    table_edits = len(fake.message(message.id).edits)
    await start(fake, env, identifies=2)
    # the recovered bot redraws each hand once: same message, same cards, same buttons
    for user in (ana, bo):
        await fake.wait_for(
            lambda u=user: len(hand(fake, u).edits) > dm_edits[u.name], what="redraw"
        )
        now = hand(fake, user)
        assert (now.id, now.content, now.custom_ids()) == shown[user.name]
    # and the table message, as it stood (read once the recovered bot has drawn it)
    await fake.wait_for(
        lambda: len(fake.message(message.id).edits) > table_edits, what="the table's redraw"
    )
    assert fake.message(message.id).text() == table_before
    assert stored_state(db_path) == before

    # the same buttons finish the game
    for _ in range(3000):
        if "Match over" in fake.message(message.id).text():
            break
        if not await press_for_whoever_may(fake, (ana, bo), rng):
            await fake.wait_for(
                lambda: (
                    any(choices(hand(fake, u)) for u in (ana, bo))
                    or "Match over" in fake.message(message.id).text()
                ),
            )
    assert "Match over" in fake.message(message.id).text()
    assert len(fake.dms(ana)) == 1 and len(fake.dms(bo)) == 1
