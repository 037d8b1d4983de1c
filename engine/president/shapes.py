"""What President sends beyond every game's keys, typed (``engine.events.Shapes``): the
phase, the set on the table, the titles and the exchange in an observation; the deal's
dealer, the titles and the exchange's seats in its events; and its own kinds of event."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.events import Event, Observation, Shapes


class PresidentKeys(TypedDict, total=False):
    """President's keys of an observation: the phase (play or the exchange), the dealer,
    the set on the table and who played it, the run of equal ranks, the seats that passed,
    whether the round's first lead is still to come, the exchange, and the match's
    target."""

    phase: str
    dealer: str
    top_seat: str | None
    run: int
    passes: list[str]
    first_lead: bool
    exchange: dict[str, Any] | None
    target: int


class PresidentObservation(Observation, PresidentKeys):
    """A President observation."""


class PresidentEvent(Event, total=False):
    """A President event: the deal's dealer, the exchange's President and A-hole and the
    seat a card is given to, the 2s a seat went out on, the titles at a round's end, the
    seat that leads, and a four completed out of turn."""

    dealer: str
    president: str
    a_hole: str
    to: str
    twos: int
    titles: dict[str, str]
    leader: str
    out_of_turn: bool


SHAPES = Shapes(
    observation=PresidentObservation,
    event=PresidentEvent,
    own_types=frozenset({"clear", "complete", "exchange", "give", "lead", "stuck"}),
)


def sent(event: PresidentEvent) -> Event:
    """``event``, checked against the game's own event type, as every list of events
    holds it."""
    return event
