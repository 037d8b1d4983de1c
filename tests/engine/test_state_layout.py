"""How every game's state is laid out in memory: its fields stay few enough in its
``__dict__`` for CPython 3.11 to keep them inline (up to 29 of them), which every attribute
read and method lookup of every decision depends on (Last Card and Mau-Mau keep a few
fields in slots for it: ``engine.lastcard.game``, ``engine.maumau.game``)."""

from __future__ import annotations

import pytest

from engine import GAMES, new_game
from engine.bots import make_bot
from engine.turns import BotTable
from tests.engine.clock import on_the_clock

#: the most fields CPython 3.11 keeps inline in an instance's ``__dict__``; with one more,
#: the instance gets a dict of its own
INLINE_FIELDS = 29
#: a match of a few rounds where the game has them, so match-end fields are set too
MATCHES = {
    "lastcard": {"games": 2},
    "maumau": {"rounds": 2},
    "macao": {"rounds": 2},
    "mao": {"rounds": 2},
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_keeps_its_fields_inline_through_a_whole_match(name):
    seats = ["a", "b", "c", "d"]
    game = new_game(name, seats, seed=3, options=MATCHES.get(name))
    table = BotTable({s: make_bot("random", name, k) for k, s in enumerate(seats)})
    for _ in on_the_clock(game, table, 50_000, pace=0.5):  # Mao's on its clock
        pass
    assert game.is_over
    # read after the match, so every field any part of it sets is counted
    assert len(getattr(game, "__dict__", {})) <= INLINE_FIELDS
