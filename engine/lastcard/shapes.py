"""What Last Card sends beyond every game's keys, typed (``engine.events.Shapes``): the phase,
the vote and the games played in an observation; the vote's and a game's figures in its
events; the games in its outcome; and its own kinds of event."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.events import Event, GameView, Observation, Outcome, Shapes


class LastCardKeys(TypedDict, total=False):
    """Last Card's keys of an observation: the phase (play or the vote between games), the
    dealer, the vote, whether the seat owes its announcement, and the games played so
    far."""

    phase: str
    dealer: str
    vote: dict[str, Any] | None
    must_announce: bool
    games: list[dict[str, Any]]


class LastCardView(GameView, LastCardKeys):
    """What its ``extra_observation`` returns: the shared keys it has, and its own."""


class LastCardObservation(Observation, LastCardKeys):
    """A Last Card observation."""


class LastCardOutcome(Outcome, total=False):
    """A finished Last Card match: each game played, beside every game's keys."""

    games: list[dict[str, Any]]


# The functional form: "continue" is a key (the votes to play on).
LastCardEventKeys = TypedDict(
    "LastCardEventKeys",
    {
        "dealer": str,
        "way": str,
        "times": int,
        "voters": list[str],
        "choice": str,
        "result": str,
        "continue": int,
        "stop": int,
        "games": list[dict[str, Any]],
    },
    total=False,
)


class LastCardEvent(Event, LastCardEventKeys, total=False):
    """A Last Card event: the dealer and the way play goes, how many times a multiple
    reversed it, the vote (who votes, a seat's choice, the result and its counts), and the
    games played (its ``match_end`` carries the outcome)."""


SHAPES = Shapes(
    observation=LastCardObservation,
    event=LastCardEvent,
    outcome=LastCardOutcome,
    own_types=frozenset({"direction", "vote", "vote_open", "vote_result"}),
)


def sent(event: LastCardEvent) -> Event:
    """``event``, checked against the game's own event type, as every list of events
    holds it."""
    return event
