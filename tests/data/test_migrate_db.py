"""``python bot.py migrate-db``: a SQLite database copied whole into PostgreSQL."""

from __future__ import annotations

import pytest

import bot
from data import house_rules, settings, store
from data.db import open_database
from data.match_reads import match_result
from data.results import record_match
from data.transfer import copy_database
from tables.clock import FakeClock
from tests.data.results_db import finished
from tests.tables.conftest import make_service

ANA, BO = 101, 102


async def filled_sqlite(path) -> tuple[int, dict]:
    """A SQLite file with a running table (seats and log), a match, ratings and settings."""
    service = make_service(path, FakeClock())
    table = await service.open_table(game="macao", host_id=ANA, host_name="ana", channel_id=1)
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    for _ in range(6):
        game = table.game
        assert game is not None  # started
        seat = game.current_player()
        assert seat is not None
        user = table.seat(seat).user_id
        assert user is not None  # the seats are people's
        await service.act(table.id, user, game.legal_actions(seat)[0], table.token(seat))
    game = table.game
    assert game is not None
    state = game.to_dict()
    record_match(service.db, finished(900, [(ANA, 1), (BO, 2)]))
    settings.set_option(service.db, 1000, "macao", "target", "300")
    settings.allow_channel(service.db, 1000, 55)
    house_rules.keep(service.db, 1000, "mao", ['{"rule": 1}'], kept_at=1.0)
    await service.close()
    service.db.close()
    return table.id, state


def counts(db) -> dict[str, int]:
    return {t: db[t].count for t in db.table_names() if t != "_migrations"}


async def test_migrate_db_copies_every_table_log_and_result(tmp_path, pg_url, capsys):
    path = tmp_path / "old.sqlite3"
    table_id, _state = await filled_sqlite(path)
    assert bot.main(["migrate-db", "--from", str(path), "--to", pg_url]) == 0
    assert "Done:" in capsys.readouterr().out
    old, new = open_database(path), open_database(pg_url)
    try:
        assert counts(new) == counts(old)
        assert all(counts(new)[t] for t in ("tables", "seats", "actions", "matches", "ratings"))
        assert store.get_actions(new, table_id) == store.get_actions(old, table_id)
        assert match_result(new, 1) == match_result(old, 1)
        assert settings.options_in_force(new, 1000, "macao")["target"] == 300
    finally:
        old.close()
        new.close()


async def test_the_copied_tables_resume_on_postgresql_where_they_stood(tmp_path, pg_url):
    path = tmp_path / "old.sqlite3"
    table_id, state = await filled_sqlite(path)
    copy_database(path, pg_url)
    service = make_service(pg_url, FakeClock())
    try:
        [restored] = await service.recover()
        assert (restored.id, restored.game.to_dict()) == (table_id, state)
        later = await service.open_table(game="macao", host_id=ANA, channel_id=2)
        assert later.id == table_id + 1  # the id counter moved past the copied ids
    finally:
        await service.close()
        service.db.close()


async def test_a_target_that_already_holds_data_is_refused_and_left_alone(tmp_path, pg_url, capsys):
    path = tmp_path / "old.sqlite3"
    await filled_sqlite(path)
    copy_database(path, pg_url)
    assert bot.main(["migrate-db", "--from", str(path), "--to", pg_url]) == 1
    assert "already holds data" in capsys.readouterr().out
    db = open_database(pg_url)
    assert db["tables"].count == 1
    db.close()


@pytest.mark.parametrize("target", ["", "sqlite:///x"])
def test_migrate_db_needs_a_postgresql_target(tmp_path, target, capsys, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    args = ["migrate-db", "--from", str(tmp_path / "x.sqlite3")] + (
        ["--to", target] if target else []
    )
    assert bot.main(args) == 2
    assert "postgresql://" in capsys.readouterr().out


def test_a_missing_sqlite_file_is_refused(tmp_path, pg_url, capsys):
    assert bot.main(["migrate-db", "--from", str(tmp_path / "none.sqlite3"), "--to", pg_url]) == 1
    assert "no SQLite file" in capsys.readouterr().out
