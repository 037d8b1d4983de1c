"""Last Card's fixed tables and the plays a hand allows: its words and figures (LAST-2, 5, 8),
the interned actions it offers, the single cards each top card or draw stack lets lead
(LAST-3, LAST-5) and every distinct multi-card play of one rank (LAST-4)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from operator import itemgetter
from typing import Any

from engine.actions import Action, Announce, Direction, Play, Vote
from engine.cards import ALL_CARDS, RANK_ORDER, SUITS, Card
from engine.shedding import PASS, PLAY_ONE, PLAY_WILD

SPECIAL_RANKS = frozenset({"A", "2", "5", "7", "10"})
DRAW_COUNTS = {"5": 5, "2": 2}
LAST_CARD_WORD = "last card"
LAST_CARD_PENALTY = 2

ANNOUNCE = Announce(word=LAST_CARD_WORD)
DIRECTIONS = (Direction(way="cw"), Direction(way="ccw"))
VOTES = (Vote(choice="continue"), Vote(choice="stop"))

DRAW_RANKS = frozenset(DRAW_COUNTS)
#: the ranks that answer a stack of each draw rank without ``mix_twos_on_fives`` (LAST-5)
OWN_RANK = {rank: frozenset((rank,)) for rank in DRAW_COUNTS}

# Multi-card plays are interned like single ones, and the plays a group of same-rank cards
# allows are remembered, so repeated offers cost a dict lookup.
_MULTI: dict[tuple[tuple[Card, ...], str | None], Play] = {}
_MULTIPLES: dict[tuple[tuple[Card, ...], frozenset[Card]], list[Play]] = {}
#: the same, by the key of the offer table that says which cards may lead
_LED_MULTIPLES: dict[tuple[tuple[Card, ...], Any], list[Play]] = {}


def multi_play(cards: tuple[Card, ...], suit: str | None) -> Play:
    key = (cards, suit)
    play = _MULTI.get(key)
    if play is None:
        play = _MULTI[key] = Play(cards=cards, suit=suit)
    return play


#: a card's rank, read in C (``Card`` is a named tuple: rank first)
RANK_OF = itemgetter(0)
FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Play, ...]]] = {}
_ANSWER_OFFERS: dict[frozenset[str], dict[Card, tuple[Play, ...]]] = {}


def follow_offers(suit: str, rank: str) -> dict[Card, tuple[Play, ...]]:
    """LAST-3 as a table: with nothing pending, each card that may lead and its single-card
    offers (an Ace once per suit it may name)."""
    offers = FOLLOW_OFFERS.get((suit, rank))
    if offers is None:
        offers = FOLLOW_OFFERS[suit, rank] = {
            card: PLAY_WILD[card] if card.rank == "A" else (PLAY_ONE[card],)
            for card in ALL_CARDS
            if card.rank == "A" or card.suit == suit or card.rank == rank
        }
    return offers


#: the offers of a card just drawn that can be played at once: itself, or keeping it (LAST-7)
DRAWN_OFFERS: dict[Card, tuple[Action, ...]] = {
    c: (*(PLAY_WILD[c] if c.rank == "A" else (PLAY_ONE[c],)), PASS) for c in ALL_CARDS
}


def answer_offers(ranks: frozenset[str]) -> dict[Card, tuple[Play, ...]]:
    """LAST-5 as a table: each card that answers a draw stack of these ranks."""
    offers = _ANSWER_OFFERS.get(ranks)
    if offers is None:
        offers = _ANSWER_OFFERS[ranks] = {
            card: (PLAY_ONE[card],) for card in ALL_CARDS if card.rank in ranks
        }
    return offers


def decks_for(players: int) -> int:
    """LAST-1: one pack for up to four players, one more for every further four."""
    return max(1, (players + 3) // 4)


def one_rank(hand: list[Card]) -> bool:
    """LAST-8: a non-empty hand that one play can empty."""
    return len(hand) == 1 or (
        bool(hand) and hand[0][0] == hand[-1][0] and len(set(map(RANK_OF, hand))) == 1
    )


def multiples(group: list[Card], first_ok: Any, wild: bool) -> list[Play]:
    """Every distinct play of two or more cards from ``group`` (one rank, in suit order).

    Distinct means a different set of cards, first card or last card; the middle is given
    in the group's order. ``first_ok(card)`` says whether a card may lead the play.
    """
    if len(group) == 2 and group[0] != group[1]:  # two different cards, the usual group
        pairs = [p for p in ((group[0], group[1]), (group[1], group[0])) if first_ok(p[0])]
        if wild:
            return [multi_play(p, s) for p in pairs for s in SUITS]
        return [multi_play(p, None) for p in pairs]
    counts = Counter(group)
    distinct = list(counts)
    out: list[Play] = []
    for chosen in product(*(range(counts[c] + 1) for c in distinct)):
        if sum(chosen) < 2:
            continue
        rest = list(chosen)
        for fi, first in enumerate(distinct):
            if not rest[fi] or not first_ok(first):
                continue
            rest[fi] -= 1
            for li, last in enumerate(distinct):
                if not rest[li]:
                    continue
                rest[li] -= 1
                middle = tuple(c for ci, c in enumerate(distinct) for _ in range(rest[ci]))
                rest[li] += 1
                cards = (first, *middle, last)
                if wild:
                    out.extend(multi_play(cards, s) for s in SUITS)
                else:
                    out.append(multi_play(cards, None))
            rest[fi] += 1
    return out


def offers_for(lead_key: Any) -> dict[Card, tuple[Play, ...]]:
    """The cards that may lead and their single-card offers, by the key ``lead_key`` names
    them with: ``(suit, rank)`` of the pile with nothing pending, else the ranks that answer
    the draw stack."""
    return follow_offers(*lead_key) if isinstance(lead_key, tuple) else answer_offers(lead_key)


#: where each rank counts in a hand's code (``LeadTable``): a tally of ranks, three bits a
#: rank (room for one pack's four of a kind), and above it, from ``HELD_SHIFT``, one bit a
#: card, four a rank (in suit order); several packs tally five bits a rank (``PACKS_SHIFT``)
SHIFT = {rank: 3 * k for rank, k in RANK_ORDER.items()}
HELD_SHIFT = 3 * len(RANK_ORDER)
PACKS_SHIFT = {rank: 5 * k for rank, k in RANK_ORDER.items()}
#: each card's place in the order multiples are listed in: by rank, then suit (C, D, H, S)
CARD_ORDER = {c: 4 * RANK_ORDER[c[0]] + SUITS.index(c[1]) for c in ALL_CARDS}
CARD_BIT = {c: 1 << (HELD_SHIFT + k) for c, k in CARD_ORDER.items()}
BY_CARD_ORDER = sorted(ALL_CARDS, key=CARD_ORDER.__getitem__)
#: the tally's bits that are set where a rank is held twice or more
TWICE = sum(6 << shift for shift in SHIFT.values())
PACKS_TWICE = sum(30 << shift for shift in PACKS_SHIFT.values())
#: per card, the bits of its rank's count that are set when that rank is held twice or more,
#: in a hand's tally of several packs, and the card's count there
PACKS_TWICE_OF = {c: 30 << PACKS_SHIFT[c[0]] for c in ALL_CARDS}
PACKS_BIT = {c: 1 << PACKS_SHIFT[c[0]] for c in ALL_CARDS}
#: per lead key (``offers_for``), every card's single-card offers (None for a card that may
#: not lead: ``is None`` costs less than a tuple's truth) and its part of a one-pack hand's
#: code, so one lookup a card lists the plays and codes the hand
LeadTable = dict[Card, tuple[tuple[Play, ...] | None, int]]
LEAD_TABLES: dict[Any, LeadTable] = {}


def lead_table(lead_key: Any) -> LeadTable:
    """The ``LEAD_TABLES`` entry of ``lead_key``, made when first asked for."""
    table = LEAD_TABLES.get(lead_key)
    if table is None:
        offers = offers_for(lead_key)
        table = LEAD_TABLES[lead_key] = {
            c: (offers.get(c), (1 << SHIFT[c[0]]) | CARD_BIT[c]) for c in ALL_CARDS
        }
    return table


class HeldTwice(dict[int, tuple[int, ...]]):
    """The bits a one-pack hand's code holds each rank's cards in, for every rank it holds
    twice or more (in rank order), by the code's ``TWICE`` bits; made when first asked for."""

    def __missing__(self, twice: int) -> tuple[int, ...]:
        if len(self) > 50_000:  # long hands can combine ranks in many ways: keep it bounded
            self.clear()
        held = self[twice] = tuple(
            15 << (HELD_SHIFT + 4 * k)
            for rank, k in RANK_ORDER.items()
            if twice & (6 << SHIFT[rank])
        )
        return held


