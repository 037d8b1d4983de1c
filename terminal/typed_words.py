"""The words a person types at the terminal, in the table's language: a move's verb (``jogar
7H``, ``trage``), the word after a verb that takes one of a few (``votar parar``, ``sens
antiorar``), ``suit=``, quitting, help and a new rule (``terminal.plugin``).

Each verb is an action kind (``engine.actions``) with a catalog entry in the ``typed word``
context, marked where the action is declared, as are the words that may follow it
(``Action.choices``; after ``announce``, the words the games register). ``english`` turns
what was typed back into the engine's text form before it is parsed, so ``jogar 7H
naipe=copas`` is ``play 7H suit=copas`` (the suit is read by ``terminal.moves``). The
English words are always understood too, so the README's examples work at a table in any
language; card codes (``7H``, ``AS``) are the same everywhere. Words are compared without
case or accents (``joaca`` is ``joacă``).

>>> import i18n
>>> pt = i18n.get("pt-BR")
>>> english("Comprar", pt), english("jogar 7H naipe=H", pt), english("play 7H", pt)
('draw', 'play 7H suit=H', 'play 7H')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import Any

import i18n
from engine.actions import ACTION_KINDS, TYPED, Action, parse_action
from engine.base import GAMES
from engine.cards import SUIT_SYMBOLS
from engine.options import parse_value
from engine.words import Translations, language
from engine.words import folded as folded  # what is typed is compared folded
from i18n import NC_, option_words

#: the terminal's own words, each with the English ones it always takes
QUIT, HELP, RULE, SUIT = (
    NC_("typed word", "quit"),
    NC_("typed word", "help"),
    NC_("typed word", "rule"),
    NC_("typed word", "suit"),
)
#: a terminal's escape sequence: a CSI one (``ESC [`` parameters, a final letter) or ESC and one
#: character
ESCAPE_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|[@-_])")
#: the most digits a number chosen from a numbered list has (a menu, the suits, a question)
LIST_DIGITS = 6


def numbered(text: str) -> int | None:
    """The number ``text`` chooses from a numbered list: decimal digits of any script, as
    ``int`` reads them (``str.isdigit`` takes superscripts too, which ``int`` refuses); 0
    for digits too many to be any list's; None for anything that is no number."""
    text = text.strip()
    if not text.isdecimal():
        return None
    return int(text) if len(text) <= LIST_DIGITS else 0


def printable(line: str) -> str:
    """``line`` as the table takes it: without a key's escape sequence (an arrow's ``ESC [
    A``) or any other control character (a backspace a pipe kept), which would move the
    cursor of everyone shown the words, and without the blanks around it; a tab is a space."""
    line = ESCAPE_SEQUENCE.sub("", line).replace("\t", " ")
    return "".join(c for c in line if unicodedata.category(c) != "Cc").strip()


ENGLISH_WORDS = {
    QUIT: frozenset({"quit", "exit", "q", ":q"}),
    HELP: frozenset({"help", "?", "h"}),
    RULE: frozenset({"rule", "/rule", "new rule"}),
}


def word(tr: Translations, english_word: str) -> str:
    """The word to type for ``english_word`` (an action kind or one of the terminal's own)."""
    return tr.pgettext(TYPED, english_word)


@cache
def _verbs(lang: str) -> dict[str, str]:
    """Each verb as ``lang`` writes it (folded) -> the action kind."""
    tr = i18n.get(lang)
    found = {folded(word(tr, kind)): kind for kind in ACTION_KINDS}
    found.update({kind: kind for kind in ACTION_KINDS})  # the engine's own words win
    return found


def verbs(tr: Translations) -> list[str]:
    """Every verb that may begin a typed move in ``tr``'s language (folded), the English ones
    included."""
    return list(_verbs(language(tr)))


@cache
def _arguments(lang: str, kind: str) -> dict[str, str]:
    """Each word typed after ``kind`` as ``lang`` writes it (folded) -> the engine's word."""
    tr = i18n.get(lang)
    choices = choices_of(kind)
    found = {folded(word(tr, choice)): choice for choice in choices}
    found.update({choice: choice for choice in choices})
    return found


def choices_of(kind: str) -> tuple[str, ...]:
    """The words typed after ``kind`` when it takes one of a few (the action's own)."""
    cls = ACTION_KINDS.get(kind)
    return cls.typed_choices() if cls is not None else ()


def english(text: str, tr: Translations) -> str:
    """``text`` with its verb, the word after it and ``suit=`` in the engine's words; anything
    else as typed."""
    if language(tr) == "en":
        return text
    head, sep, rest = text.strip().partition(" ")
    kind = _verbs(language(tr)).get(folded(head), head)
    if choices_of(kind):
        rest = _arguments(language(tr), kind).get(folded(" ".join(rest.split())), rest)
    suit = folded(word(tr, SUIT)) + "="
    rest = " ".join(
        "suit=" + w[len(suit) :] if folded(w).startswith(suit) else w for w in rest.split()
    )
    return f"{kind}{sep}{rest}" if rest else kind


def typed_form(action: Action, tr: Translations) -> str:
    """What to type for ``action`` in ``tr``'s words: ``jogar AS naipe=H``, ``comprar``."""
    head, sep, rest = str(action).partition(" ")
    if language(tr) == "en":
        return str(action)
    if rest in choices_of(head):
        rest = word(tr, rest)
    rest = rest.replace("suit=", word(tr, SUIT) + "=")
    return f"{word(tr, head)}{sep}{rest}"


def move_examples(game_name: str, tr: Translations) -> str:
    """What a player of ``game_name`` might type, in ``tr``'s words, from the game's own
    examples (``Game.example_moves``): ``play 7H, play AS suit=♥, draw`` where a wild card
    names a suit, ``play 7H, play 9C 9D, pass`` at President.

    >>> move_examples("president", i18n.get("en"))
    'play 7H, play 9C 9D, pass'
    """
    cls = GAMES.get(game_name)
    examples = cls.example_moves if cls is not None else ("play 7H", "draw")
    shown = []
    for text in examples:
        typed = typed_form(parse_action(text), tr)
        for suit, symbol in SUIT_SYMBOLS.items():
            typed = typed.replace(f"={suit}", f"={symbol}")
        shown.append(typed)
    return ", ".join(shown)


def means(text: str, what: str, tr: Translations) -> bool:
    """Whether ``text`` is ``what`` (``QUIT``, ``HELP``, ``RULE``) in English or ``tr``'s words."""
    typed = text.strip().lower()
    return typed in ENGLISH_WORDS[what] or folded(typed) == folded(word(tr, what))


def typed_options(game_name: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options given at the command line (``--option NAME=VALUE``), each name and word
    typed in any language as ``/play``'s options are (``i18n.option_words``), and each value
    typed as text read as the game reads it: ``ziel=300`` is ``{"target": 300}``. A value
    already read (a list, a number given by a caller) is left as it is; an unknown game's
    options too, for the engine to refuse. Raises ``OptionError`` as the game's own check does,
    naming the value as it was typed."""
    cls = GAMES.get(game_name)
    if cls is None or not options:
        return dict(options or {})
    specs = cls.option_specs
    out: dict[str, Any] = {}
    for typed, value in options.items():
        name = option_words.canonical_name(game_name, typed.strip())
        if isinstance(value, str):
            value = option_words.canonical_value(game_name, name, value)
            value = parse_value(cls.title, specs, name.lower(), value)
        out[name] = value
    return out
