"""The Crazy Eights heuristic bot: plays to win from its observation and the offered actions.

Its habits: play rather than draw whenever a card plays, and draw rather than pass while it
may; keep eights as wild cards for when nothing else plays, unless a rival is about to go out
(an eight left in hand costs 50) or the eight goes out; name the suit it holds most of; follow
with the card that leaves in force the suit it holds most of; shed high cards when a rival is
close to going out. With the special cards on, it answers a two with a two, and aims twos and
queens at a next player who is close to going out.

The random level is the generic uniform bot: every Crazy Eights move is a decision on turn.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Play
from engine.bots.base import Bot, Observation, heuristic
from engine.cards import SUITS, Card
from engine.crazyeights import EIGHT, card_points
from engine.events import seat_of


def next_seat(obs: Observation, seat: str) -> str:
    seats = obs["seats"]
    way = 1 if obs["direction"] == "clockwise" else -1
    return str(seats[(seats.index(seat) + way) % len(seats)])


def unweighed(legal: list[Action]) -> tuple[list[Play], Action | None]:
    """The plays among ``legal``, and the move made without weighing them, if any: a debt of
    twos passed on with the first two held, or taken; a draw (or a pass) with nothing to play.
    """
    plays = [a for a in legal if isinstance(a, Play)]
    kinds = {a.kind: a for a in legal}
    if "take" in kinds:  # a debt of twos: pass it on if a two is held
        return plays, plays[0] if plays else kinds["take"]
    if not plays:
        return plays, kinds.get("draw") or kinds.get("pass") or legal[0]
    return plays, None


@heuristic("crazyeights")
class CrazyEightsHeuristic(Bot):
    kind = "heuristic"

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        plays, move = unweighed(legal)
        if move is not None:
            return move
        me = seat_of(observation)
        hand = [Card.parse(c) for c in observation["hand"]]
        counts = observation["counts"]
        others = {s: n for s, n in counts.items() if s != me}
        danger = min(others.values(), default=9) <= 2
        nxt = next_seat(observation, me)
        specials = bool(observation["options"].get("specials"))
        suits = Counter(c.suit for c in hand if c.rank != EIGHT)

        def score(action: Play) -> float:
            card = action.cards[0]
            if len(hand) == 1:
                return 1000.0  # going out
            value = 0.0
            if card.rank == EIGHT:
                rest = Counter(c.suit for c in hand if c.rank != EIGHT)
                best = max(SUITS, key=lambda s: (rest[s], -SUITS.index(s)))
                if action.suit != best:
                    return -1000.0
                value -= 0 if danger else 30  # worth more held as a wild card
            else:
                value += suits[card.suit] * 1.0  # the suit left in force is one we hold
            if specials and card.rank in ("2", "Q") and others.get(nxt, 9) <= 3:
                value += 8
            value += card_points(card) / (3 if danger else 15)
            return value

        return max(plays, key=score)
