"""The President heuristic bot: climbs cheaply and keeps 2s for when they count.

It decides from its observation and the offered actions only. Its habits:

- complete four whenever it can (a free clear and the lead), in turn or out of it;
- lead its lowest rank, the whole set of it, so low cards leave early;
- answer a pile with the cheapest set that does not break a bigger set of the same rank,
  and pass rather than spend high cards or 2s while its hand is still long;
- play a 2 to win back the lead when an opponent is close to going out, or when it holds
  little else;
- never strand itself with only 2s (PRES-8): while 2s are left, the last set waits;
- in the exchange, give the President's card from its lowest lone card.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Pass, Play
from engine.bots.base import Bot, Observation, heuristic
from engine.cards import Card
from engine.events import seat_of
from engine.president import GIVE_STRENGTH, RANK_STRENGTH
from engine.president.actions import Complete, Give

HIGH = RANK_STRENGTH["K"]


@heuristic("president")
class PresidentHeuristic(Bot):
    kind = "heuristic"

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        """Out of turn: complete four whenever offered, else let play go on."""
        completes = [a for a in legal if isinstance(a, Complete)]
        return completes[0] if completes else None

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        completes = [a for a in legal if isinstance(a, Complete)]
        if completes:
            return completes[0]
        gives = [a for a in legal if isinstance(a, Give)]
        if gives:
            return self.give(observation, gives)
        hand = [Card.parse(c) for c in observation["hand"]]
        held = Counter(c.rank for c in hand)
        twos = held.pop("2", 0)
        plays = [a for a in legal if isinstance(a, Play)]
        two_plays = [a for a in plays if a.cards[0].rank == "2"]
        set_plays = [a for a in plays if a.cards[0].rank != "2"]
        passes = [a for a in legal if isinstance(a, Pass)]
        me = seat_of(observation)
        rivals = [n for s, n in observation["counts"].items() if s != me and n > 0]
        danger = bool(rivals) and min(rivals) <= 3

        def leaves_only_twos(play: Play) -> bool:
            return twos > 0 and len(play.cards) == len(hand) - twos

        safe = [a for a in set_plays if not leaves_only_twos(a)]
        if observation["top"] is None:
            # leading: shed 2s before the last set, otherwise the lowest whole set
            if two_plays and (len(held) <= 1 or not safe):
                return two_plays[0]
            choices = safe or set_plays or two_plays
            return min(choices, key=lambda a: self.lead_cost(a, held))
        whole = [a for a in safe if len(a.cards) == held[a.cards[0].rank]]
        if whole:
            best = min(whole, key=lambda a: RANK_STRENGTH[a.cards[0].rank])
            cheap = RANK_STRENGTH[best.cards[0].rank] < HIGH or len(hand) <= 5
            if cheap or danger:
                return best
        if safe and (danger or len(hand) <= 4):
            return min(safe, key=lambda a: RANK_STRENGTH[a.cards[0].rank])
        if two_plays and (danger or len(held) <= 1 or twos >= len(hand) - twos):
            return two_plays[0]
        if passes:
            return passes[0]
        return min(plays, key=lambda a: GIVE_STRENGTH[a.cards[0].rank])

    @staticmethod
    def lead_cost(play: Play, held: Counter[str]) -> tuple[int, int]:
        rank = play.cards[0].rank
        broken = held[rank] - len(play.cards)  # cards of the rank left behind
        return broken, RANK_STRENGTH[rank]

    @staticmethod
    def give(observation: Observation, gives: list[Give]) -> Action:
        if len(gives) == 1:
            return gives[0]
        hand = [Card.parse(c) for c in observation["hand"]]
        held = Counter(c.rank for c in hand)

        def cost(action: Give) -> tuple[int, int]:
            card = action.card
            assert card is not None
            return held[card.rank] > 1 or card.rank == "2", GIVE_STRENGTH[card.rank]

        return min(gives, key=cost)
