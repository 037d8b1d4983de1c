"""data.ratings: Plackett-Luce per server and game, shown as mu - 3 sigma."""

from __future__ import annotations

import pytest

from data.ratings import conservative, get_rating, rate_match, rating_history
from data.results import record_match
from tests.data.results_db import GUILD, finished, fresh_database


@pytest.fixture
def db(storage):
    database = fresh_database(storage)
    yield database
    database.close()


def test_conservative_skill_is_mu_minus_three_sigma():
    assert conservative(30.0, 2.0) == 24.0
    assert conservative(25.0, 25 / 3) == pytest.approx(0.0)


def test_winner_ends_above_loser_after_one_match(db):
    record_match(db, finished(1, [(11, 2), (12, 1)]))
    winner, loser = get_rating(db, GUILD, "macao", 12), get_rating(db, GUILD, "macao", 11)
    assert winner.skill > loser.skill
    assert (winner.games, winner.wins, loser.games, loser.wins) == (1, 1, 1, 0)


def test_places_order_three_players(db):
    record_match(db, finished(1, [(11, 3), (12, 1), (13, 2)]))
    skills = {u: get_rating(db, GUILD, "macao", u).skill for u in (11, 12, 13)}
    assert skills[12] > skills[13] > skills[11]


def test_bots_in_between_do_not_change_the_humans_ratings(db, tmp_path):
    record_match(db, finished(1, [(11, 1), ("heuristic", 2), (12, 3)]))
    plain = fresh_database(tmp_path / "plain.sqlite3")
    record_match(plain, finished(1, [(11, 1), (12, 2)]))
    assert get_rating(db, GUILD, "macao", 11) == get_rating(plain, GUILD, "macao", 11)
    plain.close()


def test_ratings_are_kept_per_server_and_per_game(db):
    record_match(db, finished(1, [(11, 1), (12, 2)]))
    record_match(db, finished(2, [(11, 2), (12, 1)], game="president"))
    record_match(db, finished(3, [(11, 2), (12, 1)], guild_id=GUILD + 1))
    assert get_rating(db, GUILD, "macao", 11).wins == 1
    assert get_rating(db, GUILD, "president", 11).wins == 0
    assert get_rating(db, GUILD + 1, "macao", 11).wins == 0
    assert get_rating(db, GUILD + 1, "president", 11) is None


def test_a_user_on_two_seats_is_rated_once_at_their_best_place(db):
    after = rate_match(db, GUILD, "macao", 1, 10.0, [(11, 3, False), (11, 1, True), (12, 2, False)])
    assert set(after) == {11, 12}
    assert after[11].wins == 1 and after[11].skill > after[12].skill


def test_fewer_than_two_humans_rates_nobody(db):
    assert rate_match(db, GUILD, "macao", 1, 10.0, [(11, 1, True)]) == {}
    assert get_rating(db, GUILD, "macao", 11) is None


def test_history_has_one_point_per_rated_match_oldest_first(db):
    for table, when in ((1, 100.0), (2, 200.0), (3, 300.0)):
        record_match(db, finished(table, [(11, 1), (12, 2)], ended_at=when))
    record_match(db, finished(4, [(11, 1), ("random", 2)], ended_at=400.0))
    points = rating_history(db, GUILD, 11)["macao"]
    assert [p.at for p in points] == [100.0, 200.0, 300.0]
    assert points[-1].skill == pytest.approx(get_rating(db, GUILD, "macao", 11).skill)
    assert rating_history(db, GUILD, 404) == {}
