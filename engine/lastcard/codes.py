"""A Last Card hand as one number, and the plays a lead allows read off it (LAST-3..5).

Each seat's hand is kept as a list (its order is what the seat sees) and, beside it, as
its *code*: the sum of its cards' ``CODE``\\s. A code holds a tally of the hand's ranks,
five bits a rank (2 to A), and above it, from ``CARD_BASE``, three bits a card (by suit C,
D, H, S, then rank): room for the twenty cards of a rank and the five of a card that five
packs give twenty players (LAST-1). With one pack a card's three bits are 0 or 1.

So the turn's listing never walks the hand: ``code & lead.suited`` and ``code &
lead.others`` are the cards that may lead (their single plays a lookup each, ``SINGLES``),
``code & TWICE`` the ranks held twice (their multiples a lookup a rank, ``Lead.groups``),
and ``code & OTHER_RANKS[rank]`` says whether a hand holding that rank holds any other
(LAST-8: a hand all of one rank). Whatever
changes a hand changes its code with it (``LastCard.set_hands`` when hands are replaced
wholesale).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.actions import Play
from engine.cards import ALL_CARDS, RANK_ORDER, RANKS, SUITS, Card
from engine.lastcard.plays import DRAW_COUNTS, multiples, offers_for
from engine.shedding.game import PLAY_ONE, PLAY_WILD

TALLY_BITS = 5
CARD_BITS = 3
CARD_BASE = TALLY_BITS * len(RANKS)
#: each card's place among a code's cards: by suit (C, D, H, S), then rank (2 to A), so a
#: suit's cards are one stretch of bits
CARD_INDEX = {c: len(RANKS) * SUITS.index(c[1]) + RANK_ORDER[c[0]] for c in ALL_CARDS}
BY_CARD_INDEX = sorted(ALL_CARDS, key=CARD_INDEX.__getitem__)
#: where each card counts in a code: once in its rank's tally, once in its own three bits
CODE: dict[Card, int] = {
    c: (1 << TALLY_BITS * RANK_ORDER[c[0]]) | (1 << CARD_BASE + CARD_BITS * CARD_INDEX[c])
    for c in ALL_CARDS
}
#: a card's three bits, all set
FIELD: dict[Card, int] = {c: 7 << CARD_BASE + CARD_BITS * CARD_INDEX[c] for c in ALL_CARDS}
TALLY = (1 << CARD_BASE) - 1
#: the tally's bits that are set where a rank is held twice or more
TWICE = sum(30 << TALLY_BITS * k for k in range(len(RANKS)))
#: by rank, the tally's bits of every other rank: a hand holding ``card`` is all of one
#: rank (LAST-8: one play can empty it) when ``not code & OTHER_RANKS[card[0]]``
OTHER_RANKS = {r: TALLY & ~(31 << TALLY_BITS * k) for r, k in RANK_ORDER.items()}
#: a rank's cards' bits in a code
RANK_CARDS = [sum(FIELD[c] for c in ALL_CARDS if RANK_ORDER[c[0]] == k) for k in range(len(RANKS))]


def hand_code(hand: Iterable[Card]) -> int:
    """The code of a hand (see the module docstring)."""
    return sum(map(CODE.__getitem__, hand))


def cards_of(bits: int) -> list[Card]:
    """The cards a code's card bits hold, each as often as held, in ``CARD_INDEX`` order."""
    out = []
    while bits:
        j = (bits & -bits).bit_length() - 1 - CARD_BASE
        j -= j % CARD_BITS
        shift = CARD_BASE + j
        out += [BY_CARD_INDEX[j // CARD_BITS]] * ((bits >> shift) & 7)
        bits &= ~(7 << shift)
    return out


class Singles(dict[int, tuple[Play, ...]]):
    """The single-card plays of the cards that may lead, by their bits in a code (a card
    held twice is offered once; an Ace once per suit it may name), in ``CARD_INDEX`` order;
    made when first asked for, and kept bounded. A lead asks for its suit's cards and the
    others apart (``Lead``), so few keys ever come up."""

    def __missing__(self, bits: int) -> tuple[Play, ...]:
        if len(self) > 50_000:
            self.clear()
        plays: list[Play] = []
        for card in dict.fromkeys(cards_of(bits)):
            plays += PLAY_WILD[card] if card[0] == "A" else (PLAY_ONE[card],)
        found = self[bits] = tuple(plays)
        return found


SINGLES = Singles()


class HeldTwice(dict[int, tuple[int, ...]]):
    """The bits in a code of each rank held twice or more (in rank order), by the code's
    ``TWICE`` bits; made when first asked for."""

    def __missing__(self, twice: int) -> tuple[int, ...]:
        if len(self) > 50_000:  # long hands can combine ranks in many ways: keep it bounded
            self.clear()
        held = self[twice] = tuple(
            RANK_CARDS[k] for k in range(len(RANKS)) if twice & (30 << TALLY_BITS * k)
        )
        return held


HELD_TWICE = HeldTwice()

# the same group with the same cards that may lead plays alike under any lead
_MULTIPLES: dict[tuple[tuple[Card, ...], frozenset[Card]], list[Play]] = {}


class Lead:
    """What a lead allows (the pile's suit and rank with nothing pending, or the ranks that
    answer a draw stack): ``suited``, the bits of the cards of ``suit`` that may lead, and
    ``others``, of the rest (so ``SINGLES`` is asked for a suit's cards and for a few
    others, not for every mix of them), and ``groups``, the multi-card plays of each group
    of one rank's cards, by its bits in a code (LAST-4; the middle in suit order), made when
    first asked for."""

    __slots__ = ("groups", "offers", "others", "suited")

    def __init__(self, lead_key: Any, suit: str | None = None) -> None:
        self.offers = offers_for(lead_key)
        self.suited = sum(FIELD[c] for c in self.offers if c[1] == suit)
        self.others = sum(FIELD[c] for c in self.offers if c[1] != suit)
        self.groups = GroupPlays(self.offers)


class GroupPlays(dict[int, list[Play]]):
    """``Lead.groups``: a group's multi-card plays, by its bits in a code."""

    def __init__(self, offers: dict[Card, Any]) -> None:
        super().__init__()
        self.offers = offers

    def __missing__(self, bits: int) -> list[Play]:
        if len(self) > 50_000:
            self.clear()
        group = tuple(cards_of(bits))  # in suit order, a card held twice twice
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


#: the lead with nothing pending, by suit in force and then the top card's rank (LAST-3)
FOLLOW: dict[str, dict[str, Lead]] = {
    suit: {rank: Lead((suit, rank), suit) for rank in RANKS} for suit in SUITS
}
#: the lead on a draw stack, by its rank, and with ``mix_twos_on_fives`` (LAST-5)
ANSWER: dict[str, Lead] = {rank: Lead(frozenset((rank,))) for rank in DRAW_COUNTS}
ANSWER_MIXED = Lead(frozenset(DRAW_COUNTS))
