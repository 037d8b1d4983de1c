"""The Macao heuristic bot: plays to win from its observation alone.

Its habits: keep 7s to cut stacks aimed at it, aim draw cards at the seat with the fewest
cards, hold Aces as wild cards, dump high-value cards when someone is close to going out,
and name the suit it holds most of.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Play
from engine.bots.base import Bot, Observation, heuristic
from engine.bots.seating import seat_after
from engine.cards import Card
from engine.events import seat_of
from engine.macao.cards import card_value, draw_kind


def best_suit(hand: list[Card], playing: Card) -> str:
    """The suit held most, not counting the card being played."""
    rest = [c for c in hand if c != playing]
    counts = Counter(c.suit for c in rest)
    return counts.most_common(1)[0][0] if counts else playing.suit


@heuristic("macao")
class MacaoHeuristic(Bot):
    kind = "heuristic"

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        me = seat_of(observation)
        hand = [Card.parse(c) for c in observation["hand"]]
        counts = observation["counts"]
        others = {s: n for s, n in counts.items() if s != me}
        danger = min(others.values()) <= 2
        plays = [a for a in legal if isinstance(a, Play)]
        rest = [a for a in legal if not isinstance(a, Play)]
        if not plays:
            return rest[0]
        hand_suits = Counter(c.suit for c in hand)

        def score(action: Play) -> float:
            card = action.cards[0]
            value = 0.0
            if action.suit is not None:
                if action.suit != best_suit(hand, card):
                    return -100.0
                value -= 6  # an Ace is worth more held than spent
            kind = draw_kind(card)
            if kind is not None:
                step = -1 if card == Card("K", "S") else 1
                target = seat_after(observation, me, step)
                value += 8 - others[target]  # hit whoever is closest to going out
                if others[target] == min(others.values()):
                    value += 4
            if card.rank == "7" and observation["pending"] is None:
                value -= 8  # keep it for cutting a stack aimed at us
            if card.rank == "7" and observation["pending"] is not None:
                value -= 3  # cut only when we cannot pass the stack on
            if card.rank == "4":
                value += 2
            if danger:
                value += card_value(card) / 10
            value += hand_suits[card.suit] * 0.5  # keep suits we can follow
            return value

        best = max(plays, key=score)
        if observation["drawn"] is not None or observation["pending"] is not None:
            return best
        if score(best) < -7 and len(hand) < 4 and not danger:
            draw = [a for a in rest if a.kind == "draw"]
            if draw:
                return draw[0]
        return best
