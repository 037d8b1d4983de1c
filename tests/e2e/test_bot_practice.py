"""A practice match of Macao against bots, opened with /play and played through DM buttons."""

from __future__ import annotations

import random

from tests.e2e.chairman import (
    assert_no_leaks,
    choices,
    click,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    start_bot,
)


async def test_practice_macao_against_bots_plays_to_the_end(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    # a member who sits nowhere: sees what any onlooker in the channel sees
    ana_rival = fake.add_member("onlooker")
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=3, options="target=100"
    )
    assert "Ada" in message.text() and "(bot)" in message.text()
    response = await click(fake, ana, message, lobby_id(message, "start"))
    assert not response["ephemeral"], response["content"]  # started, not refused
    rng = random.Random(3)

    def my_turn() -> bool:
        return bool(fake.dms(ana) and choices(hand_message(fake, ana)))

    turns = 0
    while table.status == "running":
        await fake.wait_for(
            lambda: table.status != "running" or my_turn(),
            what="ana's turn or the end",
        )
        if table.status != "running":
            break
        await bot.publisher.settled()
        hand = hand_message(fake, ana)
        if not choices(hand) or table.game.current_player() != str(ana.id):
            continue
        assert_no_leaks(fake, table, {str(ana.id): ana, "onlooker": ana_rival})
        await play_one(fake, ana, hand, rng)
        turns += 1
    await bot.publisher.settled()
    assert table.status == "finished" and turns > 3
    final = fake.message(message.id)
    assert "Match over" in final.text()
    assert "Match over" in fake.messages(thread_id)[-1].text()
    assert not choices(hand_message(fake, ana))
    rows = bot.db.execute("SELECT COUNT(*) FROM matches").fetchone()
    assert rows[0] == 1
