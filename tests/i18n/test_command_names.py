"""A translation that names a slash command names it as that language's Discord shows it:
a Romanian reader's client lists ``/joacă`` and ``/masă anulează decizie:``, never ``/play``
or ``/table overturn ruling:``, so a sentence that tells them what to type says the same
("Anulează una cu `/masă anulează decizie:<număr>`.", "Use /jogar num canal de servidor.")."""

from __future__ import annotations

import asyncio
import re

import pytest
from babel.messages.pofile import read_po

import i18n
from cogs.translator import command_strings
from i18n import DOMAIN, catalog_dir

#: a slash command in a sentence and the words after it (a subcommand, an ``option:``)
SLASH = re.compile(r"(?:^|(?<=[\s`(„“\"']))/([a-z_]+)((?: [a-z_]+:?)*)")


@pytest.fixture(scope="module")
def command_words() -> set[str]:
    """Every command, group and option name of the bot's slash commands."""
    return {t for t in asyncio.run(command_strings()) if re.fullmatch(r"[a-z_]+", t)}


def _english_commands(text: str, words: set[str], tr: i18n.Catalog) -> list[str]:
    found = []
    for match in SLASH.finditer(text):
        named = [match.group(1), *(w.rstrip(":") for w in match.group(2).split())]
        if match.group(1) in words:
            found += [w for w in named if w in words and tr._(w) != w]
    return found


@pytest.mark.parametrize("lang", ["ro", "pt-BR", "es", "fr", "de"])
def test_translations_name_slash_commands_in_their_own_language(lang, command_words):
    tr = i18n.get(lang)
    with open(catalog_dir(lang) / f"{DOMAIN}.po", "rb") as fh:
        catalog = read_po(fh)
    wrong = []
    for message in catalog:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            if message.id and _english_commands(text, command_words, tr):
                wrong.append(text[:80])
    assert not wrong, f"{lang} names English commands in {wrong[:5]}"


def test_the_overturn_hint_reads_as_the_romanian_client_shows_the_command():
    said = i18n.get("ro")._("Overturn one with `/table overturn ruling:<number>`.")
    assert said == "Anulează una cu `/masă anulează decizie:<număr>`."
