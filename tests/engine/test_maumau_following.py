"""Mau-Mau's following and drawing, MAU-2..3: suit or rank, the wild Jack naming the suit,
drawing one card at a time, passing, and a hand nobody can finish.
"""

from __future__ import annotations

from tests.engine.invariants import check_illegal_refused
from tests.engine.maumau_table import P2, P3
from tests.engine.moves import act, legal_texts, types
from tests.engine.positions import position


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
