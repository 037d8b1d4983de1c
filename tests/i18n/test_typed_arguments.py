"""At the terminal, a move is named in the menu as an order of the table's language, and the
word typed after ``vote``, ``direction`` and ``announce`` is that language's too:
the move is shown with it ("votează oprește", "sentido anti-horário",
"anunță ultima carte") and reading it back gives the move, without case or accents; the
English words are still understood at a table in any language."""

from __future__ import annotations

import pytest

import i18n
from engine.actions import ACTION_KINDS, TYPED, parse_action
from i18n.extract import messages
from terminal.moves import typed_action
from terminal.shown import action_text

RO, PT = i18n.get("ro"), i18n.get("pt-BR")


@pytest.mark.parametrize(
    ("tr", "move", "shown"),
    [
        (RO, "vote stop", "votează oprește"),
        (RO, "vote continue", "votează continuă"),
        (RO, "direction ccw", "alege sensul (sens antiorar)"),
        (RO, "announce last card", "anunță ultima carte"),
        (PT, "vote stop", "votar parar"),
        (PT, "direction cw", "escolher o sentido (sentido horário)"),
        (PT, "announce last card", "anunciar última carta"),
    ],
)
def test_a_move_is_shown_with_the_word_to_type_after_its_verb(tr, move, shown):
    assert action_text(parse_action(move), tr) == shown


@pytest.mark.parametrize(
    ("move", "shown"),
    [
        ("vote continue", "vote to play on for places"),
        ("vote stop", "vote to stop"),
        ("direction cw", "play clockwise"),
        ("direction ccw", "play counterclockwise"),
        ("announce macao", "say “Macao”"),
        ("announce last card", "say “last card”"),
        ("draw", "draw"),
    ],
)
def test_an_english_menu_says_a_shorthand_move_in_words(move, shown):
    assert action_text(parse_action(move), i18n.get("en")) == shown


@pytest.mark.parametrize(
    ("tr", "typed", "move"),
    [
        (RO, "Votează Opreste", "vote stop"),
        (RO, "sens antiorar", "direction ccw"),
        (RO, "anunta  Ultima carte", "announce last card"),
        (PT, "votar continuar", "vote continue"),
        (PT, "sentido anti-horario", "direction ccw"),
        (PT, "anunciar última carta", "announce last card"),
        (RO, "vote stop", "vote stop"),  # the English words at any table
        (PT, "direction cw", "direction cw"),
    ],
)
def test_the_word_typed_after_the_verb_is_read_in_the_tables_language(tr, typed, move):
    assert typed_action(typed, tr) == parse_action(move)


@pytest.mark.parametrize(
    ("move", "shown"),
    [
        ("take", "ia o carte (ia)"),
        ("pass", "dă pas (pas)"),
        ("give KH", "dă o carte (dă K♥)"),
        ("leave", "pleacă de la masă (pleacă)"),
        ("complete 9H 9S", "completează 9♥ 9♠"),
    ],
)
def test_a_romanian_menu_names_a_move_as_an_order_not_as_an_infinitive(move, shown):
    """A reason says "nu poți lua o carte acum"; the menu says "ia o carte", not "lua"."""
    assert action_text(parse_action(move), RO) == shown


def test_every_move_a_menu_names_has_its_menu_entry_for_the_catalogs():
    # the menu reads each verb in the "menu" context, marked beside the actions that declare
    # it (``MENU_VERBS`` in each actions module): one left unmarked would never reach the
    # catalogs, and its menu line would stay English; one marked for no verb is stale
    menu = {m.id for m in messages() if m.context == "menu"}
    verbs = {cls.verb for cls in ACTION_KINDS.values() if cls.verb}
    assert menu == verbs


def test_every_verb_and_word_typed_after_one_has_its_typed_word_in_the_catalogs():
    # each is marked where its action or game declares it; one left unmarked would be typed
    # in English at a table in any language
    typed = {m.id for m in messages() if m.context == TYPED}
    for kind, cls in ACTION_KINDS.items():
        assert kind in typed, kind
        for choice in cls.typed_choices():
            assert choice in typed, (kind, choice)
    assert {"last card", "mau", "macao"} <= set(ACTION_KINDS["announce"].typed_choices())
