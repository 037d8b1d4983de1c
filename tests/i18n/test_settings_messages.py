"""``/settings option`` refuses the table's own option (``language``) with one clear sentence
in the user's language, naming the option and the commands as that user's Discord shows
them ("/setări limba", "/configurações idioma"), never the English "language"."""

from __future__ import annotations

import pytest

import i18n
from data.settings import SettingError, parse_option
from tables.errors import Refused


def refusal(lang: str) -> str:
    """What ``/settings option game:mao option:language value:ro`` answers in ``lang``."""
    with pytest.raises(SettingError) as caught:
        parse_option("mao", "language", "ro")
    return Refused(caught.value).in_language(i18n.get(lang))


def test_the_tables_language_is_refused_with_the_commands_that_set_it_in_romanian():
    said = refusal("ro")
    assert said == (
        "Limba nu e o opțiune a jocului: /setări limba o setează pentru mesele noi de aici, "
        "/joacă limba: pentru o singură masă."
    )
    assert "language" not in said


def test_the_tables_language_is_refused_with_the_commands_that_set_it_in_portuguese():
    said = refusal("pt-BR")
    assert said.startswith("Idioma não é uma opção do jogo: /configurações idioma a define")
    assert "/jogar idioma:" in said and "language" not in said


def test_in_english_the_refusal_says_where_the_language_is_set():
    assert refusal("en") == (
        "Language is not a game option: /settings language sets it for new tables here, "
        "/play language: for one table."
    )
