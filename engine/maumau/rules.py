"""Mau-Mau's fixed tables: its words and figures (MAU-4..7), the plays each top card
allows (MAU-2) and what a card left in hand counts (MAU-6)."""

from __future__ import annotations

from engine.actions import Action, Announce
from engine.cards import ALL_CARDS, Card
from engine.maumau.actions import Leave, Rebuy
from engine.shedding.game import PLAY_ONE, PLAY_WILD
from engine.words import NC_, announced_word

MAU = announced_word(NC_("announced word", "mau"), NC_("typed word", "mau"))
ANNOUNCE_MAU = Announce(word=MAU)
REBUY = Rebuy()
LEAVE = Leave()
CHOICES: tuple[Action, ...] = (REBUY, LEAVE)

BLOW_UP = 100  # MAU-7
TWO_DRAWS = 3  # MAU-4 and MAU-6
MAU_PENALTY = 2  # MAU-5
FACE_POINTS = {"J": 20, "A": 1, "K": 10, "Q": 10}


FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Action, ...]]] = {}


def follow_offers(suit: str, rank: str) -> dict[Card, tuple[Action, ...]]:
    """MAU-2 as a table: for the suit in force and the rank on top, each card that plays
    and its offers (a Jack once per suit it may name). Hands in Mau-Mau grow long, and one
    lookup per card is the cheapest test."""
    offers = FOLLOW_OFFERS.get((suit, rank))
    if offers is None:
        offers = FOLLOW_OFFERS[suit, rank] = {
            card: PLAY_WILD[card] if card.rank == "J" else (PLAY_ONE[card],)
            for card in ALL_CARDS
            if card.rank == "J" or card.suit == suit or card.rank == rank
        }
    return offers


def card_points(card: Card) -> int:
    """MAU-6: what a card left in hand counts: J 20, A 1, K and Q 10, others face value."""
    points = FACE_POINTS.get(card.rank)
    return int(card.rank) if points is None else points


def hand_points(hand: list[Card]) -> int:
    return sum(map(card_points, hand))
