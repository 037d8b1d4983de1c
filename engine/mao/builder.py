"""The "New rule" builder's choices (MAO-16), shared by every front-end that builds rules.

A winner chooses what sets the rule off (``TRIGGERS``) and what it does (``EFFECTS``), then
answers only the questions those need (``questions``); ``build`` turns the answers into a
checked rule (``engine.mao.rules.validate``) or raises ``RuleError`` with a sentence. Discord's
builder (``cogs.mao_rules``) and the terminal's draw their selects and fields from here, so the
two offer the same choices.

>>> build("suit", "say", {"detail": "hearts", "phrase": "lovely"})["trigger"]
{'kind': 'play', 'suit': 'H'}
>>> [key for key, _label, _hint in questions("rank", "draw")]
['detail', 'count']
"""

from __future__ import annotations

from typing import Any

from engine.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS
from engine.mao import rules as secret
from engine.mao.rules import RuleError

TRIGGERS: dict[str, str] = {
    "rank": "A card of one rank is played",
    "suit": "A card of one suit is played",
    "colour": "A red card, or a black card, is played",
    "class": "A face card, or a number card, is played",
    "card": "One exact card is played",
    "take": "A player takes a card from the pool",
    "hand": "A player's hand comes to a number of cards",
}
EFFECTS: dict[str, str] = {
    "say": "They must say a phrase",
    "silence": "They must not say a phrase",
    "skip": "The next player misses a turn",
    "reverse": "Play reverses",
    "draw": "The next player takes cards",
    "wild": "The card may be played on anything",
}
PLAY_TRIGGERS = secret.PLAY_MATCHERS
#: what the builder asks about each trigger: (label, placeholder)
DETAIL_QUESTIONS: dict[str, tuple[str, str]] = {
    "rank": ("Which rank?", "7, 10, Q, queen, ace…"),
    "suit": ("Which suit?", "clubs, diamonds, hearts or spades"),
    "colour": ("Which colour?", "red or black"),
    "class": ("Face cards or number cards?", "face or number"),
    "card": ("Which card?", "QS, 10H, queen of spades…"),
    "hand": ("How many cards in hand?", "a number from 0 to 20"),
}
WORD_RANKS = {word: rank for rank, word in RANK_NAMES.items()}
WORD_SUITS = {word: suit for suit, word in SUIT_NAMES.items()}
SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def triggers_for(effect: str | None) -> list[str]:
    """The triggers that fit ``effect`` (a card that plays on anything needs a played card)."""
    return [key for key in TRIGGERS if effect != "wild" or key in PLAY_TRIGGERS]


def effects_for(trigger: str | None) -> list[str]:
    """The effects that fit ``trigger``."""
    wild_ok = trigger in (None, *PLAY_TRIGGERS)
    return [key for key in EFFECTS if key != "wild" or wild_ok]


def questions(trigger: str, effect: str) -> list[tuple[str, str, str]]:
    """(key, label, placeholder) for every detail this rule needs; ``name`` is optional."""
    asked = []
    if trigger in DETAIL_QUESTIONS:
        asked.append(("detail", *DETAIL_QUESTIONS[trigger]))
    if effect in secret.SPOKEN_EFFECTS:
        what = "must say" if effect == "say" else "must not say"
        asked.append(("phrase", f"The phrase they {what}", "a few words"))
        asked.append(("name", "The call's name (optional)", "what a player calls out to catch it"))
    if effect == "draw":
        asked.append(("count", "How many cards does the next player take?", "1 to 5"))
    return asked


def _number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError as exc:
        raise RuleError(f"{what} must be a whole number") from exc


def detail(trigger: str, text: str) -> Any:
    """The trigger's detail as the rule model writes it, from what a player typed."""
    words = " ".join(text.lower().replace("’", "'").split())
    if trigger == "rank":
        return WORD_RANKS.get(words, words.upper())
    if trigger == "suit":
        return SYMBOL_SUITS.get(words, WORD_SUITS.get(words.rstrip("s") + "s", words))
    if trigger in ("colour", "class"):
        return words.split()[0].removesuffix("s") if words else words  # "face cards": face
    if trigger == "card":
        parts = words.split(" of ")
        if len(parts) == 2 and parts[0] in WORD_RANKS and parts[1] in WORD_SUITS:
            return WORD_RANKS[parts[0]] + WORD_SUITS[parts[1]]
        for symbol, suit in SYMBOL_SUITS.items():
            words = words.replace(symbol, suit)
        return words.replace(" ", "").upper()
    return _number(words, "the number of cards")


def build(trigger: str, effect: str, answers: dict[str, str]) -> dict[str, Any]:
    """A checked rule from the builder's choices; ``RuleError`` says what to fix."""
    if trigger not in TRIGGERS or effect not in EFFECTS:
        raise RuleError("choose what sets the rule off and what it does first")
    if trigger in PLAY_TRIGGERS:
        when: dict[str, Any] = {"kind": "play", trigger: detail(trigger, answers.get("detail", ""))}
    elif trigger == "hand":
        when = {"kind": "hand", "count": detail("hand", answers.get("detail", ""))}
    else:
        when = {"kind": "take"}
    does: dict[str, Any] = {"kind": effect}
    if effect in secret.SPOKEN_EFFECTS:
        does["phrase"] = answers.get("phrase", "")
    if effect == "draw":
        does["count"] = _number(answers.get("count", ""), "the number of cards")
    rule: dict[str, Any] = {"trigger": when, "effect": does}
    if answers.get("name"):
        rule["name"] = answers["name"]
    return secret.validate(rule)
