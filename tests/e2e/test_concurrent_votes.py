"""LAST-9's play-on vote through the DMs: the two voters press their vote buttons at the same
moment, and both votes are accepted (votes do not make each other out of date)."""

from __future__ import annotations

import asyncio
import random

from tables.clock import FakeClock
from tests.e2e.chairman import choices, click, lobby_id, open_table, start_bot


async def settle(bot) -> None:
    for _ in range(3):
        await asyncio.sleep(0)
        await bot.publisher.settled()


def vote_buttons(message) -> list[str]:
    return [cid for cid, value in choices(message) if value is None and ":vote " in cid]


async def test_last_9_two_voters_pressing_at_once_are_both_heard(fake_discord, tmp_path):
    fake = fake_discord
    users = [fake.add_member(name) for name in ("ana", "bo", "cy")]
    bot = await start_bot(fake, tmp_path, clock=FakeClock(), seed=5, vote_timeout=600.0)
    table, _, message = await open_table(fake, bot, users[0], game="lastcard")
    for user in users[1:]:
        await click(fake, user, message, lobby_id(message, "join"))
    await click(fake, users[0], message, lobby_id(message, "start"))
    rng = random.Random(5)
    for _ in range(3000):  # everyone presses what their DM offers until the vote opens
        await settle(bot)
        hands = {u: fake.dms(u)[-1] for u in users if fake.dms(u)}
        if any(vote_buttons(m) for m in hands.values()):
            break
        offered = [(u, m) for u, m in hands.items() if choices(m)]
        assert offered and table.status == "running", "the game stopped before a vote"
        user, hand = rng.choice(offered)
        cid, value = rng.choice(choices(hand))
        await (
            await (
                fake.click(user, hand, cid)
                if value is None
                else fake.select(user, hand, cid, [value])
            )
        ).wait_finished()
    else:
        raise AssertionError("the vote never opened")
    voters = [(u, m) for u, m in hands.items() if vote_buttons(m)]
    assert len(voters) == 2, "the winner does not vote; the other two do"
    pressed = [await fake.click(u, m, vote_buttons(m)[0]) for u, m in voters]  # both at once
    answers = [await i.wait_finished() for i in pressed]
    assert [a["ephemeral"] for a in answers] == [False, False], [a["content"] for a in answers]
    await settle(bot)
    votes = [e for e in table.game.events if e.get("type") == "vote"] if table.game else []
    assert len({e["seat"] for e in votes}) == 2 or table.status != "running"
