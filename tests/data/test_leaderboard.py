"""data.leaderboard: pages of ten, the caller's row, periods."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data.leaderboard import PAGE_SIZE, has_rated_matches, leaderboard
from data.ratings import rate_match
from tests.data.results_db import DAY, GUILD, finished, fresh_database

NOW = 1_700_000_000.0


@pytest.fixture
def db(storage):
    database = fresh_database(storage)
    yield database
    database.close()


def ladder(db, players: int, at: float = NOW - 60) -> None:
    """One rated match per pair (k, k+1): lower user ids end higher."""
    with db.atomic():
        for k in range(players - 1):
            rate_match(db, GUILD, "macao", k, at, [(k + 1, 1, True), (k + 2, 2, False)])


def test_an_empty_board_has_one_empty_page_and_no_caller_row(db):
    page = leaderboard(db, GUILD, "macao", user_id=11, now=NOW)
    assert (page.total, page.pages, page.rows, page.me) == (0, 1, [], None)
    assert not has_rated_matches(db, GUILD)


def test_pages_hold_ten_rows_ranked_by_skill(db):
    ladder(db, 25)
    first = leaderboard(db, GUILD, "macao", now=NOW)
    assert (first.total, first.pages, len(first.rows)) == (25, 3, PAGE_SIZE)
    skills = [r.skill for r in first.rows]
    assert skills == sorted(skills, reverse=True)
    last = leaderboard(db, GUILD, "macao", page=2, now=NOW)
    assert [r.rank for r in last.rows] == [21, 22, 23, 24, 25]
    assert last.rows[0].skill <= first.rows[-1].skill


def test_pages_never_repeat_or_skip_a_player(db):
    ladder(db, 25)
    seen = [r.user_id for p in range(3) for r in leaderboard(db, GUILD, "macao", page=p).rows]
    assert sorted(seen) == list(range(1, 26))


def test_a_page_past_the_end_shows_the_last_page(db):
    ladder(db, 12)
    page = leaderboard(db, GUILD, "macao", page=9, now=NOW)
    assert (page.page, [r.rank for r in page.rows]) == (1, [11, 12])


def test_the_callers_row_comes_with_a_page_it_is_not_on(db):
    ladder(db, 25)
    everyone = [r for p in range(3) for r in leaderboard(db, GUILD, "macao", page=p).rows]
    bottom = everyone[-1]
    page = leaderboard(db, GUILD, "macao", page=0, user_id=bottom.user_id, now=NOW)
    assert bottom.user_id not in [r.user_id for r in page.rows]
    assert page.me == bottom


def test_the_callers_row_on_the_page_is_that_row(db):
    ladder(db, 5)
    page = leaderboard(db, GUILD, "macao", user_id=3, now=NOW)
    assert page.me == next(r for r in page.rows if r.user_id == 3)


def test_someone_who_never_played_has_no_row(db):
    ladder(db, 5)
    assert leaderboard(db, GUILD, "macao", user_id=404, now=NOW).me is None


def test_week_lists_only_players_with_a_rated_match_in_the_last_seven_days(db):
    from data.results import record_match

    record_match(db, finished(1, [(11, 1), (12, 2)], ended_at=NOW - 20 * DAY))
    record_match(db, finished(2, [(11, 2), (13, 1)], ended_at=NOW - 2 * DAY))
    record_match(db, finished(3, [(11, 1), (13, 2)], ended_at=NOW - 1 * DAY))
    week = leaderboard(db, GUILD, "macao", period="week", user_id=12, now=NOW)
    assert sorted((r.user_id, r.games, r.wins) for r in week.rows) == [(11, 2, 1), (13, 2, 1)]
    assert week.me is None
    month = leaderboard(db, GUILD, "macao", period="month", user_id=12, now=NOW)
    assert month.total == 3 and month.me is not None and month.me.games == 1
    assert leaderboard(db, GUILD, "macao", period="all", user_id=11, now=NOW).me.games == 3


def test_boards_are_per_server_and_per_game(db):
    ladder(db, 3)
    assert leaderboard(db, GUILD + 1, "macao", now=NOW).total == 0
    assert leaderboard(db, GUILD, "president", now=NOW).total == 0
    assert has_rated_matches(db, GUILD, "macao") and not has_rated_matches(db, GUILD, "mao")


def test_an_unknown_period_is_refused(db):
    with pytest.raises(ValueError):
        leaderboard(db, GUILD, "macao", period="year")


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(skills=st.lists(st.sampled_from([-2.0, 0.0, 0.5, 3.25, 7.0]), min_size=0, max_size=35))
def test_pages_partition_the_board_and_every_callers_rank_matches_it(db, skills):
    db.execute("DELETE FROM ratings")
    for user, skill in enumerate(skills, start=1):
        db.execute(
            "INSERT INTO ratings VALUES (?, 'macao', ?, ?, 0.0, ?, 1, 0, ?)",
            [GUILD, user, skill, skill, NOW],
        )
    first = leaderboard(db, GUILD, "macao", now=NOW)
    board = [r for p in range(first.pages) for r in leaderboard(db, GUILD, "macao", page=p).rows]
    assert [r.rank for r in board] == list(range(1, len(skills) + 1))
    assert sorted(r.user_id for r in board) == list(range(1, len(skills) + 1))
    assert [r.skill for r in board] == sorted(skills, reverse=True)
    for row in board:
        assert leaderboard(db, GUILD, "macao", page=0, user_id=row.user_id).me == row
