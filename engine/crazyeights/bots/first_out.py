"""What the Crazy Eights expert's learned first-out odds read of a seat
(``engine.bots.first_out``).

A seat's features: its hand's size and where it sits (``first_out.seat_features``), the
twos' draws pending on it, how many eights it holds (wild, EIGHTS-3), how many of its cards
follow the top card now, how many suits it holds, and, with the special cards in play
(EIGHTS-6), its twos, queens and aces. The weights, by number of seats, are
``engine.crazyeights.bots.first_out_weights`` (written by ``benchmarks/first_out_fit.py``).
"""

from __future__ import annotations

from typing import Any

from engine.bots.first_out import (
    FirstOut,
    follow_features,
    pending_draws,
    rank_counts,
    seat_features,
)
from engine.crazyeights import EIGHT
from engine.crazyeights.bots.first_out_weights import WEIGHTS
from engine.crazyeights.rules import DRAW_TWO, REVERSE, SKIP

#: the special ranks counted when ``specials`` is on (EIGHTS-6)
SPECIALS = (DRAW_TWO, SKIP, REVERSE)


def features(game: Any, i: int, turn: int) -> list[float]:
    """Seat ``i``'s features when seat ``turn`` is to play (see the module)."""
    hand = game.hands[i]
    specials = bool(game.options.get("specials"))
    return [
        *seat_features(game, i, turn),
        pending_draws(game, i, 2.0),
        *rank_counts(hand, (EIGHT,)),
        *follow_features(game, i, EIGHT),
        *(rank_counts(hand, SPECIALS) if specials else [0.0] * len(SPECIALS)),
    ]


EIGHTS_FIRST_OUT = FirstOut(features, WEIGHTS)
