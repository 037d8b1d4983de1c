"""Mao's expert bot: the heuristic's speech and calls, and its card found by search.

It speaks, calls and declares rules as the heuristic bot does (``engine.mao.bots.heuristic.MaoBot``,
composed, not copied): every phrase its move owes, every slip it is sure of, so it takes no
penalty the heuristic would not. Its card is chosen by determinized Monte-Carlo search over
what its seat knows: positions sampled from its observation alone
(``engine.mao.sampler``: its hand and the public table kept, the cards it has not seen dealt
at random to the other hands by their counts), each move it may make tried on the same
samples (common random numbers), played on with every seat moving as the heuristic does, by
the rules the seat knows (``engine.mao.bots.playouts``: the base rules, its own secret rules
and those it read from what the Chairman did, ``engine.mao.bots.rules_seen``), and valued as
the round is worth to it: going out first, and the cards it carries beside the rivals'.
A round won, it declares a rule that makes cards wild for it alone (``WILD_RULES``).
Moves clearly worse than the best are dropped as the evidence grows; the heuristic's card
stands unless another beats it by ``trust_se`` standard errors of the paired difference.

It is anytime as the shedding games' expert (``engine.bots.search.SearchBot``, whose clock,
loop and figures it shares): ``playouts`` playouts without a clock (reproducible), or the
``use_clock`` budget. It reads no other seat's secret rules and never the real state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, Play, Take
from engine.bots.base import Bot, Observation, TableWatch, expert_level
from engine.bots.playouts import distinct_plays
from engine.bots.search import DEFAULT_PLAYOUTS, SearchBot
from engine.cards import Card
from engine.events import seat_of
from engine.mao import rules as secret
from engine.mao.bots.base import card_of
from engine.mao.bots.heuristic import MaoBot
from engine.mao.bots.playouts import Knowledge, playout
from engine.mao.bots.rules_seen import RulesSeen
from engine.mao.sampler import mao_sampler
from engine.mao.shapes import mao_view

#: whether taking is weighed while a card plays and no 7 is pending
TAKE_WEIGHED = False
#: the rules a winning expert declares, in turn (MAO-16): cards only it knows to be wild,
#: so from the next round on it nearly always has a card to play (the heuristic's rules
#: skip, reverse or give, which help whoever plays the card as much as their author)
WILD_RULES = tuple(
    secret.canonical({"trigger": {"kind": "play", **trigger}, "effect": {"kind": "wild"}})
    for trigger in ({"class": "number"}, {"class": "face"}, {"rank": "A"})
)


@dataclass(frozen=True, slots=True)
class Turn:
    """What the expert weighs a move of its turn from: the observation and the offered
    actions, the cards the base rules let it play and take, the heuristic's move (``habit``)
    and its own secret rules."""

    observation: Observation
    legal: list[Action]
    playable: list[Action]
    take: Action
    habit: Action
    own: Sequence[dict[str, Any]]


class MaoSearching(MaoBot):
    """The heuristic Mao bot whose card (``pick``) its expert searches for."""

    kind = "expert"

    def __init__(self, seed: int, expert: MaoExpert) -> None:
        super().__init__(seed)
        self.expert = expert
        #: the rules it declared
        self.declared: list[str] = []

    def invent_rule(self) -> str:
        """The next of ``WILD_RULES`` it has not declared; then the heuristic's."""
        for rule in WILD_RULES:
            if rule not in self.declared:
                self.declared.append(rule)
                return rule
        return super().invent_rule()

    def pick(
        self,
        observation: Observation,
        legal: list[Action],
        own: Sequence[dict[str, Any]],
        shown: Mapping[str, Any],
    ) -> Action:
        playable, take = self.base_legal(shown, legal, own)
        habit = self.prefer(observation, playable) if playable else take
        return self.expert.decide(Turn(observation, legal, playable, take, habit, own))


