"""Seasons turned by the service's clock (``tables.seasons``): one ends on its date and the
next starts with a fresh board, the old board still shown; bad input refused."""

from __future__ import annotations

import pytest

from data.results import record_match
from tables.errors import TableError
from tests.data.results_db import DAY, GUILD, finished


async def test_a_season_ends_on_its_date_and_the_next_starts_fresh(service, clock):
    seasons = service.seasons
    assert seasons.current(GUILD).number == 1
    for n in range(3):
        record_match(service.db, finished(n + 1, [(11, 1), (12, 2)], ended_at=clock.now() + n))
    await clock.advance(29 * DAY)
    season, rows = seasons.board(GUILD, "macao")
    assert season.number == 1 and [r.user_id for r in rows] == [11, 12]
    await clock.advance(2 * DAY)
    season, rows = seasons.board(GUILD, "macao")
    assert season.number == 2 and rows == []
    old, kept = seasons.board(GUILD, "macao", 1)
    assert old.ended_at is not None and [r.user_id for r in kept] == [11, 12]


async def test_a_weekly_season_turns_after_seven_days(service, clock):
    service.seasons.set_length(GUILD, "week")
    await clock.advance(7 * DAY + 1)
    assert service.seasons.current(GUILD).number == 2


async def test_a_season_that_never_was_and_a_bad_length_are_refused(service):
    with pytest.raises(TableError, match="no season 9"):
        service.seasons.board(GUILD, "macao", 9)
    with pytest.raises(TableError, match="a week, a month or a quarter"):
        service.seasons.set_length(GUILD, "decade")


async def test_the_first_season_holds_the_rated_matches_played_before_anyone_looked(service, clock):
    first = clock.now()
    for n in range(3):
        record_match(service.db, finished(n + 1, [(11, 1), (12, 2)], ended_at=first + n))
    await clock.advance(3 * DAY)
    season, rows = service.seasons.board(GUILD, "macao")
    assert (season.number, season.started_at) == (1, first)
    assert [(r.user_id, r.games) for r in rows] == [(11, 3), (12, 3)]


async def test_matches_older_than_a_season_are_in_the_first_season_kept_as_ended(service, clock):
    record_match(service.db, finished(1, [(11, 1), (12, 2)], ended_at=clock.now()))
    await clock.advance(40 * DAY)
    assert service.seasons.current(GUILD).number == 2
    old, kept = service.seasons.board(GUILD, "macao", 1)
    assert old.ended_at is not None and [r.user_id for r in kept] == [11, 12]
