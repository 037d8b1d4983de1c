"""Playing cards: ranks, suits, packs, the text forms and the seeded shuffle (COMMON-1).

A card is written rank + suit letter (``10H``, ``QS``, ``AC``); ``T`` is accepted for ten on
input. Display adds the suit symbol (``10♥``). Cards are interned: ``Card.parse("7H") is
Card.parse("7h")``, so hands can be compared and searched cheaply.

>>> Card.parse("TH")
Card(rank='10', suit='H')
>>> str(Card.parse("10h")), Card.parse("AS").display()
('10H', 'A♠')
>>> len(pack(2))
104
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import floor
from typing import Any, NamedTuple

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
RED_SUITS = frozenset({"D", "H"})


class Card(NamedTuple):
    """One card. Immutable, hashable, ordered by (rank text, suit) only for stable sorting."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    def display(self) -> str:
        """The card with its suit symbol, for people: ``10♥``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    def name(self) -> str:
        """The card in words: ``three of spades``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def is_face(self) -> bool:
        return self.rank in ("J", "Q", "K")

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``10H``, ``TH``, ``th``, ``10♥``; raise ValueError on anything else."""
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card


ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    _BY_TEXT[_card.rank + _card.suit] = _card
    _BY_TEXT[_card.rank + SUIT_SYMBOLS[_card.suit]] = _card
    if _card.rank == "10":
        _BY_TEXT["T" + _card.suit] = _card
        _BY_TEXT["T" + SUIT_SYMBOLS[_card.suit]] = _card
RANK_ORDER = {r: i for i, r in enumerate(RANKS)}


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def is_card(text: object) -> bool:
    """Whether ``text`` reads as a card (``"7H"``): a view's field that may hold something else
    (a face-down pile, nothing)."""
    try:
        Card.parse(str(text))
    except ValueError:
        return False
    return True


def cards(text: str | Iterable[str]) -> list[Card]:
    """Parse several cards: ``cards("7H 7S")`` or ``cards(["7H", "7S"])``."""
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return [Card.parse(t) for t in items]


def pack(decks: int = 1) -> list[Card]:
    """``decks`` standard 52-card packs in a fixed order, no jokers (COMMON-1)."""
    return list(ALL_CARDS) * decks


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Fisher-Yates in place, built on ``rng.random()`` alone.

    ``random.shuffle`` is not promised to give the same order across Python versions, and a
    stored game must replay identically on any of them (COMMON-1).
    """
    rand = rng.random
    # math.floor is int() for these non-negative floats, and a cheaper call
    for i in range(len(items) - 1, 0, -1):
        j = floor(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]


def format_cards(items: Iterable[Card]) -> str:
    """Cards as canonical text separated by spaces: ``7H 7S``."""
    return " ".join(str(c) for c in items)


def display_cards(items: Iterable[Card]) -> str:
    """Cards with suit symbols separated by spaces: ``7♥ 7♠``."""
    return " ".join(c.display() for c in items)
