"""A list option (Mao's ``house_rules``) is listed in the reader's language like every other
option: its name, its empty default and the word that says it is a list ("regulile_casei=niciuna
(listă)", "regras_da_casa=nenhuma (lista)"), as ``/play`` refuses a bad option and lists the
game's options; English keeps ``house_rules=none (list)``."""

from __future__ import annotations

import pytest

import i18n
from i18n import option_words
from tables.errors import TableError
from tables.service import parse_option_text

RO, PT, EN = i18n.get("ro"), i18n.get("pt-BR"), i18n.get("en")


def refused(typed: str, tr: i18n.Catalog) -> str:
    """What ``/play game:mao options:<typed>`` answers a reader of ``tr``'s language."""
    with pytest.raises(TableError) as caught:
        parse_option_text("mao", option_words.canonical("mao", typed))
    return caught.value.in_language(tr)


@pytest.mark.parametrize(
    ("tr", "entry"),
    [
        (RO, "regulile_casei=niciuna (listă)"),
        (PT, "regras_da_casa=nenhuma (lista)"),
        (EN, "house_rules=none (list)"),
    ],
)
def test_the_house_rules_entry_of_maos_options_is_in_the_readers_words(tr, entry):
    said = refused("rounds=-1", tr)
    assert entry in said
    if tr is not EN:
        assert "house_rules" not in said and "(list)" not in said


def test_typing_the_list_option_by_its_romanian_name_is_refused_by_that_name():
    said = refused("regulile_casei=ceva", RO)
    assert said.startswith("Opțiunea regulile_casei nu poate fi scrisă")
