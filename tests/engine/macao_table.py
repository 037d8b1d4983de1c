"""Macao's seats and pending stacks for the rule tests.

Positions come from ``tests.engine.positions.position``: seats p0, p1, ... in seating order,
the stock written in draw order. Options default to the game's; a test that ends a round sets
``target`` high so a new round is dealt instead of the match ending.
"""

from __future__ import annotations

P3 = ["p0", "p1", "p2"]
P4 = ["p0", "p1", "p2", "p3"]


def stack(rank, count, target):
    """What is pending: a stack of ``rank`` cards worth ``count`` aimed at ``target``, cards
    to draw (lost turns for 4s)."""
    kind = "skip" if rank == "4" else "draw"
    return {"kind": kind, "rank": rank, "count": count, "target": target}
