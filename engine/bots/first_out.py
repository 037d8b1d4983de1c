"""Learned first-out odds: each seat's chance to go out first in the round still running.

Where a playout stops before the round ends, the expert values the state by who is likely
to go out first. The card counts alone say it badly: a softmax of them predicts the first
out of a four-seat Macao round hardly better than a uniform guess, and of a Mau-Mau round
worse (``benchmarks/first_out_fit.py`` prints both). A game's playouts may carry a
``FirstOut`` (``Playouts.first_out_model``): a function of one seat's features in a state
(its hand's size and make-up, where it sits from the seat on turn, what is pending on it)
and, for each number of seats, the weights of a multinomial logit over the seats, fitted on
rounds of the game's heuristic bots playing one another and written into a module of the
game's by that script. The playouts value states by it only when told
(``Playouts.first_out``): it predicts far better, yet the expert measured no stronger with
it (docs/benchmarks.md). The state is the playout's own (the bot's guess of the hidden
hands), so reading its hands is no cheating. This module names no game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: a seat's features in a state: ``features(game, seat, seat_on_turn)``
Features = Callable[[Any, int, int], Sequence[float]]

#: how many features ``seat_features`` gives
SEAT_FEATURES = 12
#: a hand size's flag, by the size: one to six cards each, seven or eight, more than eight
_SIZE_FLAG = [0, 0, 1, 2, 3, 4, 5, 6, 6]


def seat_features(game: Any, i: int, turn: int) -> list[float]:
    """What every shedding game's features start with: the hand's size (a flag for one to
    six cards each, seven or eight, and more; and the size itself, to fifteen, a fifth), and
    where the seat sits from the seat on turn (on turn, next, last)."""
    count = len(game.hands[i])
    out = [0.0] * SEAT_FEATURES
    out[_SIZE_FLAG[count] if count < len(_SIZE_FLAG) else 7] = 1.0
    out[8] = min(count, 15) / 5.0
    n = len(game.hands)
    place = ((i - turn) * game.direction) % n
    out[9] = float(place == 0)
    out[10] = float(place == 1)
    out[11] = float(place == n - 1 and n > 2)
    return out


def pending_draws(game: Any, i: int, per: float) -> float:
    """The cards a draw stack pending on seat ``i`` would make it draw, over ``per``."""
    pending = game.pending
    if pending is None or pending["target"] != i or pending["kind"] != "draw":
        return 0.0
    return float(pending["count"]) / per


def rank_counts(hand: Sequence[Any], ranks: Sequence[str], cap: int = 2) -> list[float]:
    """How many cards of each of ``ranks`` the hand holds, each to ``cap``."""
    held = [0] * len(ranks)
    for card in hand:
        if card.rank in ranks:
            held[ranks.index(card.rank)] += 1
    return [float(min(n, cap)) for n in held]


def follow_features(game: Any, i: int, wild: str) -> list[float]:
    """How many of seat ``i``'s cards follow the top card now (the suit in force, the rank
    on top, or the ``wild`` rank), to three; whether any does; how many suits it holds."""
    top = game.pile[-1].rank
    suit = game.suit
    follow = 0
    suits = set()
    for card in game.hands[i]:
        suits.add(card.suit)
        if card.rank == wild or card.suit == suit or card.rank == top:
            follow += 1
    return [float(min(follow, 3)), float(follow > 0), float(len(suits))]


@dataclass(frozen=True)
class FirstOut:
    """A game's features and, by number of seats, the logit's weights (see the module)."""

    features: Features
    weights: Mapping[int, Sequence[float]]

    def odds(self, game: Any, live: Sequence[bool]) -> list[float] | None:
        """Each seat's chance to go out first (0 for a seat not ``live``), or None where no
        weights were fitted for this many live seats."""
        weights = self.weights.get(sum(live))
        if weights is None:
            return None
        turn = game.turn if game.turn is not None else 0
        scores = [
            sum(w * f for w, f in zip(weights, self.features(game, i, turn), strict=True))
            if ok
            else -math.inf
            for i, ok in enumerate(live)
        ]
        top = max(scores)
        if top == -math.inf:
            return [0.0] * len(live)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]
