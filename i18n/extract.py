"""Extracting the messages: every marked string of the project into the template and catalogs.

``python -m cogs.translator`` runs it with the slash commands' texts added (the usual way);
``python -m i18n.extract`` alone reads the source (``_``, ``N_``, ``NC_``, ``NP_``, ``ngettext`` and
``locale_str`` calls, and the engine's reasons written in ``IllegalAction(...)`` and the other
``REASONS``; Babel's Python extractor), writes ``i18n/locales/chairman.pot`` and updates
every language's ``.po`` from it: new messages arrive untranslated, messages gone from the
code are dropped.
Translate the new entries, then ``make`` compiles them. ``messages()`` is what the
catalog tests compare each ``.po`` with.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from i18n.catalogs import DOMAIN, LANGUAGES, LOCALES, catalog_dir

ROOT = Path(__file__).resolve().parent.parent
#: the packages whose strings people read
SOURCES = ("cogs", "tables", "terminal", "data", "engine", "i18n", "web")
#: the modules outside them whose strings people read (the command line's own errors)
MODULES = ("bot.py",)
#: the engine's reasons are written as templates in these calls (``engine.reasons``)
REASONS = ("Reason", "NotAnAction", "IllegalAction", "RuleError", "OptionError", "SettingError")
#: a game's options are declared with a line of help, the last argument (``engine.options``)
OPTION_HELP = {"number": (5,), "flag": (3,), "choice": (4,)}
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "locale_str": None,
    "NC_": ((1, "c"), 2),
    "NP_": (1, 2),
    "NPC_": ((1, "c"), 2, 3),
    **dict.fromkeys(REASONS),
    **OPTION_HELP,
}


def messages(extra: Iterable[str] = ()) -> Catalog:
    """Every marked message in the source, and ``extra`` ones, as a Babel catalog (template)."""
    template = Catalog(domain=DOMAIN, project="chairman", charset="utf-8")
    for text in extra:
        template.add(text, locations=[("cogs/translator.py", 0)], auto_comments=["slash command"])
    for package in SOURCES:
        found = extract_from_dir(
            ROOT / package,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
        )
        for filename, lineno, message, comments, context in found:
            where = [(f"{package}/{filename}", lineno)]
            template.add(message, locations=where, auto_comments=comments, context=context)
    for module in MODULES:
        for lineno, message, comments, context in extract_from_file(
            "python", ROOT / module, keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            where = [(module, lineno)]
            template.add(message, locations=where, auto_comments=comments, context=context)
    return template


def main(extra: Iterable[str] = ()) -> int:
    template = messages(extra)
    with open(LOCALES / f"{DOMAIN}.pot", "wb") as fh:
        write_po(fh, template, width=100, omit_header=False, sort_output=True)
    for lang in LANGUAGES[1:]:
        path = catalog_dir(lang) / f"{DOMAIN}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with open(path, "rb") as fh:
                catalog = read_po(fh, locale=lang.replace("-", "_"), domain=DOMAIN)
        else:
            catalog = Catalog(locale=lang.replace("-", "_"), domain=DOMAIN, project="chairman")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header is ours; a fuzzy header would keep it out of the .mo
        with open(path, "wb") as fh:
            write_po(fh, catalog, width=100, ignore_obsolete=True, sort_output=True)
        missing = sum(1 for m in catalog if m.id and untranslated(m, catalog.num_plurals))
        print(f"{path}: {len(catalog)} messages, {missing} to translate")
    return 0


def untranslated(message: Message, forms: int) -> bool:
    """Whether ``message`` still wants a translation: its text, or any of the ``forms``
    plural forms its catalog's language has (a form left empty is one)."""
    if isinstance(message.string, list | tuple):
        return len(message.string) < forms or not all(message.string)
    return not message.string


if __name__ == "__main__":
    sys.exit(main())