HELD_TWICE = HeldTwice()


class GroupPlays(dict[int, list[Play]]):
    """One lead key's multi-card plays of each group of same-rank cards a hand may hold, by
    the group's bits in a one-pack hand's code (``CARD_BIT``); made when first asked for.
    A group's cards are taken in suit order, so its plays' middles are too."""

    def __init__(self, lead_key: Any) -> None:
        super().__init__()
        self.offers = offers_for(lead_key)

    def __missing__(self, bits: int) -> list[Play]:
        first = (bits.bit_length() - 1 - HELD_SHIFT) & ~3  # the rank's clubs, in CARD_ORDER
        group = tuple(
            c for c in BY_CARD_ORDER[first : first + 4] if CARD_BIT[c] & bits
        )  # in suit order
        # the same group with the same cards that may lead plays alike under any lead key
        firsts = frozenset(filter(self.offers.__contains__, group))
        key = (group, firsts)
        plays = _MULTIPLES.get(key) if firsts else []  # [] when none of them may lead
        if plays is None:
            if len(_MULTIPLES) > 50_000:
                _MULTIPLES.clear()
            plays = _MULTIPLES[key] = multiples(
                list(group), firsts.__contains__, group[0][0] == "A"
            )
        self[bits] = plays
        return plays


GROUP_PLAYS: dict[Any, GroupPlays] = {}


