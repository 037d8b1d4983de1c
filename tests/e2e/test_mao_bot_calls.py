"""Bots at a Mao table in Discord speak up out of turn (MAO-10, 11): in ``players`` mode a bot
seat is the only one who calls a human's talk, and its penalty is posted as its call."""

from __future__ import annotations

from tests.e2e.maotable import mao_table


async def test_mao_11_players_mode_a_bot_seat_calls_a_humans_talking(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord,
        tmp_path,
        ("ana",),
        hands={"ana": "2C 3D 9S"},
        turn="ana",
        bots=1,
        mode="players",
        turn_seconds=0,
    )
    await mt.say("ana", "is anybody there")
    await mt.advance(0.0)  # the bot's delay is 0 here
    expected = f"Talking, called by Ada. {mt.mention('ana')} takes a penalty card."
    await mt.fake.wait_for(lambda: any(expected in p for p in mt.posts()), what="the call posted")
    assert mt.posts() == [f"🤖 **Ada**: Talking {mt.mention('ana')}\n" + expected]
    assert len(mt.hand("ana")) == 4
    [row] = [r for r in mt.bot.db["actions"].rows if r["by"] == "bot"]
    assert row["seat"] == "bot1" and '"Talking"' in row["action"]
