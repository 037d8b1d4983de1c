"""What Crazy Eights sends beyond every game's keys, typed (``engine.events.Shapes``): the
dealer and the turn's draws and passes in an observation; its events and outcome have no
keys of their own."""

from __future__ import annotations

from typing import TypedDict

from engine.events import GameView, Observation, Shapes


class CrazyEightsKeys(TypedDict, total=False):
    """Crazy Eights' keys of an observation: the dealer, the cards the seat on turn has
    drawn this turn, and the passes in a row with nothing left to draw."""

    dealer: str
    draws: int
    idle: int


class CrazyEightsView(GameView, CrazyEightsKeys):
    """What its ``extra_observation`` returns: the shared keys it has, and its own."""


class CrazyEightsObservation(Observation, CrazyEightsKeys):
    """A Crazy Eights observation."""


SHAPES = Shapes(observation=CrazyEightsObservation)