def group_plays(lead_key: Any) -> GroupPlays:
    """The ``GROUP_PLAYS`` entry of ``lead_key``, made when first asked for."""
    table = GROUP_PLAYS.get(lead_key)
    if table is None:
        table = GROUP_PLAYS[lead_key] = GroupPlays(lead_key)
    return table


def packs_tally(hand: list[Card]) -> int:
    """The tally of ranks of a hand from several packs, five bits a rank (a hand may hold up to
    twenty cards of a rank)."""
    return sum(map(PACKS_BIT.__getitem__, hand))


def packs_multiples(hand: list[Card], lead_key: Any, tally: int) -> list[Play]:
    """Every multi-card play in a hand from several packs of a rank with a card that may
    lead: ``lead_key`` names which cards may lead (``offers_for``) and ``tally`` counts the
    hand's ranks (``packs_tally``). The groups come in rank order, their cards in suit order,
    as ``GroupPlays`` lists a one-pack hand's; a group's plays are remembered."""
    groups: dict[str, list[Card]] = {}
    for card in sorted(hand, key=CARD_ORDER.__getitem__):
        if tally & PACKS_TWICE_OF[card]:  # a rank held twice
            groups.setdefault(card[0], []).append(card)
    out: list[Play] = []
    for cards in groups.values():
        group = tuple(cards)
        plays = _LED_MULTIPLES.get((group, lead_key))
        if plays is None:
            plays = led_multiples(group, offers_for(lead_key), lead_key)
        out += plays
    return out


def led_multiples(group: tuple[Card, ...], offers: dict[Card, Any], lead_key: Any) -> list[Play]:
    """The plays of two or more cards from ``group`` that ``offers`` lets lead, remembered
    under ``lead_key``."""
    firsts = frozenset(filter(offers.__contains__, group))
    key = (group, firsts)
    plays = _MULTIPLES.get(key) if firsts else []  # [] when none of them may lead
    if plays is None:
        if len(_MULTIPLES) > 50_000:
            _MULTIPLES.clear()
        plays = _MULTIPLES[key] = multiples(list(group), firsts.__contains__, group[0].rank == "A")
    if len(_LED_MULTIPLES) > 50_000:
        _LED_MULTIPLES.clear()
    _LED_MULTIPLES[group, lead_key] = plays
    return plays
