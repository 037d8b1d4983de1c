"""Mao positions consistent with what one seat has seen, for a search that cannot cheat.

A Mao search does not play on the table's state (its clocks, speech windows and the other
seats' secret rules are not the seat's to see): it plays on a ``MaoDeal``, the card play
alone (hands, pool, top card, suit in force, direction, a 7 chain, whose turn), built from the
seat's observation: its own hand and everything public kept, the cards it has not seen dealt
at random to the other hands (each its public count, and none of the cards a seat showed
it did not hold: a seat that took a card with no 7 pending held no card of the suit in
force nor of the top card's rank, as the heuristic takes only then), the pool and the pile
under the cards it saw played since the pool was last turned over (COMMON-2). The rules
the playouts apply are those the seat knows, handed in by its bot
(``engine.mao.bots.playouts``).

``mao_sampler(observation)`` reads the observation once and returns a sampler; calling it
with a ``random.Random`` gives one fresh ``MaoDeal``. It never sees a real state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import ALL_CARDS, Card
from engine.determinize import deal_hidden, seated, unseen
from engine.mao.state import SEATS_PER_DECK

Observation = Mapping[str, Any]
#: cards a seat showed it did not hold, among its first ``n`` cards
Void = tuple[frozenset[Card], int]


class MaoDeal:
    """One sampled position: the card play of a Mao round, nothing else.

    ``hands`` by seat index, ``stock`` the pool (drawn from its end), ``under`` the pile
    beneath the top card (turned over into the pool when it runs out), ``chain`` the 7s
    pending on the seat whose ``turn`` it is (MAO-3), ``out`` the first seat to go out."""

    __slots__ = (
        "chain",
        "direction",
        "hands",
        "out",
        "stock",
        "suit",
        "top",
        "turn",
        "under",
    )

    def __init__(
        self,
        hands: list[list[Card]],
        stock: list[Card],
        under: list[Card],
        top: Card,
        suit: str,
        direction: int,
        turn: int,
        chain: int,
    ) -> None:
        self.hands = hands
        self.stock = stock
        self.under = under
        self.top = top
        self.suit = suit
        self.direction = direction
        self.turn = turn
        self.chain = chain
        self.out: int | None = None

    def copy(self) -> MaoDeal:
        """A copy that playing on cannot change (cards are never changed in place)."""
        twin = MaoDeal(
            [h[:] for h in self.hands],
            self.stock[:],
            self.under[:],
            self.top,
            self.suit,
            self.direction,
            self.turn,
            self.chain,
        )
        twin.out = self.out
        return twin

    def draw(self, i: int, count: int) -> int:
        """Give seat ``i`` up to ``count`` cards from the pool, turning the pile over when it
        runs out (COMMON-2); how many it got."""
        hand = self.hands[i]
        got = 0
        for _ in range(count):
            if not self.stock:
                if not self.under:
                    break
                self.stock = self.under[::-1]
                self.under = []
            hand.append(self.stock.pop())
            got += 1
        return got

    def next_holder(self, i: int) -> int | None:
        """The next seat after ``i`` holding cards (``i`` itself if it is the only one)."""
        hands = self.hands
        n = len(hands)
        for step in range(1, n + 1):
            j = (i + step * self.direction) % n
            if hands[j]:
                return j
        return None


def decks_for(observation: Observation) -> int:
    """MAO-1: the decks in play, from the public options and the seats."""
    decks = int(observation["options"].get("decks") or 0)
    return decks or math.ceil(len(observation["seats"]) / SEATS_PER_DECK)


def pile_seen(observation: Observation) -> list[Card]:
    """The pile's cards the seat saw played (bottom first) since the pool was last turned
    over, read from the round's public history; the top card at least."""
    history = observation.get("history") or observation["events"]
    seen: list[Card] = []
    for event in history:
        kind = event["type"]
        if kind == "play":
            seen.append(Card.parse(event["cards"][0]))
        elif kind == "reshuffle" or kind == "deal":
            seen = seen[-1:] if kind == "reshuffle" else []
    top = observation["top"]
    if top is not None and (not seen or str(seen[-1]) != top):
        seen = [Card.parse(top)]  # the history does not reach back: the top card alone
    return seen


