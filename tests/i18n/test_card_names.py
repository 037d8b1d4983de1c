"""A card in words (``engine.words.card_name``), as the web page names a card for a screen
reader: the catalogs' English is the engine's own, and each language says it its way."""

from __future__ import annotations

import i18n
from engine.cards import RANK_NAMES, Card
from engine.words import RANK_WORDS, card_name


def test_the_rank_words_are_the_engines_rank_names():
    assert RANK_WORDS == RANK_NAMES
    assert card_name("10H") == Card.parse("10H").name() == "ten of hearts"


def test_a_card_is_named_in_every_language_in_its_own_words():
    named = {lang: card_name("QS", i18n.get(lang)) for lang in i18n.LANGUAGE_NAMES}
    assert named["de"] == "Pik Dame" and named["fr"] == "dame de pique"
    assert len(set(named.values())) == len(named)


def test_what_is_no_card_is_said_as_it_is():
    assert card_name("?") == "?"
