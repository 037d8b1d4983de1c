"""Tournaments and seasons stored the same on SQLite and PostgreSQL (``data.tournaments``,
``data.seasons``)."""

from __future__ import annotations

import pytest
import sqlite_utils

from data import seasons, tournaments
from data.db import open_database
from data.results import record_match
from tests.data.results_db import DAY, GUILD, finished

NOW = 1_700_000_000.0


@pytest.fixture
def db(storage):
    database = open_database(storage)
    yield database
    database.close()


def new_event(db, **fields) -> int:
    values = {
        "guild_id": GUILD,
        "channel_id": 5,
        "organiser_id": 1,
        "game": "macao",
        "options": {"target": 50},
        "format": "swiss",
        "rounds": 3,
        "seats": 2,
        "starts_at": NOW,
        "created_at": NOW,
    }
    values.update(fields)
    return tournaments.create(db, **values)


def board_rows(
    db: sqlite_utils.Database, game: str, number: int | None, now: float
) -> list[seasons.SeasonRow]:
    """The rows of season ``number``'s board for ``game`` (which must have one)."""
    board = seasons.board(db, GUILD, game, number, now)
    assert board is not None, "no such season"
    return board[1]


def test_event_players_and_tables_round_trip(db) -> None:
    event = new_event(db, bots=True)
    assert tournaments.add_player(db, event, 11, "ana")
    assert tournaments.add_player(db, event, 12, "bo")
    assert not tournaments.add_player(db, event, 11, "ana")
    tournaments.remove_player(db, event, 12)
    assert [(p["user_id"], p["removed"]) for p in tournaments.players(db, event)] == [
        (11, False),
        (12, True),
    ]
    seq = tournaments.add_game(db, event, round=1, players=[11, 12], table_id=77)
    tournaments.add_game(db, event, round=1, players=[13], bye=True)
    tournaments.set_places(db, event, seq, {11: 1, 12: 2})
    stored = tournaments.games(db, event)
    assert stored[0]["places"] == {11: 1, 12: 2}
    assert stored[1]["bye"] and stored[1]["players"] == [13]
    assert tournaments.game_of_table(db, 77) == (event, seq)
    row = tournaments.get(db, event)
    assert row is not None and row["bots"] is True and row["options"] == {"target": 50}
    assert [t["id"] for t in tournaments.live(db)] == [event]
    tournaments.update(db, event, status="finished")
    assert tournaments.live(db) == []


def test_a_games_seats_and_its_bots_places_round_trip(db) -> None:
    event = new_event(db, bots=True)
    seq = tournaments.add_game(db, event, round=1, players=[11, 12], table_id=77)
    other = tournaments.add_game(db, event, round=1, players=[13, 14], table_id=78)
    tournaments.set_places(db, event, seq, {11: 1, 12: 3}, seats=3, bot_places=[1])
    tournaments.set_places(db, event, other, {13: 1, 14: 2})  # a table of people alone
    first, second = tournaments.games(db, event)
    assert (first["seats"], first["bot_places"]) == (3, (1,))
    assert (second["seats"], second["bot_places"]) == (None, ())


def test_final_standings_are_kept_in_order(db) -> None:
    event = new_event(db)
    tournaments.save_standings(db, event, [(12, 3.0, 3, 3), (11, 1.0, 1, 3)])
    assert [r["user_id"] for r in tournaments.final_standings(db, event)] == [12, 11]


def test_season_ends_on_its_date_and_the_next_starts_fresh(db) -> None:
    first = seasons.current(db, GUILD, NOW)
    assert first.number == 1
    for i in range(3):
        record_match(db, finished(i + 1, [(11, 1), (12, 2)], ended_at=NOW + i))
    live = board_rows(db, "macao", None, NOW + 10)
    assert [r.user_id for r in live] == [11, 12]
    later = NOW + 31 * DAY
    second = seasons.current(db, GUILD, later)
    assert second.number == 2
    fresh = board_rows(db, "macao", None, later)
    assert fresh == []
    kept = board_rows(db, "macao", 1, later)
    assert [r.user_id for r in kept] == [11, 12]


def test_a_manager_ends_a_season_early(db) -> None:
    seasons.current(db, GUILD, NOW)
    record_match(db, finished(1, [(11, 1), (12, 2)], ended_at=NOW + 1))
    after = seasons.end_early(db, GUILD, NOW + 5)
    assert after.number == 2 and after.started_at == NOW + 5
    ended = seasons.get(db, GUILD, 1)
    assert ended is not None and ended.ended_at == NOW + 5


def test_season_length_moves_the_running_season_end(db) -> None:
    seasons.current(db, GUILD, NOW)
    season = seasons.set_length(db, GUILD, "week", NOW + 1)
    assert season.ends_at == NOW + 7 * DAY
    with pytest.raises(ValueError):
        seasons.set_length(db, GUILD, "decade", NOW)


def test_few_matches_rank_below_enough_and_are_provisional(db) -> None:
    seasons.current(db, GUILD, NOW)
    record_match(db, finished(1, [(13, 1), (11, 2)], ended_at=NOW + 1))
    for i in range(3):
        record_match(db, finished(10 + i, [(11, 1), (12, 2)], ended_at=NOW + 2 + i))
    rows = board_rows(db, "macao", None, NOW + 10)
    assert rows[-1].user_id == 13
    assert rows[-1].provisional


def test_a_season_closed_late_keeps_the_ratings_of_its_end_date(db) -> None:
    seasons.current(db, GUILD, NOW)
    for i in range(3):
        record_match(db, finished(i + 1, [(11, 1), (12, 2)], ended_at=NOW + i))
    # season 2 has begun (nobody has looked yet), and 12 now beats 11 again and again
    for i in range(8):
        record_match(db, finished(20 + i, [(12, 1), (11, 2)], ended_at=NOW + 31 * DAY + i))
    kept = board_rows(db, "macao", 1, NOW + 40 * DAY)
    assert [r.user_id for r in kept] == [11, 12]
    running = board_rows(db, "macao", None, NOW + 40 * DAY)
    assert [r.user_id for r in running] == [12, 11]
