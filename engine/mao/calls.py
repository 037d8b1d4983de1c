"""Infractions and adjudication (MAO-9..11): what the Chairman records and who may call it.

An infraction is a JSON-safe dict kept in the game's state until it is penalised or lapses::

    {"id": 7, "seat": 2, "call": "Bad card", "at": 12.0, "until": 22.0}

``until`` is when its call window closes (``at + call_window``, moved on by any Point of
Order, MAO-15). A player's call names a call and an offender (a mention or a reply); it
stands when the offender has an unpenalised infraction of that call whose window is still
open, the oldest first; a call of a phrase the offender may still say (their speech window
is open) is held on that window and judged when it closes (``window_owing``, MAO-11).
Call names are compared as normalised words, so "bad card!" calls "Bad card" and
"failure to say last card" calls "Failure to say 'Last card'".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.mao.phrases import words_of

Infraction = dict[str, Any]


@lru_cache(maxsize=512)
def call_key(call: str) -> tuple[str, ...]:
    """A call name as normalised words, for comparing calls however they were typed."""
    return tuple(words_of(call))


def record(
    infractions: list[Infraction], ident: int, seat: int, call: str, at: float, until: float
) -> Infraction:
    """Add an infraction to the record and return it."""
    infraction = {"id": ident, "seat": seat, "call": call, "at": at, "until": until}
    infractions.append(infraction)
    return infraction


def find_for_call(
    infractions: list[Infraction], call: str, candidates: list[int], now: float
) -> Infraction | None:
    """The oldest open infraction by one of ``candidates`` that ``call`` names, or None."""
    key = call_key(call)
    for infraction in infractions:
        if (
            infraction["seat"] in candidates
            and infraction["until"] > now
            and call_key(infraction["call"]) == key
        ):
            return infraction
    return None


def owed_by(infractions: list[Infraction], seat: int) -> bool:
    """Whether ``seat`` has an infraction still waiting for its call."""
    return any(infraction["seat"] == seat for infraction in infractions)


def empty_stats() -> dict[str, Any]:
    """One seat's figures for MAO-17: wins, penalties by call, calls that stood, mistakes,
    and rulings against the seat that a moderator overturned (``engine.mao.rulings``)."""
    return {
        "wins": 0,
        "penalties": {},
        "penalties_taken": 0,
        "calls": 0,
        "bad_adjudications": 0,
        "bad_calls": 0,
        "overturned": 0,
    }


def window_owing(
    windows: list[dict[str, Any]], call: str, candidates: list[int]
) -> dict[str, Any] | None:
    """The first open speech window of one of ``candidates`` that still owes a phrase whose
    call is ``call``: a call there is held until the window closes (MAO-11)."""
    key = call_key(call)
    for window in windows:
        if window["seat"] in candidates and any(
            call_key(owed_call) == key for _phrase, owed_call in window["owed"]
        ):
            return window
    return None
