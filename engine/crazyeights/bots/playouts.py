"""The expert's playout rule for Crazy Eights (see ``engine.bots.playouts``).

``pick`` is the Crazy Eights heuristic bot (``engine.crazyeights.bots.heuristic``) rewritten on the
state's own fields: the same scores and the same ties, no observation built and no card text
parsed. ``tests/engine/test_expert_playouts.py`` checks it against the heuristic bot.

The match is played to a target and the highest total wins (EIGHTS-10); the player who goes
out scores every card left in the others' hands (EIGHTS-8), so the round still running is
worth, to each seat, its chance to go out first times what the others hold.
"""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Action
from engine.bots.playouts import Playouts, distinct_plays, searched
from engine.cards import SUITS, Card
from engine.crazyeights import EIGHT, card_points
from engine.crazyeights.bots.first_out import EIGHTS_FIRST_OUT
from engine.crazyeights.bots.heuristic import unweighed
from engine.crazyeights.rules import CARD_POINTS

#: the suits in the heuristic's order of preference on a tie (the first wins)
SUIT_RANK = {suit: -k for k, suit in enumerate(SUITS)}


@searched("crazyeights")
class CrazyEightsPlayouts(Playouts):
    lower_wins = False  # EIGHTS-10: the first to the target wins
    # heads-up a round is worth about 25 points to its winner (seven cards each, 5 and more
    # left in the loser's hand); one seat's total drifts about as much in a round
    spread = 30.0
    per_round = 30.0
    depth = 30
    wild = EIGHT  # EIGHTS-3
    # unmeasured at full tables: Mau-Mau's margin, whose draw rule is the same
    trust_full = 2.0
    # EIGHTS-4 lets a player draw holding a card that plays; the heuristic never does
    taken_evidence = frozenset({"draw"})
    first_out_model = EIGHTS_FIRST_OUT

    def worth_weighing(self, legal: list[Action], observation: Any) -> list[Action]:
        """Not a draw while a card plays: drawing keeps the turn (EIGHTS-4), so a playout
        after it plays anyway, a card heavier. An eight names only suits still held
        (``distinct_plays``)."""
        if any(a.kind == "play" for a in legal):
            legal = [a for a in legal if a.kind != "draw"]
        return distinct_plays(legal, [Card.parse(c) for c in observation["hand"]])

    def rollout(self, game: Any, rng: random.Random, round0: int) -> None:
        # only the seat on turn ever acts: ``lone_offers`` gives it and its moves in one
        # call, and ``perform_offered`` plays them without the event log
        pick = self.pick_for
        perform = game.perform_offered
        offers = game.lone_offers
        for _ in range(self.depth):
            if game.over or game.round != round0:
                return
            found = offers()
            if found is None:
                return
            i = game.turn
            perform(i, pick(game, i, found[1]))

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        return self.pick_for(game, game.index[seat], legal)

    @staticmethod
    def pick_for(game: Any, k: int, legal: list[Action]) -> Action:
        """``CrazyEightsHeuristic.choose`` on the state of seat ``k``."""
        plays, move = unweighed(legal)
        if move is not None:
            return move
        hand = game.hands[k]
        if len(hand) == 1:
            return plays[0]  # going out
        n = len(game.seats)
        counts = [len(h) for h in game.hands]
        others = counts[:k] + counts[k + 1 :]
        danger = min(others, default=9) <= 2
        nxt = (k + game.direction) % n
        near = nxt != k and counts[nxt] <= 3
        specials = bool(game.options.get("specials"))
        suits: dict[str, int] = {}
        for c in hand:
            if c.rank != EIGHT:
                suits[c.suit] = suits.get(c.suit, 0) + 1
        named = max(SUITS, key=lambda s: (suits.get(s, 0), SUIT_RANK[s]))
        shed = 3 if danger else 15
        best: Action = plays[0]
        top = -1e9
        for action in plays:
            card = action.cards[0]
            value = 0.0
            if card.rank == EIGHT:
                if action.suit != named:
                    if top < -1000.0:
                        best, top = action, -1000.0
                    continue
                value -= 0 if danger else 30  # worth more held as a wild card
            else:
                value += suits.get(card.suit, 0) * 1.0
            if specials and near and card.rank in ("2", "Q"):
                value += 8
            value += CARD_POINTS[card] / shed
            if value > top:
                best, top = action, value
        return best

    def round_points(self, game: Any) -> list[float]:
        """Each seat's chance to go out first (a two's draws counted in the hand they fall
        on) times the points the others hold (EIGHTS-8)."""
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None:
            counts[pending["target"]] += pending["count"]
        odds = self.first_out_odds(game, counts, [True] * len(counts))
        held = [float(sum(map(card_points, hand))) for hand in game.hands]
        total = sum(held)
        return [p * (total - mine) for p, mine in zip(odds, held, strict=True)]
