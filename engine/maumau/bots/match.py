"""The chance to win a heads-up Mau-Mau match from the two totals: what a hand's points are
worth to the expert's playouts (``engine.maumau.bots.playouts.MauMauPlayouts``).

Heads-up, only the loser of a hand scores (MAU-6), and the first total to reach 100 blows
up and ends the match at once (MAU-8: the other seat is the only one left), so there is
never a rebuy. ``win_odds(mine, theirs)`` solves that match exactly for a model of the
hands to come: each is won by either seat with even odds, and the loser scores points drawn
from ``LOSER_POINTS``, a gamma distribution fitted to heuristic heads-up hands (mean 44,
standard deviation 32: 3.8 hands a match). The table is solved once, backwards from the
totals next to 100, the first time it is asked for.

A normal approximation of the margin misses what decides these matches: at 80 a hand lost
with 15 points is survived and one lost with 25 is not, and a seat far ahead can still lose
to one bad hand.
"""

from __future__ import annotations

import math
from functools import cache

from engine.maumau import BLOW_UP

#: the shape and scale of the gamma distribution of a heads-up hand's loser's points
SHAPE = 1.9
SCALE = 23.3
#: the largest points a hand is modelled to cost (the tail beyond is folded into it)
MOST = 2 * BLOW_UP


@cache
def loser_points() -> tuple[float, ...]:
    """P(the loser of a hand scores x points) for x in 0..MOST (0 has no weight)."""
    norm = math.lgamma(SHAPE) + SHAPE * math.log(SCALE)
    density = [0.0] + [
        math.exp((SHAPE - 1) * math.log(x) - x / SCALE - norm) for x in range(1, MOST + 1)
    ]
    total = sum(density)
    return tuple(d / total for d in density)


@cache
def table() -> tuple[tuple[float, ...], ...]:
    """``table()[a][b]``: the chance that the seat at total ``a`` wins against one at ``b``."""
    odds = loser_points()
    # tail[x]: the chance a loser scores x or more
    tail = [0.0] * (MOST + 2)
    for x in range(MOST, -1, -1):
        tail[x] = tail[x + 1] + odds[x]
    top = BLOW_UP
    won = [[0.0] * top for _ in range(top)]
    for a in range(top - 1, -1, -1):
        row = won[a]
        for b in range(top - 1, -1, -1):
            # I win the hand: they score x; at 100 or more they blow up and I win
            mine = tail[top - b] + sum(odds[x] * row[b + x] for x in range(1, top - b))
            # they win it: I score x, and survive only under 100
            theirs = sum(odds[x] * won[a + x][b] for x in range(1, top - a))
            row[b] = 0.5 * mine + 0.5 * theirs
    return tuple(tuple(row) for row in won)


def win_odds(mine: float, theirs: float) -> float:
    """The chance to win the match from totals ``mine`` and ``theirs``, hands still to come."""
    if mine >= BLOW_UP:
        return 0.0 if theirs < BLOW_UP else 0.5
    if theirs >= BLOW_UP:
        return 1.0
    last = BLOW_UP - 1
    return table()[min(last, max(0, round(mine)))][min(last, max(0, round(theirs)))]
