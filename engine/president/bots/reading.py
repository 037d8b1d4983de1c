"""What President's rivals' moves say of their hands, for the expert's samples.

The sampler (``engine.president.sampler``) deals the hidden cards at random, kept only to
the counts and to what the exchange showed. But a rival's moves say more when it plays as
the heuristic does (``engine.president.bots.heuristic``, the rule of the playouts): it leads the
whole set of its lowest rank, answers with the lowest whole set that beats the pile, passes
when it holds none cheap enough, and completes four as soon as it can. This module reads
the round's public events (``Memory.history``) into each rival's *decisions*: the moment,
what was on the pile, whether a rival was close to going out, and what it did. A rival's
hand at that moment is its hand now plus the cards it played since (public), so the
chance of its recorded moves is a function of its hand now alone:

    product over its decisions of (1 - e) if the heuristic makes that move, else e / moves

(``e``: ``SLIP``, the chance it plays otherwise, as a person would; ``moves``: how many it
had). ``HandReader.log_chance`` is its logarithm, by rank counts (suits never matter once
the first lead is down). ``engine.president.bots.chains`` draws deals in proportion to the
product of every rival's chance.

It reads only the observation, the memory and the deal it built; ``tests/engine/
test_expert.py`` holds that the expert's decision is the same in two states that look the
same from its seat.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from operator import add
from typing import Any, NamedTuple

from engine.memory import Memory
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
