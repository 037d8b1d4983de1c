"""What Mau-Mau sends beyond every game's keys, typed (``engine.events.Shapes``): the match's
totals, pot and blow-ups in an observation, who owes a "Mau"; a blow-up's total and a
doubled penalty in its events; the pot in its outcome; and its own kinds of event."""

from __future__ import annotations

from typing import TypedDict

from engine.events import Event, GameView, Observation, Outcome, SeatMap, Shapes


class MauMauKeys(TypedDict, total=False):
    """Mau-Mau's keys of an observation: the match's totals, pot and blow-ups, who is
    choosing to buy back in or has left, and who owes a "Mau"."""

    totals: SeatMap
    pot: int
    chips_paid: SeatMap
    blow_ups: SeatMap
    blown_up: list[str]
    left: list[str]
    mau_due: str | None


class MauMauView(GameView, MauMauKeys):
    """What its ``extra_observation`` returns: the shared keys it has, and its own."""


class MauMauObservation(Observation, MauMauKeys):
    """A Mau-Mau observation."""


class MauMauOutcome(Outcome, total=False):
    """A finished Mau-Mau match: the pot its winner takes, beside every game's keys."""

    pot: int


class MauMauEvent(Event, total=False):
    """A Mau-Mau event: a penalty doubled, a seat's total at a blow-up or a buy-back, and
    the pot (its ``match_end`` carries the outcome)."""

    doubled: bool
    total: int
    pot: int


SHAPES = Shapes(
    observation=MauMauObservation,
    event=MauMauEvent,
    outcome=MauMauOutcome,
    own_types=frozenset({"blow_up", "leave", "rebuy"}),
)


def sent(event: MauMauEvent) -> Event:
    """``event``, checked against the game's own event type, as every list of events
    holds it."""
    return event
