"""The typed seam between the engine and everything that reads it: events and observations.

An event (what ``apply`` and ``tick`` return) and an observation (what ``observation``
returns) stay plain JSON-safe dicts, so the action log, the golden playthroughs and every
stored table keep their form; these ``TypedDict``\\ s say which keys each may hold and what
type each value has, so the type checker holds every producer and every reader to them.

``Event["type"]`` is one of ``EVENT_TYPES`` or one of the game's own kinds; every other key
is optional (which keys an event carries depends on its type: ``play`` has ``seat`` and
``cards``, ``deal`` has ``round`` and ``first``, ...). The types here hold what every game
may send; each game extends them with its own keys in its own package (``Shapes``, named on
its class as ``Game.shapes``). :func:`conforms` checks a value against one of these types
at run time; the tests run it over every event and observation of many seeded games.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, Required, TypedDict, cast, get_args, get_origin

SeatMap = dict[str, int]

#: the kinds of event several games send, which the shared sentences
#: (``engine.describe``) tell; a game's own kinds are declared in its package
#: (``Shapes.own_types``)
EventType = Literal[
    "announce",
    "deal",
    "draw",
    "match_end",
    "out",
    "pass",
    "penalty",
    "play",
    "reshuffle",
    "reverse",
    "round_end",
    "skip",
    "stalemate",
    "starter",
    "starter_returned",
    "take",
    "turn_lost",
]

#: every kind of event several games send
EVENT_TYPES: frozenset[str] = frozenset(get_args(EventType))

# The functional form: "for" is a key some events carry.
Event = TypedDict(
    "Event",
    {
        # one of EVENT_TYPES, or one of the game's own kinds
        "type": Required[str],
        # who
        "seat": str | None,
        "seats": list[str],
        "first": str,
        # cards and counts
        "card": str,
        "cards": list[str],
        "suit": str,
        "count": int,
        "counts": SeatMap,
        "round": int,
        # words
        "word": str,
        "reason": str,
        "for": str,
        "direction": str,
        # a seat out: its place, and the title the place carries
        "place": int,
        "title": str | None,
        # round and match ends
        "winner": str | None,
        "winners": list[str],
        "last": str | None,
        "draw": bool,
        "places": SeatMap,
        "scores": SeatMap,
        "points": SeatMap,
        "stats": dict[str, Any],
    },
    total=False,
)


class Pending(TypedDict):
    """A stack or lost turns waiting on ``target``: ``{"kind": "draw", "rank": "2", ...}``."""

    kind: Literal["draw", "skip"]
    rank: str
    count: int
    target: str


class GameView(TypedDict, total=False):
    """The keys of an observation that a game fills where it has them (the terminal's table
    shows each where it is there): the cards left to draw, the card the seat just drew and
    may still play (its own view only), the turns played this round, the turns seats will
    lose, the seats a game with its own clock marks away, the seats out of the round (in
    finishing order, or each with its place and title) and the titles seats hold. A game's
    own keys are declared in its package (``Shapes``); its ``extra_observation`` returns
    these and its own."""

    stock: int
    drawn: str | None
    turns: int
    lost_turns: SeatMap
    away: list[str]
    out: list[str] | dict[str, dict[str, Any]]
    titles: dict[str, str]


class Observation(GameView, total=False):
    """What one seat (or, with seat None, anyone) may see of a game (the engine contract:
    never another seat's cards, never the stock order): the keys every game fills, those
    of ``GameView`` it has, and (in the game's own type, ``Shapes.observation``) keys of
    its own."""

    game: Required[str]
    seat: Required[str | None]
    seats: Required[list[str]]
    hand: Required[list[str]]
    top: Required[str | list[str] | None]
    suit: Required[str | None]
    turn: Required[str | None]
    direction: Required[str]
    pending: Required[Pending | None]
    counts: Required[SeatMap]
    pile: Required[int]
    scores: Required[SeatMap]
    round: Required[int]
    over: Required[bool]
    options: Required[dict[str, Any]]
    events: Required[list[Event]]


class Outcome(TypedDict, total=False):
    """A finished match (``Game.outcome``): places (equal places tie), scores, winners, and
    each game's own figures under ``stats`` (a game's own keys beside them: ``Shapes``)."""

    places: Required[SeatMap]
    scores: Required[SeatMap]
    winners: Required[list[str]]
    draw: bool
    stats: dict[str, Any]


@dataclass(frozen=True)
class Shapes:
    """A game's types of what it sends (``Game.shapes``): its observations, events and
    outcomes, each the generic type with the game's own keys, declared in its package; its
    own kinds of event beside ``EVENT_TYPES``, and those of them told in runs. A new game
    edits no generic module, and generic code, typed against the generic types, cannot
    read one game's keys; a game's own bots and front-end parts cast what they read to its
    type.
    ``tests/engine/test_events.py`` holds everything a game sends to its shapes."""

    observation: object = Observation
    event: object = Event
    outcome: object = Outcome
    own_types: frozenset[str] = frozenset()
    #: its own kinds of event that a run of by one seat reads as one line, their counts
    #: added, as draws are (``engine.describe.folded_kinds``)
    folded: frozenset[str] = frozenset()


#: what a bot that reads no observation (``Bot.reads_observation``) is handed: nothing at all
BLIND = cast(Observation, {})


def seat_of(observation: Observation) -> str:
    """The seat an observation was made for (a bot's own); ValueError for the public view."""
    seat = observation["seat"]
    if seat is None:
        raise ValueError("the public view belongs to no seat")
    return seat


def event(kind: str, **fields: Any) -> Event:
    """An event built from keyword fields (``event("say", seat="ana", text="Mao")``); a
    game that adds fields to every event (Mao's ``at``) builds its events through this."""
    return cast(Event, {"type": kind, **fields})


def match_end(outcome: Outcome) -> Event:
    """The ``match_end`` event: the type, then the whole outcome (its JSON form is kept)."""
    return cast(Event, {"type": "match_end", **outcome})


def events_from_json(data: Iterable[Mapping[str, Any]]) -> list[Event]:
    """Events read back from a stored game (``to_dict``), trusted as the engine wrote them."""
    return [cast(Event, dict(e)) for e in data]


# --- checking at run time -------------------------------------------------------------------
def conforms(value: Any, kind: Any) -> str | None:
    """None when ``value`` fits ``kind`` (a TypedDict or a type expression used in one), else
    a sentence saying where it does not. Only the shapes used above are understood."""
    problem = _checker(kind)(value)
    return None if problem is None else "value" + problem


#: a check of one value: None, or where below the value it fails and why ("['seat'] is 3, ...")
_Check = Callable[[Any], "str | None"]


@functools.cache
def _checker(kind: Any) -> _Check:
    """The check for ``kind``, worked out once: the typing calls cost more than the checking
    (a test reads every observation of hundreds of playouts), and a path is spelled only for
    a value that fails."""
    if kind is Any:
        return lambda value: None
    if typing.is_typeddict(kind):
        return _typed_dict(kind)
    origin = get_origin(kind)
    if origin in (Required, NotRequired):
        return _checker(get_args(kind)[0])
    if origin in (typing.Union, types.UnionType):
        return _union([_checker(option) for option in get_args(kind)])
    if origin is Literal:
        allowed = get_args(kind)
        return lambda value: None if value in allowed else f" is {value!r}, not a {kind}"
    if origin is list:
        return _list(_checker(get_args(kind)[0]))
    if origin is dict:
        key_type, item = get_args(kind)
        return _dict(_checker(key_type), _checker(item))
    if kind is type(None):
        return lambda value: None if value is None else f" is {value!r}, not None"
    if kind is float:
        return lambda value: (
            None
            if isinstance(value, int | float) and not isinstance(value, bool)
            else f" is {value!r}, not a number"
        )
    if kind is int:
        return lambda value: (
            None
            if isinstance(value, int) and not isinstance(value, bool)
            else f" is {value!r}, not a whole number"
        )
    if isinstance(kind, type):
        return lambda value: (
            None if isinstance(value, kind) else f" is {value!r}, not {kind.__name__}"
        )
    raise TypeError(f"cannot check {kind!r}")


def _typed_dict(kind: Any) -> _Check:
    hints = typing.get_type_hints(kind)
    required = kind.__required_keys__
    fields: dict[str, _Check] = {}  # filled on first use: a TypedDict may name itself

    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return " is not a dict"
        for key in required:
            if key not in value:
                return f" lacks {key!r}"
        for key, item in value.items():
            field = fields.get(key)
            if field is None:
                if key not in hints:
                    return f" has an undeclared key {key!r}"
                field = fields[key] = _checker(hints[key])
            problem = field(item)
            if problem:
                return f"[{key!r}]{problem}"
        return None

    return check


def _union(options: list[_Check]) -> _Check:
    def check(value: Any) -> str | None:
        first = None
        for option in options:
            problem = option(value)
            if problem is None:
                return None
            first = first or problem
        return first

    return check


def _list(item: _Check) -> _Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, list):
            return " is not a list"
        for k, element in enumerate(value):
            problem = item(element)
            if problem:
                return f"[{k}]{problem}"
        return None

    return check


def _dict(key_type: _Check, item: _Check) -> _Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return " is not a dict"
        for key, element in value.items():
            problem = key_type(key)
            if problem:
                return " key" + problem
            problem = item(element)
            if problem:
                return f"[{key!r}]{problem}"
        return None

    return check
