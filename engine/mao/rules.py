"""Secret rules (MAO-16): a small declarative model, its validation and its canonical JSON.

A rule is data, never code: one trigger and one effect, each from a fixed list, with an
optional name. Nothing a player writes is ever run or used as a pattern; phrases are matched
as normalised words.

Triggers (``"trigger"``):

- ``{"kind": "play", "rank": "7"}`` | ``"suit": "H"`` | ``"colour": "red"|"black"`` |
  ``"class": "face"|"number"`` (face = J, Q, K; number = 2-10; an Ace is neither) |
  ``"card": "QS"``: a card matching it is played (exactly one of these keys);
- ``{"kind": "take"}``: a player takes a card from the pool in their turn;
- ``{"kind": "hand", "count": N}``: a player's own play or take leaves them N cards (0-20).

Effects (``"effect"``), applying to the player who triggered it unless said otherwise:

- ``{"kind": "say", "phrase": "..."}``: they must say the phrase (MAO-7 window);
- ``{"kind": "silence", "phrase": "..."}``: they must not say it in that window (it also
  lifts any base rule asking for that phrase at that moment);
- ``{"kind": "skip"}``: the next player misses a turn; ``{"kind": "reverse"}``;
- ``{"kind": "draw", "count": N}``: the next player is given N cards (1-5);
- ``{"kind": "wild"}``: the card may be played on anything (play triggers only).

``"name"`` (optional, up to 60 characters) is the rule's call name. Without it a ``say`` rule
is called "Failure to say '<phrase>'" and a ``silence`` rule "Saying '<phrase>'"; the other
effects are carried out by the Chairman and need no call.

>>> canonical({"trigger": {"kind": "play", "suit": "h"}, "effect": {"kind": "say",
...     "phrase": "  Lovely HEARTS!"}})
'{"effect":{"kind":"say","phrase":"lovely hearts"},"trigger":{"kind":"play","suit":"H"}}'
>>> call_name(validate('{"trigger":{"kind":"take"},"effect":{"kind":"say","phrase":"oops"}}'))
"Failure to say 'Oops'"
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from engine.cards import ALL_CARDS, RANKS, SUITS, Card
from engine.mao.phrases import BASE, normalise, words_of
from engine.mao.wording import (
    FIXED_CALLS,
    FIXED_PHRASES,
    MAO,
    NEW_RULE,
    POINT_OF_ORDER,
    display_phrase,
    failure_to_say,
)
from engine.reasons import N_, Reason, Refusal

Rule = dict[str, Any]

PLAY_MATCHERS = ("rank", "suit", "colour", "class", "card")
TRIGGER_KINDS = ("play", "take", "hand")
EFFECT_KINDS = ("say", "silence", "skip", "reverse", "draw", "wild")
SPOKEN_EFFECTS = frozenset({"say", "silence"})
MAX_PHRASE_CHARS = 60
MAX_PHRASE_WORDS = 8
MAX_NAME_CHARS = 60
MAX_HAND = 20
MAX_DRAW = 5


class RuleError(Refusal):
    """A rule that is not well formed; the message says what to fix (``engine.reasons``)."""


def _only_keys(data: dict[str, Any], allowed: set[str], what: str) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise RuleError("{what} has no {keys}", what=what, keys=", ".join(extra))


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(
            "{what} must be a whole number from {low} to {high}",
            what=Reason(what),
            low=low,
            high=high,
        )
    return int(value)


def _trigger(data: Any) -> Rule:
    if not isinstance(data, dict):
        raise RuleError("the trigger must be an object")
    kind = data.get("kind")
    if kind == "take":
        _only_keys(data, {"kind"}, "a take trigger")
        return {"kind": "take"}
    if kind == "hand":
        _only_keys(data, {"kind", "count"}, "a hand trigger")
        return {
            "kind": "hand",
            "count": _whole(data.get("count"), 0, MAX_HAND, N_("the number of cards")),
        }
    if kind != "play":
        raise RuleError("trigger kind must be one of {kinds}", kinds=", ".join(TRIGGER_KINDS))
    _only_keys(data, {"kind", *PLAY_MATCHERS}, "a play trigger")
    given = [k for k in PLAY_MATCHERS if k in data]
    if len(given) != 1:
        raise RuleError("a play trigger needs exactly one of {keys}", keys=", ".join(PLAY_MATCHERS))
    key = given[0]
    value = data[key]
    if not isinstance(value, str):
        raise RuleError("{key} must be text", key=key)
    value = value.strip()
    if key == "rank":
        value = value.upper().replace("T", "10")
        if value not in RANKS:
            raise RuleError("rank must be one of {ranks}", ranks=" ".join(RANKS))
    elif key == "suit":
        value = value.upper()[:1]
        if value not in SUITS:
            raise RuleError("the suit must be clubs, diamonds, hearts or spades")
    elif key == "colour":
        value = value.lower()
        if value not in ("red", "black"):
            raise RuleError("colour must be red or black")
    elif key == "class":
        value = value.lower()
        if value not in ("face", "number"):
            raise RuleError("class must be face or number")
    else:
        try:
            value = str(Card.parse(value))
        except ValueError as exc:
            raise RuleError("{card} is not a card", card=repr(value)) from exc
    return {"kind": "play", key: value}


def _phrase(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_PHRASE_CHARS:
        raise RuleError(
            "the phrase must be text of at most {count} characters", count=MAX_PHRASE_CHARS
        )
    words = words_of(value)
    if not words or len(words) > MAX_PHRASE_WORDS:
        raise RuleError("the phrase must have 1 to {count} words", count=MAX_PHRASE_WORDS)
    phrase = " ".join(words)
    if phrase in (MAO, NEW_RULE) or POINT_OF_ORDER in phrase:
        raise RuleError("that phrase is the Chairman's own")
    if any(t.kind == "call" for t in BASE.parse(phrase)):
        raise RuleError("a phrase may not contain a call")
    return phrase


def _effect(data: Any, trigger: Rule) -> Rule:
    if not isinstance(data, dict):
        raise RuleError("the effect must be an object")
    kind = data.get("kind")
    if kind in SPOKEN_EFFECTS:
        _only_keys(data, {"kind", "phrase"}, f"a {kind} effect")
        return {"kind": kind, "phrase": _phrase(data.get("phrase"))}
    if kind == "draw":
        _only_keys(data, {"kind", "count"}, "a draw effect")
        return {
            "kind": "draw",
            "count": _whole(data.get("count"), 1, MAX_DRAW, N_("the number of cards")),
        }
    if kind in ("skip", "reverse", "wild"):
        _only_keys(data, {"kind"}, f"a {kind} effect")
        if kind == "wild" and trigger["kind"] != "play":
            raise RuleError("only a card played can be made wild")
        return {"kind": kind}
    raise RuleError("effect kind must be one of {kinds}", kinds=", ".join(EFFECT_KINDS))


def _name(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_NAME_CHARS:
        raise RuleError("the name must be text of at most {count} characters", count=MAX_NAME_CHARS)
    name = " ".join(value.split())
    words = words_of(name)
    if not words:
        raise RuleError("the name needs at least one word")
    fixed = {tuple(words_of(c)) for c in FIXED_CALLS}
    if tuple(words) in fixed or " ".join(words) in FIXED_PHRASES:
        raise RuleError("that name is already one of the Chairman's calls")
    if words[:3] == ["failure", "to", "say"] or "point of order" in " ".join(words):
        raise RuleError("a name may not start with 'failure to say' or mention a point of order")
    return name


def validate(rule: str | dict[str, Any]) -> Rule:
    """Check a rule (JSON text or a dict) and return its canonical dict; raise RuleError."""
    if isinstance(rule, str):
        if len(rule) > 1000:
            raise RuleError("that rule is too long")
        try:
            rule = json.loads(rule)
        except json.JSONDecodeError as exc:
            raise RuleError("a rule is a JSON object with a trigger and an effect") from exc
    if not isinstance(rule, dict):
        raise RuleError("a rule is a JSON object with a trigger and an effect")
    _only_keys(rule, {"trigger", "effect", "name"}, "a rule")
    trigger = _trigger(rule.get("trigger"))
    out: Rule = {"trigger": trigger, "effect": _effect(rule.get("effect"), trigger)}
    name = _name(rule.get("name"))
    if name is not None:
        out["name"] = name
    return out


def canonical(rule: str | dict[str, Any]) -> str:
    """The rule's canonical JSON text: validated, keys sorted, no spaces."""
    return json.dumps(validate(rule), sort_keys=True, separators=(",", ":"))


