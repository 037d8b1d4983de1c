"""What a person types or picks at the terminal, as engine actions.

- ``menu``: the legal moves to offer, plays in the hand's order as on Discord, a wild card's
  four suit choices folded into one entry (``wild_suits`` asks which suit afterwards);
- ``typed_action``: ``parse_action`` for people, who may write a suit as ``♥``, ``h`` or
  ``hearts``;
- ``speech``: a line said at a table of a game whose talk is play (its rules are secret),
  ``@ada`` naming the player a call is about.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine import parse_action
from engine.actions import Action, Play, Say
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from engine.describe import sort_hand
from engine.words import N_, SUIT_WORDS, Translations, language
from terminal.shown import EN
from terminal.typed_words import english, folded, verbs, word

_MENTION = re.compile(r"@(\w+)")


def parse_suit(text: str, tr: Translations = EN) -> str | None:
    """``h``, ``H``, ``hearts``, ``♥`` (and the suit's name in ``tr``'s language, ``copas``)
    -> ``H``; anything else None."""
    word = text.strip().lower()
    for suit in SUITS:
        if word in (suit.lower(), SUIT_NAMES[suit], SUIT_SYMBOLS[suit], SUIT_NAMES[suit][:-1]):
            return suit
        # the language's name for the suit, singular or plural ("cœur", "coeurs")
        if language(tr) != "en" and _forms(word) & _forms(tr._(SUIT_WORDS[suit])):
            return suit
    return None


def _forms(word: str) -> set[str]:
    """``word`` as typed and without a plural's ending ("tréboles", "trebole", "trebol"), so
    its singular and its plural meet."""
    plain = folded(word)
    return {plain, plain.removesuffix("s"), plain.removesuffix("es")}


_SUIT_OPTION = re.compile(r"\bsuit=(\S+)", re.IGNORECASE)


def typed_action(text: str, tr: Translations = EN) -> Action:
    """``parse_action`` for people: ``play A♠ suit=♥`` and ``suit=hearts`` mean ``suit=H``;
    the verb and ``suit=`` may be typed in ``tr``'s words (``jogar A♠ naipe=copas``).

    Raises ValueError as ``parse_action`` does (``NotAnAction``, its reason said in ``tr``).
    """

    def suit_letter(match: re.Match[str]) -> str:
        suit = parse_suit(match.group(1), tr)
        return f"suit={suit}" if suit else match.group(0)

    text = _SUIT_OPTION.sub(suit_letter, english(text, tr))
    for suit, symbol in SUIT_SYMBOLS.items():
        text = text.replace(symbol, suit)
    return parse_action(text)


def menu(legal: list[Action], game: str | None = None) -> list[Action]:
    """The legal moves to number: plays in the hand's order (as on Discord; ``game``, the
    game's name, for a game that holds its hand in its own order: President's, by rank),
    then the rest; a wild card's four suit choices become one entry."""
    plays = [a for a in legal if isinstance(a, Play)]
    held = list(dict.fromkeys(str(c) for a in plays for c in a.cards))  # as the engine offers
    order = {c: k for k, c in enumerate(sort_hand(held, game))}
    legal = sorted(plays, key=lambda a: [order[str(c)] for c in a.cards]) + [
        a for a in legal if not isinstance(a, Play)
    ]
    entries: list[Action] = []
    seen_wild: set[tuple[Any, ...]] = set()
    for action in legal:
        if isinstance(action, Play) and action.suit is not None:
            if action.cards in seen_wild:
                continue
            seen_wild.add(action.cards)
            entries.append(Play(cards=action.cards))
        else:
            entries.append(action)
    return entries


def wild_suits(action: Action, legal: list[Action]) -> list[str]:
    """The suits ``action`` could name, when it is a wild play typed without one."""
    if not isinstance(action, Play) or action.suit is not None:
        return []
    return [
        a.suit
        for a in legal
        if isinstance(a, Play) and a.cards == action.cards and a.suit is not None
    ]


def speech(text: str, seats: Iterable[str]) -> Say:
    """``@ada bad card`` -> a Say naming ada, the @name left out of the words said."""
    known = {s.lower(): s for s in seats}
    named = [known[m.lower()] for m in _MENTION.findall(text) if m.lower() in known]
    words = _MENTION.sub(lambda m: "" if m[1].lower() in known else m[0], text)
    return Say(text=" ".join(words.split()), mentions=tuple(dict.fromkeys(named)))


#: how like a verb a mistyped word must be to be taken for it (``paly``, ``tkae``, ``drwa``)
LIKE_A_VERB = 0.75
#: what the terminal says of a line at a table that hears speech that reads as a move with
#: its verb mistyped: nothing is said, since the slip would cost a penalty for talking
MISSPELT_MOVE = N_(
    "Did you mean {move}? Nothing was said. To say those words at the table, type {say} {text}"
)


def misspelt_move(text: str, tr: Translations = EN) -> str | None:
    """The move ``text`` reads as with its first word mistyped for a verb (``paly 7H`` ->
    ``play 7H``, ``tkae`` -> ``take``), in ``tr``'s words; None when it reads as no move that
    way."""
    head, sep, rest = text.strip().partition(" ")
    known = verbs(tr)
    if not head or folded(head) in known:
        return None
    close = difflib.get_close_matches(folded(head), known, n=1, cutoff=LIKE_A_VERB)
    # a word alone is taken for a verb only with its letters swapped (``tkae``): many a word
    # said is a letter from one (``drew``, ``stay``)
    if not close or (not rest and sorted(folded(head)) != sorted(close[0])):
        return None
    meant = f"{close[0]}{sep}{rest}"
    try:
        kind = typed_action(meant, tr).kind
    except ValueError:
        return None
    return f"{word(tr, kind)}{sep}{rest}"


def misspelt_hint(text: str, meant: str, tr: Translations = EN) -> str:
    """What the terminal says of a line ``misspelt_move`` read as ``meant``."""
    return tr._(MISSPELT_MOVE, move=meant, say=word(tr, "say"), text=text)


@dataclass(frozen=True)
class Misread:
    """A typed line read as no move and not to be said: ``hint``, the question a mistyped
    verb gets, or else ``error``, what the parser found wrong, for the screen to word."""

    hint: str | None = None
    error: ValueError | None = None


def read_line(
    text: str, free_speech: bool, seats: Iterable[str], tr: Translations = EN
) -> Action | Misread:
    """A line typed at the table as the action it makes: a move (``play 7H``), or at a table
    that hears speech (``free_speech``) anything else said, with ``@name`` calls among
    ``seats``, but a move whose verb was mistyped asked about instead (``misspelt_move``)."""
    try:
        action = typed_action(text, tr)
    except ValueError as exc:
        meant = misspelt_move(text, tr) if free_speech else None
        if meant is not None:  # a slip of the keyboard would cost a penalty for talking
            return Misread(hint=misspelt_hint(text, meant, tr))
        if not free_speech:
            return Misread(error=exc)
        return speech(text, seats)
    if free_speech and isinstance(action, Say):
        return speech(action.text or text, seats)
    return action
