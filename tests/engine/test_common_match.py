"""COMMON-4: a table plays one match of one or more rounds, which ends by its game's own rule
with a place for every seat; a game with a round limit ends the match there."""

from __future__ import annotations

import pytest

from engine import GAMES
from tests.engine.invariants import random_playout


@pytest.mark.parametrize("name", sorted(GAMES))
def test_common_4_a_table_plays_one_match_of_rounds_to_its_games_own_end(name):
    cls = GAMES[name]
    limited = any(option.name == "rounds" for option in cls.option_specs)
    options = {"rounds": 2} if limited else {}
    seats = max(cls.min_seats, 3)
    rounds: set[int] = set()
    last = None
    for step in random_playout(name, seats, seed=1, options=options, max_steps=40_000,
                               keep_before=False):  # fmt: skip
        rounds.add(step.game.round)
        last = step
    assert last is not None
    game = last.game
    assert game.is_over, f"{name}: the match did not end"
    places = game.outcome()["places"]
    assert set(places) == set(game.seats) and min(places.values()) == 1
    assert min(rounds) == 1
    if limited:
        assert max(rounds) <= 2
