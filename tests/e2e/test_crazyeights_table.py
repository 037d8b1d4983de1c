"""A four-seat Crazy Eights table on Discord, with nothing of its own outside the engine: two
people and two bots play a match to its end through the hand's buttons and selects, eights
naming their suit, with no card shown to anyone who may not see it; the table message and
the hand DM carry their pictures; the result reaches the leaderboard and the history."""

from __future__ import annotations

import asyncio
import random

from cogs.card_images import HAND_FILE, table_picture
from cogs.drawn import TABLE_FILE
from data.leaderboard import leaderboard
from pictures.cache import table_png
from tests.e2e.chairman import (
    assert_no_leaks,
    cards_in,
    choices,
    click,
    hand_message,
    lobby_id,
    open_table,
    secret_cards,
    start_bot,
    started_table,
)


def action_of(choice: tuple[str, str | None]) -> str:
    cid, value = choice
    return value if value is not None else cid.rsplit(":", 1)[-1]


async def test_two_people_and_two_bots_play_crazy_eights_to_the_end(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, _, message = await open_table(
        fake, bot, ana, game="crazyeights", bots=2, options="rounds=1 specials=on"
    )
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    users = {str(ana.id): ana, str(bo.id): bo}
    assert len(table.game.seats) == 4
    rng = random.Random(3)
    pressed: list[str] = []
    while table.status == "running":
        await asyncio.sleep(0)
        await bot.publisher.settled()
        assert_no_leaks(fake, table, users)
        seat = table.game.current_player()
        if seat not in users:
            await fake.wait_for(
                lambda: table.status != "running" or table.game.current_player() in users,
                what="a person's turn at crazy eights",
            )
            continue
        user = users[seat]
        hand = hand_message(fake, user)
        offered = choices(hand)
        if not offered:
            await fake.wait_for(
                lambda user=user: bool(choices(hand_message(fake, user))), what="a hand"
            )
            continue
        plays = [c for c in offered if action_of(c).startswith("play")]
        cid, value = rng.choice(plays or offered)
        if value is None:
            i = await fake.click(user, hand, cid)
        else:
            i = await fake.select(user, hand, cid, [value])
        response = await i.wait_finished()
        assert not response["ephemeral"], response["content"]
        pressed.append(action_of((cid, value)))
        assert len(pressed) < 600
    await bot.publisher.settled()
    assert table.status == "finished"
    assert table.game.is_over
    assert "Match over" in fake.message(message.id).text()
    assert any(p.startswith("play") for p in pressed)
    assert len(fake.dms(ana)) == 1 and len(fake.dms(bo)) == 1
    # the result is recorded as any game's: the leaderboard and each player's history show it
    board = leaderboard(bot.db, fake.guild_id, "crazyeights", user_id=ana.id)
    assert board.me is not None
    i = await fake.slash(ana, "leaderboard", fake.general_id, game="crazyeights")
    await i.wait_finished()
    assert f"<@{ana.id}>" in i.text() and f"<@{bo.id}>" in i.text()
    i = await fake.slash(bo, "history", fake.general_id)
    await i.wait_finished()
    assert "Crazy Eights" in i.text()


async def test_a_crazy_eights_table_and_hand_carry_their_pictures_privately(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, _, message = await started_table(fake, bot, ana, bo, game="crazyeights")
    message = fake.message(message.id)
    assert [a.filename for a in message.attachments] == [TABLE_FILE]
    assert message.attachments[0].data == table_png(table_picture(table))
    secrets = secret_cards(table)
    for user in (ana, bo):
        dm = hand_message(fake, user)
        assert [a.filename for a in dm.attachments] == [HAND_FILE]
        mine = secrets[table.seat_of_user(user.id).seat]
        assert cards_in(dm.attachments[0].description) == mine
        assert not cards_in(message.attachments[0].description or "") & mine
