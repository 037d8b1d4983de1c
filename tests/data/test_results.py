"""data.results: what a finished match leaves behind, and when it is rated."""

from __future__ import annotations

import pytest

from data import ratings, results
from data.match_reads import game_figures, history, match_result
from data.results import FinishedMatch, record_match
from tests.data.results_db import GUILD, finished, fresh_database


@pytest.fixture
def db(storage):
    database = fresh_database(storage)
    yield database
    database.close()


def count(db, table: str) -> int:
    return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_bot_only_match_is_stored_but_not_rated(db):
    match_id = record_match(db, finished(1, [("heuristic", 1), ("random", 2), ("heuristic", 3)]))
    stored = match_result(db, match_id)
    assert stored is not None and not stored.rated
    assert [s.bot for s in stored.seats] == ["heuristic", "random", "heuristic"]
    assert count(db, "results") == 3
    assert count(db, "ratings") == 0


def test_one_human_against_bots_is_stored_but_not_rated(db):
    match_id = record_match(db, finished(1, [(11, 1), ("heuristic", 2)]))
    assert not match_result(db, match_id).rated
    assert count(db, "ratings") == 0
    assert [h.match_id for h in history(db, GUILD, 11)] == [match_id]


def test_two_humans_are_rated_and_bot_seats_never_are(db):
    match_id = record_match(db, finished(1, [(11, 2), ("heuristic", 3), (12, 1)]))
    assert match_result(db, match_id).rated
    rated = {r["user_id"] for r in db.query("SELECT user_id FROM ratings")}
    assert rated == {11, 12}
    assert count(db, "rating_history") == 2
    bot_row = db.execute("SELECT rated FROM results WHERE bot IS NOT NULL").fetchone()
    assert bot_row == (0,)


def test_a_seat_the_afk_bot_finished_counts_as_its_humans(db):
    record_match(db, finished(1, [(11, 1), (12, 2)], afk=(12,)))
    row = db.execute("SELECT afk_played, user_id, rated FROM results WHERE seat = 's1'").fetchone()
    assert row == (1, 12, 1)
    assert ratings.get_rating(db, GUILD, "macao", 12) is not None


def test_a_match_outside_a_server_is_never_rated(db):
    record_match(db, finished(1, [(11, 1), (12, 2)], guild_id=None))
    assert count(db, "matches") == 1
    assert count(db, "ratings") == 0


def test_recording_the_same_table_twice_changes_nothing(db):
    first = record_match(db, finished(7, [(11, 1), (12, 2)]))
    again = record_match(db, finished(7, [(11, 1), (12, 2)]))
    assert again == first
    assert count(db, "matches") == 1
    assert ratings.get_rating(db, GUILD, "macao", 11).games == 1


