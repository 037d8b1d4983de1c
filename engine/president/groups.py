"""President's hands grouped by rank: what ``PresidentState.derive`` builds from the hands
(each hand's groups, the sets they offer, how many cards of each rank each seat holds).

A new deal is grouped at every round of every simulation, so with one pack the work is
done by rank rather than by card: who holds each of a rank's four cards (a seat or nobody,
in suit order) names that rank's groups, counts and sets for every seat at once, looked up
in a table filled as patterns are first seen. Two packs (8-10 players) group hand by hand.
"""

from __future__ import annotations

from itertools import chain, groupby, repeat
from operator import getitem, itemgetter

from engine.actions import Play
from engine.cards import ALL_CARDS, Card
from engine.president.sets import GIVE_STRENGTH, ORDER_KEY, RANK_INDEX, RANK_SETS, TWO

#: one rank's cards in a hand, in suit order (C, D, H, S)
Group = tuple[Card, ...]
#: by seat, the 13 groups (``TWO`` last); by rank, the counts by seat; by seat, the keys
#: (``beat_key``) and plays of the sets the hand offers, low rank to high and small to large
Grouping = tuple[list[list[Group]], list[list[int]], list[bytearray], list[list[Play]]]
#: one rank dealt: by seat, its group, the group's size, its sets' keys and its sets' plays
RankDeal = tuple[
    tuple[Group, ...], tuple[int, ...], tuple[bytes, ...], tuple[tuple[Play, ...], ...]
]

RANKS = len(GIVE_STRENGTH)
#: one pack in hand order (``ORDER_KEY``): 3C 3D 3H 3S 4C ... AS 2C 2D 2H 2S, each rank's
#: four cards in a row
ORDERED: tuple[Card, ...] = tuple(sorted(ALL_CARDS, key=ORDER_KEY.__getitem__))
#: who holds a card no hand holds (on the pile, cleared)
NOBODY = 255
_UNOWNED: dict[Card, int] = dict.fromkeys(ALL_CARDS, NOBODY)
_OWNERS_IN_ORDER = itemgetter(*ORDERED)
_RANK_SLICES = [slice(4 * r, 4 * r + 4) for r in range(RANKS)]


class _RankDeals(dict[bytes, RankDeal]):
    """One rank at a table of ``seats``: who holds each of its four cards (four bytes, a seat
    index or ``NOBODY``, in suit order) -> that rank dealt (``RankDeal``)."""

    def __init__(self, r: int, seats: int) -> None:
        super().__init__()
        self.cards = ORDERED[4 * r : 4 * r + 4]
        self.seats = seats

    def __missing__(self, owners: bytes) -> RankDeal:
        groups = tuple(
            tuple(c for c, owner in zip(self.cards, owners, strict=True) if owner == k)
            for k in range(self.seats)
        )
        found = self[owners] = (
            groups,
            tuple(map(len, groups)),
            tuple(RANK_SETS[g][0] for g in groups),
            tuple(RANK_SETS[g][1] for g in groups),
        )
        return found


#: by number of seats, by rank
_DEALS: dict[int, list[_RankDeals]] = {}


def group_hands(hands: list[list[Card]]) -> Grouping:
    """The hands grouped by rank (see ``Grouping``); with one pack, by rank (module doc)."""
    n = len(hands)
    if n > 7:  # two packs: a card may be held twice
        return group_each(hands)
    owner = _UNOWNED.copy()
    for k, hand in enumerate(hands):
        owner.update(zip(hand, repeat(k)))
    owners = bytes(_OWNERS_IN_ORDER(owner))
    tables = _DEALS.get(n)
    if tables is None:
        tables = _DEALS[n] = [_RankDeals(r, n) for r in range(RANKS)]
    groups, counts, keys, plays = zip(
        *map(getitem, tables, map(owners.__getitem__, _RANK_SLICES)), strict=True
    )
    return (
        list(map(list, zip(*groups, strict=True))),
        list(map(list, counts)),
        list(map(bytearray, map(b"".join, zip(*keys, strict=True)))),
        list(map(list, map(chain.from_iterable, zip(*plays, strict=True)))),
    )


def group_each(hands: list[list[Card]]) -> Grouping:
    """``group_hands`` hand by hand (any number of packs)."""
    groups, keys, plays = map(list, zip(*map(grouped, hands), strict=True))
    counts = list(map(list, zip(*[list(map(len, hand)) for hand in groups], strict=True)))
    return groups, counts, keys, plays


def grouped(hand: list[Card]) -> tuple[list[Group], bytearray, list[Play]]:
    """One hand as 13 groups by rank (``TWO`` last) and the sets its ranks offer, low rank to
    high and small to large: their keys and plays."""
    groups: list[Group] = [()] * RANKS
    keys = bytearray()
    plays: list[Play] = []
    # sorted by ``ORDER_KEY``, each rank's cards lie together
    for r, cards in groupby(sorted(hand, key=ORDER_KEY.__getitem__), RANK_INDEX.__getitem__):
        held = groups[r] = tuple(cards)
        if r != TWO:  # 2s make no sets (PRES-5)
            found = RANK_SETS[held]
            keys += found[0]
            plays += found[1]
    return groups, keys, plays
