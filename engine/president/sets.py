"""President's cards: the ranks, the titles, the interned actions and the sets a hand
offers (``engine.president`` has the rules)."""

from __future__ import annotations

from engine.actions import Complete, Give, Pass, Play
from engine.cards import ALL_CARDS, Card

#: PRES-2: playing ranks from low to high; 2s are not among them.
PLAY_RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_STRENGTH: dict[str, int] = {r: k for k, r in enumerate(PLAY_RANKS)}
#: PRES-10: for the A-hole's forced give, 2s count above Aces.
GIVE_STRENGTH: dict[str, int] = {**RANK_STRENGTH, "2": len(PLAY_RANKS)}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
THREE_OF_CLUBS = Card("3", "C")

PRESIDENT, VICE_PRESIDENT, A_HOLE = "President", "Vice-President", "A-hole"
POINTS = {1: 2, 2: 1}

PASS = Pass()
_PLAYS: dict[tuple[Card, ...], Play] = {}
_COMPLETES: dict[tuple[Card, ...], Complete] = {}
_GIVES: dict[Card, Give] = {}


def play_of(cards: tuple[Card, ...]) -> Play:
    """The interned ``Play`` of these cards (legal_actions is the hot path of simulations)."""
    action = _PLAYS.get(cards)
    if action is None:
        action = _PLAYS[cards] = Play(cards=cards)
    return action


def complete_of(cards: tuple[Card, ...]) -> Complete:
    action = _COMPLETES.get(cards)
    if action is None:
        action = _COMPLETES[cards] = Complete(cards=cards)
    return action


def give_of(card: Card) -> Give:
    action = _GIVES.get(card)
    if action is None:
        action = _GIVES[card] = Give(card=card)
    return action


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key: low to high as President ranks them (2s last), then by suit."""
    return GIVE_STRENGTH[card.rank], SUIT_ORDER[card.suit]


#: ``hand_order`` as one number per card: sorting by it is the same, on a key looked up in C
ORDER_KEY: dict[Card, int] = {
    c: GIVE_STRENGTH[c.rank] * len(SUIT_ORDER) + SUIT_ORDER[c.suit] for c in ALL_CARDS
}


#: the cards of each rank, one of each suit
RANK_CARDS: dict[str, tuple[Card, ...]] = {
    r: tuple(c for c in ALL_CARDS if c.rank == r) for r in {c.rank for c in ALL_CARDS}
}


def by_rank(hand: list[Card]) -> dict[str, list[Card]]:
    """The hand grouped by rank, low to high, each group in suit order (C, D, H, S)."""
    groups: dict[str, list[Card]] = {}
    for card in sorted(hand, key=ORDER_KEY.__getitem__):
        group = groups.get(card.rank)
        if group is None:
            groups[card.rank] = [card]
        else:
            group.append(card)
    return groups


Offers = tuple[dict[str, list[Card]], tuple[tuple[str, int, int, Play], ...], Play | None]
_OFFERS: dict[tuple[Card, ...], Offers] = {}


_SETS: dict[tuple[Card, ...], tuple[tuple[str, int, int, Play], ...]] = {}


def sets_of(held: tuple[Card, ...]) -> tuple[tuple[str, int, int, Play], ...]:
    """The sets one rank's cards (in suit order) offer, one to four of them, as
    (rank, strength, size, play)."""
    found = _SETS.get(held)
    if found is None:
        rank = held[0].rank
        strength = RANK_STRENGTH[rank]
        found = _SETS[held] = tuple(
            (rank, strength, size, play_of(held[:size])) for size in range(1, min(len(held), 4) + 1)
        )
    return found


def offers_in(hand: list[Card]) -> Offers:
    """The hand by rank (``by_rank``); every set it could play, low rank to high and small to
    large, as (rank, strength, size, play); and its single 2, if any. Remembered by hand:
    a seat that passed holds the same hand at its next turn."""
    key = tuple(hand)
    found = _OFFERS.get(key)
    if found is not None:
        return found
    groups = by_rank(hand)
    sets: list[tuple[str, int, int, Play]] = []
    two = None
    for rank, held in groups.items():
        if rank == "2":
            two = play_of((held[0],))
        else:
            sets.extend(sets_of(tuple(held)))
    if len(_OFFERS) > 50_000:
        _OFFERS.clear()
    found = _OFFERS[key] = (groups, tuple(sets), two)
    return found


def canonical(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The offered form of a set: the same cards in suit order."""
    return tuple(sorted(cards, key=hand_order))


def decks_for(players: int) -> int:
    """PRES-1: one pack for up to 7 players, two from 8."""
    return 1 if players <= 7 else 2


def title_for(place: int, players: int) -> str | None:
    """PRES-9: the title a finishing place earns."""
    if place == 1:
        return PRESIDENT
    if place == 2:
        return VICE_PRESIDENT
    if place == players:
        return A_HOLE
    return None
