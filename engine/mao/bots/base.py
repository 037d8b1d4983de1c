"""The base rules as a Mao bot knows them (MAO-2..6): which cards follow the table, and the
phrases a play or a take owes. Every bot knows them (the Chairman's base rules are no
secret); ``engine.mao.bots.table`` reads the table with them and
``engine.mao.bots.heuristic`` plays."""

from __future__ import annotations

from functools import lru_cache

from engine.cards import ALL_CARDS, SUITS, Card
from engine.mao.wording import (
    LAST_CARD,
    MAO,
    NO_MAO,
    PENALTY_CARD,
    card_phrase,
    failure_to_say,
    nice_day,
)

#: a card by the text observations and events write it in (``Card.parse`` reads any form)
CARDS: dict[str, Card] = {str(c): c for c in ALL_CARDS}
#: the cards that answer a pending 7 (MAO-5)
SEVENS = frozenset(c for c in ALL_CARDS if c.rank == "7")


def card_of(text: str) -> Card:
    return CARDS.get(text) or Card.parse(text)


#: the cards that follow the suit in force or the rank of the top card (MAO-2), for each
#: top card (by its text) and suit in force (a suit, or None): a card is looked up in them by
#: one hash, cheaper than reading its rank and its suit, and the set by two (every turn of a
#: bot reads one: cheaper than a cached call)
FOLLOWING: dict[str, dict[str | None, frozenset[Card]]] = {
    text: {
        suit: frozenset(c for c in ALL_CARDS if c.suit == suit or c.rank == top.rank)
        for suit in (None, *SUITS)
    }
    for text, top in CARDS.items()
}


@lru_cache(maxsize=1024)  # every play is read
def base_phrases(
    card: Card | None, chain: int, left: int, took: int = 0
) -> tuple[tuple[str, str], ...]:
    """(phrase, call) pairs the base rules ask of a play or take (MAO-3, 5, 6)."""
    owed: list[tuple[str, str]] = []
    if card is None:
        return ((PENALTY_CARD, failure_to_say(PENALTY_CARD)),) * took
    if card.rank == "7":
        owed.append((nice_day(chain), failure_to_say(nice_day(chain))))
    if card.suit == "S":
        phrase = card_phrase(card.rank, card.suit)
        owed.append((phrase, failure_to_say(phrase)))
    if left == 1:
        owed.append((LAST_CARD, failure_to_say(LAST_CARD)))
    elif left == 0:
        owed.append((MAO, NO_MAO))
    return tuple(owed)


@lru_cache(maxsize=1024)  # every play and take of a bot's turn
def owed_phrases(card: Card | None, chain: int, left: int, took: int = 0) -> tuple[str, ...]:
    """The phrases the base rules ask of a play or take (``base_phrases`` without calls)."""
    return tuple(p for p, _ in base_phrases(card, chain, left, took))


#: ``base_phrases`` and ``owed_phrases`` of each card played with no 7 pending, by the cards
#: left after it (none, one, more): read at every play, two lookups cost less than a cached
#: call (index ``left if left < 2 else 2``)
PLAYED: dict[Card, tuple[tuple[tuple[str, str], ...], ...]] = {
    card: tuple(base_phrases(card, 0, left) for left in (0, 1, 2)) for card in ALL_CARDS
}
PLAYED_OWED: dict[Card, tuple[tuple[str, ...], ...]] = {
    card: tuple(owed_phrases(card, 0, left) for left in (0, 1, 2)) for card in ALL_CARDS
}
