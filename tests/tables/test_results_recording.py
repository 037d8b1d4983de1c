"""The table service records results itself (tables/results.py): a match that ends on its
own once, a per-round game round by round and never again at its end; the cogs only read."""

from __future__ import annotations

from data.match_reads import match_result
from tables import results
from tables.model import Seat, Table
from tests.data.results_db import finished

ANA = 1


def matches(db, table_id: str | int) -> list[int]:
    rows = db.execute("SELECT id FROM matches WHERE table_id = ?", [str(table_id)]).fetchall()
    return [r[0] for r in rows]


async def test_a_match_that_ends_on_its_own_is_recorded_by_the_service(service, clock):
    table = await service.open_table(
        game="macao", host_id=ANA, channel_id=1, bots=3, seat_host=False, options="target=50"
    )
    await service.start(table.id, ANA)
    for _ in range(200):
        if table.status == "finished":
            break
        await clock.advance(1)
    assert table.status == "finished"
    [match_id] = matches(service.db, table.id)
    stored = match_result(service.db, match_id)
    assert stored is not None and {s.seat for s in stored.seats} == {"bot1", "bot2", "bot3"}


async def test_a_match_ended_by_its_host_is_not_a_result(service):
    table = await service.open_table(game="macao", host_id=ANA, channel_id=1, bots=1)
    await service.start(table.id, ANA)
    await service.end(table.id, ANA)
    assert matches(service.db, table.id) == []


def test_a_match_recorded_twice_is_stored_once(service):
    record = finished(1, [(11, 1), (12, 2)])
    first = results.record_match(service.db, record)
    assert first is not None and results.record_match(service.db, record) == first
    assert len(matches(service.db, 1)) == 1


def test_mao_17_a_per_round_game_is_not_recorded_again_at_its_end(service):
    assert results.record_match(service.db, finished(2, [(11, 1), (12, 2)], game="mao")) is None
    assert matches(service.db, 2) == []


def round_end(number: int) -> dict:
    stats = {"1": {"wins": 1, "penalties": {}, "calls": 0}, "2": {"wins": 0, "penalties": {}}}
    return {"type": "round_end", "round": number, "winners": ["1"], "stats": stats, "at": 9.0}


def seated(game: str) -> Table:
    table = Table(id=7, game_name=game, options={}, seed=1, guild_id=5)
    table.seats = [Seat("1", "ana", user_id=1), Seat("2", "bo", user_id=2)]
    table.started_at = 1000.0
    return table


def test_mao_17_each_round_end_of_a_per_round_game_is_recorded(service):
    ids = results.record_rounds(service.db, seated("mao"), [round_end(1), {"type": "deal"}])
    assert len(ids) == 1 and matches(service.db, "7/1") == ids


def test_a_round_end_of_a_whole_match_game_is_not_a_result_of_its_own(service):
    assert results.record_rounds(service.db, seated("macao"), [round_end(1)]) == []
    assert matches(service.db, "7/1") == []
