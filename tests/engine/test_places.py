"""``engine.places.places_by``: the smallest key takes place 1, equal keys share a place, and
the place after a tie counts every seat above it."""

from __future__ import annotations

from engine.places import places_by


def test_the_smallest_key_is_first_and_equal_keys_share_a_place():
    places = places_by(["a", "b", "c", "d"], [30, 10, 20, 10])
    assert places == {"b": 1, "d": 1, "c": 3, "a": 4}


def test_keys_compare_as_tuples_element_by_element():
    assert places_by(["a", "b", "c"], [(1, 5), (1, 2), (0, 9)]) == {"c": 1, "b": 2, "a": 3}
