"""``Game.round_turns``: the count of a round's turns simulate reads at its end, which must be
what the spectators' view shows (the view simulate read before)."""

from __future__ import annotations

import random

import pytest

from engine import GAMES, new_game
from engine.bots import make_bot
from engine.turns import BotTable
from tests.engine.clock import on_the_clock

SEATS = ["p0", "p1", "p2", "p3"]


def round_ends(name: str, seed: int):
    """Yield (game, round_end event) at every round's end of a seeded bot game."""
    options = {"rounds": 2} if "rounds" in GAMES[name].defaults else {}
    game = new_game(name, SEATS, seed=seed, options=options)
    shared = random.Random(seed)
    bots = {}
    for k, seat in enumerate(SEATS):
        bots[seat] = make_bot("random", name, k)
        bots[seat].rng = shared
    for events in on_the_clock(game, BotTable(bots), 5_000):
        for event in events:
            if event["type"] == "round_end":
                yield game, event


@pytest.mark.parametrize("name", ["macao", "maumau", "lastcard", "mao"])
def test_round_turns_is_the_views_count_while_the_round_is_shown(name):
    seen = 0
    for seed in range(4):
        for game, event in round_ends(name, seed):
            view = game.observation(None)
            expected = view["turns"] if view["round"] == event.get("round") else None
            assert game.round_turns(event.get("round")) == expected
            seen += expected is not None
    assert seen  # some match ended with a round whose count was read


def test_round_turns_is_none_once_the_next_round_is_dealt():
    ends = round_ends("macao", 0)
    game, first = next(ends)  # round 1 ended and round 2 was dealt in the same move
    assert first["round"] == 1 and game.round == 2
    assert game.round_turns(1) is None
    game, last = next(ends)  # the match ended with round 2: its count stands
    assert last["round"] == 2 and game.is_over
    assert game.round_turns(2) == game.observation(None)["turns"]


def test_president_counts_no_turns():
    ends = list(round_ends("president", 0))
    assert ends
    for game, event in ends:
        assert "turns" not in game.observation(None)
        assert game.round_turns(event.get("round")) is None
