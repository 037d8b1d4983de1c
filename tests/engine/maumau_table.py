"""Mau-Mau's seats and positions for the rule tests.

Positions come from ``tests.engine.positions.position``: seats p0, p1, ... in seating order,
the stock written in draw order.
"""

from __future__ import annotations

from tests.engine.positions import position

P2 = ["p0", "p1"]
P3 = ["p0", "p1", "p2"]
P4 = ["p0", "p1", "p2", "p3"]


def hand_end_position(scores=None, hands=None, players=P3, **kw):
    """p0 goes out with 9C on 9H; the others hold ``hands`` (default: a King each) and the
    totals are ``scores`` (default: none yet)."""
    hands = hands or {s: k for s, k in zip(players[1:], ["KS", "KH", "KD"], strict=False)}
    if scores is not None:
        kw["scores"] = list(scores)
    return position("maumau", players, hands={"p0": "9C", **hands}, top="9H", turn="p0", **kw)
