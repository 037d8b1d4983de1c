"""Where the catalogs are: the languages that have one, the gettext domain, their folders.

Read by the lookup (``i18n``) and by the tools that write the catalogs (``i18n.compile``,
``i18n.extract``), which the lookup runs on first use: below both, so neither imports the
other to find them.
"""

from __future__ import annotations

from pathlib import Path

#: languages with a catalog, English (the source language) first
LANGUAGES = ("en", "pt-BR", "ro", "es", "fr", "de")
DOMAIN = "chairman"
LOCALES = Path(__file__).with_name("locales")


def catalog_dir(lang: str) -> Path:
    """Where a language's ``.po`` and ``.mo`` live (Babel's locale name: ``pt_BR``)."""
    return LOCALES / lang.replace("-", "_") / "LC_MESSAGES"
