"""The expert's playout rule for President (see ``engine.bots.playouts``): the heuristic
bot's rule (``engine.bots.president``) on the state's own cards; rounds are short, so
playouts play them out. Its samples are weighted by how likely the rivals' moves are under
that rule (``engine.bots.president_reading``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.actions import Action, Give, Play
from engine.bots.playouts import Playouts, first_out_odds
from engine.bots.president_reading import HandReader, ReadingSampler
from engine.president import GIVE_STRENGTH, RANK_STRENGTH
from engine.president.sampler import PresidentSampler

HIGH = RANK_STRENGTH["K"]


class PresidentPlayouts(Playouts):
    lower_wins = False
    spread = 0.9
    per_round = 1.3
    depth = 200  # rounds are short: play them out

    def sampler(self, game_cls: Any, observation: Any, memory: Any) -> Any:
        """The determinizer's deals, drawn in proportion to the chance of the rivals' moves
        (``engine.bots.president_reading``)."""
        base = game_cls.determinizer(observation, memory)
        if not isinstance(base, PresidentSampler):
            return base  # an experiment's sampler (``benchmarks/strength_oracle.py``)
        return ReadingSampler(base, HandReader(observation, memory))

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic bot's rule (``engine.bots.president``) on the state's own cards,
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
        held = Counter(c.rank for c in hand)
        twos = held.pop("2", 0)
        plays = [a for a in legal if isinstance(a, Play)]
        two_plays = [a for a in plays if a.cards[0].rank == "2"]
        set_plays = [a for a in plays if a.cards[0].rank != "2"]
        rivals = [len(h) for j, h in enumerate(game.hands) if j != k and h]
        danger = bool(rivals) and min(rivals) <= 3
        size = len(hand)
        safe = [a for a in set_plays if not (twos and len(a.cards) == size - twos)]
        if not game.pile:
            if two_plays and (len(held) <= 1 or not safe):
                return two_plays[0]
            choices = safe or set_plays or two_plays

            def lead_cost(a: Play) -> tuple[int, int]:
                rank = a.cards[0].rank
                return held[rank] - len(a.cards), RANK_STRENGTH.get(rank, 12)

            return min(choices, key=lead_cost) if choices else first
        whole = [a for a in safe if len(a.cards) == held[a.cards[0].rank]]
        if whole:
            best = min(whole, key=lambda a: RANK_STRENGTH[a.cards[0].rank])
            if RANK_STRENGTH[best.cards[0].rank] < HIGH or size <= 5 or danger:
                return best
        if safe and (danger or size <= 4):
            return min(safe, key=lambda a: RANK_STRENGTH[a.cards[0].rank])
        if two_plays and (danger or len(held) <= 1 or twos >= size - twos):
            return two_plays[0]
        if legal[-1].kind == "pass":
            return legal[-1]
        return min(plays, key=lambda a: GIVE_STRENGTH[a.cards[0].rank])

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