def call_name(rule: Rule) -> str | None:
    """The call that enforces a spoken rule, or None for the Chairman's own effects."""
    effect = rule["effect"]
    if effect["kind"] not in SPOKEN_EFFECTS:
        return None
    if "name" in rule:
        return str(rule["name"])
    if effect["kind"] == "say":
        return failure_to_say(effect["phrase"])
    return f"Saying '{display_phrase(effect['phrase'])}'"


def matches_card(trigger: Rule, card: Card) -> bool:
    """Whether playing ``card`` fires a play trigger."""
    if trigger["kind"] != "play":
        return False
    if "rank" in trigger:
        return bool(card.rank == trigger["rank"])
    if "suit" in trigger:
        return bool(card.suit == trigger["suit"])
    if "colour" in trigger:
        return card.is_red == bool(trigger["colour"] == "red")
    if "class" in trigger:
        if trigger["class"] == "face":
            return card.is_face
        return card.rank not in ("J", "Q", "K", "A")
    return bool(str(card) == trigger["card"])


def fires(rule: Rule, *, card: Card | None, took: bool, hand_size: int | None) -> bool:
    """Whether the rule's trigger fires for an action: a card played, a take, a hand size.

    ``hand_size`` is the actor's hand after the action (None when it did not change).
    """
    trigger = rule["trigger"]
    kind = trigger["kind"]
    if kind == "play":
        return card is not None and matches_card(trigger, card)
    if kind == "take":
        return took
    return hand_size is not None and hand_size == trigger["count"]


