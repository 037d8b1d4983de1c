"""One test (or a few) per Crazy Eights rule, EIGHTS-1..10, from hand-made positions.

Positions come from ``tests.engine.positions.position``: seats p0, p1, ... in seating order,
the stock written in draw order.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, new_game, parse_action
from engine.cards import Card
from engine.crazyeights import CrazyEights, card_points
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.moves import act, first_event, legal_texts, types
from tests.engine.positions import position

P2 = ["p0", "p1"]
P3 = ["p0", "p1", "p2"]
SPECIALS = {"specials": True}


def eights(seats, **kwargs):
    return position("crazyeights", seats, **kwargs)


# --- EIGHTS-1 --------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each", "decks"), [(2, 7, 1), (3, 5, 1), (5, 5, 1), (6, 5, 2)])
def test_eights_1_five_cards_each_seven_heads_up_two_packs_above_five(players, each, decks):
    g = new_game("crazyeights", [f"p{k}" for k in range(players)], seed=players)
    obs = g.observation(None)
    assert set(obs["counts"].values()) == {each}
    assert obs["stock"] == 52 * decks - each * players - 1
    check_card_conservation(g, decks=decks)


def test_eights_1_hand_size_option_deals_that_many():
    g = new_game("crazyeights", P3, seed=1, options={"hand_size": 8})
    assert set(g.observation(None)["counts"].values()) == {8}


def test_eights_1_the_last_seat_deals_first_and_the_deal_passes_on():
    g = new_game("crazyeights", P3, seed=4)
    obs = g.observation(None)
    assert obs["dealer"] == "p2" and obs["turn"] == "p0"
    g = eights(P3, hands={"p0": "5H"}, top="9H", turn="p0", seed=4, options={"target": 9999})
    events = act(g, "p0", "play 5H")
    assert "round_end" in types(events)
    assert g.observation(None)["dealer"] == "p0" and g.current_player() == "p1"


# --- EIGHTS-2 --------------------------------------------------------------------------------
def test_eights_2_an_eight_turned_up_goes_back_into_the_stock():
    for seed in range(2000):
        g = new_game("crazyeights", P2, seed=seed)
        returned = [e for e in g.events if e["type"] == "starter_returned"]
        if returned:
            break
    else:
        raise AssertionError("no seed turns up an eight")
    obs = g.observation(None)
    assert Card.parse(obs["top"]).rank != "8"
    assert returned[0]["card"] in [str(c) for c in g.stock]
    check_card_conservation(g)


# --- EIGHTS-3 --------------------------------------------------------------------------------
def test_eights_3_follow_suit_or_rank_and_an_eight_plays_on_anything_naming_a_suit():
    g = eights(P2, hands={"p0": "9H 4C 5D 8S"}, top="9C", turn="p0")
    offered = legal_texts(g, "p0")
    assert "play 9H" in offered and "play 4C" in offered and "play 5D" not in offered
    assert {f"play 8S suit={s}" for s in "CDHS"} <= set(offered)
    act(g, "p0", "play 8S suit=D")
    assert g.observation(None)["suit"] == "D" and g.current_player() == "p1"


def test_eights_3_an_eight_without_a_suit_and_a_card_that_does_not_follow_are_refused():
    g = eights(P2, hands={"p0": "5D 8S 2C"}, top="9C", turn="p0")
    assert "names a suit" in check_illegal_refused(g, "p0", parse_action("play 8S"))
    assert "does not follow" in check_illegal_refused(g, "p0", parse_action("play 5D"))
    with pytest.raises(IllegalAction):
        act(g, "p1", "draw")


# --- EIGHTS-4 --------------------------------------------------------------------------------
def test_eights_4_draw_even_holding_a_card_that_plays_up_to_the_limit_then_pass():
    g = eights(P2, hands={"p0": "9C"}, top="9H", turn="p0", options={"draw_limit": 2})
    assert "draw" in legal_texts(g, "p0") and "pass" not in legal_texts(g, "p0")
    act(g, "p0", "draw")
    assert g.current_player() == "p0" and "pass" not in legal_texts(g, "p0")
    act(g, "p0", "draw")
    offered = legal_texts(g, "p0")
    assert "draw" not in offered and "pass" in offered and "play 9C" in offered
    act(g, "p0", "pass")
    assert g.current_player() == "p1"
    assert "draw" in legal_texts(g, "p1") and "pass" not in legal_texts(g, "p1")


def test_eights_4_with_nothing_to_draw_a_player_may_pass():
    g = eights(P2, hands={"p0": "9C"}, top="9H", stock="", turn="p0", options={"reshuffle": False})
    assert legal_texts(g, "p0") == ["pass", "play 9C"]


def test_eights_4_draw_limit_0_draws_only_while_nothing_plays():
    g = eights(
        P2, hands={"p0": "9C"}, top="9H", stock="2D 3H", turn="p0", options={"draw_limit": 0}
    )
    assert legal_texts(g, "p0") == ["play 9C"]
    g = eights(
        P2, hands={"p0": "4C"}, top="9H", stock="2D 3H", turn="p0", options={"draw_limit": 0}
    )
    assert legal_texts(g, "p0") == ["draw"]
    act(g, "p0", "draw")
    assert legal_texts(g, "p0") == ["draw"]
    act(g, "p0", "draw")
    assert legal_texts(g, "p0") == ["play 3H"]


# --- EIGHTS-5 --------------------------------------------------------------------------------
def test_eights_5_the_stock_is_rebuilt_from_the_pile_the_moment_it_is_empty():
    g = eights(P2, hands={"p0": "4C"}, top="9H", pile="2S 3S", stock="KD", turn="p0")
    events = act(g, "p0", "draw")
    assert types(events) == ["draw", "reshuffle"]
    obs = g.observation(None)
    assert obs["stock"] == 2 and obs["pile"] == 1 and obs["top"] == "9H"


def test_eights_5_without_reshuffle_an_empty_stock_stays_empty():
    g = eights(
        P2,
        hands={"p0": "4C"},
        top="9H",
        pile="2S 3S",
        stock="KD",
        turn="p0",
        options={"reshuffle": False},
    )
    assert types(act(g, "p0", "draw")) == ["draw"]
    assert g.observation(None)["stock"] == 0 and legal_texts(g, "p0") == ["pass"]


# --- EIGHTS-6 --------------------------------------------------------------------------------
def test_eights_6_a_queen_skips_the_next_player():
    g = eights(P3, hands={"p0": "QH 5C"}, top="9H", turn="p0", options=SPECIALS)
    events = act(g, "p0", "play QH")
    assert {"type": "turn_lost", "seat": "p1"} in events and g.current_player() == "p2"


def test_eights_6_an_ace_reverses_play():
    g = eights(P3, hands={"p0": "AH 5C"}, top="9H", turn="p0", options=SPECIALS)
    assert "reverse" in types(act(g, "p0", "play AH"))
    assert g.current_player() == "p2"


def test_eights_6_a_two_is_answered_by_a_two_or_taken_whole_as_the_turn():
    g = eights(
        P3,
        hands={"p0": "2H 5C", "p1": "2S 9C 8C", "p2": "KC 4D"},
        top="9H",
        turn="p0",
        options=SPECIALS,
    )
    act(g, "p0", "play 2H")
    assert legal_texts(g, "p1") == ["play 2S", "take"]  # no eight, no other card
    act(g, "p1", "play 2S")
    assert g.observation(None)["pending"]["count"] == 4
    assert legal_texts(g, "p2") == ["take"]
    events = act(g, "p2", "take")
    assert {"type": "take", "seat": "p2", "count": 4} in events
    assert g.observation(None)["counts"]["p2"] == 6 and g.current_player() == "p0"


def test_eights_6_a_two_with_nothing_to_draw_owes_nothing():
    g = eights(
        P2,
        hands={"p0": "2H 5C"},
        top="9H",
        stock="",
        turn="p0",
        options={**SPECIALS, "reshuffle": False},
    )
    act(g, "p0", "play 2H")
    assert g.observation(None)["pending"] is None


def test_eights_6_specials_off_a_queen_is_a_plain_card():
    g = eights(P3, hands={"p0": "QH 5C"}, top="9H", turn="p0")
    act(g, "p0", "play QH")
    assert g.current_player() == "p1"


def test_eights_6_a_special_starter_acts_as_the_dealers_play():
    seen = set()
    for seed in range(300):
        g = new_game("crazyeights", P3, seed=seed, options=SPECIALS)
        rank = Card.parse(g.observation(None)["top"]).rank
        first = g.current_player()
        if rank == "Q":
            assert first == "p1"  # the dealer p2 "played" it: p0 is skipped
        elif rank == "A":
            assert first == "p1" and g.direction == -1
        elif rank == "2":
            assert first == "p0" and g.observation(None)["pending"]["count"] == 2
        else:
            assert first == "p0"
        seen.add(rank)
    assert {"Q", "A", "2"} <= seen


# --- EIGHTS-7 --------------------------------------------------------------------------------
def test_eights_7_one_pass_more_than_the_players_with_nothing_to_draw_blocks_the_round():
    g = eights(
        P2,
        hands={"p0": "4C 5C", "p1": "6D 7D"},
        top="9H",
        stock="",
        turn="p0",
        options={"reshuffle": False},
    )
    for seat in ("p0", "p1"):
        act(g, seat, "pass")
    events = act(g, "p0", "pass")
    assert "stalemate" in types(events)
    end = first_event(events, "round_end")
    assert end["winner"] is None


# --- EIGHTS-8 --------------------------------------------------------------------------------
def test_eights_8_going_out_scores_the_cards_left_in_the_other_hands():
    g = eights(P3, hands={"p0": "5H", "p1": "8C KD AS", "p2": "7S 10D"}, top="9H", turn="p0")
    events = act(g, "p0", "play 5H")
    end = first_event(events, "round_end")
    assert end["winner"] == "p0"
    assert end["points"] == {"p0": 50 + 10 + 1 + 7 + 10, "p1": 0, "p2": 0}


@pytest.mark.parametrize(
    ("card", "points"),
    [("8D", 50), ("KS", 10), ("QH", 10), ("JC", 10), ("AS", 1), ("7H", 7), ("10C", 10), ("2D", 2)],
)
def test_eights_8_card_counts(card, points):
    assert card_points(Card.parse(card)) == points


def blocked_round(p0_hand, p1_hand):
    """Two players holding these hands over a 9H, nothing to draw and no reshuffle: the round
    is blocked as EIGHTS-7 says (p0 and p1 pass, then p0 again); the events of that last pass."""
    g = eights(
        P2,
        hands={"p0": p0_hand, "p1": p1_hand},
        top="9H",
        stock="",
        turn="p0",
        options={"reshuffle": False},
    )
    act(g, "p0", "pass")
    act(g, "p1", "pass")
    return act(g, "p0", "pass")


# --- EIGHTS-9 --------------------------------------------------------------------------------
def test_eights_9_a_blocked_round_goes_to_the_lowest_count_by_the_difference():
    end = first_event(blocked_round("4C 5C", "6D KD"), "round_end")
    assert end["points"] == {"p0": 16 - 9, "p1": 0}


def test_eights_9_a_tie_for_lowest_scores_nothing():
    end = first_event(blocked_round("4C 5C", "6D 3D"), "round_end")
    assert end["points"] == {"p0": 0, "p1": 0}


# --- EIGHTS-10 -------------------------------------------------------------------------------
def test_eights_10_the_match_ends_at_the_target_highest_total_first():
    g = eights(
        P3, hands={"p0": "5H", "p1": "8C", "p2": "7S"}, top="9H", turn="p0", options={"target": 50}
    )
    events = act(g, "p0", "play 5H")
    assert g.is_over and types(events)[-1] == "match_end"
    out = g.outcome()
    assert out["winners"] == ["p0"] and out["places"] == {"p0": 1, "p1": 2, "p2": 2}


def test_eights_10_below_the_target_the_next_round_is_dealt():
    g = eights(P3, hands={"p0": "5H", "p1": "3C", "p2": "7S"}, top="9H", turn="p0")
    act(g, "p0", "play 5H")
    assert not g.is_over and g.round == 2 and g.scores == [10, 0, 0]
    assert isinstance(g, CrazyEights)


# --- EIGHTS-11 -------------------------------------------------------------------------------
def test_eights_11_a_round_is_called_off_after_max_turns_and_scored_as_blocked():
    g = eights(
        P2, hands={"p0": "4C 5H", "p1": "6C KD"}, top="9C", turn="p0", options={"max_turns": 2}
    )
    act(g, "p0", "play 4C")
    events = act(g, "p1", "play 6C")
    stalemate = first_event(events, "stalemate")
    assert stalemate["reason"] == "turns"
    end = first_event(events, "round_end")
    assert end["winner"] is None
    assert end["points"] == {"p0": 10 - 5, "p1": 0}  # EIGHTS-9: the lower hand scores


def test_eights_11_by_default_a_round_of_heuristic_bots_that_never_ended_is_called_off():
    # five heuristic bots, seed 1002112: the cards out of the hands go round for ever
    from engine.bots import make_bot
    from engine.crazyeights.rules import MAX_TURNS

    seats = [f"p{k}" for k in range(5)]
    g = new_game("crazyeights", seats, seed=1002112)
    bots = {s: make_bot("heuristic", "crazyeights", k) for k, s in enumerate(seats)}
    events: list = []
    for _ in range(20 * MAX_TURNS):
        seat = g.current_player()
        events = g.apply(seat, bots[seat].choose(g.observation(seat), g.legal_actions(seat)))
        if "round_end" in types(events):
            break
    assert first_event(events, "stalemate")["reason"] == "turns"
    assert first_event(events, "round_end")["winner"] is None


def test_eights_11_zero_means_no_limit():
    g = eights(
        P2, hands={"p0": "4C 5H", "p1": "6C KD"}, top="9C", turn="p0", options={"max_turns": 0}
    )
    act(g, "p0", "play 4C")
    act(g, "p1", "play 6C")
    assert g.round == 1 and g.turn == 0
