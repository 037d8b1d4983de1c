"""What Crazy Eights sends beyond every game's keys, typed (``engine.events.Shapes``): the
dealer and the turn's draws and passes in an observation; its events and outcome have no
keys of their own."""

from __future__ import annotations

from engine.events import GameView, Observation, Shapes


class CrazyEightsView(GameView, total=False):
    """Crazy Eights' keys of an observation: the dealer, the cards the seat on turn has
    drawn this turn, and the passes in a row with nothing left to draw."""

    dealer: str
    draws: int
    idle: int


class CrazyEightsObservation(Observation, CrazyEightsView):
    """A Crazy Eights observation."""


SHAPES = Shapes(observation=CrazyEightsObservation)
