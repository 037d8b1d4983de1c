"""The table and the hand name what lies on top as one card or, for President's pair or
triple, as cards: "Top cards: **7♠ 7♥**", "Cărțile de deasupra: ...", not "Top card"."""

from __future__ import annotations

import pytest

import i18n
from cogs.render import top_line

RO, PT, EN = i18n.get("ro"), i18n.get("pt-BR"), i18n.get("en")


@pytest.mark.parametrize(
    ("tr", "said"),
    [
        (EN, "Top cards: **7♠ 7♥**"),
        (RO, "Cărțile de deasupra: **7♠ 7♥**"),
        (PT, "Cartas do topo: **7♠ 7♥**"),
    ],
)
def test_a_set_on_top_is_named_as_cards(tr, said):
    assert top_line(["7S", "7H"], tr) == said


@pytest.mark.parametrize("top", ["7S", ["7S"]])
def test_one_card_on_top_is_named_as_one_card(top):
    assert top_line(top, RO) == "Cartea de deasupra: **7♠**"
    assert top_line(top, EN) == "Top card: **7♠**"
