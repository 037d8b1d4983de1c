"""The words event sentences are made of, and the language they are told in.

A sentence of ``engine.describe`` (or of a game's own describer, ``Game.describer``) is written
in English and marked for the catalogs (``tr._``, ``tr.ngettext``). A front-end that speaks
another language passes its catalog as ``tr``: anything with those two methods, since the
engine never imports ``i18n``. ``ENGLISH``, which only fills the fields in, is the default.

>>> suit_words("H")
'♥ hearts'
>>> join_names(["ana", "bo", "cy"])
'ana, bo and cy'

``folded`` is how a typed word is compared with the catalogs' (the terminal's moves, the
options typed at ``/play``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card


class Translations(Protocol):
    """What ``describe`` needs of a language: ``i18n.Catalog`` has it."""

    def _(self, message: str, /, **fields: Any) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int, /, **fields: Any) -> str: ...

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str: ...


class Describer(Protocol):
    """A game's own event sentences (``Game.describer``), asked before the shared ones."""

    def describe_event(
        self,
        event: Mapping[str, Any],
        name: Callable[[Any], str],
        card: Callable[[str], str],
        viewer: Any,
        tr: Translations,
    ) -> str | None:
        """``event`` as a sentence, or None for a kind the shared sentences tell."""
        ...


class English:
    """The source language: each message as written, its ``str.format`` fields filled in."""

    lang = "en"

    def _(self, message: str, /, **fields: Any) -> str:
        return message.format(**fields) if fields else message

    def ngettext(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        return (singular if count == 1 else plural).format(count=count, **fields)

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        return message.format(**fields) if fields else message


ENGLISH = English()


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs here; it is translated where it is read."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """``N_`` for a message with a plural (read with ``ngettext``)."""
    return singular, plural


def NC_(context: str, message: str) -> str:
    """``N_`` for a message in a ``context`` (read with ``pgettext``)."""
    return message


def NPC_(context: str, singular: str, plural: str) -> tuple[str, str]:
    """``NC_`` for a message with a plural (read with ``npgettext``)."""
    return singular, plural


def language(tr: Translations) -> str:
    """The language code of ``tr`` (``pt-BR``), English when it does not say."""
    return str(getattr(tr, "lang", "en") or "en")


#: the words of event values that are told as they are (a direction; a game's own, such as a
#: vote's choice or a title, registered by the game with ``event_word``)
WORDS = {
    "clockwise": N_("clockwise"),
    "counterclockwise": N_("counterclockwise"),
}
#: the words games have their players announce (``Announce``, an ``announce`` event), keyed by
#: the word as a player types it after ``announce`` (in lower case); the English is the word
#: as the engine writes it. Each game registers its own (``announced_word``).
ANNOUNCED: dict[str, str] = {}
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
#: a card's rank in words, as a card is read aloud (``card_name``)
RANK_WORDS = {
    "2": NC_("card rank", "two"),
    "3": NC_("card rank", "three"),
    "4": NC_("card rank", "four"),
    "5": NC_("card rank", "five"),
    "6": NC_("card rank", "six"),
    "7": NC_("card rank", "seven"),
    "8": NC_("card rank", "eight"),
    "9": NC_("card rank", "nine"),
    "10": NC_("card rank", "ten"),
    "J": NC_("card rank", "jack"),
    "Q": NC_("card rank", "queen"),
    "K": NC_("card rank", "king"),
    "A": NC_("card rank", "ace"),
}
#: how a card is read aloud; a language may put the suit first (German's "Herz Sieben")
CARD_NAME = NC_("card name", "{rank} of {suit}")


def show_card(text: str) -> str:
    """``10H`` -> ``10♥``; text that is not a card is returned as it is."""
    try:
        return Card.parse(text).display()
    except ValueError:
        return text


def card_name(text: str, tr: Translations = ENGLISH) -> str:
    """``7H`` in words, as a screen reader reads a card (``seven of hearts``, ``sete de
    copas``); text that is not a card is returned as it is.

    >>> card_name("QS"), card_name("?")
    ('queen of spades', '?')
    """
    try:
        card = Card.parse(text)
    except ValueError:
        return text
    rank = tr.pgettext("card rank", RANK_WORDS[card.rank])
    return tr.pgettext("card name", CARD_NAME, rank=rank, suit=tr._(SUIT_WORDS[card.suit]))


def plural(count: Any, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def suit_words(suit: str | None, tr: Translations = ENGLISH) -> str:
    if not suit:
        return "-"
    word = tr._(SUIT_WORDS[suit]) if suit in SUIT_WORDS else SUIT_NAMES.get(suit, suit)
    return f"{SUIT_SYMBOLS.get(suit, suit)} {word}"


def event_word(message: str) -> str:
    """Register ``message``, marked ``N_``, as a value a game's events carry and ``word``
    says in the reader's language (a vote's choice, a title); -> ``message``."""
    WORDS[message] = message
    return message


def word(value: Any, tr: Translations = ENGLISH) -> str:
    """An event's value in words: the known ones translated, anything else as it is."""
    text = str(value if value is not None else "")
    return tr._(WORDS[text]) if text in WORDS else text


def announced_word(message: str, typed: str) -> str:
    """Register ``message``, marked ``NC_("announced word", ...)``, as a word a game has its
    players announce (said in the reader's language by ``announced``), and ``typed``, marked
    ``NC_("typed word", ...)``, the same word in lower case, as the word a player types for
    it; -> ``message``."""
    if typed != message.lower():
        raise ValueError(f"the typed form of {message!r} is {message.lower()!r}, not {typed!r}")
    ANNOUNCED[typed] = message
    return message


def announced(text: str, tr: Translations = ENGLISH) -> str:
    """An announced word as ``tr``'s language says it (``last card``, ``ultima carte``);
    a word no game announces is returned as it is."""
    known = ANNOUNCED.get(text.lower())
    return tr.pgettext("announced word", known) if known else text


#: letters written as one that players type as two ("cœur" is typed "coeur")
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae"})


def folded(text: str) -> str:
    """What a player typed, as words are compared: no case, no accents, ligatures spelt
    out (``Joacă`` -> ``joaca``, ``Cœur`` -> ``coeur``).

    >>> folded(" Țintă "), folded("CŒUR")
    ('tinta', 'coeur')
    """
    decomposed = unicodedata.normalize("NFKD", text.strip().lower().translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def join_names(names: Sequence[str], tr: Translations = ENGLISH) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return tr._("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
