"""What President's rivals' moves say of their hands, for the expert's samples.

The sampler (``engine.president.sampler``) deals the hidden cards at random, kept only to
the counts and to what the exchange showed. But a rival's moves say more when it plays as
the heuristic does (``engine.bots.president``, the rule of the playouts): it leads the
whole set of its lowest rank, answers with the lowest whole set that beats the pile, passes
when it holds none cheap enough, and completes four as soon as it can. This module reads
the round's public events (``Memory.history``) into each rival's *decisions*: the moment,
what was on the pile, whether a rival was close to going out, and what it did. A rival's
hand at that moment is its hand now plus the cards it played since (public), so the
chance of its recorded moves is a function of its hand now alone:

    product over its decisions of (1 - e) if the heuristic makes that move, else e / moves

(``e``: ``SLIP``, the chance it plays otherwise, as a person would; ``moves``: how many it
had). ``HandReader.log_chance`` is its logarithm, by rank counts (suits never matter once
the first lead is down). ``ReadingSampler`` draws deals in proportion to the product of
every rival's chance, by Metropolis chains over the hidden cards: from a random deal, two
cards of different ranks in two hidden hands swap places when the chance of the new deal,
against the old, beats a uniform draw. Each sample is one chain a few steps on; the chains
take turns, so that the samples a search compares are not one deal with a card or two moved.

It reads only the observation, the memory and the deal it built; ``tests/engine/
test_expert.py`` holds that the expert's decision is the same in two states that look the
same from its seat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from operator import add
from typing import Any, NamedTuple

from engine.cards import Card
from engine.memory import Memory
from engine.president.sampler import PresidentSampler
from engine.president.sets import GIVE_STRENGTH, RANK_STRENGTH

#: rank indices as a hand's counts are kept: 3 to A are 0 to 11, the 2s 12 (GIVE_STRENGTH)
RANKS = 13
TWO = GIVE_STRENGTH["2"]
HIGH = RANK_STRENGTH["K"]
#: a pass, and a lone 2, as moves (a set is (rank, size))
PASS: tuple[int, int] = (-1, 0)
TWO_PLAY: tuple[int, int] = (TWO, 1)
#: the chance a rival makes another move than the heuristic's (a person, or a slip)
SLIP = 0.05
#: Metropolis chains a sampler keeps, steps before a chain's first sample (per hidden
#: card), and between two of its samples
CHAINS = 8
BURN_PER_CARD = 3
STEPS = 8

Move = tuple[int, int]


class Spot(NamedTuple):
    """One decision of a rival, or a moment it could have completed four and did not.

    ``later``: the rank counts of the cards the seat played after it (and, for its give in
    the exchange, the card it gave); with its hand now, its hand then."""

    later: tuple[int, ...]
    #: "turn" (its move on its turn), "hold" (it did not complete four: ``rank`` of
    #: ``size`` cards would have), "give" (the President's give of ``rank``)
    kind: str
    lead: bool = False
    first: bool = False
    top: Move = PASS
    need: int = 0
    danger: bool = False
    move: Move = PASS


def rank_of(text: str) -> int:
    return GIVE_STRENGTH[text[:-1]]


def heuristic_move(c: list[int], spot: Spot) -> tuple[Move, int]:
    """The heuristic's move (``PresidentPlayouts.pick``) for a hand of rank counts ``c`` at
    ``spot``, and how many moves it had."""
    twos = c[TWO]
    size = sum(c)
    need = spot.need
    top_r, top_s = spot.top
    if need and c[top_r] >= need:
        return (top_r, need), 2  # completing four is offered first, and always taken
    held = RANKS - 1 - c[:TWO].count(0)
    lead = spot.lead
    sets: list[Move] = []
    if lead and spot.first:
        sets = [(0, s) for s in range(1, min(c[0], 4) + 1)]
        twos_ok = False
    elif lead:
        for r in range(TWO):
            for s in range(1, min(c[r], 4) + 1):
                sets.append((r, s))
        twos_ok = twos > 0
    else:
        for r in range(TWO):
            for s in range(1, min(c[r], 4) + 1):
                if s > top_s or (s == top_s and r >= top_r):
                    sets.append((r, s))
        twos_ok = twos > 0
    moves = len(sets) + twos_ok + (not lead)
    safe = [m for m in sets if not (twos and m[1] == size - twos)] if twos else sets
    if lead:
        if twos_ok and (held <= 1 or not safe):
            return TWO_PLAY, moves
        choices = safe or sets
        if not choices:
            return TWO_PLAY, moves
        best = choices[0]
        best_key = (c[best[0]] - best[1], best[0])
        for m in choices:
            key = (c[m[0]] - m[1], m[0])
            if key < best_key:
                best, best_key = m, key
        return best, moves
    whole = [m for m in safe if m[1] == c[m[0]]]
    if whole:
        best = whole[0]  # the lowest rank first
        if best[0] < HIGH or size <= 5 or spot.danger:
            return best, moves
    if safe and (spot.danger or size <= 4):
        return safe[0], moves
    if twos and (spot.danger or held <= 1 or twos >= size - twos):
        return TWO_PLAY, moves
    return PASS, moves


def give_choice(c: list[int]) -> int:
    """The rank the heuristic gives as President (``PresidentPlayouts.pick``): its lowest
    lone card that is not a 2, else its lowest card."""
    lone = [r for r in range(TWO) if c[r] == 1]
    if lone:
        return lone[0]
    return next(r for r in range(RANKS) if c[r])


class HandReader:
    """Each hidden rival's decisions this round, read from the memory's history, and the log
    of their chance given a hand (``log_chance``)."""

    def __init__(self, observation: Mapping[str, Any], memory: Memory, slip: float = SLIP):
        self.slip = slip
        self.keep = math.log(1.0 - slip)
        self.log_slip = math.log(slip)
        seats: list[str] = list(observation["seats"])
        self.index = {s: k for k, s in enumerate(seats)}
        self.me = self.index[observation["seat"]]
        #: by seat index, its spots (empty when nothing can be read)
        self.spots: dict[int, list[Spot]] = {}
        self.cache: dict[tuple[int, tuple[int, ...]], float] = {}
        history = memory.history
        if not memory.history_whole or not history or history[0].get("type") != "deal":
            return
        if history[0].get("round") != observation["round"]:
            return
        received = None
        exchange = observation.get("exchange")
        if exchange and exchange.get("a_hole") == observation["seat"]:
            received = exchange.get("received")
        self.read(history, received)

    def read(self, history: list[dict[str, Any]], received: str | None) -> None:
        """The spots of the round's events (see the module docstring)."""
        index, me = self.index, self.me
        n = len(index)
        counts = [0] * n
        for seat, count in (history[0].get("counts") or {}).items():
            counts[index[seat]] = int(count)
        first = history[0].get("round") == 1
        top: Move = PASS
        run = 0
        # (moment, seat, spot without ``later``) and every seat's cards played by moment:
        # event ``pos`` is moment ``2 * pos``; a move is weighed just before it (its cards
        # still held), a chance to complete four just after the play that opened it
        found: list[tuple[int, int, Spot]] = []
        plays: list[tuple[int, int, int]] = []  # (moment, seat, rank)
        president = None
        for pos, event in enumerate(history):
            kind = event.get("type")
            seat = event.get("seat")
            k = index.get(seat, -1) if isinstance(seat, str) else -1
            if kind == "exchange":
                president = index.get(str(event.get("president")))
            elif kind == "give" and k >= 0:
                to = index.get(str(event.get("to")), -1)
                counts[k] -= 1
                if to >= 0:
                    counts[to] += 1
                if k == president and received and k != me:
                    found.append((2 * pos - 1, k, Spot((), "give", move=(rank_of(received), 1))))
                    plays.append((2 * pos, k, rank_of(received)))
            elif kind == "pass" and k >= 0:
                if k != me:
                    found.append((2 * pos - 1, k, self.turn_spot(k, counts, top, run, first, PASS)))
            elif kind in ("play", "complete") and k >= 0:
                cards = event.get("cards") or []
                if not cards:
                    continue
                r, size = rank_of(cards[0]), len(cards)
                if k != me and not event.get("out_of_turn"):
                    spot = self.turn_spot(k, counts, top, run, first, (r, size))
                    found.append((2 * pos - 1, k, spot))
                for text in cards:
                    plays.append((2 * pos, k, rank_of(text)))
                counts[k] -= size
                run = run + size if top != PASS and r == top[0] else size
                top = (r, size)
                first = False
                need = 4 - run if 0 < run < 4 and r != TWO else 0
                if need:
                    self.holds_after(history, pos, counts, (r, need), found)
            elif kind == "clear":
                top, run = PASS, 0
            elif kind == "stuck" and k >= 0:
                counts[k] = 0
                # PRES-8: its 2s leave with it, unplayed: it held them until now
                plays.extend((2 * pos, k, TWO) for _ in range(int(event.get("twos", 0))))
        for pos, k, spot in found:
            later = [0] * RANKS
            for at, j, r in plays:
                if j == k and at > pos:
                    later[r] += 1
            self.spots.setdefault(k, []).append(spot._replace(later=tuple(later)))

    def turn_spot(
        self, k: int, counts: list[int], top: Move, run: int, first: bool, move: Move
    ) -> Spot:
        others = [c for j, c in enumerate(counts) if j != k and c > 0]
        need = 4 - run if 0 < run < 4 and top[0] != TWO else 0
        return Spot(
            (),
            "turn",
            lead=top == PASS,
            first=first and top == PASS,
            top=top,
            need=need,
            danger=bool(others) and min(others) <= 3,
            move=move,
        )

    def holds_after(
        self,
        history: list[dict[str, Any]],
        pos: int,
        counts: list[int],
        completing: Move,
        found: list[tuple[int, int, Spot]],
    ) -> None:
        """After a play at ``pos`` left four to complete, a bot holding the cards completes
        before the next move (``engine.turns``: bots not due are asked first); every rival
        still in that did not, when a next move came, did not hold them."""
        completer = -1
        for event in history[pos + 1 :]:
            kind = event.get("type")
            if kind == "complete":
                completer = self.index.get(str(event.get("seat")), -1)
                break
            if kind in ("play", "pass"):
                break
            if kind in ("clear", "round_end"):
                return  # the pile went with the round
        else:
            return  # no move since: a rival may still complete
        for k, held in enumerate(counts):
            if k != self.me and k != completer and held > 0:
                found.append((2 * pos, k, Spot((), "hold", top=completing)))

    def log_chance(self, k: int, counts: tuple[int, ...]) -> float:
        """The log of the chance of seat ``k``'s recorded moves if it holds ``counts`` (rank
        counts) now."""
        key = (k, counts)
        found = self.cache.get(key)
        if found is not None:
            return found
        total = 0.0
        slip, keep = self.slip, self.keep
        for spot in self.spots.get(k, ()):
            later = spot.later
            if spot.kind == "hold":
                rank, need = spot.top
                if counts[rank] + later[rank] >= need:
                    total += self.log_slip
                continue
            c = list(map(add, counts, later))
            if spot.kind == "give":
                gave = spot.move[0]
                choices = RANKS - c.count(0)
                total += keep if give_choice(c) == gave else math.log(slip / max(choices, 1))
            else:
                move, moves = heuristic_move(c, spot)
                total += keep if move == spot.move else math.log(slip / max(moves, 1))
        self.cache[key] = total
        return total


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