#: a rule made ready to test at every action (``compiled``): the cards whose play fires it,
#: whether a take does, the hand size that does (-1: none), its effect's kind and what goes
#: with it ((phrase, call name) when spoken, (count,) for a draw, () for the others)
Fired = tuple[frozenset[Card], bool, int, str, tuple[Any, ...]]
#: the rules as ``Fired``, in their order, and the cards they make wild
Compiled = tuple[tuple[Fired, ...], frozenset[Card]]


def compiled(rules: list[Rule]) -> Compiled:
    """The rules as ``fires`` and ``matches_card`` answer them, worked out once per rule set
    rather than rule by rule at every action."""
    fired: list[Fired] = []
    wild: set[Card] = set()
    for rule in rules:
        trigger = rule["trigger"]
        kind = trigger["kind"]
        cards = _cards_firing(tuple(sorted(trigger.items()))) if kind == "play" else frozenset()
        count = trigger["count"] if kind == "hand" else -1
        effect = rule["effect"]
        what = effect["kind"]
        said: tuple[Any, ...] = ()
        if what in SPOKEN_EFFECTS:  # which always have a call name
            said = (effect["phrase"], call_name(rule) or "")
        elif what == "draw":
            said = (effect["count"],)
        elif what == "wild":
            wild |= cards
        fired.append((cards, kind == "take", count, what, said))
    return tuple(fired), frozenset(wild)


@lru_cache(maxsize=256)
def _cards_firing(trigger: tuple[tuple[str, Any], ...]) -> frozenset[Card]:
    """The cards a play trigger (as its sorted items) fires on."""
    return frozenset(c for c in ALL_CARDS if matches_card(dict(trigger), c))


def known_words(rules: list[Rule]) -> tuple[list[str], list[str]]:
    """The phrases and call names the table's rules add to its vocabulary."""
    phrases: list[str] = []
    calls: list[str] = []
    for rule in rules:
        if rule["effect"]["kind"] in SPOKEN_EFFECTS:
            phrases.append(rule["effect"]["phrase"])
        called = call_name(rule)
        if called is not None:
            calls.append(called)
    return phrases, calls


__all__ = [
    "RuleError",
    "call_name",
    "canonical",
    "compiled",
    "fires",
    "known_words",
    "matches_card",
    "normalise",
    "validate",
]
