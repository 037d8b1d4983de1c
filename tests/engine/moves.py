"""What the per-rule tests do to a game and read off it, in one line each: act by the
action's text, list a seat's legal actions as text, name the events' types, find an event."""

from __future__ import annotations

from engine import parse_action
from engine.base import Game
from engine.events import Event


def act(game: Game, seat: str, text: str) -> list[Event]:
    """``seat`` takes the action written as ``text``; the events it made."""
    return game.apply(seat, parse_action(text))


def legal_texts(game: Game, seat: str) -> list[str]:
    """``seat``'s legal actions as text, sorted."""
    return sorted(str(a) for a in game.legal_actions(seat))


def types(events: list[Event]) -> list[str]:
    """Each event's type, in order."""
    return [e["type"] for e in events]


def first_event(events: list[Event], kind: str) -> Event:
    """The first event of type ``kind`` (StopIteration when there is none: the test fails)."""
    return next(e for e in events if e["type"] == kind)
