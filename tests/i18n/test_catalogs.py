"""Every catalog has every message of the code, nothing stale, and the same fields in each.

These fail when a marked string is added or changed without ``python -m i18n.extract`` and a
translation, when a catalog keeps a message the code no longer has, or when a translation loses,
adds or renames a ``{field}``: the three ways a language silently falls behind.
"""

from __future__ import annotations

import asyncio
import string

import pytest
from babel.messages.pofile import read_po

from cogs.translator import command_strings
from i18n import DOMAIN, LANGUAGES, catalog_dir
from i18n.extract import messages

TRANSLATED = LANGUAGES[1:]


def _ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def source():
    """What the code says: its marked strings and its slash commands' texts."""
    return messages(asyncio.run(command_strings()))


def _po(lang: str):
    with open(catalog_dir(lang) / f"{DOMAIN}.po", "rb") as fh:
        return read_po(fh, locale=lang.replace("-", "_"))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_has_every_message_of_the_code(source, lang):
    missing = _ids(source) - _ids(_po(lang))
    assert not missing, f"{lang} lacks {sorted(map(str, missing))[:10]}: run python -m i18n.extract"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_has_no_stale_message(source, lang):
    stale = _ids(_po(lang)) - _ids(source)
    assert not stale, f"{lang} keeps {sorted(map(str, stale))[:10]}: run python -m i18n.extract"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    untranslated = [m.id for m in _po(lang) if m.id and not all(_strings(m))]
    assert not untranslated, f"{lang} has no text for {untranslated[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_fields_of_their_source(lang):
    wrong = []
    for m in _po(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        wanted = set().union(*(_fields(i) for i in ids))
        for text in _strings(m):
            if text and _fields(text) != wanted and _fields(text) | {"count"} != wanted | {"count"}:
                wrong.append((m.id, text))
    assert not wrong, f"{lang}: fields differ in {wrong[:5]}"


def test_no_fuzzy_translation_is_left(source):
    for lang in TRANSLATED:
        fuzzy = [m.id for m in _po(lang) if m.id and m.fuzzy]
        assert not fuzzy, f"{lang} has fuzzy entries {fuzzy[:5]}"


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)
