"""The Last Card heuristic bot: plays to win from its observation and the offered actions alone.

Its habits: say "last card" the moment it owes it; go out whenever it can, and otherwise
prefer the play that leaves its hand all of one rank (one play from empty), then the play
that sheds the most cards; always pass a draw stack on rather than take it; aim 5s, 2s and
10s at a next player who is close to going out, and reverse away from one; keep Aces as wild
cards for when nothing else plays, naming the suit it holds most of; end a multiple on the
suit it holds most of. It votes to play on only when it holds no more cards than the others
do on average.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from engine.actions import Action, Play
from engine.bots.base import Bot, Observation, heuristic
from engine.bots.seating import seat_after
from engine.cards import Card
from engine.events import seat_of
from engine.lastcard.actions import Vote
from engine.lastcard.shapes import LastCardObservation


def say_last_card(legal: list[Action]) -> Action | None:
    return next((a for a in legal if a.kind == "announce"), None)


@heuristic("lastcard")
class LastCardHeuristic(Bot):
    kind = "heuristic"

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        """Out of turn: say "last card" at once, and vote as soon as the vote opens."""
        said = say_last_card(legal)
        if said is not None:
            return said
        if any(a.kind == "vote" for a in legal):
            return self.vote(observation, legal)
        return None

    def vote(self, observation: Observation, legal: list[Action]) -> Action:
        me = seat_of(observation)
        counts = observation["counts"]
        vote = cast(LastCardObservation, observation).get("vote")
        voters = vote["voters"] if vote else []
        others = [counts[s] for s in voters if s != me] or [0]
        keen = counts[me] <= sum(others) / len(others)
        want = "continue" if keen else "stop"
        return next(a for a in legal if isinstance(a, Vote) and a.choice == want)

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        said = say_last_card(legal)
        if said is not None:
            return said
        kinds = {a.kind for a in legal}
        if "direction" in kinds:
            return legal[0]
        if "vote" in kinds:
            return self.vote(observation, legal)
        plays = [a for a in legal if isinstance(a, Play)]
        rest = [a for a in legal if not isinstance(a, Play)]
        if not plays:
            return rest[0]
        me = seat_of(observation)
        hand = [Card.parse(c) for c in observation["hand"]]
        counts = observation["counts"]
        out = set(observation["out"])
        after = seat_after(observation, me, 1, out)
        before = seat_after(observation, me, -1, out)
        next_count = counts[after]
        pending = observation["pending"] is not None

        def score(action: Play) -> float:
            cards = action.cards
            left = list(hand)
            for c in cards:
                left.remove(c)
            if not left:
                return 1000.0
            value = 10.0 * len(cards)
            if len({c.rank for c in left}) == 1:
                value += 60  # one play from empty
            suits = Counter(c.suit for c in left)
            in_force = action.suit or cards[-1].suit
            value += 3 * suits[in_force]  # able to follow our own suit next time
            if action.suit is not None:
                if suits and suits[action.suit] < max(suits.values()):
                    return -100.0
                if not pending:
                    value -= 25  # an Ace is worth more held than spent
            rank = cards[0].rank
            threat = max(0, 6 - next_count)
            if rank in ("5", "2"):
                value += 2 + 3 * threat
            elif rank == "10":
                value += 1 + 3 * threat
            elif rank == "7" and len(cards) % 2:
                value += 3 * (counts[before] - next_count)
            return value

        return max(plays, key=score)