def could_not_follow(observation: Observation, seats: list[str]) -> dict[int, list[Void]]:
    """For each seat, the cards it showed it did not hold this round: a take with no 7
    pending says its hand then had no card of the suit in force nor of the top's rank
    (``(cards, n)``: its first ``n`` cards, the ones it held then; each card it played since
    may have been one of them, so ``n`` drops by one at each)."""
    history = observation.get("history") or observation["events"]
    index = {s: k for k, s in enumerate(seats)}
    voids: dict[int, list[Void]] = {}
    # the card turned up at the deal is the top one until a card is played on it
    played = any(e["type"] == "play" for e in history)
    starter = None if played or observation["top"] is None else Card.parse(observation["top"])
    top: Card | None = starter
    suit: str | None = observation["suit"] if starter else None
    chain = 0
    for event in history:
        kind = event["type"]
        k = index.get(str(event.get("seat")), -1)
        if kind == "deal":
            voids, top, suit, chain = {}, starter, suit if starter else None, 0
        elif kind == "play":
            top = Card.parse(event["cards"][0])
            suit = event.get("suit") or top.suit
            chain = chain + 1 if top.rank == "7" else 0
            if k in voids:
                voids[k] = [(cards, n - 1) for cards, n in voids[k] if n > 1]
        elif kind == "suit_named" and event.get("suit"):
            suit = str(event["suit"])
        elif kind == "take":
            if not chain and top is not None and k >= 0:
                held = int(event.get("left", 0)) - int(event.get("count", 0))
                if held > 0:
                    cards = FOLLOWING[(top.rank, suit or top.suit)]
                    voids.setdefault(k, []).append((cards, held))
            chain = 0
        elif kind == "rejoin":
            voids.pop(k, None)
    return voids


#: the cards of a suit or a rank, by (rank, suit): what a seat that took could not hold
FOLLOWING: dict[tuple[str, str], frozenset[Card]] = {
    (t.rank, suit): frozenset(c for c in ALL_CARDS if c.suit == suit or c.rank == t.rank)
    for t in ALL_CARDS
    for suit in ("C", "D", "H", "S")
}


def mao_sampler(observation: Observation) -> Callable[[random.Random], MaoDeal]:
    """The sampler of positions consistent with ``observation`` (a seat's, its turn or not)."""
    me, seats, index = seated(observation)
    mine = index[me]
    hand = [Card.parse(t) for t in observation["hand"]]
    top_text = observation["top"]
    if top_text is None:
        raise ValueError("no card on the pile: nothing to play on")
    top = Card.parse(top_text)
    pile_size = int(observation["pile"])
    decks = decks_for(observation)
    known = pile_seen(observation)
    if len(known) > pile_size:
        known = [top]
    pool = unseen(decks, [*hand, *known])
    if pool is None:  # the history disagrees with the view: trust the top card alone
        known = [top]
        pool = unseen(decks, [*hand, top])
        if pool is None:
            raise ValueError("the observation is not of these decks")
    counts: Mapping[str, int] = observation["counts"]
    sizes = [0 if k == mine else int(counts.get(s, 0)) for k, s in enumerate(seats)]
    stock_size = int(observation["stock"])
    hidden_pile = pile_size - len(known)
    if len(pool) != sum(sizes) + stock_size + hidden_pile:
        raise ValueError("the observation's counts do not add up to the decks")
    turn_seat = observation["turn"]
    turn = index[turn_seat] if turn_seat is not None else mine
    pending = observation["pending"]
    chain = int(pending["count"]) if pending else 0
    direction = -1 if observation["direction"] == "counterclockwise" else 1
    suit = observation["suit"] or top.suit
    under_known = known[:-1]
    voids = {k: v for k, v in could_not_follow(observation, seats).items() if k != mine}
    others = {k: size for k, size in enumerate(sizes) if k != mine}

    def sample(rng: random.Random) -> MaoDeal:
        dealt, rest = deal_hidden(pool, others, voids, {}, rng)
        hands = [hand[:] if k == mine else dealt[k] for k in range(len(seats))]
        under = rest[:hidden_pile] + under_known
        stock = rest[hidden_pile:]
        return MaoDeal(hands, stock, under, top, suit, direction, turn, chain)

    return sample
