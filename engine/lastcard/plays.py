"""Last Card's fixed tables and the plays a hand allows: its words and figures (LAST-2, 5, 8),
the interned actions it offers, the single cards each top card or draw stack lets lead
(LAST-3, LAST-5) and every distinct multi-card play of one rank (LAST-4).
``engine.lastcard.codes`` reads a hand's plays off these."""

from __future__ import annotations

from collections import Counter
from itertools import product
from operator import itemgetter
from typing import Any

from engine.actions import Action, Announce, Play
from engine.cards import ALL_CARDS, SUITS, Card
from engine.lastcard.actions import Direction, Vote
from engine.shedding.game import PASS, PLAY_ONE, PLAY_WILD
from engine.words import N_, NC_, announced_word, event_word

SPECIAL_RANKS = frozenset({"A", "2", "5", "7", "10"})
DRAW_COUNTS = {"5": 5, "2": 2}
LAST_CARD_WORD = announced_word(NC_("announced word", "last card"), NC_("typed word", "last card"))
LAST_CARD_PENALTY = 2

ANNOUNCE = Announce(word=LAST_CARD_WORD)
DIRECTIONS = (Direction(way="cw"), Direction(way="ccw"))
#: LAST-9's vote: play on or stop (the choices as events carry them and players read them)
CONTINUE, STOP = event_word(N_("continue")), event_word(N_("stop"))
VOTES = (Vote(choice=CONTINUE), Vote(choice=STOP))


# Multi-card plays are interned like single ones (``engine.lastcard.codes`` remembers the
# plays a group of same-rank cards allows, so repeated offers cost a dict lookup).
_MULTI: dict[tuple[tuple[Card, ...], str | None], Play] = {}


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
