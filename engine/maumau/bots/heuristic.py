"""The Mau-Mau heuristic bot: plays to win from its observation and the offered actions alone.

The random level (``make_bot("random", "maumau")``) differs from the generic random bot in
one way: asked to react out of turn, it says "Mau", the only thing it is ever offered there;
without that no random player could ever go out, and a random table would never end a hand.

The heuristic's habits: say "Mau" the moment it may; play rather than draw whenever it can;
get rid of 2s early (each one left at the end of a hand costs three cards) and aim them, Aces
and 10s at whoever is closest to going out; keep Jacks as wild cards for when nothing else
plays, naming the suit it holds most of; shed high cards when someone is about to go out;
stay in after blowing up while the way back is cheap.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from engine.actions import Action, Play
from engine.bots.base import Bot, Observation, RandomBot, heuristic, random_level
from engine.bots.seating import seat_after
from engine.cards import Card
from engine.events import seat_of
from engine.maumau import card_points
from engine.maumau.shapes import MauMauObservation


def say_mau(legal: list[Action]) -> Action | None:
    return next((a for a in legal if a.kind == "announce"), None)


@random_level("maumau")
class MauMauRandom(RandomBot):
    """Uniform over what it is offered, out of turn too: there, that is only saying "Mau"."""

    stateless = True  # it keeps nothing between decisions, so simulate may reuse it

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        return say_mau(legal)


@heuristic("maumau")
class MauMauHeuristic(Bot):
    kind = "heuristic"

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        """Out of turn, the only Mau-Mau action is saying "Mau": always say it at once."""
        return say_mau(legal)

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        if "announce" in kinds:
            return kinds["announce"]
        if "rebuy" in kinds:
            return self.rebuy_or_leave(observation, kinds)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return kinds.get("take") or kinds.get("draw") or legal[0]
        view = cast(MauMauObservation, observation)  # a Mau-Mau game's: its keys are there
        me = seat_of(view)
        hand = [Card.parse(c) for c in view["hand"]]
        counts = view["counts"]
        gone = set(view["left"])
        others = {s: n for s, n in counts.items() if s != me and s not in gone}
        danger = min(others.values()) <= 2
        nxt = seat_after(view, me, 1, gone)
        prev = seat_after(view, me, -1, gone)
        suits = Counter(c.suit for c in hand)

        def score(action: Play) -> float:
            card = action.cards[0]
            if len(hand) == 1:
                return 100.0  # going out
            value = 0.0
            if card.rank == "J":
                rest = list(hand)
                rest.remove(card)
                held = Counter(c.suit for c in rest).most_common(1)
                if action.suit != (held[0][0] if held else card.suit):
                    return -100.0
                value -= 10  # worth more held as a wild card
            elif card.rank == "2":
                value += 6 + (3 if others[nxt] <= 3 else 0)
            elif card.rank == "A":
                value += 3 + (2 if others[nxt] <= 3 else 0)
            elif card.rank == "10":
                value += 2 if others[prev] > others[nxt] else -1
            # keep the suit we hold most of in force after our card
            value += suits[card.suit] * 0.7
            value += card_points(card) / (4 if danger else 12)
            return value

        return max(plays, key=score)

    def rebuy_or_leave(self, observation: Observation, kinds: dict[str, Action]) -> Action:
        """Stay in while the total to come back at leaves room to play."""
        view = cast(MauMauObservation, observation)
        me = seat_of(view)
        gone = set(view["left"]) | set(view["blown_up"])
        back = max(
            (t for s, t in view["totals"].items() if s not in gone and s != me and t < 100),
            default=0,
        )
        paid = view["chips_paid"][me]
        if back >= 90 and paid >= 3:
            return kinds["leave"]
        return kinds["rebuy"]
