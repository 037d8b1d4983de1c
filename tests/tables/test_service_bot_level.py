"""The table service's bot level: the level a table is opened with is the level of the bots
added to it and of the stand-ins that play for players who went away."""

from __future__ import annotations

import pytest

from data import store
from tables import bot_runner

ANA, BO = 101, 102


@pytest.mark.parametrize("level", ["heuristic", "expert"])
async def test_an_away_players_stand_in_plays_at_the_tables_bot_level(service, level):
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=1, bots=1, bot_kind=level
    )
    await service.start(table.id, ANA)
    assert table.driver.bots[str(ANA)].kind == level


async def test_a_stand_in_plays_at_the_tables_bot_level_with_no_bot_seated(service):
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=1, bots=0, bot_kind="expert"
    )
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    assert table.bot_level == "expert"
    assert {table.driver.bots[str(user)].kind for user in (ANA, BO)} == {"expert"}


async def test_a_table_opened_without_a_level_plays_heuristic(service):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    assert table.bot_level == "heuristic"
    assert table.driver.bots[str(BO)].kind == "heuristic"


async def test_a_bot_added_in_the_lobby_plays_at_the_tables_bot_level(service):
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=1, bot_kind="random"
    )
    seat = await service.add_bot(table.id, ANA)
    assert seat.bot_kind == "random"
    assert store.get_seats(service.db, table.id)[1]["bot_kind"] == "random"


async def test_a_bot_added_with_a_level_of_its_own_keeps_it(service):
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=1, bot_kind="random"
    )
    seat = await service.add_bot(table.id, ANA, "heuristic")
    assert seat.bot_kind == "heuristic" and table.bot_level == "random"


async def test_mao_an_away_players_stand_in_is_the_expert_at_an_expert_table(service):
    table = await service.open_table(
        game="mao", host_id=ANA, host_name="ana", channel_id=1, bots=1, bot_kind="expert"
    )
    await service.start(table.id, ANA)
    stand_in = table.driver.bots[str(ANA)]
    # Mao's own expert, searching on the wall clock (in a worker thread: tables.bot_runner)
    assert stand_in.kind == "expert" and bot_runner.is_slow(stand_in)
    assert stand_in.clock is not None
