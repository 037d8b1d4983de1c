"""The languages Chairman speaks: gettext catalogs managed with Babel, looked up per language.

What a player or admin reads is written in English in the code, marked for translation with a
catalog's ``_`` (``ngettext`` for counts), and looked up in ``i18n/locales/<lang>/LC_MESSAGES/
chairman.po``. The ``.mo`` files are compiled from the ``.po`` sources when the project is
installed (``make``), and again here on first use when one is missing or older than its source,
so a fresh clone works whichever way it is started.

Who reads which language is the caller's choice: a reply only the user sees follows the user's
Discord locale, what the table sees follows the table's language (see the README). ``resolve``
turns any Discord locale into one of ``LANGUAGES``; anything unknown is English. ``accepted``
picks one for a browser's ``Accept-Language`` (a web page's reader before any table is known).

>>> resolve("pt-BR"), resolve("ro"), resolve("en-GB"), resolve("it"), resolve(None)
('pt-BR', 'ro', 'en', 'en', 'en')
>>> resolve("es-ES"), resolve("es-419"), resolve("fr"), resolve("de")
('es', 'es', 'fr', 'de')
"""

from __future__ import annotations

import gettext
from functools import cache, lru_cache
from typing import Any

# the catalogs' places, below this module and ``i18n.compile``, which it runs on first use;
# named here too, where its callers have always found them
from i18n.catalogs import DOMAIN as DOMAIN
from i18n.catalogs import LANGUAGES as LANGUAGES
from i18n.catalogs import catalog_dir as catalog_dir

#: each language's name in itself, for choices
LANGUAGE_NAMES = {
    "en": "English",
    "pt-BR": "Português (Brasil)",
    "ro": "Română",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
}


def resolve(locale: Any) -> str:
    """The language for a Discord locale (``discord.Locale`` or its string), else English."""
    text = str(getattr(locale, "value", locale) or "").replace("_", "-")
    if text in LANGUAGES:
        return text
    base = text.split("-", 1)[0].lower()
    if base == "pt":
        return "pt-BR"
    return base if base in LANGUAGES else "en"


def accepted(header: str | None) -> str:
    """The language for a browser's ``Accept-Language`` header: of the languages it names,
    the one it weighs most (``q``, 1 unless said; the first named among equals) that Chairman
    speaks, each resolved as a Discord locale is; English when it names none of them.

    >>> accepted("de-DE,de;q=0.9,en;q=0.8"), accepted("it, pt;q=0.5"), accepted("fr;q=0.2, ro")
    ('de', 'pt-BR', 'ro')
    >>> accepted("it, *"), accepted("en-GB, de"), accepted("de;q=0"), accepted(None)
    ('en', 'en', 'en', 'en')
    """
    weighed = []
    for place, part in enumerate((header or "").split(",")):
        tag, *params = (piece.strip() for piece in part.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0  # a weight no browser writes: the language is not asked for
        if tag and tag != "*" and weight > 0:
            weighed.append((-weight, place, tag))
    for _, _, tag in sorted(weighed):
        language = resolve(tag)
        # ``resolve`` answers English for a language it does not know: only a tag that
        # names English itself chooses it
        if language != "en" or tag.split("-", 1)[0].lower() == "en":
            return language
    return "en"


class Catalog:
    """One language's messages: ``_`` for a sentence, ``ngettext`` for one that counts.

    Both take ``str.format`` fields as keywords, so a translation may move them around; the
    catalog tests check that every translation keeps exactly the fields of its source.
    """

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = translations

    def _(self, message: str, /, **fields: Any) -> str:
        text = self._t.gettext(message)
        return text.format(**fields) if fields else text

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        """``_`` for a message that means something else in ``context`` (a word a picture
        writes in a narrow column, say, beside the same word in a sentence)."""
        text = self._t.pgettext(context, message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        text = self._t.ngettext(singular, plural, count)
        return text.format(count=count, **fields)

    def npgettext(
        self, context: str, singular: str, plural: str, count: int, /, **fields: Any
    ) -> str:
        """``ngettext`` in ``context`` (see ``pgettext``)."""
        text = self._t.npgettext(context, singular, plural, count)
        return text.format(count=count, **fields)

    def has_in(self, context: str, message: str, plural: str | None = None) -> bool:
        """Whether the language has its own text for ``message`` (``plural``: one that
        counts) in ``context``: what ``pgettext`` would otherwise answer with the English."""
        if self.lang == "en":
            return False
        if plural is None:
            return self._t.pgettext(context, message) != message
        return self._t.npgettext(context, message, plural, 1) != message

    def number(self, value: float, digits: int | None = None) -> str:
        """``value`` written the language's way (``1,234.5``, ``1.234,5``), by Babel; with
        ``digits``, always that many after the decimal sign (``25.0``, ``25,0``)."""
        return _number(self.lang, value, digits)

    def has(self, message: str) -> bool:
        """Whether the language has its own text for ``message`` (English always has)."""
        return self.lang == "en" or self._t.gettext(message) != message


@lru_cache(maxsize=4096)
def _number(lang: str, value: float, digits: int | None = None) -> str:
    # remembered: a table message writes a few small numbers (scores, counts) each time it
    # is drawn, and Babel takes a good part of a millisecond for each
    from babel.numbers import format_decimal

    pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=pattern, locale=lang.replace("-", "_"))


@cache
def get(lang: str = "en") -> Catalog:
    """The catalog of ``lang`` (any Discord locale is resolved first)."""
    lang = resolve(lang)
    if lang == "en":
        return Catalog(lang, gettext.NullTranslations())
    # late, not for a circle (``i18n.catalogs`` holds what both read): Babel's catalog
    # tools take some 15 ms to import, and an English-only run never needs them
    from i18n.compile import compile_if_stale

    compile_if_stale(lang)
    with open(catalog_dir(lang) / f"{DOMAIN}.mo", "rb") as fh:
        return Catalog(lang, gettext.GNUTranslations(fh))


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is written, to be translated where it is read."""
    return message


def NC_(context: str, message: str) -> str:
    """``N_`` for a message in a ``context`` (read with ``Catalog.pgettext``)."""
    return message


def NPC_(context: str, singular: str, plural: str) -> tuple[str, str]:
    """``NC_`` for a message that counts (read with ``Catalog.npgettext``)."""
    return singular, plural
