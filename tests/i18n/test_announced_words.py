"""The word a game has its players announce is said in the table's language where people read
it: Last Card's "last card" is "ultima carte" / "última carta" on the hand's button, in what
the DM says a seat may do, and in the table's events; Mau and Macao are the same word in every
language, and English reads as before."""

from __future__ import annotations

import pytest

import i18n
from cogs.hand_layout import control_label
from engine.actions import parse_action
from engine.describe import describe_event, describe_offer
from tests.i18n.test_whole_sentences import discord_line

RO, PT, EN = i18n.get("ro"), i18n.get("pt-BR"), i18n.get("en")
LAST_CARD = parse_action("announce last card")


@pytest.mark.parametrize(
    ("tr", "button", "offer"),
    [
        (RO, "Spune „Ultima Carte”", "Spune Ultima carte"),
        (PT, "Dizer “Última Carta”", "Diga Última carta"),
        (EN, "Say “Last Card”", "Say Last card"),
    ],
)
def test_the_last_card_announcement_is_offered_in_the_tables_words(tr, button, offer):
    assert control_label(LAST_CARD, {}, tr)[0] == button
    assert describe_offer([LAST_CARD], tr) == offer


def test_a_seat_announcing_last_card_is_told_in_the_tables_language():
    said = {"type": "announce", "seat": "bo", "word": "last card"}
    assert discord_line("lastcard", ["ana", "bo"], "ro", said) == "bo: „ultima carte”"
    assert discord_line("lastcard", ["ana", "bo"], "pt-BR", said) == "bo: “última carta”"
    assert describe_event(said) == "bo: “last card”"


def test_mau_and_macao_are_the_same_word_in_every_language():
    assert describe_event({"type": "announce", "seat": "bo", "word": "Macao"}, tr=RO) == (
        "bo: „Macao”"
    )
    assert describe_offer([parse_action("announce mau")], PT) == "Diga Mau"
