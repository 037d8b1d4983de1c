"""Places at the end of a match from each seat's ranking key: the rule every game's outcome
shares, that equal keys share a place and the next place counts the seats above it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def places_by(seats: Sequence[str], keys: Sequence[Any]) -> dict[str, int]:
    """Each seat's place, 1 for the smallest key; seats with equal keys share the place of
    the first of them, and the next seat's place counts every seat before it (1, 2, 2, 4)."""
    order = sorted(range(len(seats)), key=keys.__getitem__)
    places: dict[str, int] = {}
    for pos, k in enumerate(order):
        if pos and keys[k] == keys[order[pos - 1]]:
            places[seats[k]] = places[seats[order[pos - 1]]]
        else:
            places[seats[k]] = pos + 1
    return places
