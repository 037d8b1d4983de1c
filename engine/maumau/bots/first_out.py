"""What the Mau-Mau expert's learned first-out odds read of a seat (``engine.bots.first_out``).

A seat's features: its hand's size and where it sits (``first_out.seat_features``), the
twos' draws pending on it and a turn it must miss, how many Jacks (wild, MAU-2), twos, Aces
and tens it holds, how many of its cards follow the top card now, and how many suits it
holds. The weights, by number of seats still in the match, are
``engine.maumau.bots.first_out_weights`` (written by ``benchmarks/first_out_fit.py``, on
first hands, where every seat is in).
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
from engine.maumau.bots.first_out_weights import WEIGHTS

#: the ranks counted: Jacks are wild, twos make the next player draw, Aces skip, tens
#: reverse (MAU-2..4)
RANKS = ("J", "2", "A", "10")


def features(game: Any, i: int, turn: int) -> list[float]:
    """Seat ``i``'s features when seat ``turn`` is to play (see the module)."""
    return [
        *seat_features(game, i, turn),
        pending_draws(game, i, 2.0),
        float(game.lost_turns[i] > 0),
        *rank_counts(game.hands[i], RANKS),
        *follow_features(game, i, "J"),
    ]


MAUMAU_FIRST_OUT = FirstOut(features, WEIGHTS)
