"""The expert's playout rule for President (see ``engine.bots.playouts``): the heuristic
bot's rule (``engine.president.bots.heuristic``) on the state's own cards; rounds are short, so
playouts play them out. Its samples are weighted by how likely the rivals' moves are under
that rule (``engine.president.bots.reading``, ``engine.president.bots.chains``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from engine.actions import Action, Pass, Play
from engine.bots.playouts import Playouts, first_out_odds, searched
from engine.president import GIVE_STRENGTH, RANK_STRENGTH
from engine.president.actions import Give
from engine.president.bots.chains import ReadingSampler
from engine.president.bots.reading import HandReader
from engine.president.sampler import PresidentSampler
from engine.president.sets import RANK_INDEX, TWO

HIGH = RANK_STRENGTH["K"]


@searched("president")
class PresidentPlayouts(Playouts):
    lower_wins = False
    spread = 0.9
    per_round = 1.3
    depth = 200  # rounds are short: play them out

    def sampler(self, game_cls: Any, observation: Any, memory: Any) -> Any:
        """The determinizer's deals, drawn in proportion to the chance of the rivals' moves
        (``engine.president.bots.reading``, ``engine.president.bots.chains``)."""
        base = game_cls.determinizer(observation, memory)
        if not isinstance(base, PresidentSampler):
            return base  # an experiment's sampler (``benchmarks/strength_oracle.py``)
        return ReadingSampler(base, HandReader(observation, memory))

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic bot's rule (``engine.president.bots.heuristic``) on the state's own cards,
        without building an observation: the rivals in these playouts are modelled on it."""
        first = legal[0]
        if first.kind == "complete":
            return first
        k = game.index[seat]
        hand = game.hands[k]
        if first.kind == "give":
            if len(legal) == 1:
                return first
            held_all = Counter(c.rank for c in hand)

            def give_cost(a: Action) -> tuple[bool, int]:
                # in the exchange every legal action is a Give of a card held
                rank = a.card.rank if isinstance(a, Give) and a.card is not None else ""
                return held_all[rank] > 1 or rank == "2", GIVE_STRENGTH[rank]

            return min(legal, key=give_cost)
        # the heuristic's rule on the game's own counts (by rank, by seat) rather than a
        # count of the hand: the same moves at a fraction of the cost (every playout move)
        counts = game.counts
        twos = counts[TWO][k]
        size = len(hand)
        last = legal[-1]
        passing = type(last) is Pass
        # in play every offer but the pass is a Play (a completion returned above)
        plays = cast("list[Play]", legal[:-1] if passing else legal)
        # a lone 2 is offered after every set (``engine.president.sets``)
        two = plays[-1] if twos and plays and RANK_INDEX[plays[-1].cards[0]] == TWO else None
        sets = plays[:-1] if two is not None else plays
        safe = [a for a in sets if len(a.cards) != size - twos] if twos else sets
        if not game.pile:
            if two is not None and (not safe or self.ranks_held(game, k) <= 1):
                return two
            choices = safe or sets
            if not choices:
                return two or first
            best, best_key = choices[0], (99, 99)
            for a in choices:  # the lowest rank, the fewest of it left behind
                r = RANK_INDEX[a.cards[0]]
                key = (counts[r][k] - len(a.cards), r)
                if key < best_key:
                    best, best_key = a, key
            return best
        danger = False
        for j, h in enumerate(game.hands):
            if j != k and h and len(h) <= 3:
                danger = True
                break
        for a in safe:  # sets come low rank first: the first whole one is the lowest
            r = RANK_INDEX[a.cards[0]]
            if len(a.cards) == counts[r][k]:
                if r < HIGH or size <= 5 or danger:
                    return a
                break
        if safe and (danger or size <= 4):
            return safe[0]
        if two is not None and (danger or twos >= size - twos or self.ranks_held(game, k) <= 1):
            return two
        if passing:
            return last
        return plays[0]

    @staticmethod
    def ranks_held(game: Any, k: int) -> int:
        """How many ranks, 2s aside, seat ``k`` holds."""
        return TWO - int(game.codes[k][:TWO].count(0))

    def round_done(self, game: Any, round0: int) -> bool:
        return game.round != round0 or game.turn is None

    def round_points(self, game: Any) -> list[float]:
        n = len(game.seats)
        points = [0.0] * n
        taken = len(game.went_out)
        for place, k in enumerate(game.went_out, start=1):
            points[k] = {1: 2.0, 2: 1.0}.get(place, 0.0)
        live = [game.still_in(k) for k in range(n)]
        if taken >= 2:
            return points
        # a seat with few cards and high ones goes out early
        strength = [
            len(h) - 0.15 * sum(RANK_STRENGTH.get(c.rank, 12) for c in h) / max(len(h), 1)
            for h in game.hands
        ]
        odds = first_out_odds([round(s) for s in strength], live)
        for k in range(n):
            if live[k]:
                points[k] += (2.0 if taken == 0 else 1.0) * odds[k]
                if taken == 0:
                    points[k] += (1.0 - odds[k]) * odds[k]  # second place, roughly
        return points
