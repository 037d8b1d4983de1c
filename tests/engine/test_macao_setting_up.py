"""Macao's setting up, MACAO-1..2: the deal, the special cards and the plain card turned up to
start the pile.
"""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.cards import Card, cards, pack
from engine.macao import Macao
from engine.macao.cards import is_special
from tests.engine.invariants import check_card_conservation
from tests.engine.macao_table import P3


# --- MACAO-1 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_macao_1_five_cards_each_one_card_up_rest_is_the_stock(players):
    g = new_game("macao", [f"p{k}" for k in range(players)], seed=players)
    obs = g.observation(None)
    assert set(obs["counts"].values()) == {5}
    assert obs["pile"] == 1 and obs["top"] is not None
    assert obs["stock"] == 52 - 5 * players - 1
    check_card_conservation(g, decks=1)


@pytest.mark.parametrize("players", [1, 7])
def test_macao_1_is_for_two_to_six_players(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game("macao", [f"p{k}" for k in range(players)])


# --- MACAO-2 ---------------------------------------------------------------------------------
def test_macao_2_special_cards_are_2_3_4_7_ace_and_the_draw_kings():
    special = {str(c) for c in pack() if is_special(c)}
    assert len(special) == 4 * 5 + 2
    assert {"KH", "KS"} <= special and not {"KD", "KC", "5H", "QS"} & special


def test_macao_2_special_starter_is_buried_in_the_stock_and_a_plain_card_turned():
    g = Macao.from_dict(new_game("macao", P3).to_dict())
    g.stock = cards("9C 5H 2C KS AD 7H")  # drawn from the end: 7H first
    starter = g.turn_up_starter()
    assert starter in cards("5H 9C") and not is_special(starter)
    assert set(cards("2C KS AD 7H")) <= set(g.stock)
    assert len(g.stock) == 5


def test_macao_2_every_deal_starts_on_a_plain_card():
    buried = 0
    for seed in range(60):
        deck = pack()
        from engine.cards import shuffle

        shuffle(deck, random.Random(seed))
        first_turned = deck[-(5 * 3) - 1]
        g = new_game("macao", P3, seed=seed)
        assert not is_special(Card.parse(g.observation(None)["top"]))
        if is_special(first_turned):
            buried += 1
            assert str(first_turned) in g.to_dict()["stock"]
    assert buried > 5  # the seeds above do exercise burying
