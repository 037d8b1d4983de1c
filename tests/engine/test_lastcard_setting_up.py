"""Last Card's setting up, LAST-1..2: the packs a table uses, the deal, the dealer's choice of
direction and the turned-up card. Where the spec is silent the test name says the choice made.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.actions import Play
from engine.cards import Card
from engine.lastcard import decks_for
from engine.lastcard.actions import Direction
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.lastcard_table import P3, P4, hand
from tests.engine.moves import act, legal_texts


# --- LAST-1 ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "decks"),
    [(2, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3), (13, 4), (16, 4), (17, 5), (20, 5)],
)
def test_last_1_one_pack_for_up_to_four_players_and_one_more_for_every_further_four(players, decks):
    assert decks_for(players) == decks
    g = new_game("lastcard", [f"p{k}" for k in range(players)], seed=players)
    check_card_conservation(g, decks=decks)
    obs = g.observation(None)
    assert obs["stock"] == 52 * decks - 5 * players
    act(g, "p0", "direction cw")
    check_card_conservation(g, decks=decks)


@pytest.mark.parametrize("players", [1, 21])
def test_last_1_is_for_two_to_twenty_players(players):
    with pytest.raises(ValueError, match="2 to 20 players"):
        new_game("lastcard", [f"p{k}" for k in range(players)])


# --- LAST-2 ----------------------------------------------------------------------------------
def test_last_2_five_cards_each_and_the_first_seat_deals_and_first_chooses_the_direction():
    g = new_game("lastcard", P4, seed=3)
    obs = g.observation(None)
    assert set(obs["counts"].values()) == {5}
    assert obs["phase"] == "direction" and obs["dealer"] == "p0"
    assert obs["top"] is None and obs["pile"] == 0  # the starter is turned after the choice
    assert g.current_player() == "p0"
    assert legal_texts(g, "p0") == ["direction ccw", "direction cw"]
    assert all(g.legal_actions(s) == [] for s in ("p1", "p2", "p3"))


@pytest.mark.parametrize(
    ("way", "first", "shown"), [("cw", "p1", "clockwise"), ("ccw", "p3", "counterclockwise")]
)
def test_last_2_the_player_after_the_dealer_in_the_chosen_direction_starts(way, first, shown):
    g = new_game("lastcard", P4, seed=3)
    events = g.apply("p0", Direction(way=way))
    assert events[0] == {"type": "direction", "seat": "p0", "way": way}
    obs = g.observation(None)
    assert obs["phase"] == "play" and obs["turn"] == first and obs["direction"] == shown
    assert obs["top"] is not None and obs["suit"] == obs["top"][-1]


def test_last_2_only_the_dealer_and_only_a_direction_is_accepted_before_play():
    g = new_game("lastcard", P3, seed=1)
    check_illegal_refused(g, "p1", Direction(way="cw"))
    check_illegal_refused(g, "p0", Direction(way="up"))
    check_illegal_refused(g, "p0", "draw")
    check_illegal_refused(g, "p0", Play(cards=(Card.parse(hand(g, "p0")[0]),)))


def special_starter_seed():
    for seed in range(200):
        g = new_game("lastcard", P3, seed=seed)
        if Card.parse(g.to_dict()["stock"][-1]).rank in ("A", "2", "5", "7", "10"):
            return g
    raise AssertionError("no seed turns up a special card")


def test_last_2_a_special_starter_is_shuffled_back_into_the_stock_and_another_turned():
    g = special_starter_seed()
    special = g.to_dict()["stock"][-1]
    events = act(g, "p0", "direction cw")
    returned = [e["card"] for e in events if e["type"] == "starter_returned"]
    assert returned[0] == special
    top = g.observation(None)["top"]
    assert Card.parse(top).rank not in ("A", "2", "5", "7", "10")
    assert special in g.to_dict()["stock"]
    check_card_conservation(g, decks=1)
    assert g.observation(None)["pile"] == 1


def test_last_2_a_starter_shuffled_back_may_land_anywhere_in_the_stock():
    """Put back at a random place (the stock unseen, as good as shuffling it all): over
    seeded deals the returned card is found from near the bottom to near the top."""
    places = []
    for seed in range(300):
        g = new_game("lastcard", P3, seed=seed)
        special = g.to_dict()["stock"][-1]
        if Card.parse(special).rank not in ("A", "2", "5", "7", "10"):
            continue
        act(g, "p0", "direction cw")
        stock = g.to_dict()["stock"]
        if special in stock:
            places.append(stock.index(special) / len(stock))
    assert len(places) > 50
    assert min(places) < 0.1 and max(places) > 0.9
    assert 0.3 < sum(places) / len(places) < 0.7


@pytest.mark.parametrize("seed", range(30))
def test_last_2_the_starter_is_never_special(seed):
    g = new_game("lastcard", P4, seed=seed)
    act(g, "p0", "direction ccw")
    assert Card.parse(g.observation(None)["top"]).rank not in ("A", "2", "5", "7", "10")
