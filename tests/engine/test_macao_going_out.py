"""Macao's going out, MACAO-12..14: "Macao" said at one card, the last card ending the round,
and a round that ends with no winner.
"""

from __future__ import annotations

import pytest

from tests.engine.macao_table import P3
from tests.engine.moves import first_event, types
from tests.engine.positions import position


# --- MACAO-12 --------------------------------------------------------------------------------
def test_macao_12_macao_is_said_automatically_at_one_card():
    g = position("macao", P3, hands={"p0": "9H 8C", "p1": "9C 7C 6C"}, top="5H", turn="p0")
    events = g.apply("p0", "play 9H")
    assert {"type": "announce", "seat": "p0", "word": "Macao"} in events
    events = g.apply("p1", "play 9C")
    assert "announce" not in types(events)


# --- MACAO-13 --------------------------------------------------------------------------------
@pytest.mark.parametrize("last", ["9H", "2H", "4H", "KH", "AH"])
def test_macao_13_playing_the_last_card_ends_the_round_whatever_the_card(last):
    suit = "suit=H" if last == "AH" else ""
    g = position(
        "macao", P3, hands={"p0": last, "p1": "9C"}, top="5H", turn="p0", options={"target": 5000}
    )
    events = g.apply("p0", f"play {last} {suit}".strip())
    end = first_event(events, "round_end")
    assert end["winner"] == "p0"
    assert "pending" not in types(events) and g.observation(None)["round"] == 2
    assert g.observation(None)["pending"] is None


# --- MACAO-14 --------------------------------------------------------------------------------
def test_macao_14_a_round_ends_with_no_winner_after_max_turns():
    g = position("macao", P3, hands={"p0": "9H 8H"}, top="5H", turn="p0", turns=199)
    events = g.apply("p0", "play 9H")
    assert {"type": "stalemate", "reason": "turns"} in events
    end = first_event(events, "round_end")
    assert end["winner"] is None and all(p > 0 for p in end["points"].values())


def test_macao_14_a_turn_ending_in_a_draw_card_counts_towards_max_turns():
    g = position("macao", P3, hands={"p0": "2H 8H"}, top="5H", turn="p0", turns=199)
    events = g.apply("p0", "play 2H")
    assert {"type": "stalemate", "reason": "turns"} in events
    assert g.observation(None)["round"] == 2 and g.observation(None)["pending"] is None


def test_macao_14_max_turns_is_an_option():
    g = position("macao", P3, hands={"p0": "9H 8H"}, top="5H", options={"max_turns": 1})
    g.turn = 0
    events = g.apply("p0", "play 9H")
    assert "stalemate" in types(events)


def test_macao_14_a_round_ends_when_no_seat_can_play_or_draw():
    g = position("macao", ["p0", "p1"], hands={"p0": "8C", "p1": "JC"}, top="9D", stock="", pile="")
    assert types(g.apply("p0", "draw")) == ["draw"]
    events = g.apply("p1", "draw")
    assert {"type": "stalemate", "reason": "no seat can play or draw"} in events
    end = first_event(events, "round_end")
    assert end["winner"] is None and end["points"] == {"p0": 10, "p1": 10}


def test_macao_14_no_stalemate_while_a_seat_could_still_play():
    # p0 holds 5D, which plays on 9D, but keeps drawing; the round must go on
    g = position(
        "macao", ["p0", "p1"], hands={"p0": "5D 8C", "p1": "JC"}, top="9D", stock="", pile=""
    )
    for _ in range(5):
        events = g.apply(g.current_player(), "draw")
        assert "stalemate" not in types(events)
    assert g.observation(None)["round"] == 1
