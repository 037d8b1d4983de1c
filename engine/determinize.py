"""Determinization: whole game states consistent with what one seat has seen.

A search that cannot cheat needs states to search in that it built itself, from a seat's
observation and its memory (``engine.memory``) alone: the seat's own hand and everything
public are copied; the cards it cannot see (other hands, the stock, the pile under what it
remembers, the cards a round cleared away) are dealt at random from the cards it has not seen,
respecting every seat's count and what each seat is known not to hold.

``Game.determinizer(observation, memory)`` does the reading once and returns a sampler;
calling it with a ``random.Random`` gives one fresh game, which holds that same
``random.Random`` for its own shuffles. The game modules declare which fields they add, and a
game has its sampler in its package (the shedding games share ``engine.shedding.sampler``,
President's is ``engine.president.sampler``); this module holds the dealing they all use, and
names no game. It never sees a real state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.cards import Card, pack, shuffle
from engine.memory import Memory, Void

Observation = Mapping[str, Any]
Sampler = Callable[[random.Random], Any]


def unseen(decks: int, seen: Iterable[Card]) -> list[Card] | None:
    """The decks' cards less ``seen`` (a multiset); None if ``seen`` is not in the decks."""
    left = Counter(pack(decks))
    for card in seen:
        if left[card] <= 0:
            return None
        left[card] -= 1
    return [c for c in pack(1) for _ in range(left[c])]


def clone(game: Any, rng: random.Random) -> Any:
    """A copy of a sampled ``game`` that playing on cannot change, holding ``rng``: its lists
    and dicts are copied one level down (the hands, a pending stack), the rest shared (seat
    names, options and cards are never changed in place). Much cheaper than sampling again,
    so every action weighed on one sample starts from the same deal (common random numbers)."""
    twin = object.__new__(type(game))
    fields = fields_of(game)
    for key, value in fields.items():
        kind = type(value)
        if kind is list:
            fields[key] = [
                item.copy() if type(item) is list or type(item) is dict else item for item in value
            ]
        elif kind is dict:
            fields[key] = value.copy()
    fields["rng"] = rng
    for key, value in fields.items():
        setattr(twin, key, value)
    twin.forget_derived()
    return twin


def fields_of(game: Any) -> dict[str, Any]:
    """Every instance field of ``game``: those in its ``__dict__`` and in its classes' slots."""
    fields = dict(getattr(game, "__dict__", {}))
    for cls in type(game).__mro__:
        for name in cls.__dict__.get("__slots__", ()):
            if hasattr(game, name):
                fields[name] = getattr(game, name)
    return fields


def parse_all(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def take_avoiding(cards: list[Card], excluded: frozenset[Card]) -> Card | None:
    """Remove and return the first card of ``cards`` not in ``excluded``; None if none."""
    for k, card in enumerate(cards):
        if card not in excluded:
            return cards.pop(k)
    return None


def deal_hidden(
    pool: list[Card],
    sizes: dict[int, int],
    voids: dict[int, list[tuple[frozenset[Card], int]]],
    holds: dict[int, list[Card]],
    rng: random.Random,
) -> tuple[dict[int, list[Card]], list[Card]]:
    """Deal ``sizes[k]`` cards to each seat ``k`` from a shuffled ``pool``; the rest is left.

    Cards a seat is known to hold go to it first, then each seat with voids gets, for its
    ``j``-th card, one that none of the voids covering ``j`` excludes (a void ``(cards, n)``
    covers the seat's first ``n`` cards). Should the pool run out of allowed cards, that
    seat's voids are dropped: a consistent deal matters more than every inference.
    """
    cards = list(pool)
    shuffle(cards, rng)
    hands: dict[int, list[Card]] = {k: [] for k in sizes}
    for k, held in holds.items():
        for card in held:
            if len(hands[k]) < sizes[k] and card in cards:
                cards.remove(card)
                hands[k].append(card)
    for k, seat_voids in voids.items():
        for j in range(len(hands[k]), sizes[k]):
            excluded = frozenset().union(*(ex for ex, n in seat_voids if n > j))
            pick = take_avoiding(cards, excluded) if excluded else cards.pop()
            hands[k].append(cards.pop() if pick is None else pick)
    for k, size in sizes.items():
        need = size - len(hands[k])
        if need > 0:
            hands[k].extend(cards[-need:])
            del cards[-need:]
    return hands, cards


def seated(observation: Observation) -> tuple[str, list[str], dict[str, int]]:
    """The seat a sampler deals for, the seats in order and each one's index. A spectator's
    view is refused: a determinization keeps one seat's hand and deals the rest."""
    me = observation["seat"]
    if me is None:
        raise ValueError("a determinization is for a seat, not for spectators")
    seats = list(observation["seats"])
    return me, seats, {s: k for k, s in enumerate(seats)}


def seat_voids(
    memory: Memory, seats: list[str], me: str
) -> dict[int, list[tuple[frozenset[Card], int]]]:
    """The memory's voids by seat index, cards parsed, for every seat but ``me``."""
    out: dict[int, list[tuple[frozenset[Card], int]]] = {}
    for k, seat in enumerate(seats):
        if seat == me:
            continue
        found: list[Void] = memory.voids_of(seat)
        if found:
            out[k] = [(frozenset(parse_all(ex)), n) for ex, n in found]
    return out
