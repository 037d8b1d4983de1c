"""What a front-end reads of a game (``tables.queries``): frozen views, one per state, and a
change on its way never shown half done."""

from __future__ import annotations

import dataclasses

import pytest

from engine.actions import Draw
from tables import queries
from tables.service import TableService

ANA, BO = 101, 102


async def started(service: TableService):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    return table


async def test_nothing_to_read_before_the_start(service):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    assert not queries.started(table)
    assert service.public_view(table) is None
    assert service.hand_view(table, str(ANA)) is None


async def test_a_view_is_frozen_and_its_observation_read_only(service):
    table = await started(service)
    hand = service.hand_view(table, str(ANA))
    assert hand is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.token = "forged"
    with pytest.raises(TypeError):
        hand.observation["hand"] = []
    public = service.public_view(table)
    assert public is not None and public.observation.get("hand") == []


async def test_a_hand_view_carries_the_seats_legal_actions_and_token(service):
    table = await started(service)
    seat = table.game.current_player()
    hand = service.hand_view(table, seat)
    assert hand is not None
    assert list(hand.legal) == table.game.legal_actions(seat)
    assert hand.token == table.token(seat)
    assert hand.current == seat


async def test_one_state_is_worked_out_once(service):
    table = await started(service)
    seat = str(ANA)
    assert service.hand_view(table, seat) is service.hand_view(table, seat)
    assert service.public_view(table) is service.public_view(table)
    before = service.hand_view(table, seat)
    await service.act(table.id, ANA, Draw(), table.token(seat))
    after = service.hand_view(table, seat)
    assert after is not before and after.version > before.version


async def test_a_change_on_its_way_shows_the_last_settled_state(service):
    table = await started(service)
    seat = table.game.current_player()
    before, shown = service.hand_view(table, seat), service.public_view(table)
    async with service.locked(table):
        table.game.apply(seat, Draw())  # applied, not yet through ``Changes.after``
        assert service.hand_view(table, seat) is before
        assert service.public_view(table) is shown
        queries.settled(table)  # the change ended
        assert service.hand_view(table, seat).version > before.version


async def test_a_lock_held_without_a_change_reads_the_game_as_it_is(service):
    table = await started(service)
    seat = table.game.current_player()
    old = service.hand_view(table, seat)
    await service.act(table.id, int(seat), Draw(), table.token(seat))
    async with service.locked(table):  # a timer that finds nothing to do
        assert service.hand_view(table, seat) is not old
        assert service.hand_view(table, seat).version == table.version
