"""What the shedding games' playout rules share (see ``engine.bots.playouts``).

Each shedding game's rule lives in that game's own package (``engine.<game>.bots.playouts``,
registered with ``engine.bots.playouts.searched``); this one holds the small card helpers
their quick players have in common, and names no game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.cards import Card


def hand_of(observation: Any) -> list[Card]:
    return [Card.parse(c) for c in observation["hand"]]


def suit_counts(cards: Iterable[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    return counts
