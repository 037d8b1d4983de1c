"""Mau-Mau's end of a hand, MAU-6: going out, the cards' points, and the draws for 2s and the
doubling for a Jack that come with it.
"""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.maumau import card_points
from tests.engine.maumau_table import P2, P3, hand_end_position
from tests.engine.moves import act, first_event, types
from tests.engine.positions import position


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
