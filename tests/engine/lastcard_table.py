"""Last Card positions for the rule tests.

Positions come from ``tests.engine.positions.position`` (seats p0, p1, ... in seating order,
the stock written in draw order), then ``table`` puts the game past the dealer's choice of
direction.
"""

from __future__ import annotations

from engine.lastcard import LastCard
from tests.engine.moves import act
from tests.engine.positions import position

P2 = ["p0", "p1"]
P3 = ["p0", "p1", "p2"]
P4 = ["p0", "p1", "p2", "p3"]


def table(seats=P3, *, direction=1, extra=None, **kw) -> LastCard:
    """A position in the play phase (the direction already chosen)."""
    g = position("lastcard", seats, **kw)
    data = g.to_dict()
    data["extra"]["phase"] = "play"
    data["extra"].update(extra or {})
    data["direction"] = direction
    game = LastCard.from_dict(data)
    assert isinstance(game, LastCard)
    return game


def hand(game, seat):
    return game.observation(seat)["hand"]


def p0_plays(cards, seats=P3):
    """p0, on turn over a 4H with ``cards`` and a 4D in hand, plays ``cards``: the game
    after it and the play's events."""
    g = table(seats, hands={"p0": f"{cards} 4D"}, top="4H", turn="p0")
    return g, act(g, "p0", f"play {cards}")
