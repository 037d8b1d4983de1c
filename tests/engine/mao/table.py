"""Helpers for Mao tests: a hand-made table and short verbs stamped with a fake clock.

>>> g = table({"ana": "7H 8H", "bo": "9H 2C"}, top="5H")
>>> events = play(g, "ana", "8H", at=1)
>>> g.current_player()
'cy'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from engine.actions import DeclareRule, Play, Say, Take
from engine.cards import Card
from engine.events import Event
from engine.mao import Back, Mao
from engine.mao.actions import Rejoin
from engine.mao.shapes import mao_event
from tests.engine.positions import position

SEATS = ("ana", "bo", "cy")


def table(
    hands: Mapping[str, str | Iterable[str]] | None = None,
    top: str = "5H",
    turn: str = "ana",
    seats: tuple[str, ...] = SEATS,
    clock: bool = False,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Mao:
    """A Mao game in a chosen position (see ``tests.engine.positions.position``).

    The five-second rule is off unless ``clock`` is true, so a test of one rule can let
    time pass without turns running out. The call window is 10 seconds (the default before
    MAO-11 moved it to 6) unless given: these tests' times were written for it.
    """
    options = dict(options or {})
    options.setdefault("call_window", 10)
    if not clock:
        options.setdefault("turn_seconds", 0)
    game = position("mao", list(seats), hands=hands, top=top, turn=turn, options=options, **kwargs)
    assert isinstance(game, Mao)
    return game


def play(g: Mao, seat: str, card: str, at: float, suit: str | None = None) -> list[Event]:
    return g.apply(seat, Play(cards=(Card.parse(card),), suit=suit).stamped(at))


def take(g: Mao, seat: str, at: float) -> list[Event]:
    return g.apply(seat, Take().stamped(at))


def say(
    g: Mao,
    seat: str,
    text: str,
    at: float,
    mentions: tuple[str, ...] = (),
    reply_to: str | None = None,
) -> list[Event]:
    return g.apply(seat, Say(text=text, mentions=mentions, reply_to=reply_to).stamped(at))


def call(g: Mao, caller: str, words: str, offender: str, at: float) -> list[Event]:
    """A call naming its offender with a mention."""
    return say(g, caller, words, at, mentions=(offender,))


def rejoin(g: Mao, seat: str, at: float) -> list[Event]:
    return g.apply(seat, Rejoin().stamped(at))


def back(g: Mao, seat: str, at: float) -> list[Event]:
    return g.apply(seat, Back().stamped(at))


def declare(g: Mao, seat: str, rule: dict[str, Any] | str, at: float) -> list[Event]:
    text = rule if isinstance(rule, str) else json.dumps(rule)
    return g.apply(seat, DeclareRule(rule=text).stamped(at))


def penalties(events: list[Event]) -> list[tuple[str, str | None, str]]:
    """(call, offender, caller) of every penalty in ``events``."""
    mao = [mao_event(e) for e in events]
    return [(e["call"], e["seat"], e["by"]) for e in mao if e["type"] == "penalty"]


def waiting(g: Mao) -> list[tuple[str, str]]:
    """(call, offender) of every infraction still waiting for its call."""
    return [(f["call"], g.seats[f["seat"]]) for f in g.infractions]


def hand(g: Mao, seat: str) -> list[str]:
    return g.observation(seat)["hand"]
