"""The words a person types at the terminal, in the table's language: a move's verb (``jogar
7H``, ``trage``), the word after ``vote``, ``direction`` and ``announce`` (``votar parar``,
``sens antiorar``), ``suit=``, quitting, help and a new rule (``terminal.plugin``).

Each verb is an action kind (``engine.actions``) with a catalog entry in the ``typed word``
context; ``english`` turns what was typed back into the engine's text form before it is
parsed, so ``jogar 7H naipe=copas`` is ``play 7H suit=copas`` (the suit is read by
``terminal.moves``). The English words are always understood too, so the README's examples
work at a table in any language; card codes (``7H``, ``AS``) are the same everywhere.
Words are compared without case or accents (``joaca`` is ``joacă``).

>>> import i18n
>>> pt = i18n.get("pt-BR")
>>> english("Comprar", pt), english("jogar 7H naipe=H", pt), english("play 7H", pt)
('draw', 'play 7H suit=H', 'play 7H')
"""

from __future__ import annotations

import unicodedata
from functools import cache

import i18n
from engine.actions import ACTION_KINDS, TYPED, Action, parse_action
from engine.base import GAMES
from engine.cards import SUIT_SYMBOLS
from engine.words import Translations, language
from i18n import NC_

#: every action kind's typed word, marked for the catalogs
VERBS = (
    NC_("typed word", "play"),
    NC_("typed word", "draw"),
    NC_("typed word", "take"),
    NC_("typed word", "pass"),
    NC_("typed word", "announce"),
    NC_("typed word", "vote"),
    NC_("typed word", "direction"),
    NC_("typed word", "give"),
    NC_("typed word", "complete"),
    NC_("typed word", "rebuy"),
    NC_("typed word", "leave"),
    NC_("typed word", "say"),
    NC_("typed word", "rejoin"),
    NC_("typed word", "declare_rule"),
    NC_("typed word", "back"),
)
#: the words typed after a verb that takes one word of a few (``vote continue``, ``direction
#: ccw``, ``announce last card``), each a catalog entry in the same context as the verbs
ARGUMENTS = {
    "announce": (
        NC_("typed word", "last card"),
        NC_("typed word", "mau"),
        NC_("typed word", "macao"),
    ),
    "vote": (NC_("typed word", "continue"), NC_("typed word", "stop")),
    "direction": (NC_("typed word", "cw"), NC_("typed word", "ccw")),
}
#: the terminal's own words, each with the English ones it always takes
QUIT, HELP, RULE, SUIT = (
    NC_("typed word", "quit"),
    NC_("typed word", "help"),
    NC_("typed word", "rule"),
    NC_("typed word", "suit"),
)
ENGLISH_WORDS = {
    QUIT: frozenset({"quit", "exit", "q", ":q"}),
    HELP: frozenset({"help", "?", "h"}),
    RULE: frozenset({"rule", "/rule", "new rule"}),
}


def folded(text: str) -> str:
    """``Joacă`` -> ``joaca``: a typed word compared without case or accents."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


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


@cache
def _arguments(lang: str, kind: str) -> dict[str, str]:
    """Each word typed after ``kind`` as ``lang`` writes it (folded) -> the engine's word."""
    tr = i18n.get(lang)
    found = {folded(word(tr, argument)): argument for argument in ARGUMENTS.get(kind, ())}
    found.update({argument: argument for argument in ARGUMENTS.get(kind, ())})
    return found


def english(text: str, tr: Translations) -> str:
    """``text`` with its verb, the word after it and ``suit=`` in the engine's words; anything
    else as typed."""
    if language(tr) == "en":
        return text
    head, sep, rest = text.strip().partition(" ")
    kind = _verbs(language(tr)).get(folded(head), head)
    if kind in ARGUMENTS:
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
    if rest in ARGUMENTS.get(head, ()):
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
