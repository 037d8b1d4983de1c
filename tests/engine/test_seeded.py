"""``engine.rng.seeded`` is ``random.Random(seed)`` made in fewer steps: the same state, the
same draws, for every seed a game may have (and any other seed through ``random.Random``);
a generator read back from JSON is the one saved."""

from __future__ import annotations

import random

import pytest

from engine.rng import rng_from_json, rng_to_json, seeded

SEEDS = [0, 1, 7, 99, 2**31 - 1, 2**32, 2**32 + 5, 2**64 + 3, 10**30, -1, -12345]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_generator_is_in_random_randoms_state_for_an_int_seed(seed):
    made, expected = seeded(seed), random.Random(seed)
    assert type(made) is random.Random
    assert made.getstate() == expected.getstate()
    assert [made.random() for _ in range(700)] == [expected.random() for _ in range(700)]
    assert made.gauss(0, 1) == expected.gauss(0, 1)  # gauss_next starts cleared alike
    assert made.gauss(0, 1) == expected.gauss(0, 1)


@pytest.mark.parametrize("seed", ["table-7", b"7", True, 2.5])
def test_another_seed_is_seeded_as_random_random_seeds_it(seed):
    assert seeded(seed).getstate() == random.Random(seed).getstate()


def test_a_generator_read_back_from_json_draws_as_the_one_saved():
    rng = random.Random(3)
    rng.random()
    rng.gauss(0, 1)  # leaves gauss_next set, which the JSON keeps
    copy = rng_from_json(rng_to_json(rng))
    assert copy.getstate() == rng.getstate()
    assert [copy.random() for _ in range(5)] == [rng.random() for _ in range(5)]
