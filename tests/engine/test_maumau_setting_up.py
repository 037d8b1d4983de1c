"""Mau-Mau's setting up, MAU-1: two packs, seven cards each, and a turned-up card that has no
effect.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.cards import Card
from tests.engine.invariants import check_card_conservation
from tests.engine.maumau_table import P2
from tests.engine.moves import legal_texts


def starter_seed(rank):
    """A seed whose two-player deal turns up a card of ``rank``."""
    for seed in range(500):
        g = new_game("maumau", P2, seed=seed)
        if Card.parse(g.observation(None)["top"]).rank == rank:
            return g
    raise AssertionError(f"no seed turns up a {rank}")


# --- MAU-1 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_mau_1_two_packs_seven_cards_each_one_card_up_rest_is_the_stock(players):
    g = new_game("maumau", [f"p{k}" for k in range(players)], seed=players)
    obs = g.observation(None)
    assert set(obs["counts"].values()) == {7}
    assert obs["pile"] == 1 and obs["top"] is not None
    assert obs["stock"] == 104 - 7 * players - 1
    check_card_conservation(g, decks=2)


@pytest.mark.parametrize("players", [1, 11])
def test_mau_1_is_for_two_to_ten_players(players):
    with pytest.raises(ValueError, match="2 to 10 players"):
        new_game("maumau", [f"p{k}" for k in range(players)])


@pytest.mark.parametrize("rank", ["2", "10", "A", "J"])
def test_mau_1_the_turned_up_card_has_no_effect_and_its_own_suit_is_in_force(rank):
    g = starter_seed(rank)
    obs = g.observation("p0")
    assert obs["suit"] == Card.parse(obs["top"]).suit
    assert obs["turn"] == "p0" and obs["pending"] is None and obs["lost_turns"] == {}
    assert obs["direction"] == "clockwise"
    assert "take" not in legal_texts(g, "p0")
