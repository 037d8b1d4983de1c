"""President's deal straight into codes (``engine.president.groups.deal``): it is PRES-1's
deal, and what it derives, and what every move keeps up to date, is what a loaded state
derives from its hands."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import game_from_dict, new_game
from engine.cards import pack
from engine.president import decks_for
from engine.president.groups import deal, group_hands

DERIVED = ("codes", "counts", "keys", "plays", "holders", "least", "need", "run_size")


@given(seed=st.integers(0, 2**31), n=st.integers(4, 10), first=st.integers(0, 9))
@settings(max_examples=60, deadline=None)
def test_pres_1_every_card_is_dealt_once_one_at_a_time_from_the_first_seat(seed, n, first):
    first %= n
    decks = decks_for(n)
    hands, grouping = deal(random.Random(seed), n, decks, first)
    assert Counter(c for hand in hands for c in hand) == Counter(pack(decks))
    size = 52 * decks
    # one at a time: the seats from ``first`` on take one card more than the rest
    assert [len(hands[(first + j) % n]) for j in range(n)] == [
        size // n + (j < size % n) for j in range(n)
    ]
    assert grouping == group_hands(hands)


def test_the_deal_draws_differ_by_seed_and_replay_by_seed():
    one = deal(random.Random(7), 4, 1, 1)[0]
    assert deal(random.Random(7), 4, 1, 1)[0] == one
    assert deal(random.Random(8), 4, 1, 1)[0] != one


@given(seed=st.integers(0, 2**31), n=st.integers(4, 10), chooser=st.integers(0, 2**31))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_move_keeps_the_derived_fields_as_the_hands_derive_them(seed, n, chooser):
    seats = [f"p{k}" for k in range(n)]
    game = new_game("president", seats, seed=seed, options={"rounds": 2})
    rng = random.Random(chooser)
    for _ in range(400):
        if game.is_over:
            break
        loaded = game_from_dict(game.to_dict())
        loaded.derive()
        game.legal_actions(seats[0])  # derives a state that is not yet
        for field in DERIVED:
            assert getattr(game, field) == getattr(loaded, field), field
        acting = [(s, a) for s in game.seats_that_may_act() for a in game.legal_actions(s)]
        seat, action = acting[rng.randrange(len(acting))]
        game.apply_offered(seat, action)
