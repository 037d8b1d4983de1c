"""What Mao sends beyond every game's keys, typed (``engine.events.Shapes``): the clock, the
Point of Order and the secret rules in an observation; when each event happened, who
called a penalty and its ruling, what was said and to whom in its events; and its own
kinds of event."""

from __future__ import annotations

from typing import Any, TypedDict, cast

from engine.events import Event, GameView, Observation, SeatMap, Shapes


class MaoKeys(TypedDict, total=False):
    """Mao's keys of an observation: the game's clock and the end of the turn's time, the
    Point of Order, the seats going out, how many turns each seat let run out in a row,
    the secret rules (their text to their maker only) and the rules owed, the round's
    figures, how many events there have been, whether a named suit is still open, and
    the round's speech and plays."""

    now: float
    turn_ends: float | None
    point_of_order: dict[str, Any] | None
    going_out: list[str]
    timeouts: SeatMap
    rules: list[dict[str, Any]]
    rule_credits: SeatMap
    stats: dict[str, Any]
    event_count: int
    suit_open: bool
    history: list[MaoEvent]


class MaoView(GameView, MaoKeys):
    """What its ``extra_observation`` returns: the shared keys it has, and its own."""


class MaoObservation(Observation, MaoKeys):
    """A Mao observation."""


class MaoEvent(Event, total=False):
    """A Mao event: when it happened on the game's clock (every one), what a seat said and
    whom it mentioned or replied to, a penalty's call, caller and ruling, the cards a seat
    has left, a refused action and the turn it came in, and the turns of a round called
    off."""

    at: float
    text: str
    to: list[str]
    call: str
    by: str
    ruling: int
    left: int
    action: str
    turn: str
    turns: int


SHAPES = Shapes(
    observation=MaoObservation,
    event=MaoEvent,
    own_types=frozenset(
        {
            "away",
            "back",
            "given",
            "new_rule",
            "overturned",
            "point_of_order",
            "point_of_order_end",
            "refused",
            "rejoin",
            "say",
            "skipped",
            "suit_named",
            "turn_ran_out",
        }
    ),
    folded=frozenset({"given"}),  # the cards a rule gives a seat, one after another
)


def mao_event(event: Event) -> MaoEvent:
    """An event a Mao game sent, with Mao's keys (``tests/engine/test_events.py`` holds
    every one to ``MaoEvent``)."""
    return cast(MaoEvent, event)


def mao_view(observation: Observation) -> MaoObservation:
    """An observation a Mao game made, with Mao's keys (held to ``MaoObservation`` by the
    same test)."""
    return cast(MaoObservation, observation)


def sent(event: MaoEvent) -> Event:
    """``event``, checked against the game's own event type, as every list of events
    holds it."""
    return event
