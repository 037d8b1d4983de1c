"""The anytime search every expert level shares: candidate moves weighed on the same samples.

A ``SearchBot`` decides by weighing each candidate move on states it sampled from its own
view: every candidate on the same sample, and the same shuffles after it (common random
numbers: the comparison is not drowned by the luck of the deal). Candidates clearly worse
than the best are dropped as the evidence grows (``prune``), and the best mean wins, unless
the move its game's heuristic would make (the habit) is within ``trust`` standard errors of
the paired difference of it (``clearly_better``): few samples keep a good habit.

It stops after ``playouts`` playouts, or, when a driver gave it a clock (``use_clock``), when
the budget of seconds is spent. The engine reads no clock: the drivers (terminal, table
service) inject ``time.perf_counter``, and check ``isinstance(bot, SearchBot)`` to give it
one and to run it off their event loop. What a game samples and how it plays a candidate
out are its expert's own (``engine.bots.expert`` for the games with playouts, a game's own
expert for the others); this module names no game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot

#: playouts per decision when no clock is given (tests, reproducible simulations)
DEFAULT_PLAYOUTS = 300
#: the cap on playouts per decision with a clock, however fast they run
MAX_PLAYOUTS = 100_000
#: the default wall-clock budget per decision, for drivers that give a clock
DEFAULT_BUDGET = 0.2
#: every this many samples, actions clearly worse than the best are dropped
PRUNE_AFTER = 8
#: "clearly worse": this many standard errors of the paired difference below the best
PRUNE_SE = 3.0
#: the habit is kept unless another move beats it by this many standard errors
TRUST_SE = 0.5

#: one sample of a decision, from a seed: whatever the playouts start from
Deal = Callable[[int], Any]
#: the value of candidate ``m`` played out on a sample dealt from ``seed``
PlayOut = Callable[[Any, int, int], float]


class SearchBot(Bot):
    """A bot whose decisions are an anytime search (see the module docstring)."""

    kind = "expert"

    def __init__(self, seed: int = 0, playouts: int = DEFAULT_PLAYOUTS) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.clock: Callable[[], float] | None = None
        self.budget = DEFAULT_BUDGET
        #: how many standard errors of the paired difference a move must beat the habit by
        self.trust_se = TRUST_SE
        #: figures of the last search: playouts, samples, actions weighed, best value
        self.last: dict[str, Any] = {}
        #: searches that failed and left the move to the heuristic (never, if all is well)
        self.failures = 0

    def use_clock(self, clock: Callable[[], float], seconds: float = DEFAULT_BUDGET) -> None:
        """Search for ``seconds`` of ``clock`` per decision instead of a playout count."""
        self.clock = clock
        self.budget = seconds

    def deadline(self) -> float | None:
        """When a decision starting now must end (None without a clock): the budget covers
        the whole decision, the sampler's set-up and the habit included."""
        return None if self.clock is None else self.clock() + self.budget

    def weigh(
        self,
        count: int,
        deal: Deal,
        play: PlayOut,
        prior: int | None,
        trust: float,
        deadline: float | None,
    ) -> int:
        """The index of the best of ``count`` candidates (see the module docstring);
        ``prior`` is the habit's index, if it is among them."""
        clock = self.clock
        limit = self.playouts if deadline is None else MAX_PLAYOUTS
        moves = list(range(count))
        # every candidate's results, sample by sample, for the paired comparisons
        results: list[list[float]] = [[] for _ in range(count)]
        total = rounds = 0
        spent = False
        prune_at = PRUNE_AFTER
        while total < limit and len(moves) > 1 and not spent:
            if deadline is not None and clock is not None and rounds and clock() >= deadline:
                break  # a sample is not free either (President's reads the rivals' moves)
            seed = self.rng.getrandbits(64)
            dealt = deal(seed)
            for m in moves:
                if deadline is not None and clock is not None and rounds and clock() >= deadline:
                    spent = True  # the budget is spent: compare on the samples all had
                    break
                results[m].append(play(dealt, seed, m))
                total += 1
            rounds += 1
            if rounds >= prune_at:
                # weighing every result again costs its length: prune less often as they grow
                prune_at = max(rounds + PRUNE_AFTER, rounds * 5 // 4)
                moves = prune(moves, results, prior)
        done = min(len(results[m]) for m in moves)
        best = max(moves, key=lambda m: sum(results[m][:done]) / max(done, 1))
        if prior is not None and best != prior and not clearly_better(best, prior, results, trust):
            best = prior
        self.last = {
            "playouts": total,
            "samples": rounds,
            "actions": count,
            "value": sum(results[best]) / max(len(results[best]), 1),
        }
        return best

    def settled(self) -> None:
        """Record a decision that needed no search (one candidate)."""
        self.last = {"playouts": 0, "samples": 0, "actions": 1, "value": None}


def clearly_better(m: int, base: int, results: list[list[float]], trust: float) -> bool:
    """Whether candidate ``m`` beat candidate ``base`` on the samples both were tried on by
    more than ``trust`` standard errors of the paired difference."""
    n = min(len(results[m]), len(results[base]))
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(results[m][:n], results[base][:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > trust * math.sqrt(var / n)


def prune(moves: list[int], results: list[list[float]], keep: int | None) -> list[int]:
    """Keep the candidates not clearly worse than the best: the mean of the paired
    differences (same samples) more than ``PRUNE_SE`` standard errors below zero."""
    n = min(len(results[m]) for m in moves)
    means = {m: sum(results[m][:n]) / n for m in moves}
    best = max(moves, key=means.__getitem__)
    kept = []
    for m in moves:
        if m in (best, keep):
            kept.append(m)
            continue
        diffs = [a - b for a, b in zip(results[m][:n], results[best][:n], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
        if mean + PRUNE_SE * math.sqrt(var / n) >= 0.0:
            kept.append(m)
    return kept
