"""Mau-Mau's announcement, MAU-5: a player left with one card says "Mau" before the next
player acts, or draws two cards.
"""

from __future__ import annotations

from engine.actions import Announce
from tests.engine.invariants import check_illegal_refused
from tests.engine.maumau_table import P2, P3
from tests.engine.moves import act, legal_texts, types
from tests.engine.positions import position


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
