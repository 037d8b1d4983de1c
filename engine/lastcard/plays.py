"""Last Card's fixed tables and the plays a hand allows: its words and figures (LAST-2, 5, 8),
the interned actions it offers, the single cards each top card or draw stack lets lead
(LAST-3, LAST-5) and every distinct multi-card play of one rank (LAST-4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import product
from operator import itemgetter
from typing import Any

from engine.actions import Announce, Direction, Play, Vote
from engine.cards import ALL_CARDS, SUITS, Card
from engine.shedding import PLAY_ONE, PLAY_WILD

SPECIAL_RANKS = frozenset({"A", "2", "5", "7", "10"})
DRAW_COUNTS = {"5": 5, "2": 2}
LAST_CARD_WORD = "last card"
LAST_CARD_PENALTY = 2

ANNOUNCE = Announce(word=LAST_CARD_WORD)
DIRECTIONS = (Direction(way="cw"), Direction(way="ccw"))
VOTES = (Vote(choice="continue"), Vote(choice="stop"))

DRAW_RANKS = frozenset(DRAW_COUNTS)

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
_FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Play, ...]]] = {}
_ANSWER_OFFERS: dict[frozenset[str], dict[Card, tuple[Play, ...]]] = {}


def follow_offers(suit: str, rank: str) -> dict[Card, tuple[Play, ...]]:
    """LAST-3 as a table: with nothing pending, each card that may lead and its single-card
    offers (an Ace once per suit it may name)."""
    offers = _FOLLOW_OFFERS.get((suit, rank))
    if offers is None:
        offers = _FOLLOW_OFFERS[suit, rank] = {
            card: PLAY_WILD[card] if card.rank == "A" else (PLAY_ONE[card],)
            for card in ALL_CARDS
            if card.rank == "A" or card.suit == suit or card.rank == rank
        }
    return offers


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
    return bool(hand) and len(set(map(RANK_OF, hand))) == 1


def multiples(group: list[Card], first_ok: Any, wild: bool) -> list[Play]:
    """Every distinct play of two or more cards from ``group`` (one rank, hand order).

    Distinct means a different set of cards, first card or last card; the middle is given
    in hand order. ``first_ok(card)`` says whether a card may lead the play.
    """
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


def multiples_in(
    hand: list[Card],
    lead_ranks: set[str],
    may_lead: Callable[[Card], bool],
    leads: Any = None,
    lead_key: Any = None,
) -> list[Play]:
    """Every multi-card play in ``hand`` of the ranks that have a card that may lead.

    ``leads`` holds the cards that may lead now when the caller has them (else ``may_lead``
    says which may), and ``lead_key`` names that set (the same key names the same set), so
    the plays a group allows are looked up without working out which of its cards may lead.
    """
    groups: dict[str, list[Card]] = {}
    for card in hand:
        if card.rank in lead_ranks:
            groups.setdefault(card.rank, []).append(card)
    out: list[Play] = []
    for rank, cards_of_rank in groups.items():
        if len(cards_of_rank) < 2:
            continue
        group = tuple(cards_of_rank)
        if lead_key is not None:
            plays = _LED_MULTIPLES.get((group, lead_key))
            if plays is not None:
                out.extend(plays)
                continue
        if leads is None:
            firsts = frozenset(c for c in group if may_lead(c))
        else:
            firsts = frozenset(c for c in group if c in leads)
        key = (group, firsts)
        plays = _MULTIPLES.get(key)
        if plays is None:
            if len(_MULTIPLES) > 50_000:
                _MULTIPLES.clear()
            plays = _MULTIPLES[key] = multiples(cards_of_rank, firsts.__contains__, rank == "A")
        if lead_key is not None:
            if len(_LED_MULTIPLES) > 50_000:
                _LED_MULTIPLES.clear()
            _LED_MULTIPLES[group, lead_key] = plays
        out.extend(plays)
    return out
