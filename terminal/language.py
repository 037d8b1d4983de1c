"""The terminal's language: which catalog a practice table speaks, and the engine's refusals
said in it.

The terminal reads the catalogs the Discord side reads (``i18n``): the table, the events, the
refusals, the status bar, the help, the summaries and Mao's rule builder are written in English
in the code, marked for the catalogs, and looked up in the table's language; so are
``bot.py``'s own errors (``command_language``). The language is
``--lang`` on ``bot.py practice``, else the first of ``CHAIRMAN_LANG``, ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` that is set (``pt_BR.UTF-8`` is ``pt-BR``); a language Chairman
does not speak is English, with one line saying so.

>>> chosen_language("pt-BR", {})
('pt-BR', None)
>>> chosen_language(None, {"LANG": "ro_RO.UTF-8"})
('ro', None)
>>> chosen_language(None, {"LANG": "C.UTF-8"})
('en', None)
>>> chosen_language("it", {})[1]
'Chairman does not speak it yet: the table is in English (--lang en, pt-BR, ro, es, fr or de).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import i18n
from engine.actions import Action, action_verb
from engine.cards import SUIT_SYMBOLS, Card
from engine.reasons import Reason, Refusal
from engine.words import Translations, suit_words
from i18n import NC_, Catalog
from terminal.shown import action_text, card_text

#: where the language is read from when ``--lang`` is not given, the first one set winning
ENVIRONMENT = ("CHAIRMAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
#: the POSIX locales that name no language
_NO_LANGUAGE = frozenset({"", "C", "POSIX"})
#: a reason's fields that hold cards in their text form (as ``tables.errors`` reads them)
_CARD_FIELDS = frozenset({"card", "cards", "top"})
#: the bots' levels as a practice table names them (``--level``)
LEVELS = {
    "heuristic": NC_("bot level", "heuristic"),
    "random": NC_("bot level", "random"),
    "expert": NC_("bot level", "expert"),
}


def chosen_language(flag: str | None, environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language to speak and, when the one asked for is not Chairman's, why it is English."""
    asked = (flag or "").strip()
    if not asked:
        asked = next((environ[n].strip() for n in ENVIRONMENT if environ.get(n, "").strip()), "")
    code = asked.split(".", 1)[0].split("@", 1)[0]
    if code in _NO_LANGUAGE:
        return "en", None
    lang = i18n.resolve(code)
    if lang == "en" and code.replace("_", "-").split("-", 1)[0].lower() != "en":
        choices = ", ".join(i18n.LANGUAGES[:-1]) + " or " + i18n.LANGUAGES[-1]
        return (
            "en",
            f"Chairman does not speak {asked} yet: the table is in English (--lang {choices}).",
        )
    return lang, None


def command_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language ``bot.py`` says its own errors in: ``--lang`` where the command line
    gives one (``practice --lang ro``), else the environment's, as a practice table's.

    >>> command_language(["practice", "--lang", "ro"], {}), command_language([], {"LANG": "pt_BR"})
    ('ro', 'pt-BR')
    """
    flag = None
    for k, arg in enumerate(argv):
        if arg == "--lang" and k + 1 < len(argv):
            flag = argv[k + 1]
        elif arg.startswith("--lang="):
            flag = arg.partition("=")[2]
    return chosen_language(flag, environ)[0]


def level_words(level: str, tr: Translations) -> str:
    """A bots' level in ``tr``'s words (``euristic``); an unknown one as it is."""
    known = LEVELS.get(level)
    return tr.pgettext("bot level", known) if known else level


def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (anything unknown is English)."""
    return i18n.get(lang)


def refusal(exc: Refusal, tr: Translations) -> str:
    """The engine's reason for refusing, in ``tr``'s language, cards and suits as the
    terminal shows them (``K♣``, ``♦ diamonds``) in English too."""
    return exc.why.said(tr, lambda name, value: _shown(tr, name, value))


def said(reason: Any, tr: Translations) -> str:
    """A reason (or any text) in ``tr``'s language."""
    if isinstance(reason, Refusal):
        return refusal(reason, tr)
    if isinstance(reason, Reason):
        return reason.said(tr, lambda name, value: _shown(tr, name, value))
    return str(reason)


def _shown(tr: Translations, name: str, value: Any) -> Any:
    if isinstance(value, Card):
        return value.display()
    if isinstance(value, Action):
        return action_text(value, tr)
    if name in _CARD_FIELDS:
        return card_text(str(value))
    if name == "suit" and value in SUIT_SYMBOLS:
        return suit_words(value, tr)
    verb = action_verb(value) if name == "kind" and isinstance(value, str) else None
    if verb:
        return tr._(verb)
    return value
