"""What Macao sends beyond every game's keys, typed (``engine.events.Shapes``): the seats
that reached the target in its outcome (and its ``match_end``), and its own kinds of
event; its observations have no keys of their own."""

from __future__ import annotations

from engine.events import Event, Outcome, Shapes


class MacaoOutcome(Outcome, total=False):
    """A finished Macao match: the seats whose totals reached the target."""

    losers: list[str]


class MacaoEvent(Event, total=False):
    """A Macao event (its ``match_end`` carries the outcome)."""

    losers: list[str]


SHAPES = Shapes(
    event=MacaoEvent,
    outcome=MacaoOutcome,
    own_types=frozenset({"cut", "lose_turns"}),
)


def sent(event: MacaoEvent) -> Event:
    """``event``, checked against the game's own event type, as every list of events
    holds it."""
    return event
