"""Mau-Mau's special cards, MAU-4: 10 reverses, Ace skips, 2 makes the next player draw three
(and the ``twos_stack`` option).
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.maumau import MauMau
from tests.engine.invariants import check_illegal_refused
from tests.engine.maumau_table import P2, P3, P4
from tests.engine.moves import act, legal_texts
from tests.engine.positions import position


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
