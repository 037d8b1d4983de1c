"""The stuck Mau-Mau DM (a regression): bo's "Mau" moved the game on without changing ana's
choices, so her DM was not redrawn while every button on it had become out of date. With
validity per seat her buttons stay good, and the press she makes from that DM is accepted."""

from __future__ import annotations

import asyncio

from tests.e2e.chairman import click, start_bot, started_table
from tests.engine.positions import position


def button(message, action: str) -> str:
    return next(c for c in message.custom_ids() if c.endswith(":" + action))


async def settle(bot) -> None:
    for _ in range(3):
        await asyncio.sleep(0)
        await bot.publisher.settled()


async def test_another_players_mau_leaves_my_dm_buttons_valid(fake_discord, tmp_path):
    fake = fake_discord
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path)
    table, _, _ = await started_table(fake, bot, ana, bo, game="maumau")
    await settle(bot)
    async with table.lock:  # bo to play, two cards left; ana holds an answer
        table.game = position(
            "maumau",
            [str(ana.id), str(bo.id)],
            hands={str(bo.id): "7H 9C", str(ana.id): "8H KS"},
            top="5H",
            turn=str(bo.id),
            seed=table.seed,
        )
        bot.tables._arm(table)
        bot.publisher.touch(table)
    await settle(bot)

    played = await click(fake, bo, fake.dms(bo)[-1], button(fake.dms(bo)[-1], "play 7H"))
    assert not played["ephemeral"], played["content"]
    await settle(bot)
    hers = fake.dms(ana)[-1]
    assert "**Your turn.**" in hers.content
    shown = hers.custom_ids()

    said = await click(fake, bo, fake.dms(bo)[-1], button(fake.dms(bo)[-1], "announce mau"))
    assert not said["ephemeral"], said["content"]
    await settle(bot)
    assert hers.custom_ids() == shown  # nothing of hers changed: no redraw was needed

    answer = await click(fake, ana, hers, button(hers, "play 8H"))
    assert not answer["ephemeral"], answer["content"]
