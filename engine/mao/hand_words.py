"""What a Mao hand says beside its cards, on every surface that shows one (the hand's Discord
DM, its web page): facts, never reasons (seed 000).

``status`` tells what play stands at for the seat: its last card went back, a Point of Order
stopped play, it is out or has played its last card, whose turn it is. ``own_rules`` tells
what only its author sees: a won round still to spend on a new rule (MAO-16) and the secret
rules it made, in the table's words and speech. Nobody else's rule is ever read.

>>> view = {"turn": "bo", "events": [], "rule_credits": {"ana": 1}, "rules": []}
>>> status(view, "ana", str.capitalize, " ".join)
['Turn: Bo.']
>>> own_rules(view, "ana")
['You won a round: you may make a new rule.']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.mao.builder import describe
from engine.mao.languages import ENGLISH as ENGLISH_SPEECH
from engine.mao.speech_form import Speech
from engine.words import ENGLISH, Translations


def returned(view: Mapping[str, Any], me: str) -> list[str] | None:
    """The cards of this seat's last move, if that move was a card that went back."""
    for event in reversed(view.get("events") or []):
        if event.get("seat") != me:
            continue
        if event.get("type") == "refused" and event.get("action") == "play":
            cards = event.get("cards")
            return [cards] if isinstance(cards, str) else list(cards or [])
        if event.get("type") in ("play", "take", "refused", "penalty", "rejoin"):
            return None
    return None


def status(
    view: Mapping[str, Any],
    me: str,
    name: Callable[[str], str],
    cards: Callable[[list[str]], str],
    tr: Translations = ENGLISH,
) -> list[str]:
    """Where play stands for ``me``: seats said by ``name``, cards by ``cards``."""
    lines = []
    back = returned(view, me)
    if back:
        lines.append(tr._("Your {card} went back to your hand.", card=cards(back)))
    if view.get("point_of_order") is not None:
        lines.append(tr._("Point of order: play is stopped."))
    elif me in (view.get("out") or []):
        lines.append(tr._("You are out. Rejoin whenever you like."))
    elif me in (view.get("going_out") or []):
        lines.append(tr._("You have played your last card."))
    elif view.get("turn") == me:
        lines.append(tr._("**Your turn.**"))
    elif view.get("turn") is not None:
        lines.append(tr._("Turn: {name}.", name=name(view["turn"])))
    return lines


def own_rules(
    view: Mapping[str, Any],
    me: str,
    tr: Translations = ENGLISH,
    said: Speech = ENGLISH_SPEECH,
) -> list[str]:
    """A won round to spend on a rule, and the seat's own secret rules in words."""
    lines = []
    if (view.get("rule_credits") or {}).get(me):
        lines.append(tr._("You won a round: you may make a new rule."))
    mine = [describe(r["rule"], tr, said) for r in view.get("rules") or [] if r.get("rule")]
    if mine:
        lines.append(tr._("Your secret rules (nobody else is told):"))
        lines.extend(f"• {text}" for text in mine)
    return lines