@expert_level("mao")
class MaoExpert(SearchBot):
    """See the module docstring."""

    kind = "expert"

    def __init__(self, seed: int = 0, playouts: int = DEFAULT_PLAYOUTS):
        # the heuristic it speaks through holds the generator: made before ``rng`` is read
        self.inner = MaoSearching(seed, self)
        super().__init__(seed, playouts)
        self.seen = RulesSeen()

    # --- the table's reading, speech and calls: the heuristic's -------------------------
    @classmethod
    def table_watch(cls, bots: Mapping[str, Bot]) -> TableWatch | None:
        """The heuristic bots' shared reading, each expert reading through its own bot."""
        return MaoBot.table_watch(
            {s: b.inner if isinstance(b, MaoExpert) else b for s, b in bots.items()}
        )

    @property
    def rng(self) -> random.Random:
        return self.inner.rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self.inner.rng = value

    def observe(self, observation: Observation) -> None:
        self.seen.read(observation)

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        return self.inner.react(observation, legal)

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        return self.inner.choose(observation, legal)

    def search(self, observation: Observation, legal: list[Action]) -> Action:
        """The card for ``observation``'s turn, searched (the heuristic's reading aside)."""
        shown = observation
        rules = mao_view(observation)["rules"] or []
        own = [r["rule"] for r in rules if "rule" in r]
        playable, take = self.inner.base_legal(shown, legal, own)
        habit = self.inner.prefer(observation, playable) if playable else take
        return self.decide(Turn(observation, legal, playable, take, habit, own))

    # --- the card -----------------------------------------------------------------------
    def decide(self, turn: Turn) -> Action:
        """The card (or take) to play: the search's, or the heuristic's if it fails."""
        try:
            return self.search_card(turn)
        except Exception:
            # a view the sampler cannot read must not stop a table: the heuristic moves
            # (tests keep ``failures`` at zero)
            self.failures += 1
            return turn.habit

    def knowledge(self, observation: Observation, own: Sequence[dict[str, Any]]) -> Knowledge:
        """The rules the seat knows: its own, and those it read from the table."""
        seats = list(observation["seats"])
        me = seats.index(seat_of(observation))
        know = Knowledge(len(seats))
        know.add_rules(own, me)
        self.seen.teach(know, seats)
        seen_wild = set().union(*self.seen.wild.values()) if self.seen.wild else set()
        know.add_wild(me, seen_wild)  # a wild card plays on anything, whoever holds it
        return know

    def candidates(self, turn: Turn, know: Knowledge, me: int) -> list[Action]:
        """The moves worth weighing: the cards that play (its known wild cards too), one per
        suit a Jack may name that the hand keeps, and take."""
        observation = turn.observation
        plays = list(turn.playable)
        if observation["pending"] is None:
            wild = know.wild[me]
            for action in turn.legal:
                if isinstance(action, Play) and action not in plays and action.cards[0] in wild:
                    plays.append(action)
        hand = [card_of(c) for c in observation["hand"]]
        if plays and observation["pending"] is None and not TAKE_WEIGHED:
            # taking while a card plays only adds a card: a playout's luck, never a plan
            return distinct_plays(plays, hand)
        return [*distinct_plays(plays, hand), turn.take]

    def search_card(self, turn: Turn) -> Action:
        """Weigh every candidate on the same sampled positions (``SearchBot.weigh``)."""
        deadline = self.deadline()
        observation, habit = turn.observation, turn.habit
        self.observe(observation)
        seats = list(observation["seats"])
        me = seats.index(seat_of(observation))
        know = self.knowledge(observation, turn.own)
        offered = self.candidates(turn, know, me)
        if habit not in offered:
            offered.append(habit)
        if len(offered) == 1:
            self.settled()
            return offered[0]
        sample = mao_sampler(observation)
        named = [self.move_of(a) for a in offered]

        def deal(seed: int) -> Any:
            return sample(random.Random(seed))

        def play(dealt: Any, seed: int, m: int) -> float:
            card, suit = named[m]
            return playout(dealt.copy(), me, card, suit, know)

        prior = offered.index(habit)
        return offered[self.weigh(len(offered), deal, play, prior, self.trust_se, deadline)]

    @staticmethod
    def move_of(action: Action) -> tuple[Card | None, str | None]:
        """A move as the playouts take it: the card played and the suit named, or None to
        take."""
        if isinstance(action, Play):
            return action.cards[0], action.suit
        assert isinstance(action, Take)
        return None, None
