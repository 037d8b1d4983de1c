"""What the Macao expert's learned first-out odds read of a seat (``engine.bots.first_out``).

A seat's features: its hand's size and where it sits (``first_out.seat_features``), what is
pending on it (a draw stack's size, turns to lose) and turns it still owes, how many of its
cards attack (2s, 3s, the draw kings), skip (4s), cut (7s) or play on anything (Aces), how
many follow the top card now, and how many suits it holds. The weights, by number of seats,
are ``engine.macao.bots.first_out_weights`` (written by ``benchmarks/first_out_fit.py``).
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
from engine.macao.bots.first_out_weights import WEIGHTS
from engine.macao.cards import STACK_OF

#: the ranks counted: 4s skip, 7s cut a draw stack, Aces play on anything (MACAO-6..10)
RANKS = ("4", "7", "A")


def features(game: Any, i: int, turn: int) -> list[float]:
    """Seat ``i``'s features when seat ``turn`` is to play (see the module)."""
    hand = game.hands[i]
    pending = game.pending
    skips = 0.0
    if pending is not None and pending["target"] == i and pending["kind"] != "draw":
        skips = float(pending["count"])
    attack = sum(1 for card in hand if STACK_OF[card] is not None)
    return [
        *seat_features(game, i, turn),
        pending_draws(game, i, 5.0),
        skips,
        float(game.lost_turns[i] > 0),
        float(min(attack, 3)),
        *rank_counts(hand, RANKS),
        *follow_features(game, i, "A"),
    ]


MACAO_FIRST_OUT = FirstOut(features, WEIGHTS)
