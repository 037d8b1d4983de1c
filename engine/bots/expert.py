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
leaving the same suit in force, a wild card naming a suit the hand lacks), and the search
every expert level shares weighs the rest (``engine.bots.search``: clearly worse actions
dropped as the evidence grows, the best mean chosen unless the game's heuristic bot would
play otherwise and the best beats that move by less than ``trust_se`` standard errors of the
paired difference). At three seats or more the margin is the game's
(``Playouts.trust_full``): each playout deals more hidden hands and plays more rivals, so a
move's mean is noisier there.

It is an anytime search (``SearchBot``: ``playouts`` playouts, or the budget of a clock a
driver gave it with ``use_clock``). Without a clock the decision
depends only on the observation, the memory and the seed, so two states that look the same
from the seat give the same decision. Out of turn it does what its game's heuristic bot
does (say the word it owes, complete four); it searches only the decisions play waits on.
"""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Action
from engine.base import GAMES
from engine.bots.base import EXPERTS, HEURISTICS, Observation
from engine.bots.playouts import PLAYOUTS
from engine.bots.search import DEFAULT_PLAYOUTS, SearchBot
from engine.determinize import clone
from engine.memory import Memory


class ExpertBot(SearchBot):
    """See the module docstring."""

    kind = "expert"

    def __init__(self, seed: int, game: str, playouts: int = DEFAULT_PLAYOUTS):
        super().__init__(seed, playouts)
        self.game = game
        self.game_cls = GAMES[game]
        self.playouts_rule = PLAYOUTS[game]
        self.fallback = HEURISTICS[game](seed)
        self.memory = Memory()
        #: at three seats or more, the game's margin (heads-up, ``trust_se``)
        self.trust_se_full = self.playouts_rule.trust_full
        #: how its memory reads the events: the game's certain evidence, and what the
        #: playouts' players (the heuristic's rule) show by drawing and taking
        self.reading = self.playouts_rule.reading(self.game_cls)

    def observe(self, observation: Observation) -> None:
        self.memory.observe(observation, self.reading)

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
        """Weigh every action on the same sampled states (``SearchBot.weigh``)."""
        deadline = self.deadline()
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
            self.settled()
            return legal[0]

        def play(dealt: Any, seed: int, m: int) -> float:
            # every action on the same deal, and the same shuffles after it
            rng = random.Random(seed + 1)
            return self.playout(clone(dealt, rng), me, legal[m], rng)

        def deal(seed: int) -> Any:
            return sample(random.Random(seed))

        prior = legal.index(habit) if habit in legal else None
        trust = self.trust_se if len(observation["seats"]) <= 2 else self.trust_se_full
        return legal[self.weigh(len(legal), deal, play, prior, trust, deadline)]

    def playout(self, game: Any, me: str, action: Action, rng: random.Random) -> float:
        """Apply ``action`` for ``me`` in a state of its own, play on, evaluate."""
        rule = self.playouts_rule
        round0 = game.round
        game.apply_offered(me, action)
        rule.rollout(game, rng, round0)
        return rule.value(game, me, round0)


def expert_games() -> list[str]:
    """The games with an expert level: those that can be determinized and have playouts,
    and those with an expert bot of their own (``engine.bots.base.EXPERTS``)."""
    searched = {n for n, cls in GAMES.items() if n in PLAYOUTS and cls.can_determinize()}
    return sorted(searched | set(EXPERTS))
