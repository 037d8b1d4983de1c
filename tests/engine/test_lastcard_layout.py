"""How a Last Card state is laid out in memory: its fields stay few enough in its
``__dict__`` for CPython 3.11 to keep them inline (up to 29 of them), which every attribute
read and method lookup of every decision depends on (``engine.lastcard.match``)."""

from __future__ import annotations

from engine import new_game
from engine.bots import make_bot
from engine.turns import BotTable

#: the most fields CPython 3.11 keeps inline in an instance's ``__dict__``; with one more,
#: the instance gets a dict of its own
INLINE_FIELDS = 29


def test_a_last_card_state_keeps_its_fields_inline_through_a_whole_match():
    seats = ["a", "b", "c", "d"]
    game = new_game("lastcard", seats, seed=3, options={"games": 2})
    table = BotTable({s: make_bot("random", "lastcard", k) for k, s in enumerate(seats)})
    for _ in range(2_000):
        if table.step(game) is None:
            break
    assert game.is_over
    # read after the match, so every field any part of it sets is counted
    assert len(vars(game)) <= INLINE_FIELDS
