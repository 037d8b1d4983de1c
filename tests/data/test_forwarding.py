"""Handed-over presses: claimed once only, found again when missed, dropped when too old."""

from __future__ import annotations

import pytest

from data import forwarding
from data.db import open_database
from data.forwarding import TOKEN_LIFETIME

NOW = 1_700_000_000.0
PRESS = {"id": "1", "token": "t", "data": {"custom_id": "chairman:act:3:1:draw"}}


@pytest.fixture
def db(storage):
    database = open_database(storage)
    yield database
    database.close()


def test_a_press_is_claimed_once_only(db):
    press = forwarding.hand_over(db, 3, 1, PRESS, NOW)
    assert forwarding.claim(db, press, NOW + 1) == PRESS
    assert forwarding.claim(db, press, NOW + 2) is None


def test_unclaimed_presses_are_found_for_their_shard_oldest_first(db):
    first = forwarding.hand_over(db, 3, 1, PRESS, NOW)
    forwarding.hand_over(db, 4, 2, PRESS, NOW)
    second = forwarding.hand_over(db, 3, 1, PRESS, NOW + 1)
    taken = forwarding.hand_over(db, 3, 1, PRESS, NOW + 2)
    forwarding.claim(db, taken, NOW + 3)
    assert forwarding.unclaimed(db, [1], NOW + 4) == [first, second]
    assert forwarding.unclaimed(db, [], NOW + 4) == []


def test_a_press_older_than_its_token_is_never_applied_and_is_pruned(db):
    old = forwarding.hand_over(db, 3, 1, PRESS, NOW)
    later = NOW + TOKEN_LIFETIME + 1
    assert forwarding.unclaimed(db, [1], later) == []
    assert forwarding.claim(db, old, later) is None
    assert forwarding.prune(db, later) == 1


def test_a_users_open_tables_are_those_they_still_sit_at(db):
    from data import store

    def table(guild: int, status: str, left: bool = False) -> int:
        made = store.create_table(db, guild_id=guild, channel_id=None, host_id=9, game="macao",
                                  options={}, seed=1, created_at=NOW)  # fmt: skip
        store.save_seats(db, made, [{"seat": "9", "name": "ana", "user_id": 9, "left_game": left}])
        store.update_table(db, made, status=status)
        return made

    running, _done, lobby, _left = (
        table(5, "running"), table(6, "finished"), table(7, "lobby"), table(8, "running", True)
    )  # fmt: skip
    assert forwarding.open_tables_of_user(db, 9) == [(running, 5), (lobby, 7)]
    assert forwarding.open_tables_of_user(db, 10) == []
