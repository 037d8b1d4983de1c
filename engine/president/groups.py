"""President's hands grouped by rank: what ``PresidentState.derive`` builds from the hands
(each hand's groups, the actions they offer, how many cards of each rank each seat holds).

A hand is read as one code a rank: how many of the rank's cards of each suit it holds, two
bits a suit (up to two packs), so one byte a rank. A hand's codes are summed in one C call
from its cards' weights, and each rank's code names its group, its actions' keys and its
actions in lists made once for every code (81 a rank), so a hand is grouped in a few C
calls over its 13 ranks rather than card by card.
"""

from __future__ import annotations

from itertools import chain, product
from operator import getitem

from engine.actions import Action
from engine.cards import ALL_CARDS, Card
from engine.president.sets import (
    GIVE_STRENGTH,
    ORDER_KEY,
    PASS,
    PASS_KEY,
    RANK_INDEX,
    RANK_SETS,
    SUIT_ORDER,
)

#: one rank's cards in a hand, in suit order (C, D, H, S)
Group = tuple[Card, ...]
#: by seat, the 13 groups (``TWO`` last); by rank, the counts by seat; by seat, the keys
#: and the actions its hand offers (``engine.president.sets``)
Grouping = tuple[list[list[Group]], list[list[int]], list[bytearray], list[list[Action]]]

RANKS = len(GIVE_STRENGTH)
SUIT_BITS = 2
#: one pack in hand order (``ORDER_KEY``): 3C 3D 3H 3S 4C ... AS 2C 2D 2H 2S
ORDERED: tuple[Card, ...] = tuple(sorted(ALL_CARDS, key=ORDER_KEY.__getitem__))
#: what a card adds to its hand's codes: one in its suit's bits of its rank's byte
WEIGHT: dict[Card, int] = {
    c: 1 << (8 * RANK_INDEX[c] + SUIT_BITS * SUIT_ORDER[c.suit]) for c in ALL_CARDS
}
#: the pass, after every seat's sets
PASS_KEYS = bytes([PASS_KEY])
#: every code a rank can have with up to two packs: none, one or two of each suit
CODES = [
    sum(count << (SUIT_BITS * s) for s, count in enumerate(counts))
    for counts in product(range(3), repeat=len(SUIT_ORDER))
]


def _held(r: int, code: int) -> Group:
    """The cards of rank index ``r`` that ``code`` says a hand holds, in suit order."""
    cards = ORDERED[4 * r : 4 * r + 4]
    return tuple(card for s, card in enumerate(cards) for _ in range((code >> (SUIT_BITS * s)) & 3))


#: by rank index, by code (a list index; codes no hand can have hold nothing): the group
#: held, its actions' keys and its actions (``RANK_SETS``)
GROUP_AT: list[list[Group]] = [[()] * (max(CODES) + 1) for _ in range(RANKS)]
KEYS_AT: list[list[bytes]] = [[b""] * (max(CODES) + 1) for _ in range(RANKS)]
PLAYS_AT: list[list[tuple[Action, ...]]] = [[()] * (max(CODES) + 1) for _ in range(RANKS)]
for _r, _code in product(range(RANKS), CODES):
    _group = GROUP_AT[_r][_code] = _held(_r, _code)
    KEYS_AT[_r][_code], PLAYS_AT[_r][_code] = RANK_SETS[_group]

#: a code's count of cards, by code (a translation table)
COUNT_OF = bytes(sum((code >> (SUIT_BITS * s)) & 3 for s in range(4)) for code in range(256))


def group_hands(hands: list[list[Card]]) -> Grouping:
    """The hands grouped by rank (see ``Grouping``), a hand's ranks read off its codes."""
    groups: list[list[Group]] = []
    keys: list[bytearray] = []
    plays: list[list[Action]] = []
    counts: list[bytes] = []
    for hand in hands:
        codes = sum(map(WEIGHT.__getitem__, hand)).to_bytes(RANKS, "little")
        groups.append([*map(getitem, GROUP_AT, codes)])
        keys.append(bytearray(b"".join(map(getitem, KEYS_AT, codes))) + PASS_KEYS)
        plays.append([*chain.from_iterable(map(getitem, PLAYS_AT, codes)), PASS])
        counts.append(codes.translate(COUNT_OF))
    return groups, [*map(list, zip(*counts, strict=True))], keys, plays
