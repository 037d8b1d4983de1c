"""Every game /play offers besides Mao (which has its own tests) runs on Discord with no
game-specific code outside the engine: a human and three bots play through DM buttons and
selects, whatever each game offers."""

from __future__ import annotations

import random

import pytest

from cogs.tables import PLAYABLE
from tests.e2e.chairman import (
    assert_no_leaks,
    choices,
    click,
    lobby_id,
    open_table,
    settled,
    start_bot,
)

PRESSES = 60


@pytest.mark.parametrize("game", [g for g in PLAYABLE if g not in ("macao", "mao")])
async def test_each_game_plays_through_dm_buttons(fake_discord, tmp_path, game):
    fake = fake_discord
    ana = fake.add_member("ana")
    onlooker = fake.add_member("onlooker")
    bot = await start_bot(fake, tmp_path)
    table, _, message = await open_table(fake, bot, ana, game=game, bots=3)
    started = await click(fake, ana, message, lobby_id(message, "start"))
    assert not started["ephemeral"], started["content"]
    rng = random.Random(7)
    accepted = 0
    for _ in range(PRESSES):
        # caught up: no move mid-way (a move is in memory before its commit ends and the
        # hands are drawn from the last settled state), every edit and DM sent
        await settled(bot)
        if table.status != "running":
            break
        dms = fake.dms(ana)
        if not dms or not choices(dms[-1]):
            await fake.wait_for(
                lambda: table.status != "running" or (fake.dms(ana) and choices(fake.dms(ana)[-1])),
                what=f"a move for ana at {game}",
            )
            continue
        assert_no_leaks(fake, table, {str(ana.id): ana, "onlooker": onlooker})
        cid, value = rng.choice(choices(dms[-1]))
        i = await (
            fake.click(ana, dms[-1], cid)
            if value is None
            else fake.select(ana, dms[-1], cid, [value])
        )
        response = await i.wait_finished()
        accepted += not response["ephemeral"]
    assert accepted >= 3
    assert len(fake.dms(ana)) == 1
