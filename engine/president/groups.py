"""President's hands by rank code: the deal (PRES-1) and what ``PresidentState`` derives from
the hands (each seat's codes, the actions they offer, how many cards of each rank it holds).

A hand is read as one code a rank: how many of the rank's cards of each suit it holds, two
bits a suit (up to two packs), so one byte a rank, 13 bytes a hand. Each rank's code names
its cards, its actions' keys and its actions in lists made once for every code (81 a rank),
and what is left of it when its first cards are played, so a hand is grouped in a few C
calls over its 13 ranks rather than card by card, and a play changes one byte.

The deal goes straight to the codes: every card is given a seat at once (a byte a card, the
cards in hand order), each seat's cards are one ``translate`` of those bytes, and one
multiplication gathers a rank's four suit bytes into its code.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import chain, compress, product, repeat, starmap
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
    SETS_OF,
    SUIT_ORDER,
)

#: one rank's cards in a hand, in suit order (C, D, H, S)
Group = tuple[Card, ...]
#: by seat, the 13 codes (``TWO`` last); by rank, the counts by seat; by seat, the keys
#: and the actions its hand offers (``engine.president.sets``)
Grouping = tuple[list[bytearray], list[bytearray], list[bytearray], list[list[Action]]]

RANKS = len(GIVE_STRENGTH)
SUIT_BITS = 2
#: one pack in hand order (``ORDER_KEY``): 3C 3D 3H 3S 4C ... AS 2C 2D 2H 2S
ORDERED: tuple[Card, ...] = tuple(sorted(ALL_CARDS, key=ORDER_KEY.__getitem__))
#: what a card adds to its hand's codes: one in its suit's bits of its rank's byte
WEIGHT: dict[Card, int] = {
    c: 1 << (8 * RANK_INDEX[c] + SUIT_BITS * SUIT_ORDER[c.suit]) for c in ALL_CARDS
}
#: what a card of each suit adds to its rank's code
SUIT_CODE: dict[str, int] = {s: 1 << (SUIT_BITS * k) for s, k in SUIT_ORDER.items()}
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


def _after(code: int, size: int) -> int:
    """What is left of ``code`` when its first ``size`` cards (in suit order) are played."""
    for s in range(len(SUIT_ORDER)):
        shift = SUIT_BITS * s
        taken = min((code >> shift) & 3, size)
        code -= taken << shift
        size -= taken
    return code


#: by rank index, by code (a list index; codes no hand can have hold nothing): the group
#: held, its actions' keys and its actions (``RANK_SETS``)
GROUP_AT: list[list[Group]] = [[()] * 256 for _ in range(RANKS)]
KEYS_AT: list[list[bytes]] = [[b""] * 256 for _ in range(RANKS)]
PLAYS_AT: list[list[tuple[Action, ...]]] = [[()] * 256 for _ in range(RANKS)]
for _r, _code in product(range(RANKS), CODES):
    _group = GROUP_AT[_r][_code] = _held(_r, _code)
    KEYS_AT[_r][_code], PLAYS_AT[_r][_code] = RANK_SETS[_group]

#: a code's count of cards, by code (a translation table)
COUNT_OF = bytes(sum((code >> (SUIT_BITS * s)) & 3 for s in range(4)) for code in range(256))
#: how many actions a rank's code offers (``SETS_OF`` of its count), by code
SETS_AT = bytes(SETS_OF[min(count, 8)] for count in COUNT_OF)
#: by size, by code: the code left when that many of its first cards are played
AFTER: list[bytes] = [bytes(_after(code, size) for code in range(256)) for size in range(9)]
#: by rank, a slice of the seats' counts laid end to end, seat by seat (``offers``)
_BY_RANK = [slice(r, None, RANKS) for r in range(RANKS)]


def offers(codes: list[bytearray]) -> Grouping:
    """Everything derived from the seats' codes (see ``Grouping``): a hand's keys and
    actions are its ranks' (by their codes) laid end to end, then the pass's."""
    counts = bytearray(b"".join(codes)).translate(COUNT_OF)
    keys = [bytearray(b"".join(map(getitem, KEYS_AT, held)) + PASS_KEYS) for held in codes]
    plays = [[*chain.from_iterable(map(getitem, PLAYS_AT, held)), PASS] for held in codes]
    return codes, [*map(counts.__getitem__, _BY_RANK)], keys, plays


def group_hands(hands: list[list[Card]]) -> Grouping:
    """The hands grouped by rank (see ``Grouping``), a hand's codes summed from its cards."""
    return offers(
        [bytearray(sum(map(WEIGHT.__getitem__, hand)).to_bytes(RANKS, "little")) for hand in hands]
    )


# --- the deal -------------------------------------------------------------------------------
#: multiplying a rank's four suit bytes (bits 0, 8, 16 and 24 of its 32) by this moves each to
#: its suit's two bits of the code, at bits 18-25 of the rank's 32: suit s lands at 8s +
#: (18 - 6s) = 18 + 2s. Every other product lands two bits or more from each of these, and
#: from the next rank's (each is at most 2: no carries), so the codes are read off exactly
SPREAD = (1 << 18) | (1 << 12) | (1 << 6) | 1
SPREAD_SHIFT = 18
#: by seat, the translation of the cards' seats to 1 for that seat's cards, 0 for the rest
IS_SEAT = [bytes(seat == k for seat in range(256)) for k in range(10)]


@cache
def seating(cards: int, players: int, first: int) -> bytes:
    """PRES-1, one card at a time from the dealer's left: the seat that the deal's card
    number p goes to, by p (a translation table; ``first`` is the seat dealt to first)."""
    return bytes((first + p) % players for p in range(cards)).ljust(256, b"\0")


def deal(
    rng: random.Random, players: int, decks: int, first: int
) -> tuple[list[list[Card]], Grouping]:
    """PRES-1: every card dealt from ``decks`` shuffled packs, seat ``first`` first; the
    hands (each in hand order, pack by pack) and what is derived from them (``offers``).

    Where each card falls in the deal is a uniformly random order, as ``engine.cards``'
    shuffle would give, from ``rng.random()`` alone: the cards' indices sorted by a random
    key each (equal keys, at odds of about 2^-43 a deal, keep pack order), in C calls."""
    pack = ORDERED * decks
    size = len(pack)
    keys = [*starmap(rng.random, repeat((), size))]
    # the indices in key order, read as each card's number in the deal: by card (in hand
    # order, pack after pack), the seat it is dealt to
    order = bytes(sorted(range(size), key=keys.__getitem__))
    seats = order.translate(seating(size, players, first))
    hands: list[list[Card]] = []
    codes: list[bytearray] = []
    for k in range(players):
        mine = seats.translate(IS_SEAT[k])  # 1 for each of seat k's cards
        hands.append([*compress(pack, mine)])
        held = int.from_bytes(mine[:52], "little")
        if decks > 1:
            held += int.from_bytes(mine[52:], "little")
        codes.append(bytearray(((held * SPREAD) >> SPREAD_SHIFT).to_bytes(56, "little")[:52:4]))
    return hands, offers(codes)
