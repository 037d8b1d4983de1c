"""The store, the migrations and recovery by replay, the same on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from data import store, tournaments
from data.db import backend_of, migrations, open_database
from tables.clock import FakeClock
from tests.tables.conftest import make_service

ANA, BO = 101, 102


@pytest.fixture
def db(storage):
    database = open_database(storage)
    yield database
    database.close()


def new_table(db, **fields) -> int:
    values: dict[str, Any] = {"guild_id": 7, "channel_id": 8, "host_id": ANA, "game": "macao"}
    values.update(fields)
    return store.create_table(db, options={"target": 300}, seed=5, created_at=1.0, **values)


def test_open_database_picks_the_backend_from_the_location(db, storage):
    assert backend_of(db) == ("postgresql" if storage.startswith("postgresql") else "sqlite")


def test_every_migration_is_applied_once_even_when_opened_again(db, storage):
    open_database(storage).close()
    names = [row["name"] for row in db["_migrations"].rows]
    assert sorted(names) == sorted(name for name, _ in migrations())


def test_a_table_its_seats_and_its_log_read_back_as_written(db):
    table_id = new_table(db)
    store.save_seats(
        db,
        table_id,
        [{"seat": "p1", "name": "ana", "user_id": ANA}, {"seat": "p2", "name": "bot", "away": 1}],
    )
    store.update_seat(db, table_id, "p1", away=True, dm_message_id=2**62)
    store.update_table(db, table_id, status="running", options={"target": 500}, started_at=2.5)
    store.append_action(
        db, table_id, 1, seat="p1", action={"kind": "draw"}, at=0.25, by="human", version=2,
        created_at=3.0,
    )  # fmt: skip
    table = store.get_table(db, table_id)
    assert (table["status"], table["options"], table["started_at"]) == (
        "running",
        {"target": 500},
        2.5,
    )
    seats = store.get_seats(db, table_id)
    assert [(s["seat"], s["away"], s["dm_message_id"]) for s in seats] == [
        ("p1", True, 2**62),
        ("p2", True, None),
    ]
    [row] = store.get_actions(db, table_id)
    assert (row["seq"], row["action"], row["by"], row["at"]) == (1, {"kind": "draw"}, "human", 0.25)
    assert store.count_actions(db, table_id) == 1


def test_only_lobbies_and_running_tables_are_unfinished_oldest_first(db):
    first, done, second = new_table(db), new_table(db), new_table(db)
    store.update_table(db, done, status="finished")
    store.update_table(db, second, status="running")
    assert [t["id"] for t in store.unfinished_tables(db)] == [first, second]


def test_the_log_refuses_a_second_action_with_the_same_number(db):
    table_id = new_table(db)
    entry = {"seat": "p1", "action": {}, "at": 0.0, "by": "human", "version": 1, "created_at": 0}
    store.append_action(db, table_id, 1, **entry)
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.append_action(db, table_id, 1, **entry)
    assert store.count_actions(db, table_id) == 1


async def test_a_restarted_service_replays_the_log_to_the_same_state(storage):
    clock = FakeClock()
    service = make_service(storage, clock)
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    for _ in range(10):
        seat = table.game.current_player()
        user = table.seat(seat).user_id
        await service.act(table.id, user, table.game.legal_actions(seat)[0], table.token(seat))
    before = table.game.to_dict()
    await service.close()
    service.db.close()
    again = make_service(storage, clock)
    try:
        [restored] = await again.recover()
        assert restored.game.to_dict() == before
        assert restored.seq == table.seq == store.count_actions(again.db, table.id)
    finally:
        await again.close()
        again.db.close()


def test_processes_starting_together_apply_each_migration_once(pg_url):
    errors: list[BaseException] = []

    def start() -> None:
        try:
            open_database(pg_url).close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    db = open_database(pg_url)
    assert db["_migrations"].count == len(migrations())
    db.close()


def test_a_tables_language_reads_back_as_written(db):
    table_id = new_table(db, language="ro")
    assert store.get_table(db, table_id)["language"] == "ro"
    assert store.get_table(db, new_table(db))["language"] == "en"


def test_a_tables_bot_level_reads_back_as_written(db):
    table_id = new_table(db, bot_level="expert")
    assert store.get_table(db, table_id)["bot_level"] == "expert"
    assert store.get_table(db, new_table(db))["bot_level"] == "heuristic"


def test_a_table_an_event_opened_before_tables_knew_their_tournament_learns_it(db):
    # such a table's message had Play again: a press on it must find the tournament
    event = tournaments.create(
        db, guild_id=7, channel_id=8, organiser_id=ANA, game="macao", format="swiss", created_at=1.0
    )
    table_id = new_table(db)
    tournaments.add_game(db, event, round=1, players=[ANA, BO], table_id=table_id)
    other = new_table(db)
    tournaments._002_tables_know_their_tournament(db)
    assert store.get_table(db, table_id)["tournament_id"] == event
    assert store.get_table(db, other)["tournament_id"] is None


async def test_a_restarted_service_keeps_the_tables_bot_level_for_its_stand_ins(storage):
    clock = FakeClock()
    service = make_service(storage, clock)
    table = await service.open_table(
        game="macao", host_id=ANA, host_name="ana", channel_id=1, bot_kind="expert"
    )
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    await service.close()
    service.db.close()
    again = make_service(storage, clock)
    try:
        [restored] = await again.recover()
        assert restored.bot_level == "expert"
        assert restored.driver is not None and restored.driver.bots[str(BO)].kind == "expert"
    finally:
        await again.close()
        again.db.close()
