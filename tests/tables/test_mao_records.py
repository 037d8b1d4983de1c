"""Mao's records: each round's figures for the leaderboard, the server's house canon, and the
options /play gives a new Mao table."""

from __future__ import annotations

import pytest

from cogs.results_render import stats_field
from data import house_rules as kept
from data.db import open_database
from data.match_reads import game_figures, match_result
from engine.mao import rules as secret
from tables.errors import BadOptions
from tables.game_options import for_play
from tables.games.mao.rounds import difference, record_round, round_key, round_outcome
from tables.model import Seat, Table

THANKS = secret.canonical({"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "ta"}})
SKIP = secret.canonical({"trigger": {"kind": "play", "rank": "K"}, "effect": {"kind": "skip"}})


@pytest.fixture
def db(tmp_path):
    database = open_database(tmp_path / "mao.sqlite3")
    yield database
    database.close()


def figures(wins=0, calls=0, bad=0, **penalties) -> dict:
    return {
        "wins": wins,
        "penalties": dict(penalties),
        "penalties_taken": sum(penalties.values()),
        "calls": calls,
        "bad_adjudications": bad,
        "bad_calls": 0,
    }


def round_end(number: int, at: float, winners: list[str], stats: dict) -> dict:
    return {"type": "round_end", "round": number, "winners": winners, "stats": stats, "at": at}


def two_seat_table() -> Table:
    table = Table(id=7, game_name="mao", options={"mode": "chairman"}, seed=1, guild_id=5)
    table.seats = [Seat("1", "ana", user_id=1), Seat("2", "bo", user_id=2)]
    table.started_at = 1000.0
    return table


# --- rounds ----------------------------------------------------------------------------------
def test_mao_17_a_rounds_figures_are_its_totals_less_the_last_rounds():
    now = {"wins": 2, "penalties": {"Talking": 3, "Bad card": 1}, "calls": 4}
    before = {"wins": 1, "penalties": {"Talking": 3}, "calls": 1}
    assert difference(now, before) == {"wins": 1, "penalties": {"Bad card": 1}, "calls": 3}


def test_mao_17_players_out_are_placed_in_the_order_they_went_out():
    stats = {s: figures() for s in ("a", "b", "c")}
    outcome = round_outcome(round_end(1, 9.0, ["c", "a"], stats), None)
    assert outcome["places"] == {"c": 1, "a": 2, "b": 3}
    assert outcome["winners"] == ["c", "a"] and outcome["scores"]["b"] == 0


def test_mao_17_a_round_called_off_with_nobody_out_is_a_draw_for_everyone():
    stats = {s: figures() for s in ("a", "b", "c")}
    outcome = round_outcome(round_end(1, 9.0, [], stats), None)
    assert outcome["draw"] and outcome["winners"] == []
    assert outcome["places"] == {"a": 1, "b": 1, "c": 1}


def test_mao_17_each_round_is_stored_once_with_its_own_figures(db):
    table = two_seat_table()
    first = {"1": figures(wins=1, calls=1), "2": figures(Talking=1)}
    match_id = record_round(db, table, round_end(1, 30.0, ["1"], first))
    assert record_round(db, table, round_end(1, 30.0, ["1"], first)) == match_id  # replayed
    second = {"1": figures(wins=1, calls=1, Talking=1), "2": figures(wins=1, Talking=1)}
    record_round(db, table, round_end(2, 75.0, ["2"], second))
    [row] = db.execute(
        "SELECT id, started_at, ended_at FROM matches WHERE table_id = ?", [round_key(7, 2)]
    ).fetchall()
    assert (row[1], row[2]) == (1030.0, 1075.0)
    result = {s.seat: s for s in match_result(db, row[0]).seats}
    assert result["2"].won and result["2"].place == 1
    assert result["1"].figures["penalties"] == {"Talking": 1}
    assert result["1"].figures["calls"] == 0 and result["2"].figures["penalties"] == {}


def canon(db, guild_id: int) -> list[dict]:
    """The server's Mao canon as rule dicts."""
    return [secret.validate(text) for text in kept.rules(db, guild_id, "mao")]


# --- /play options ---------------------------------------------------------------------------
def test_a_new_mao_table_gets_its_named_options_and_the_house_canon(db):
    kept.keep(db, 5, "mao", [THANKS], kept_at=1.0)
    chosen = for_play(db, 5, "mao", {"turn_seconds": 5}, {"turn_seconds": 3, "mode": None})
    assert chosen["turn_seconds"] == 3 and "mode" not in chosen
    assert chosen["house_rules"] == [secret.validate(THANKS)]
    assert "house_rules" not in for_play(db, 6, "mao", {}, {})


def test_mao_options_are_refused_for_other_games(db):
    assert for_play(db, 5, "macao", {"target": 300}, {"mode": None}) == {"target": 300}
    with pytest.raises(BadOptions, match="mode is a Mao option"):
        for_play(db, 5, "macao", {}, {"mode": "players"})


def test_overturned_rulings_are_counted_per_table_in_stats(db):
    table = two_seat_table()
    first = {"1": {**figures(wins=1), "overturned": 0}, "2": {**figures(), "overturned": 1}}
    record_round(db, table, round_end(1, 30.0, ["1"], first))
    second = {"1": {**figures(wins=1), "overturned": 0}, "2": {**figures(wins=1), "overturned": 3}}
    record_round(db, table, round_end(2, 60.0, ["2"], second))
    [mao] = game_figures(db, 5, 2, "mao")
    assert mao.figures["overturned"] == 3  # 1 in the first round, 2 more in the second
    assert "rulings overturned: 3" in stats_field(mao, "")[1]


# --- the house canon through the service ---------------------------------------------------
def test_keeping_a_tables_rules_reads_the_rules_its_players_made(db):
    from types import SimpleNamespace

    from engine import new_game
    from tables.clock import FakeClock
    from tables.games.mao import canon as house_rules

    table = two_seat_table()
    table.game = new_game("mao", ["1", "2"], seed=1, options={"house_rules": [THANKS]})
    service = SimpleNamespace(db=db, clock=FakeClock())
    assert house_rules.keep_table_rules(service, table, 5, 1) == (1, 1)
    assert canon(db, 5) == [secret.validate(THANKS)]
    assert house_rules.forget(service, 5) == 1 and canon(db, 5) == []


def test_only_a_game_whose_players_make_rules_has_a_canon_to_keep(db):
    from types import SimpleNamespace

    from engine import new_game
    from tables.clock import FakeClock
    from tables.errors import NoTable
    from tables.games.mao import canon as house_rules

    table = Table(id=8, game_name="macao", options={}, seed=1, guild_id=5)
    table.game = new_game("macao", ["1", "2"], seed=1)
    with pytest.raises(NoTable):
        house_rules.keep_table_rules(SimpleNamespace(db=db, clock=FakeClock()), table, 5, 1)
