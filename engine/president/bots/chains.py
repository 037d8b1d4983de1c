"""The expert's President samples drawn in proportion to what the rivals' moves say.

``engine.president.bots.reading`` gives the chance of each rival's recorded moves as a
function of its hand now. ``ReadingSampler`` draws deals in proportion to the product of
every rival's chance, by Metropolis chains over the hidden cards: from a random deal, two
cards of different ranks in two hidden hands swap places when the chance of the new deal,
against the old, beats a uniform draw. Each sample is one chain a few steps on; the chains
take turns, so that the samples a search compares are not one deal with a card or two moved.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.cards import Card
from engine.president.bots.reading import RANKS, HandReader
from engine.president.sampler import PresidentSampler
from engine.president.sets import GIVE_STRENGTH

#: Metropolis chains a sampler keeps, steps before a chain's first sample (per hidden
#: card), and between two of its samples
CHAINS = 8
BURN_PER_CARD = 3
STEPS = 8


def rank_counts(cards: list[Card]) -> list[int]:
    counts = [0] * RANKS
    for card in cards:
        counts[GIVE_STRENGTH[card.rank]] += 1
    return counts


class ReadingSampler:
    """A sampler (``engine.determinize.Sampler``) of President states whose hidden hands are
    drawn in proportion to the chance of the rivals' recorded moves (the module docstring):
    ``CHAINS`` Metropolis chains over ``base``'s deals, taken in turn, each ``STEPS`` steps
    on from its last sample. One chain's samples are alike (a few cards moved); in turn,
    the samples a search compares one after the other come from different chains."""

    def __init__(self, base: PresidentSampler, reader: HandReader, chains: int = 0) -> None:
        self.base = base
        self.reader = reader
        self.chains: list[Chain] = []
        self.size = chains or CHAINS
        self.calls = 0
        #: whether any hidden hand's moves were read: if not, every deal is as likely
        self.reads = any(reader.spots.get(k) for k, size in base.sizes.items() if size)

    def __call__(self, rng: random.Random) -> Any:
        if not self.reads:
            return self.base(rng)  # independent deals, as the chains would only repeat them
        turn = self.calls % self.size
        self.calls += 1
        if turn == len(self.chains):
            chain = Chain(self.base, self.reader)
            chain.start(rng)
            self.chains.append(chain)
        else:
            chain = self.chains[turn]
            chain.walk(rng, STEPS)
        return self.base.build(chain.hands, chain.rest, rng)


class Chain:
    """One Metropolis chain of hidden deals (``ReadingSampler``)."""

    def __init__(self, base: PresidentSampler, reader: HandReader) -> None:
        self.base = base
        self.reader = reader
        self.hands: dict[int, list[Card]] = {}
        self.rest: list[Card] = []
        #: by hidden hand: its rank counts, the log of its chance, and the first position
        #: of a card that may move (the cards it is known to hold come first)
        self.counts: dict[int, list[int]] = {}
        self.logs: dict[int, float] = {}
        self.fixed: dict[int, int] = {}
        self.groups: list[int] = []
        #: cards each hand may not hold (``PresidentSampler.voids``: the whole hand's)
        self.banned: dict[int, frozenset[Card]] = {}

    def start(self, rng: random.Random) -> None:
        base, reader = self.base, self.reader
        hands, rest = base.deal(rng)
        self.hands, self.rest = hands, rest
        for k, hand in hands.items():
            self.fixed[k] = len(base.holds.get(k, []))
            self.counts[k] = rank_counts(hand)
            self.logs[k] = reader.log_chance(k, tuple(self.counts[k]))
            self.banned[k] = frozenset().union(
                *(ex for ex, n in base.voids.get(k, []) if n >= len(hand))
            )
        # the chain moves cards between hands it reads, and the hidden cards left over
        self.groups = [k for k, hand in hands.items() if len(hand) > self.fixed[k]]
        if not any(reader.spots.get(k) for k in self.groups):
            self.groups = []  # nothing read: every deal is as likely, no chain
            return
        if rest:
            self.groups.append(-1)
            self.fixed[-1] = 0
            self.counts[-1] = rank_counts(rest)
            self.logs[-1] = 0.0
            self.banned[-1] = frozenset()
        cards = sum(len(hands[k]) for k in self.groups if k >= 0) + len(rest)
        self.walk(rng, BURN_PER_CARD * cards)

    def group_cards(self, k: int) -> list[Card]:
        return self.rest if k < 0 else self.hands[k]

    def walk(self, rng: random.Random, steps: int) -> None:
        """``steps`` Metropolis steps: two cards of different ranks in two groups swap when
        the chance of the new deal against the old beats a uniform draw."""
        groups, reader = self.groups, self.reader
        if len(groups) < 2:
            return
        counts, logs, fixed, banned = self.counts, self.logs, self.fixed, self.banned
        log_chance = reader.log_chance
        for _ in range(steps):
            a, b = rng.sample(groups, 2)
            cards_a, cards_b = self.group_cards(a), self.group_cards(b)
            i = rng.randrange(fixed[a], len(cards_a))
            j = rng.randrange(fixed[b], len(cards_b))
            x, y = cards_a[i], cards_b[j]
            rx, ry = GIVE_STRENGTH[x.rank], GIVE_STRENGTH[y.rank]
            if rx == ry or y in banned[a] or x in banned[b]:
                continue
            new_a, new_b = list(counts[a]), list(counts[b])
            new_a[rx] -= 1
            new_a[ry] += 1
            new_b[ry] -= 1
            new_b[rx] += 1
            log_a = log_chance(a, tuple(new_a)) if a >= 0 else 0.0
            log_b = log_chance(b, tuple(new_b)) if b >= 0 else 0.0
            gain = log_a + log_b - logs[a] - logs[b]
            if gain >= 0.0 or rng.random() < math.exp(gain):
                cards_a[i], cards_b[j] = y, x
                counts[a], counts[b] = new_a, new_b
                logs[a], logs[b] = log_a, log_b
