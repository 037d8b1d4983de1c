"""What each Macao card does and is worth: the special cards (MACAO-2), the stacks they start
or feed (MACAO-5..9) as play and a seat's memory read them, their points (MACAO-15), and the
offers that follow a top card (MACAO-3). The game (``engine.macao``) and its bots read them.
"""

from __future__ import annotations

from engine.actions import Action
from engine.cards import ALL_CARDS, SUITS, Card
from engine.shedding.game import PLAY_ONE, PLAY_WILD

SPECIAL_RANKS = frozenset({"2", "3", "4", "7", "A"})
KING_OF_SPADES = Card("K", "S")
DRAW_KINGS = frozenset({Card("K", "H"), KING_OF_SPADES})
CARD_VALUES = {"2": 20, "3": 30, "4": 20, "7": 20, "A": 40}


def is_special(card: Card) -> bool:
    """MACAO-2: 2, 3, 4, 7, A, KH and KS."""
    return card.rank in SPECIAL_RANKS or card in DRAW_KINGS


def card_value(card: Card) -> int:
    """MACAO-15: the points a card left in hand costs."""
    if card in DRAW_KINGS:
        return 40
    return CARD_VALUES.get(card.rank, 10)


def draw_kind(card: Card) -> str | None:
    """The stack a card feeds: "2", "3" or "K" (draw kings), or None (MACAO-5)."""
    if card.rank == "2" or card.rank == "3":
        return card.rank
    if card in DRAW_KINGS:
        return "K"
    return None


DRAW_COUNTS = {"2": 2, "3": 3, "K": 5}
STACK_OF: dict[Card, str | None] = {c: draw_kind(c) for c in ALL_CARDS}


#: by a card's text, the stack it starts or feeds: a draw stack (``draw_kind``) or, a 4, one
#: of lost turns (MACAO-9)
STACK_BY_TEXT: dict[str, str | None] = {
    str(c): draw_kind(c) or ("4" if c.rank == "4" else None) for c in ALL_CARDS
}


class MacaoStacks:
    """MACAO-5..9 as a seat's memory reads them (``engine.memory.Stacks``): a 2, 3 or draw
    king starts or feeds a draw stack, a 4 a stack of lost turns; a seat that takes a draw
    stack held no 7 and no card of its kind, one that accepts its lost turns no 4."""

    accepted = frozenset({"lose_turns"})

    def kind_of(self, card: str) -> str | None:
        return STACK_BY_TEXT.get(card)

    def answers(self, taken: str, stack: str) -> frozenset[str]:
        """The cards of ``stack``'s kind (``STACK_BY_TEXT``), and the cutting 7s unless the
        stack was of lost turns."""
        out = {text for text, kind in STACK_BY_TEXT.items() if kind == stack}
        if taken != "lose_turns":
            out.update("7" + s for s in SUITS)
        return frozenset(out)


CARD_TEXT: dict[Card, str] = {c: str(c) for c in ALL_CARDS}
#: MACAO-3 with nothing pending: for the suit in force and the rank on top, each card that
#: plays and its offers (an Ace once per suit it may name)
FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Action, ...]]] = {
    (suit, rank): {
        card: PLAY_WILD[card] if card.rank == "A" else (PLAY_ONE[card],)
        for card in ALL_CARDS
        if card.rank == "A" or card.suit == suit or card.rank == rank
    }
    for suit in SUITS
    for rank in {c.rank for c in ALL_CARDS}
}
