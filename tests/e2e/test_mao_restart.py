"""A Mao table survives a crash: ``python bot.py`` is SIGKILLed during a speech window and during
a Point of Order, started again, and the table's clocks carry on from the replayed game.

These run the real bot in its own process on the real clock, so their windows are short and
their waits are bounded by what the Chairman must post, not by fixed sleeps.
"""

from __future__ import annotations

from data import house_rules, store
from data.db import open_database
from engine.mao import rules as secret
from tests.e2e.chairman import click, lobby_id
from tests.e2e.test_bot_restart import start

THANKS = "thank you kindly"
CALL = "Ingratitude"


def environment(fake, db_path) -> dict[str, str]:
    return {
        "DATABASE_PATH": str(db_path),
        "DEV_GUILD_ID": str(fake.guild_id),
        "BOT_DELAY": "0",
        "TABLE_EDIT_INTERVAL": "0",  # the table message as it stands when the bot is killed
        "TURN_TIMEOUT": "600",
        "LOG_LEVEL": "INFO",
    }


def actions(db_path, kind: str) -> int:
    """How many actions of ``kind`` the running bot has logged (read beside it)."""
    db = open_database(db_path)
    try:
        return sum(
            1
            for row in db["tables"].rows
            for a in store.get_actions(db, row["id"])
            if a["action"].get("kind") == kind
        )
    finally:
        db.close()


def posts(fake, thread_id: int, table_message_id: int) -> list[str]:
    return [
        m.content
        for m in fake.messages(thread_id)
        if m.author_id == fake.bot_user.id and m.id != table_message_id
    ]


async def open_mao(fake, users, **options):
    ana, bo = users
    i = await fake.slash(ana, "play", fake.general_id, game="mao", **options)
    await i.wait_finished()
    thread = fake.threads()[-1]
    message = fake.messages(thread.id)[0]
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: fake.dms(ana) and fake.dms(bo), what="hands")
    return thread.id, message


def whose_turn(fake, users):
    for user in users:
        if "**Your turn.**" in fake.dms(user)[-1].content:
            return user
    raise AssertionError("nobody's hand says it is their turn")


async def press(fake, user, action: str) -> None:
    message = fake.dms(user)[-1]
    custom_id = next(c for c in message.custom_ids() if c.endswith(":" + action))
    await (await fake.click(user, message, custom_id)).wait_finished()


async def test_restart_during_a_speech_window_keeps_it_open_and_its_clock_right(
    fake_discord, tmp_path
):
    fake = fake_discord
    users = (fake.add_member("ana"), fake.add_member("bo"))
    db_path = tmp_path / "chairman.sqlite3"
    # the server's house canon: whoever takes a card must thank the pool
    db = open_database(db_path)
    rule = {"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": THANKS}, "name": CALL}
    house_rules.keep(db, fake.guild_id, "mao", [secret.canonical(rule)], kept_at=0.0)
    db.close()
    env = environment(fake, db_path)
    proc = await start(fake, env, identifies=1)
    thread_id, message = await open_mao(fake, users, turn_seconds=0, speech_window=7, call_window=1)
    first = whose_turn(fake, users)
    second = next(u for u in users if u is not first)
    await press(fake, first, "take")  # her window to say thanks is open for 7 s
    proc.kill()
    await proc.wait()

    await start(fake, env, identifies=2)
    await fake.user_says(first, thread_id, "Thank you kindly!")  # still inside her window
    await fake.wait_for(lambda: actions(db_path, "say") == 1, what="heard")
    await fake.wait_for(lambda: "**Your turn.**" in fake.dms(second)[-1].content)
    await press(fake, second, "take")  # and he forgets
    await fake.wait_for(lambda: posts(fake, thread_id, message.id), what="the Chairman's ruling")
    assert posts(fake, thread_id, message.id) == [f"{CALL}. <@{second.id}> takes a penalty card."]


async def test_restart_during_a_point_of_order_keeps_play_stopped_until_it_ends(
    fake_discord, tmp_path
):
    fake = fake_discord
    users = ana, bo = (fake.add_member("ana"), fake.add_member("bo"))
    db_path = tmp_path / "chairman.sqlite3"
    env = environment(fake, db_path)
    proc = await start(fake, env, identifies=1)
    thread_id, message = await open_mao(fake, users, turn_seconds=60, call_window=1)
    await fake.user_says(ana, thread_id, "point of order")
    await fake.wait_for(lambda: posts(fake, thread_id, message.id) == ["Point of order."])
    await fake.wait_for(lambda: "clock is stopped" in fake.message(message.id).text())
    proc.kill()
    await proc.wait()
    edits = len(fake.message(message.id).edits)

    await start(fake, env, identifies=2)
    # the recovered bot draws the table message from the replayed game
    await fake.wait_for(
        lambda: len(fake.message(message.id).edits) > edits, what="the table redrawn"
    )
    assert "clock is stopped" in fake.message(message.id).text()
    card = next(c for c in fake.dms(bo)[-1].custom_ids() if ":play " in c)
    await (await fake.click(bo, fake.dms(bo)[-1], card)).wait_finished()  # touching cards
    await fake.user_says(bo, thread_id, "sorry, what was the question?")  # free to talk
    await fake.wait_for(lambda: actions(db_path, "say") == 2, what="heard")
    assert posts(fake, thread_id, message.id) == ["Point of order."]
    await fake.user_says(ana, thread_id, "End of point of order")
    await fake.wait_for(lambda: len(posts(fake, thread_id, message.id)) >= 3)
    assert posts(fake, thread_id, message.id) == [
        "Point of order.",
        "End of point of order.",
        f"Touching cards during point of order. <@{bo.id}> takes a penalty card.",
    ]
    await fake.wait_for(lambda: "clock runs out" in fake.message(message.id).text())
