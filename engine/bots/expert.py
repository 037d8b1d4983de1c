"""The expert bot: determinized Monte-Carlo search from its observation and memory alone.

For each decision it builds states consistent with what its seat has seen
(``Game.determinizer(observation, memory)``: its own hand and everything public kept, the
hidden cards dealt at random, respecting every count and what each seat showed it does not
hold; a game's playouts may weigh them by the rivals' moves, ``Playouts.sampler``),
applies each offered action to a copy of that state (``engine.determinize.clone``), plays
on with quick players (``engine.bots.playouts``: the heuristic bots' rules) to the end of
the round or a depth limit, and scores the result as the expected *match* result. Every
action is tried on the same samples (common random numbers: the comparison is not drowned
by the luck of the deal), moves the game's rule calls dominated, or the same as another,
are not tried (Mau-Mau's draw while a card plays, a Last Card multiple in another order
leaving the same suit in force, a wild card naming a suit the hand lacks), actions clearly
worse than the best are dropped as the evidence grows, and the best mean wins, unless the
game's heuristic bot would play otherwise and the search's best beats that move by less than
``TRUST_SE`` standard errors of the paired difference: few samples keep a good habit. At
three seats or more the margin is the game's (``Playouts.trust_full``): each playout deals
more hidden hands and plays more rivals, so a move's mean is noisier there.

It is an anytime search: it stops after ``playouts`` playouts, or, when a driver gave it a
clock (``use_clock``), when the budget of seconds is spent. The engine reads no clock: the
drivers (terminal, table service) inject ``time.perf_counter``. Without a clock the decision
depends only on the observation, the memory and the seed, so two states that look the same
from the seat give the same decision. Out of turn it does what its game's heuristic bot
does (say the word it owes, complete four); it searches only the decisions play waits on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from engine.actions import Action
from engine.base import GAMES
from engine.bots.base import HEURISTICS, Bot, Observation
from engine.bots.playouts import Playouts
from engine.bots.playouts_eights import CrazyEightsPlayouts
from engine.bots.playouts_lastcard import LastCardPlayouts
from engine.bots.playouts_macao import MacaoPlayouts
from engine.bots.playouts_maumau import MauMauPlayouts
from engine.bots.playouts_president import PresidentPlayouts
from engine.determinize import clone
from engine.memory import Memory

#: each expert game's playout rule
PLAYOUTS: dict[str, Playouts] = {
    "macao": MacaoPlayouts(),
    "maumau": MauMauPlayouts(),
    "lastcard": LastCardPlayouts(),
    "president": PresidentPlayouts(),
    "crazyeights": CrazyEightsPlayouts(),
}

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
#: the heuristic's move is kept unless another beats it by this many standard errors
TRUST_SE = 0.5


class ExpertBot(Bot):
    """See the module docstring."""

    kind = "expert"

    def __init__(self, seed: int = 0, game: str = "macao", playouts: int = DEFAULT_PLAYOUTS):
        super().__init__(seed)
        self.game = game
        self.game_cls = GAMES[game]
        self.playouts_rule = PLAYOUTS[game]
        self.fallback = HEURISTICS[game](seed)
        self.memory = Memory()
        self.playouts = playouts
        self.clock: Callable[[], float] | None = None
        self.budget = DEFAULT_BUDGET
        #: how many standard errors another move must beat the heuristic's by, heads-up
        #: and at three seats or more
        self.trust_se = TRUST_SE
        self.trust_se_full = self.playouts_rule.trust_full
        #: figures of the last search: playouts, samples, actions weighed, best value
        self.last: dict[str, Any] = {}
        #: searches that failed and left the move to the heuristic (never, if all is well)
        self.failures = 0

    def use_clock(self, clock: Callable[[], float], seconds: float = DEFAULT_BUDGET) -> None:
        """Search for ``seconds`` of ``clock`` per decision instead of a playout count."""
        self.clock = clock
        self.budget = seconds

    def observe(self, observation: Observation) -> None:
        rule = self.playouts_rule
        evidence = self.game_cls.void_evidence | rule.taken_evidence
        self.memory.observe(observation, evidence, rule.wild)

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        self.observe(observation)
        return self.fallback.react(observation, legal)

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        self.observe(observation)
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        obvious = self.playouts_rule.obvious(legal)
        if obvious is not None:
            return obvious
        try:
            return self.search(observation, legal)
        except Exception:
            # a view the sampler cannot rebuild must not stop a table: the heuristic moves
            # (tests keep ``failures`` at zero)
            self.failures += 1
            return self.fallback.choose(observation, legal)

    def search(self, observation: Observation, legal: list[Action]) -> Action:
        """Weigh every action on the same sampled states (common random numbers), dropping
        actions clearly worse than the best as the evidence comes in; the best mean wins."""
        clock = self.clock
        # the budget covers the whole decision, the sampler's set-up and the habit included
        deadline = None if clock is None else clock() + self.budget
        sample = self.playouts_rule.sampler(self.game_cls, observation, self.memory)
        me = observation["seat"]
        if me is None:
            raise ValueError("the expert bot searches from a seat's own observation")
        # the heuristic's move stands unless the search shows another clearly better
        habit = self.fallback.choose(observation, legal)
        # moves the game's rule calls dominated are not weighed (the habit always is)
        worth = self.playouts_rule.worth_weighing(legal, observation)
        legal = [a for a in legal if a in worth or a == habit]
        if len(legal) == 1:
            self.last = {"playouts": 0, "samples": 0, "actions": 1, "value": None}
            return legal[0]
        prior = legal.index(habit) if habit in legal else None
        limit = self.playouts if deadline is None else MAX_PLAYOUTS
        moves = list(range(len(legal)))
        # every action's results, sample by sample, for the paired comparisons
        results: list[list[float]] = [[] for _ in legal]
        total = rounds = 0
        spent = False
        prune_at = PRUNE_AFTER
        while total < limit and len(moves) > 1 and not spent:
            if deadline is not None and clock is not None and rounds and clock() >= deadline:
                break  # a sample (President's reads the rivals' moves) is not free either
            seed = self.rng.getrandbits(64)
            dealt = sample(random.Random(seed))
            for m in moves:
                if deadline is not None and clock is not None and rounds and clock() >= deadline:
                    spent = True  # the budget is spent: compare on the samples all had
                    break
                # every action on the same deal, and the same shuffles after it
                rng = random.Random(seed + 1)
                results[m].append(self.playout(clone(dealt, rng), me, legal[m], rng))
                total += 1
            rounds += 1
            if rounds >= prune_at:
                # weighing every result again costs its length: prune less often as they grow
                prune_at = max(rounds + PRUNE_AFTER, rounds * 5 // 4)
                moves = self.prune(moves, results, prior)
        done = min(len(results[m]) for m in moves)
        best = max(moves, key=lambda m: sum(results[m][:done]) / max(done, 1))
        trust = self.trust_se if len(observation["seats"]) <= 2 else self.trust_se_full
        if (
            prior is not None
            and best != prior
            and not self.clearly_better(best, prior, results, trust)
        ):
            best = prior
        self.last = {
            "playouts": total,
            "samples": rounds,
            "actions": len(legal),
            "value": sum(results[best]) / max(len(results[best]), 1),
        }
        return legal[best]

    @staticmethod
    def clearly_better(m: int, base: int, results: list[list[float]], trust: float) -> bool:
        """Whether action ``m`` beat action ``base`` on the samples both were tried on by
        more than ``trust`` standard errors of the paired difference."""
        n = min(len(results[m]), len(results[base]))
        if n < 2:
            return False
        diffs = [a - b for a, b in zip(results[m][:n], results[base][:n], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > trust * math.sqrt(var / n)

    @staticmethod
    def prune(moves: list[int], results: list[list[float]], keep: int | None) -> list[int]:
        """Keep the actions not clearly worse than the best: the mean of the paired
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

    def playout(self, game: Any, me: str, action: Action, rng: random.Random) -> float:
        """Apply ``action`` for ``me`` in a state of its own, play on, evaluate."""
        rule = self.playouts_rule
        round0 = game.round
        game.apply_offered(me, action)
        rule.rollout(game, rng, round0)
        return rule.value(game, me, round0)


def expert_games() -> list[str]:
    """The games with an expert level: those that can be determinized and have playouts."""
    return sorted(n for n, cls in GAMES.items() if n in PLAYOUTS and cls.can_determinize())
