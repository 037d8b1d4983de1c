"""One test (or a few) per Mau-Mau rule, MAU-1..8 with COMMON-2/3, from hand-made positions.

Positions come from ``tests.engine.positions.position``: seats p0, p1, ... in seating order,
the stock written in draw order. Where the spec is silent the test name says the choice made.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, new_game
from engine.actions import Announce, Leave, Rebuy
from engine.cards import Card
from engine.maumau import MauMau, card_points
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.moves import act, first_event, legal_texts, types
from tests.engine.positions import position

P2 = ["p0", "p1"]
P3 = ["p0", "p1", "p2"]
P4 = ["p0", "p1", "p2", "p3"]


def match_state(game, **changes):
    """The game with some of its Mau-Mau match state (``in_match``, ``pot``...) replaced."""
    data = game.to_dict()
    data["extra"] = {**data["extra"], **changes}
    return MauMau.from_dict(data)


def starter_seed(rank):
    """A seed whose two-player deal turns up a card of ``rank``."""
    for seed in range(500):
        g = new_game("maumau", P2, seed=seed)
        if Card.parse(g.observation(None)["top"]).rank == rank:
            return g
    raise AssertionError(f"no seed turns up a {rank}")


def hand_end_position(scores=None, hands=None, players=P3, **kw):
    """p0 goes out with 9C on 9H; the others hold ``hands`` (default: a King each) and the
    totals are ``scores`` (default: none yet)."""
    hands = hands or {s: k for s, k in zip(players[1:], ["KS", "KH", "KD"], strict=False)}
    if scores is not None:
        kw["scores"] = list(scores)
    return position("maumau", players, hands={"p0": "9C", **hands}, top="9H", turn="p0", **kw)


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
    with pytest.raises(ValueError, match="2-10"):
        new_game("maumau", [f"p{k}" for k in range(players)])


@pytest.mark.parametrize("rank", ["2", "10", "A", "J"])
def test_mau_1_the_turned_up_card_has_no_effect_and_its_own_suit_is_in_force(rank):
    g = starter_seed(rank)
    obs = g.observation("p0")
    assert obs["suit"] == Card.parse(obs["top"]).suit
    assert obs["turn"] == "p0" and obs["pending"] is None and obs["lost_turns"] == {}
    assert obs["direction"] == "clockwise"
    assert "take" not in legal_texts(g, "p0")


# --- MAU-2 -----------------------------------------------------------------------------------
def test_mau_2_a_card_plays_on_the_suit_in_force_or_the_rank_on_top():
    g = position("maumau", P2, hands={"p0": "9C 3H KD 5S"}, top="9H", turn="p0")
    assert legal_texts(g, "p0") == ["draw", "play 3H", "play 9C"]
    reason = check_illegal_refused(g, "p0", "play KD")
    assert "does not follow" in reason


def test_mau_2_a_jack_plays_on_anything_and_names_the_suit_in_force():
    g = position("maumau", P3, hands={"p0": "JS 4C", "p1": "5D 5C 9S"}, top="9H", turn="p0")
    assert {"play JS suit=C", "play JS suit=D", "play JS suit=H", "play JS suit=S"} <= set(
        legal_texts(g, "p0")
    )
    events = act(g, "p0", "play JS suit=D")
    assert events[0] == {"type": "play", "seat": "p0", "cards": ["JS"], "suit": "D"}
    obs = g.observation("p1")
    assert obs["suit"] == "D" and obs["top"] == "JS"
    assert legal_texts(g, "p1") == ["draw", "play 5D"]


def test_mau_2_a_jack_must_name_a_suit_and_only_a_jack_names_one():
    g = position("maumau", P2, hands={"p0": "JS 9H"}, top="9C", turn="p0")
    assert "suit" in check_illegal_refused(g, "p0", "play JS")
    assert "only a Jack" in check_illegal_refused(g, "p0", "play 9H suit=C")


def test_mau_2_a_jack_plays_on_a_jack_whatever_suit_was_named():
    g = position("maumau", P2, hands={"p0": "JC 4D"}, top="JH", suit="S", turn="p0")
    act(g, "p0", "play JC suit=D")
    assert g.observation(None)["suit"] == "D"


def test_mau_2_a_card_held_twice_from_two_packs_is_offered_once():
    g = position("maumau", P2, hands={"p0": "7H 7H JC JC"}, top="7S", turn="p0")
    legal = legal_texts(g, "p0")
    assert legal.count("play 7H") == 1 and legal.count("play JC suit=H") == 1
    act(g, "p0", "play 7H")
    assert g.observation("p0")["hand"] == ["7H", "JC", "JC"]


def test_mau_2_one_card_per_play():
    g = position("maumau", P2, hands={"p0": "7H 7S 4D"}, top="7C", turn="p0")
    assert "one card" in check_illegal_refused(g, "p0", "play 7H 7S")


# --- MAU-3 -----------------------------------------------------------------------------------
def test_mau_3_a_player_who_cannot_follow_draws_one_card_at_a_time_keeping_the_turn():
    g = position("maumau", P2, hands={"p0": "4C 5D"}, top="9H", stock="3S KC 9S", turn="p0")
    assert legal_texts(g, "p0") == ["draw"]
    events = act(g, "p0", "draw")
    assert events == [{"type": "draw", "seat": "p0", "count": 1}]
    assert g.current_player() == "p0" and g.observation("p0")["drawn"] == "3S"
    act(g, "p0", "draw")
    assert g.current_player() == "p0"
    act(g, "p0", "draw")
    assert legal_texts(g, "p0") == ["draw", "play 9S"]
    act(g, "p0", "play 9S")
    assert g.current_player() == "p1"
    assert g.observation("p0")["hand"] == ["4C", "5D", "3S", "KC"]


def test_mau_3_a_player_may_draw_while_holding_a_playable_card():
    g = position("maumau", P2, hands={"p0": "4H 5D"}, top="9H", stock="3S", turn="p0")
    act(g, "p0", "draw")
    assert g.current_player() == "p0"
    assert legal_texts(g, "p0") == ["draw", "play 4H"]


def test_mau_3_with_nothing_to_draw_and_nothing_to_play_the_player_passes():
    g = position(
        "maumau", P2, hands={"p0": "4C 5D", "p1": "KS"}, top="9H", stock="", pile="", turn="p0"
    )
    assert legal_texts(g, "p0") == ["pass"]
    assert "nothing left to draw" in check_illegal_refused(g, "p0", "draw")
    assert act(g, "p0", "pass") == [{"type": "pass", "seat": "p0"}]
    assert g.current_player() == "p1"


def test_mau_3_pass_is_refused_while_a_card_can_be_drawn_or_played():
    g = position("maumau", P2, hands={"p0": "4C"}, top="9H", stock="3S", turn="p0")
    assert "draw" in check_illegal_refused(g, "p0", "pass")
    g = position("maumau", P2, hands={"p0": "4H 5C"}, top="9H", stock="", pile="", turn="p0")
    assert legal_texts(g, "p0") == ["play 4H"]
    assert "must" in check_illegal_refused(g, "p0", "pass")


def test_mau_3_an_empty_stock_is_rebuilt_from_the_pile_under_its_top():
    g = position("maumau", P2, hands={"p0": "4C"}, top="9H", stock="", pile="3S 8D", turn="p0")
    events = act(g, "p0", "draw")
    assert events[0] == {"type": "reshuffle", "count": 2}
    assert g.observation(None)["top"] == "9H" and g.observation(None)["pile"] == 1
    assert g.observation(None)["stock"] == 1


def test_mau_3_a_hand_where_no_seat_can_play_or_draw_is_void_and_dealt_again():
    g = position(
        "maumau", P2, hands={"p0": "4C", "p1": "5D"}, top="9H", stock="", pile="", turn="p0"
    )
    act(g, "p0", "pass")
    events = act(g, "p1", "pass")
    assert types(events)[:3] == ["pass", "stalemate", "round_end"]
    end = events[2]
    assert end["winner"] is None and end["points"] == {"p0": 0, "p1": 0}
    assert g.observation(None)["round"] == 2 and g.current_player() == "p1"


# --- MAU-4 -----------------------------------------------------------------------------------
def test_mau_4_a_ten_reverses_the_direction():
    g = position("maumau", P4, hands={"p1": "10H 4C"}, top="9H", turn="p1")
    events = act(g, "p1", "play 10H")
    assert events[1] == {"type": "reverse", "seat": "p1", "direction": "counterclockwise"}
    assert g.current_player() == "p0"
    assert g.observation(None)["direction"] == "counterclockwise"


def test_mau_4_with_two_players_a_ten_changes_nothing_about_who_plays_next():
    g = position("maumau", P2, hands={"p0": "10H 4C"}, top="9H", turn="p0")
    act(g, "p0", "play 10H")
    assert g.current_player() == "p1"


def test_mau_4_an_ace_skips_the_next_player():
    g = position("maumau", P4, hands={"p0": "AH 4C"}, top="9H", turn="p0")
    events = act(g, "p0", "play AH")
    assert {"type": "turn_lost", "seat": "p1"} in events
    assert g.current_player() == "p2"


def test_mau_4_with_two_players_an_ace_gives_the_same_player_another_turn():
    g = position("maumau", P2, hands={"p0": "AH 4H 5C"}, top="9H", turn="p0")
    act(g, "p0", "play AH")
    assert g.current_player() == "p0"


def test_mau_4_a_two_makes_the_next_player_draw_three_and_miss_the_turn():
    g = position(
        "maumau",
        P3,
        hands={"p0": "2H 4C 5C", "p1": "2S JD 9H"},
        top="9H",
        stock="3C 3D 3S 8C",
        turn="p0",
    )
    act(g, "p0", "play 2H")
    obs = g.observation("p2")
    assert obs["pending"] == {"kind": "draw", "rank": "2", "count": 3, "target": "p1"}
    assert g.current_player() == "p1"
    assert legal_texts(g, "p1") == ["take"]  # no answer, not even a 2 or a Jack
    assert "take 3" in check_illegal_refused(g, "p1", "play 2S")
    check_illegal_refused(g, "p1", "play JD suit=H")
    check_illegal_refused(g, "p1", "draw")
    events = act(g, "p1", "take")
    assert events == [{"type": "take", "seat": "p1", "count": 3}]
    assert g.observation("p1")["hand"] == ["2S", "JD", "9H", "3C", "3D", "3S"]
    assert g.current_player() == "p2" and g.observation(None)["pending"] is None


def test_mau_4_take_is_refused_when_nothing_is_pending():
    g = position("maumau", P2, hands={"p0": "4C"}, top="9H", turn="p0")
    assert "nothing is pending" in check_illegal_refused(g, "p0", "take")


def test_mau_4_with_twos_stack_a_two_answers_a_two_adding_three_and_passes_it_on():
    g = position(
        "maumau",
        P3,
        hands={"p0": "2H 4C 5C", "p1": "2S 2S 9H", "p2": "KD 5C"},
        top="9H",
        turn="p0",
        options={"twos_stack": True},
    )
    act(g, "p0", "play 2H")
    assert legal_texts(g, "p1") == ["play 2S", "take"]
    act(g, "p1", "play 2S")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "2",
        "count": 6,
        "target": "p2",
    }
    assert legal_texts(g, "p2") == ["take"]
    act(g, "p2", "take")
    assert g.observation(None)["counts"]["p2"] == 8
    assert g.current_player() == "p0"


def test_mau_4_twos_stack_is_off_by_default_and_must_be_true_or_false():
    assert MauMau.defaults["twos_stack"] is False
    with pytest.raises(ValueError, match="on or off"):
        new_game("maumau", P2, options={"twos_stack": 1})


# --- MAU-5 -----------------------------------------------------------------------------------
def test_mau_5_a_player_left_with_one_card_may_say_mau_until_the_next_player_acts():
    g = position("maumau", P3, hands={"p0": "4H 5C", "p1": "9H 9C"}, top="9H", turn="p0")
    act(g, "p0", "play 4H")
    assert g.current_player() == "p1"
    assert legal_texts(g, "p0") == ["announce mau"]
    assert g.observation(None)["mau_due"] == "p0"
    events = g.apply("p0", Announce(word="mau"))
    assert events == [{"type": "announce", "seat": "p0", "word": "mau"}]
    assert legal_texts(g, "p0") == []
    events = act(g, "p1", "play 9H")
    assert "penalty" not in types(events)
    assert g.observation(None)["counts"]["p0"] == 1


def test_mau_5_without_mau_the_next_players_action_first_costs_two_cards():
    g = position(
        "maumau", P3, hands={"p0": "4H 5C", "p1": "9H 9C"}, top="9H", stock="KS QS", turn="p0"
    )
    act(g, "p0", "play 4H")
    events = act(g, "p1", "play 9H")
    assert events[0] == {"type": "penalty", "seat": "p0", "count": 2, "reason": "mau"}
    assert events[1]["type"] == "play"
    assert g.observation("p0")["hand"] == ["5C", "KS", "QS"]
    assert legal_texts(g, "p0") == []
    check_illegal_refused(g, "p0", "announce mau")


def test_mau_5_the_next_player_taking_a_two_also_triggers_the_penalty():
    g = position("maumau", P3, hands={"p0": "2H 5C", "p1": "9C 8C"}, top="9H", turn="p0")
    act(g, "p0", "play 2H")
    events = act(g, "p1", "take")
    assert types(events) == ["penalty", "take"]
    assert g.observation(None)["counts"] == {"p0": 3, "p1": 5, "p2": 7}


def test_mau_5_a_refused_action_by_the_next_player_does_not_trigger_the_penalty():
    g = position("maumau", P3, hands={"p0": "4H 5C", "p1": "9C 8C"}, top="9H", turn="p0")
    act(g, "p0", "play 4H")
    check_illegal_refused(g, "p1", "play 9C")
    assert legal_texts(g, "p0") == ["announce mau"]


def test_mau_5_mau_is_refused_from_a_player_without_one_card_or_with_another_word():
    g = position("maumau", P3, hands={"p0": "4H 5C 6C", "p1": "9H 9C"}, top="9H", turn="p0")
    check_illegal_refused(g, "p1", "announce mau")
    act(g, "p0", "play 4H")
    check_illegal_refused(g, "p0", "announce mau")
    g = position("maumau", P3, hands={"p0": "4H 5C", "p1": "9H 9C"}, top="9H", turn="p0")
    act(g, "p0", "play 4H")
    assert "mau" in check_illegal_refused(g, "p0", "announce macao")


def test_mau_5_a_player_given_another_turn_owes_nothing_if_they_go_out_before_anyone_acts():
    g = position(
        "maumau",
        P2,
        hands={"p0": "AH 4H", "p1": "9C 8C"},
        top="9H",
        turn="p0",
        options={"rounds": 1},
    )
    act(g, "p0", "play AH")
    assert g.current_player() == "p0"
    assert legal_texts(g, "p0") == ["announce mau", "draw", "play 4H"]
    events = act(g, "p0", "play 4H")
    assert "penalty" not in types(events)
    assert g.outcome()["winners"] == ["p0"]


def test_mau_5_a_player_given_another_turn_who_draws_no_longer_owes_mau():
    g = position("maumau", P2, hands={"p0": "AH 4H", "p1": "9C 8C"}, top="9H", turn="p0")
    act(g, "p0", "play AH")
    events = act(g, "p0", "draw")
    assert types(events) == ["draw"]
    assert g.observation(None)["mau_due"] is None


# --- MAU-6 -----------------------------------------------------------------------------------
def test_mau_6_going_out_ends_the_hand_at_once():
    g = position("maumau", P3, hands={"p0": "AH", "p1": "KS", "p2": "5C"}, top="9H", turn="p0")
    events = act(g, "p0", "play AH")
    assert "turn_lost" not in types(events)
    end = first_event(events, "round_end")
    assert end["winner"] == "p0" and end["points"] == {"p0": 0, "p1": 10, "p2": 5}
    assert g.observation(None)["round"] == 2


@pytest.mark.parametrize(
    ("card", "points"),
    [("JC", 20), ("AS", 1), ("KH", 10), ("QD", 10), ("2C", 2), ("7H", 7), ("10S", 10)],
)
def test_mau_6_cards_count_jack_20_ace_1_king_and_queen_10_others_face_value(card, points):
    assert card_points(Card.parse(card)) == points


def test_mau_6_every_other_player_draws_three_for_each_two_held():
    g = hand_end_position(hands={"p1": "2C 2D", "p2": "KS"}, stock="3C 3D 3H 3S 4C 4D 8S")
    events = act(g, "p0", "play 9C")
    assert {"type": "draw", "seat": "p1", "count": 6, "reason": "twos"} in events
    end = first_event(events, "round_end")
    assert end["points"] == {"p0": 0, "p1": 2 + 2 + 3 * 4 + 4 + 4, "p2": 10}


def test_mau_6_cards_drawn_at_the_end_of_a_hand_do_not_trigger_more_draws():
    g = hand_end_position(hands={"p1": "2C"}, players=P2, stock="2D 2S 2H 5C")
    events = act(g, "p0", "play 9C")
    end = first_event(events, "round_end")
    assert end["points"]["p1"] == 2 * 4


def test_mau_6_going_out_on_a_two_makes_every_other_player_draw_three_more_after_the_twos():
    g = position(
        "maumau",
        P3,
        hands={"p0": "2H", "p1": "2C", "p2": "KS"},
        top="9H",
        stock="3C 3D 3H 4C 4D 4H 5C 5D 5H",
        turn="p0",
    )
    events = act(g, "p0", "play 2H")
    draws = [(e["seat"], e["count"], e.get("reason")) for e in events if e["type"] == "draw"]
    assert draws == [("p1", 3, "twos"), ("p1", 3, "out_on_two"), ("p2", 3, "out_on_two")]
    end = first_event(events, "round_end")
    assert end["points"] == {"p0": 0, "p1": 2 + 9 + 12, "p2": 10 + 15}
    assert g.observation(None)["pending"] is None


def test_mau_6_going_out_on_a_jack_doubles_every_count():
    g = position("maumau", P3, hands={"p0": "JH", "p1": "KS AC", "p2": "5C"}, top="9D", turn="p0")
    events = act(g, "p0", "play JH suit=C")
    end = first_event(events, "round_end")
    assert end["doubled"] is True
    assert end["points"] == {"p0": 0, "p1": 22, "p2": 10}


def test_mau_6_the_twos_are_drawn_for_before_a_jack_doubles_the_count():
    g = position(
        "maumau", P2, hands={"p0": "JH", "p1": "2S"}, top="9D", stock="3C 3D 3S", turn="p0"
    )
    events = act(g, "p0", "play JH suit=C")
    end = first_event(events, "round_end")
    assert end["points"]["p1"] == (2 + 9) * 2


def test_mau_6_a_pending_two_is_dropped_when_its_answer_goes_out():
    g = position(
        "maumau",
        P3,
        hands={"p0": "2H 5C", "p1": "2S", "p2": "KD"},
        top="9H",
        stock="3C 3D 3H 4C",
        turn="p0",
        options={"twos_stack": True, "rounds": 1},
    )
    act(g, "p0", "play 2H")
    events = act(g, "p1", "play 2S")
    draws = [(e["seat"], e["count"], e.get("reason")) for e in events if e["type"] == "draw"]
    # after p1, in the order of play: p2, then p0 (who also owed "Mau" and paid 2 first)
    assert draws == [("p2", 3, "out_on_two"), ("p0", 3, "out_on_two")]
    assert g.is_over and g.observation(None)["pending"] is None


# --- MAU-7 -----------------------------------------------------------------------------------
def test_mau_7_totals_accumulate_over_hands():
    g = hand_end_position([5, 20, 30])
    act(g, "p0", "play 9C")
    assert g.observation(None)["totals"] == {"p0": 5, "p1": 30, "p2": 40}
    assert g.observation(None)["round"] == 2


def test_mau_7_reaching_100_blows_up_and_that_seat_chooses_to_rebuy_or_leave():
    g = hand_end_position([5, 90, 30])
    events = act(g, "p0", "play 9C")
    assert {"type": "blow_up", "seat": "p1", "total": 100} in events
    assert "deal" not in types(events)
    assert g.current_player() == "p1"
    assert legal_texts(g, "p1") == ["leave", "rebuy"]
    assert legal_texts(g, "p0") == [] and legal_texts(g, "p2") == []
    obs = g.observation(None)
    assert obs["blown_up"] == ["p1"] and obs["turn"] == "p1"
    assert "blew up" in check_illegal_refused(g, "p1", "draw")
    assert "waiting for p1" in check_illegal_refused(g, "p0", "rebuy")


def test_mau_7_rebuy_puts_a_chip_in_the_pot_and_returns_at_the_highest_total_under_100():
    g = hand_end_position([5, 90, 30])
    act(g, "p0", "play 9C")
    events = g.apply("p1", Rebuy())
    assert events[0] == {"type": "rebuy", "seat": "p1", "total": 40, "pot": 1}
    assert events[1]["type"] == "deal"
    obs = g.observation(None)
    assert obs["totals"] == {"p0": 5, "p1": 40, "p2": 40}
    assert obs["pot"] == 1 and obs["chips_paid"]["p1"] == 1 and obs["blow_ups"]["p1"] == 1
    assert obs["counts"] == {"p0": 7, "p1": 7, "p2": 7}


def test_mau_7_a_seat_that_leaves_is_dealt_no_more_and_play_goes_round_it():
    g = hand_end_position([5, 90, 30, 30], players=P4)
    act(g, "p0", "play 9C")
    events = g.apply("p1", Leave())
    assert events[0] == {"type": "leave", "seat": "p1"}
    obs = g.observation(None)
    assert obs["left"] == ["p1"] and obs["counts"] == {"p0": 7, "p1": 0, "p2": 7, "p3": 7}
    assert obs["turn"] == "p2"  # the next hand starts one seat on from p0, skipping p1
    check_card_conservation(g, decks=2)
    assert legal_texts(g, "p1") == []
    data = g.to_dict()
    data["hands"][0] = ["9S", "4C"]
    data["pile"][-1], data["suit"], data["turn"] = "9H", "H", 0
    g = MauMau.from_dict(data)
    act(g, "p0", "play 9S")
    assert g.current_player() == "p2"


def test_mau_7_several_blown_up_seats_choose_in_any_order_and_the_deal_waits_for_all():
    g = hand_end_position([5, 95, 95, 50], players=P4)
    act(g, "p0", "play 9C")
    assert g.observation(None)["blown_up"] == ["p1", "p2"]
    assert legal_texts(g, "p2") == ["leave", "rebuy"]
    events = g.apply("p2", Rebuy())
    assert types(events) == ["rebuy"] and events[0]["total"] == 60
    assert g.current_player() == "p1"
    events = g.apply("p1", Leave())
    assert types(events) == ["leave", "deal"]
    assert g.observation(None)["pot"] == 1


def test_mau_7_the_observation_shows_totals_pot_blow_ups_left_and_every_count():
    g = hand_end_position([5, 90, 30])
    obs = g.observation("p2")
    for key in ("totals", "pot", "chips_paid", "blow_ups", "blown_up", "left", "counts"):
        assert key in obs
    assert obs["counts"] == {"p0": 1, "p1": 1, "p2": 1}


# --- MAU-8 -----------------------------------------------------------------------------------
def test_mau_8_a_hand_that_blows_up_every_other_player_at_once_ends_the_match():
    g = hand_end_position([5, 90, 95])
    g = match_state(g, pot=3, chips_paid=[1, 1, 1])
    events = act(g, "p0", "play 9C")
    assert g.is_over and types(events)[-1] == "match_end"
    out = g.outcome()
    assert out["winners"] == ["p0"] and out["places"] == {"p0": 1, "p1": 2, "p2": 3}
    stats = out["stats"]
    assert stats["chips_won"] == {"p0": 3, "p1": 0, "p2": 0}
    assert stats["chips_paid"] == {"p0": 1, "p1": 1, "p2": 1}
    assert stats["blow_ups"] == {"p0": 0, "p1": 1, "p2": 1}
    assert stats["totals"] == {"p0": 5, "p1": 100, "p2": 105}


def test_mau_8_players_blown_up_by_the_final_hand_pay_no_chip():
    g = hand_end_position([5, 90, 95])
    act(g, "p0", "play 9C")
    assert g.outcome()["pot"] == 0 and g.outcome()["stats"]["chips_paid"]["p1"] == 0
    assert legal_texts(g, "p1") == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply("p1", Rebuy())


def test_mau_8_if_only_one_player_is_left_in_the_match_they_win_the_pot():
    # Leaving follows a blow-up, so MAU-8's first clause usually ends the match first; this
    # state (p2 gone earlier, p1 blown up alone with the others' totals edited) reaches the second.
    g = hand_end_position([5, 105, 30])
    data = g.to_dict()
    data.update(turn=None, round=2, hands=[[], ["KS"], []])
    g = match_state(
        MauMau.from_dict(data), in_match=[True, True, False], left_after=[0, 0, 1], choosing=[1]
    )
    g = match_state(g, pot=2)
    events = g.apply("p1", Leave())
    assert types(events) == ["leave", "match_end"]
    out = g.outcome()
    assert g.is_over and out["winners"] == ["p0"]
    assert out["stats"]["chips_won"]["p0"] == 2 and out["stats"]["left"] == ["p1", "p2"]
    # seats that left come after those still in, the later leaver first
    assert out["places"] == {"p0": 1, "p1": 2, "p2": 3}


def test_mau_8_with_rounds_the_match_stops_and_the_lowest_total_takes_the_pot():
    g = hand_end_position([50, 20, 30], options={"rounds": 1})
    g = match_state(g, pot=2)
    act(g, "p0", "play 9C")
    out = g.outcome()
    assert g.is_over and out["winners"] == ["p1"] and out["stats"]["chips_won"]["p1"] == 2
    assert out["places"] == {"p0": 3, "p1": 1, "p2": 2}


def test_mau_8_with_rounds_a_tie_for_lowest_is_a_draw_and_the_pot_is_not_claimed():
    g = match_state(hand_end_position([50, 20, 20], options={"rounds": 1}), pot=2)
    act(g, "p0", "play 9C")
    out = g.outcome()
    assert out["draw"] is True and out["winners"] == ["p1", "p2"]
    assert set(out["stats"]["chips_won"].values()) == {0}


def test_mau_8_rounds_must_not_be_negative():
    with pytest.raises(ValueError, match="rounds"):
        new_game("maumau", P2, options={"rounds": -1})


def test_mau_8_a_whole_match_of_heuristic_bots_ends_with_the_pot_to_one_winner():
    from engine.bots import make_bot

    g = new_game("maumau", P3, seed=11)
    bots = {s: make_bot("heuristic", "maumau", k) for k, s in enumerate(P3)}
    for _ in range(20000):
        if g.is_over:
            break
        # a seat with an action out of turn (saying Mau) acts before the seat on turn
        movers = [s for s in P3 if s != g.current_player() and g.legal_actions(s)]
        seat = movers[0] if movers else g.current_player()
        g.apply(seat, bots[seat].choose(g.observation(seat), g.legal_actions(seat)))
    assert g.is_over
    check_card_conservation(g, decks=2)
    out = g.outcome()
    assert len(out["winners"]) == 1 and out["places"][out["winners"][0]] == 1
    assert out["stats"]["chips_won"][out["winners"][0]] == out["pot"]
    assert sum(out["stats"]["chips_paid"].values()) == out["pot"]