def test_result_and_rating_are_one_transaction(db, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("rating failed")

    monkeypatch.setattr(results.ratings, "rate_match", broken)
    with pytest.raises(RuntimeError):
        record_match(db, finished(1, [(11, 1), (12, 2)]))
    assert count(db, "matches") == 0
    assert count(db, "results") == 0


def test_a_draw_shares_first_place_and_nobody_wins(db):
    match_id = record_match(db, finished(1, [(11, 1), (12, 1), (13, 3)], draw=True))
    seats = match_result(db, match_id).seats
    assert [s.place for s in seats] == [1, 1, 3]
    assert not any(s.won for s in seats)


def test_seats_missing_from_places_rank_after_the_rest(db):
    match = finished(1, [(11, 1), (12, 2), (13, 3)])
    outcome = {"winners": ["s1"], "places": {"s1": 1}}
    match = FinishedMatch.from_dict({**match.__dict__, "outcome": outcome})
    seats = match_result(db, record_match(db, match)).seats
    assert [(s.user_id, s.place) for s in seats] == [(12, 1), (11, 2), (13, 2)]


def test_payload_may_come_as_a_plain_dict(db):
    payload = {
        "table_id": 3,
        "game": "macao",
        "guild_id": GUILD,
        "seats": [
            {"seat": "a", "user_id": "11", "name": "Ana"},
            {"seat": "b", "bot": "heuristic", "name": "Ada"},
        ],
        "outcome": {"places": {"a": 2, "b": 1}, "winners": ["b"], "scores": {"a": 40, "b": 0}},
        "started_at": 1.0,
        "ended_at": 2.0,
    }
    seats = match_result(db, record_match(db, payload)).seats
    assert [(s.name, s.bot, s.user_id, s.score) for s in seats] == [
        ("Ada", "heuristic", None, 0),
        ("Ana", None, 11, 40),
    ]


def test_game_figures_sum_each_players_own_figures_per_game(db):
    stats = {"s0": {"penalties": {"Talking": 2, "Bad card": 1}, "rounds_won": 1}, "s1": {}}
    record_match(db, finished(1, [(11, 1), (12, 2)], game="mao", stats=stats))
    stats = {"s0": {"penalties": {"Talking": 1}, "rounds_won": 0}, "s1": {"rounds_won": 3}}
    record_match(db, finished(2, [(11, 2), (12, 1)], game="mao", stats=stats))
    record_match(db, finished(3, [(11, 1), (12, 2)]))
    macao, mao = game_figures(db, GUILD, 11)
    assert (mao.game, mao.played, mao.won, mao.rated) == ("mao", 2, 1, 2)
    assert mao.figures == {"penalties: Talking": 3, "penalties: Bad card": 1, "rounds_won": 1}
    assert (macao.game, macao.played, macao.best_place) == ("macao", 1, 1)
    assert game_figures(db, GUILD, 11, game="macao") == [macao]


def test_history_is_newest_first_and_per_server(db):
    for table in range(1, 13):
        record_match(db, finished(table, [(11, 1), (12, 2)], ended_at=1000.0 + table))
    record_match(db, finished(99, [(11, 1), (12, 2)], guild_id=GUILD + 1, ended_at=5000.0))
    entries = history(db, GUILD, 11, limit=10)
    assert len(entries) == 10
    assert [e.ended_at for e in entries] == sorted((e.ended_at for e in entries), reverse=True)
    assert entries[0].ended_at == 1012.0
    assert history(db, GUILD, 404) == []


def test_match_result_of_an_unknown_match_is_none(db):
    assert match_result(db, 12345) is None


def test_open_database_applies_the_results_side_migrations(storage):
    from data.db import open_database

    db = open_database(storage)
    applied = {r["name"] for r in db["_migrations"].rows}
    assert {"results_001_matches_and_results", "ratings_001_ratings_and_history"} <= applied
    assert "settings_001_options_and_channels" in applied
    match_id = record_match(db, finished(1, [(11, 1), (12, 2)]))
    assert match_result(db, match_id).rated
    db.close()


def test_figures_keyed_by_figure_are_split_per_seat(db):
    stats = {
        "blow_ups": {"s0": 2, "s1": 0},
        "chips_won": {"s0": 0, "s1": 3},
        "left": ["s0"],
        "hands": 7,
    }
    match_id = record_match(db, finished(1, [(11, 2), (12, 1)], game="maumau", stats=stats))
    seats = {s.user_id: s.figures for s in match_result(db, match_id).seats}
    assert seats[11] == {"blow_ups": 2, "chips_won": 0, "left": True, "hands": 7}
    assert seats[12] == {"blow_ups": 0, "chips_won": 3, "left": False, "hands": 7}


def test_last_card_games_become_games_played_and_won(db):
    match = finished(1, [(11, 1), (12, 2)], game="lastcard")
    games = [{"places": {"s0": 1, "s1": 2}}, {"places": {"s0": 2, "s1": 1}}, {"places": {"s0": 1}}]
    match = FinishedMatch.from_dict(
        {**match.__dict__, "outcome": {**match.outcome, "games": games}}
    )
    seats = {s.user_id: s.figures for s in match_result(db, record_match(db, match)).seats}
    assert seats[11] == {"games_played": 3, "games_won": 2}
    assert seats[12] == {"games_played": 2, "games_won": 1}


def test_a_macao_score_is_the_points_the_seat_took(db):
    match_id = record_match(db, finished(1, [(11, 1), (12, 3)]))
    seats = {s.user_id: s.figures for s in match_result(db, match_id).seats}
    assert seats == {11: {"points_taken": 0}, 12: {"points_taken": 200}}


def test_a_recorded_match_is_committed_for_other_connections(db, storage):
    record_match(db, finished(1, [(11, 1), (12, 2)]))
    other = fresh_database(storage)
    assert other.execute("SELECT COUNT(*) FROM ratings").fetchone() == (2,)
    other.close()
