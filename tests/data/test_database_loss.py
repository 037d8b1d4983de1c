"""A database that goes away: presses are refused with "try again" and change nothing, the
process reconnects by itself, and nothing that was acknowledged is lost."""

from __future__ import annotations

import asyncio
import time

import pytest

from data import store
from data.errors import StorageUnavailable
from tables.clock import FakeClock
from tests.pg_proxy import PATIENCE, PgProxy
from tests.tables.conftest import make_service

ANA, BO = 101, 102


@pytest.fixture
def proxy(pg_server):
    through = PgProxy(pg_server.get_uri())
    yield through
    through.close()


def turn(table):
    """(user, action, the token their buttons carry) for the seat whose turn it is."""
    seat = table.game.current_player()
    return table.seat(seat).user_id, table.game.legal_actions(seat)[0], table.token(seat)


async def played_once_back(service, table, user, action, token) -> None:
    """Press until the press is played, as a player told "try again" does.

    Once the database is known to be away a press waits only ``AWAY_TIMEOUT`` (0.2 s) for a
    connection, and on a loaded machine the pool's new one can take longer than that: being
    refused again meanwhile is by design. What counts is that it is played once the pool has
    reconnected, without a restart (a pool that never does fails here after ``PATIENCE``).
    """
    give_up = time.monotonic() + PATIENCE
    while True:
        try:
            await service.act(table.id, user, action, token)
            return
        except StorageUnavailable:
            assert time.monotonic() < give_up, "still refused: the pool never reconnected"
            await asyncio.sleep(0.05)


async def started(service):
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    for _ in range(3):
        user, action, token = turn(table)
        await service.act(table.id, user, action, token)
    return table


async def test_a_move_while_the_database_is_away_is_refused_and_then_accepted(pg_url, proxy):
    clock = FakeClock()
    service = make_service(proxy.url(pg_url), clock)
    try:
        table = await started(service)
        before, version, logged = table.game.to_dict(), table.version, table.seq
        user, action, token = turn(table)
        proxy.cut()
        for _ in range(2):  # refused each time it is pressed while the database is away
            with pytest.raises(StorageUnavailable):
                await service.act(table.id, user, action, token)
        proxy.restore()
        # the same button works once the database is back: the refused press left no trace
        await played_once_back(service, table, user, action, token)
        assert table.version > version and table.seq == logged + 1
        assert store.count_actions(service.db, table.id) == logged + 1
        after = table.game.to_dict()
    finally:
        await service.close()
        service.db.close()
    assert after != before
    again = make_service(pg_url, clock)
    try:
        [restored] = await again.recover()
        assert restored.game.to_dict() == after
    finally:
        await again.close()
        again.db.close()


async def test_a_dropped_connection_is_replaced_without_a_restart(pg_url, proxy):
    service = make_service(proxy.url(pg_url), FakeClock())
    try:
        table = await started(service)
        user, action, token = turn(table)  # the token is what the player's buttons carry
        proxy.cut()
        proxy.restore()  # every pooled connection is gone; the server is back at once
        with pytest.raises(StorageUnavailable):  # a connection busy a moment ago is not checked
            await service.act(table.id, user, action, token)
        await played_once_back(service, table, user, action, token)
        assert store.count_actions(service.db, table.id) == table.seq == 4
    finally:
        await service.close()
        service.db.close()


async def test_after_a_quiet_spell_a_restarted_server_costs_no_refusal(pg_url, proxy, monkeypatch):
    monkeypatch.setattr("data.postgres.CHECK_AFTER_IDLE", 0.0)  # as after a second of quiet
    # what is tested is that the dead connection is checked and replaced rather than used; on a
    # loaded machine making the new one can take longer than the 2 s a press waits in service,
    # so the pool's wait here is only a bound against a hang
    monkeypatch.setattr("data.postgres.CONNECT_TIMEOUT", 60.0)
    service = make_service(proxy.url(pg_url), FakeClock())
    try:
        table = await started(service)
        user, action, token = turn(table)
        proxy.cut()
        proxy.restore()
        await service.act(table.id, user, action, token)  # checked, replaced, played
        assert store.count_actions(service.db, table.id) == table.seq == 4
    finally:
        await service.close()
        service.db.close()
