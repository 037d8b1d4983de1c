"""data.house_rules: the rules a server keeps for each game, on both backends, and the rules
kept before they were kept per game."""

from __future__ import annotations

import pytest

from data import db as database
from data import house_rules
from data.house_rules import forget, keep, rules
from tests.data.results_db import GUILD, fresh_database


@pytest.fixture
def db(storage):
    opened = fresh_database(storage)
    yield opened
    opened.close()


def test_each_rule_is_kept_once_in_the_order_kept(db):
    assert keep(db, GUILD, "mao", ["b", "a"], kept_at=1.0) == (2, 2)
    assert keep(db, GUILD, "mao", ["a", "c"], kept_at=2.0) == (1, 3)
    assert rules(db, GUILD, "mao") == ["b", "a", "c"]


def test_a_servers_rules_are_its_own_and_a_games_its_own(db):
    keep(db, GUILD, "mao", ["a"], kept_at=1.0)
    keep(db, GUILD, "other", ["a", "z"], kept_at=1.0)
    assert rules(db, GUILD + 1, "mao") == []
    assert rules(db, GUILD, "other") == ["a", "z"]
    assert forget(db, GUILD, "other") == 2
    assert rules(db, GUILD, "mao") == ["a"] and rules(db, GUILD, "other") == []


def test_no_more_than_the_limit_are_kept(db, monkeypatch):
    monkeypatch.setattr(house_rules, "LIMIT", 2)
    assert keep(db, GUILD, "mao", ["a", "b", "c"], kept_at=1.0) == (2, 2)
    assert rules(db, GUILD, "mao") == ["a", "b"]


def test_rules_kept_before_they_were_kept_per_game_stay_maos_in_their_order(storage, monkeypatch):
    every = database.migrations()
    before = every[: [name for name, _ in every].index("house_rules_002_per_game")]
    monkeypatch.setattr(database, "migrations", lambda: before)
    old = database.open_database(storage)
    for rule, at in (("second", 2.0), ("first", 1.0)):
        old.execute(
            "INSERT INTO mao_canon (guild_id, rule, kept_at, from_table) VALUES (?, ?, ?, ?)",
            [GUILD, rule, at, 7],
        )
    old.close()
    monkeypatch.undo()
    db = database.open_database(storage)
    try:
        assert "mao_canon" not in db.table_names()
        assert rules(db, GUILD, "mao") == ["second", "first"]
        assert keep(db, GUILD, "mao", ["first", "third"], kept_at=3.0) == (1, 3)
        assert rules(db, GUILD, "mao") == ["second", "first", "third"]
    finally:
        db.close()
