"""Compiling the catalogs: each ``.po`` source to the ``.mo`` that gettext reads, with Babel.

``python -m i18n.compile`` compiles every language (the Makefile runs it on install);
``compile_if_stale`` compiles one language on first use when its ``.mo`` is missing or older.
"""

from __future__ import annotations

import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n.catalogs import DOMAIN, LANGUAGES, catalog_dir


def compile_language(lang: str) -> None:
    folder = catalog_dir(lang)
    with open(folder / f"{DOMAIN}.po", "rb") as fh:
        catalog = read_po(fh, locale=lang.replace("-", "_"), domain=DOMAIN)
    with open(folder / f"{DOMAIN}.mo", "wb") as out:
        write_mo(out, catalog, use_fuzzy=False)


def compile_if_stale(lang: str) -> None:
    folder = catalog_dir(lang)
    source, compiled = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if not compiled.exists() or compiled.stat().st_mtime < source.stat().st_mtime:
        compile_language(lang)


def main() -> int:
    for lang in LANGUAGES[1:]:
        compile_language(lang)
        print(f"compiled {catalog_dir(lang) / (DOMAIN + '.mo')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
