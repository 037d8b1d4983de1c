"""President's setting up, PRES-1..2: the packs and the deal, and the ranks' order with 2s
outside it.
"""

from __future__ import annotations

import pytest

from engine import new_game
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.president_table import CARD_KEYS, plays, table

# --- PRES-1: packs and the deal -------------------------------------------------------------


def test_pres_1_one_pack_for_five_players_dealt_one_at_a_time_from_the_dealers_left():
    game = new_game("president", [f"p{k}" for k in range(5)], seed=3)
    obs = game.observation(None)
    assert obs["dealer"] == "p0"
    # 52 cards to 5 seats: the two seats after the dealer get the extra cards
    assert obs["counts"] == {"p0": 10, "p1": 11, "p2": 11, "p3": 10, "p4": 10}
    check_card_conservation(game, 1, CARD_KEYS)


@pytest.mark.parametrize("players", [8, 10])
def test_pres_1_two_packs_from_eight_players(players):
    game = new_game("president", [f"p{k}" for k in range(players)], seed=1)
    counts = game.observation(None)["counts"]
    assert sum(counts.values()) == 104
    assert max(counts.values()) - min(counts.values()) <= 1
    check_card_conservation(game, 2, CARD_KEYS)


def test_pres_1_seven_players_still_use_one_pack():
    game = new_game("president", [f"p{k}" for k in range(7)], seed=1)
    assert sum(game.observation(None)["counts"].values()) == 52


@pytest.mark.parametrize("players", [3, 11])
def test_pres_1_the_table_is_for_four_to_ten(players):
    with pytest.raises(ValueError, match="4 to 10 players"):
        new_game("president", [f"p{k}" for k in range(players)])


# --- PRES-2: rank order, 2s are not a rank --------------------------------------------------


def test_pres_2_ace_is_high_and_three_is_low():
    game = table({"p0": "AH QS 3D 9C", "p1": "5C", "p2": "6C", "p3": "7C"}, "KD", last="p3")
    assert plays(game, "p0") == {"play AH", "pass"}
    game = table({"p0": "4H 3D", "p1": "5C", "p2": "6C", "p3": "7C"}, "3C", last="p3")
    assert plays(game, "p0") == {"play 4H", "play 3D", "pass"}


def test_pres_2_a_two_is_a_clearing_card_not_a_rank_so_pairs_of_twos_are_not_plays():
    game = table({"p0": "2H 2S 9C", "p1": "5C", "p2": "6C", "p3": "7C"}, "AD AS", last="p3")
    assert plays(game, "p0") == {"play 2H", "pass"}
    reason = check_illegal_refused(game, "p0", "play 2H 2S")
    assert "one at a time" in reason
