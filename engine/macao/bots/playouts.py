"""The expert's playout rule for Macao (see ``engine.bots.playouts``).

``pick`` is the Macao heuristic bot (``engine.macao.bots.heuristic``) rewritten on the state's own
fields: the same scores and the same ties, but no observation built and no card text parsed,
so a playout move costs a few microseconds. The rivals in a playout are thus modelled on the
heuristic, and so are the bot's own later moves. ``tests/engine/test_expert_playouts.py``
checks it against the heuristic bot.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.actions import Action, Play
from engine.bots.playouts import (
    Playouts,
    blend,
    most_held_suit,
    normal_cdf,
    searched,
    win_chance,
)
from engine.bots.playouts_shedding import suit_counts
from engine.macao.bots.first_out import MACAO_FIRST_OUT
from engine.macao.cards import KING_OF_SPADES, STACK_OF, card_value

#: a Macao card's value, on average (the pack is worth 900, MACAO-15)
MEAN_VALUE = 900 / 52


@searched("macao")
class MacaoPlayouts(Playouts):
    spread = 55.0
    # the heuristic draws rather than play a 7 with a short hand: it keeps it for a stack
    kept = frozenset({"7"})
    per_round = 70.0
    depth = 12
    # four seats, 200 playouts, the same 200 whole matches: 34.0% won at 1.5, 31.2% at 0.5
    trust_full = 1.5
    first_out_model = MACAO_FIRST_OUT

    def rollout(self, game: Any, rng: random.Random, round0: int) -> None:
        # only the seat on turn ever acts at Macao: the loop needs no owed words
        # and the playout needs no event log: ``perform_offered`` is the trusted path
        # without it, for an action ``legal_actions`` offered
        seats = game.seats
        pick = self.pick_for
        perform = game.perform_offered
        offers = game.legal_actions
        for _ in range(self.depth):
            i = game.turn
            if i is None or game.over or game.round != round0:
                return
            perform(i, pick(game, i, offers(seats[i])))

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        return self.pick_for(game, game.index[seat], legal)

    @staticmethod
    def pick_for(game: Any, k: int, legal: list[Action]) -> Action:
        """``MacaoHeuristic.choose`` on the state of seat ``k``."""
        last = legal[-1]  # DRAW, TAKE or PASS
        if len(legal) == 1:
            return last
        hand = game.hands[k]
        n = len(game.seats)
        counts = list(map(len, game.hands))
        fewest = min(counts[:k] + counts[k + 1 :])
        danger = fewest <= 2
        suits = suit_counts(hand)
        pending = game.pending
        way = game.direction
        named: dict[Any, str] = {}
        best: Play | None = None
        top = -1e9
        for action in legal:
            if not isinstance(action, Play):
                continue
            card = action.cards[0]
            value = 0.0
            suit = action.suit
            if suit is not None:
                wanted = named.get(card)
                if wanted is None:
                    wanted = named[card] = most_held_suit(hand, card)
                if suit != wanted:
                    value = -100.0
                    if value > top:
                        best, top = action, value
                    continue
                value -= 6
            if STACK_OF[card] is not None:
                target = counts[(k + (-way if card == KING_OF_SPADES else way)) % n]
                value += 8 - target
                if target == fewest:
                    value += 4
            rank = card.rank
            if rank == "7":
                value -= 8 if pending is None else 3
            elif rank == "4":
                value += 2
            if danger:
                value += card_value(card) / 10
            value += suits[card.suit] * 0.5
            if value > top:
                best, top = action, value
        if best is None:
            return legal[0]
        if game.drawn is not None or pending is not None:
            return best
        if top < -7 and len(hand) < 4 and not danger and last.kind == "draw":
            return last
        return best

    def value(self, game: Any, me: str, round0: int) -> float:
        """As ``Playouts.value``, but when the round still running may end the match (its
        last round by the option ``rounds``, or a total that its hand would carry to the
        target) it weighs who goes out first: each way the round can end, every other seat
        adding its hand (MACAO-15), either ends the match, valued exactly (MACAO-16), or is
        projected over the rounds to come. There the chance of going out first and the
        exact points left decide, not the expected points of the round."""
        if game.over or self.round_done(game, round0):
            return super().value(game, me, round0)
        limit = self.round_limit(game)
        last = bool(limit) and round0 >= limit
        target = self.target(game)
        scores = game.scores
        values = [float(sum(map(card_value, h))) for h in game.hands]
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None and pending["kind"] == "draw":
            counts[pending["target"]] += pending["count"]
            values[pending["target"]] += MEAN_VALUE * pending["count"]
        top = max(t + v for t, v in zip(scores, values, strict=True))
        if not last and top < target:
            return super().value(game, me, round0)  # no way this round ends the match
        n = len(scores)
        k_me = game.index[me]
        result = 0.0
        for j, odds in enumerate(self.first_out_odds(game, counts, [True] * n)):
            finals = [
                t + (0.0 if k == j else v)
                for k, (t, v) in enumerate(zip(scores, values, strict=True))
            ]
            mine = finals[k_me]
            rivals = finals[:k_me] + finals[k_me + 1 :]
            if last or max(finals) >= target:
                # the match ends with this round: the lowest total wins (MACAO-16)
                shares = [1.0 if f > mine else 0.5 if f == mine else 0.0 for f in rivals]
                low = min(rivals)
                won = 0.0 if low < mine else 1.0 / (1 + rivals.count(mine))
            else:
                left = max(self.rounds_left(game, finals, round0), 0.25)
                sigma = self.spread * math.sqrt(left)
                margins = [f - mine for f in rivals]
                shares = [normal_cdf(m / sigma) for m in margins]
                won = win_chance(margins, sigma)
            result += odds * (won if n == 2 else blend(won, sum(shares) / (n - 1)))
        return result

    def round_points(self, game: Any) -> list[float]:
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None and pending["kind"] == "draw":
            counts[pending["target"]] += pending["count"]
        odds = self.first_out_odds(game, counts, [True] * len(counts))
        return [
            (1.0 - p) * sum(map(card_value, hand)) * (1.0 + 0.12 * max(count - len(hand), 0))
            for p, hand, count in zip(odds, game.hands, counts, strict=True)
        ]
