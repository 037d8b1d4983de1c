"""Game options as people type them, in their language: ``/play``'s ``options`` and
``/settings option``, suggested in the user's words and read back to the games' own.

A game declares its options in English (``engine.options``): ``target=300``, ``mode=players``,
``twos_stack=on``. Discord translates a command's own parameters and choices (through
``cogs.translator``), but what is typed inside a text option is the bot's to read. Every option
name has a catalog entry in the ``option name`` context, and every word an option takes (on,
off, a choice) one in the ``option value`` context, so a Portuguese player sees
``alvo=500 (1-100000)`` suggested and may type ``alvo=300 modo=jogadores acumular_2=sim``.

What is typed is read in every language Chairman has, whatever the user's own (an English
name is always understood), case and accents aside; anything not known is left as it was
typed, so the game's own check refuses it with its usual sentence. The tables keep the games'
names (``target``); only what a user reads and types is translated.

>>> canonical_text(("target", "mode"), {"mode": ("chairman", "players")}, "alvo=300 MODO=jogadores")
'target=300 mode=players'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import i18n
from engine import GAMES
from engine.options import Listing, Option
from engine.reasons import Words
from engine.words import folded as folded  # what is typed is compared folded
from i18n import NC_, Catalog

NAME, VALUE = "option name", "option value"
#: the words every game's options may take, marked for the catalogs: on and off, and what a
#: list option's entry shows (``house_rules=none (list)``). Each game marks its options'
#: names and the choices that are words beside its declaration (``engine.words.NC_``); the
#: catalog test asks that every one is in the template
VALUES = (
    NC_("option value", "on"),
    NC_("option value", "off"),
    NC_("option value", "none"),
    NC_("option value", "list"),
)
#: choices written the same in every language
CODES = frozenset(i18n.LANGUAGES)


@cache
def _read(context: str, words: tuple[str, ...]) -> dict[str, str]:
    """Each of ``words`` as every language writes it (folded) -> the word itself."""
    seen: dict[str, str] = {}
    for lang in i18n.LANGUAGES:
        tr = i18n.get(lang)
        for word in words:
            seen.setdefault(folded(tr.pgettext(context, word)), word)
    for word in words:  # the games' own words always win
        seen[folded(word)] = word
    return seen


def read_name(names: Iterable[str], typed: str) -> str:
    """The option of ``names`` that ``typed`` names in any language (else ``typed``)."""
    return _read(NAME, tuple(names)).get(folded(typed), typed)


def canonical_text(
    names: Iterable[str], choices: Mapping[str, Iterable[str]], text: str | None
) -> str:
    """``text`` (``name=value`` words) with every known name and value in the games' words."""
    names = tuple(names)
    read_names = _read(NAME, names)
    out = []
    for word in (text or "").replace(",", " ").split():
        name, sep, value = word.partition("=")
        if sep:
            key = read_names.get(folded(name), name)
            words = tuple(choices.get(key, ()))
            value = _read(VALUE, words).get(folded(value), value) if words else value
            word = f"{key}={value}"
        out.append(word)
    return " ".join(out)


def _choices(specs: Iterable[Option]) -> dict[str, tuple[str, ...]]:
    return {
        o.name: ("on", "off") if o.type is bool else o.choices
        for o in specs
        if o.type is bool or o.choices
    }


def canonical(game: str, text: str | None) -> str:
    """What was typed for ``game``'s options, its names and words as the game declares them."""
    cls = GAMES.get(game)
    if cls is None:
        return text or ""
    specs = cls.option_specs
    return canonical_text((o.name for o in specs), _choices(specs), text)


def canonical_name(game: str, typed: str) -> str:
    """An option's name as ``game`` declares it, from the name typed in any language."""
    cls = GAMES.get(game)
    return typed if cls is None else read_name((o.name for o in cls.option_specs), typed)


def canonical_value(game: str, option: str, typed: str) -> str:
    """A value typed for ``option`` in any language, as the game reads it."""
    cls = GAMES.get(game)
    words = _choices(cls.option_specs).get(option, ()) if cls is not None else ()
    return _read(VALUE, tuple(words)).get(folded(typed), typed) if words else typed


# --- as shown ---------------------------------------------------------------------------
def name_in(tr: Catalog, name: str) -> str:
    return tr.pgettext(NAME, name)


def value_in(tr: Catalog, value: str) -> str:
    return value if value in CODES else tr.pgettext(VALUE, value)


def default_in(tr: Catalog, option: Option) -> str:
    """The option's default as the user types it: ``500``, ``sim``, ``jogadores``."""
    return _in(tr, option.default_words())


def range_in(tr: Catalog, option: Option) -> str:
    """``1-100000``, ``sim/não``, ``presidente/jogadores``."""
    return _in(tr, option.range_words())


def listing_in(tr: Catalog, specs: Iterable[Option]) -> str:
    """``engine.options.listing`` in the user's words: ``alvo=500 (1-100000), rodadas=0 …``
    (as a refusal lists them: ``engine.options.Listing``)."""
    return Listing(specs).said(tr)


def _in(tr: Catalog, text: str) -> str:
    return text.said(tr) if isinstance(text, Words) else text
