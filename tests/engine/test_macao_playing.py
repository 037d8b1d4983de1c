"""Macao's playing, MACAO-3..4: what plays on the pile, the Ace naming the suit, and drawing
instead of playing; with the actions refused outright.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.actions import Draw, Pass, Play, Take
from engine.cards import Card
from tests.engine.invariants import check_illegal_refused
from tests.engine.macao_table import P3, stack
from tests.engine.moves import legal_texts, types
from tests.engine.positions import position


# --- MACAO-3 ---------------------------------------------------------------------------------
def test_macao_3_a_card_plays_on_the_suit_in_force_or_the_rank_on_top():
    g = position("macao", P3, hands={"p0": "9H 5C JD AS"}, top="5H", turn="p0")
    assert legal_texts(g, "p0") == sorted(
        ["play 9H", "play 5C", *(f"play AS suit={s}" for s in "CDHS"), "draw"]
    )
    check_illegal_refused(g, "p0", "play JD")


def test_macao_3_an_ace_plays_on_anything_and_names_the_suit_in_force():
    g = position("macao", P3, hands={"p0": "AS 9C", "p1": "9D 5D"}, top="5H", turn="p0")
    g.apply("p0", "play AS suit=D")
    obs = g.observation("p1")
    assert obs["top"] == "AS" and obs["suit"] == "D"
    assert "play 9D" in legal_texts(g, "p1") and "play 5D" in legal_texts(g, "p1")


def test_macao_3_an_ace_must_name_a_suit():
    g = position("macao", P3, hands={"p0": "AS 9C"}, top="5H", turn="p0")
    assert "suit" in check_illegal_refused(g, "p0", "play AS")


def test_macao_3_only_an_ace_names_a_suit():
    g = position("macao", P3, hands={"p0": "9H 9C"}, top="5H", turn="p0")
    check_illegal_refused(g, "p0", "play 9H suit=C")


def test_macao_3_after_an_ace_the_named_suit_not_the_ace_suit_is_followed():
    g = position("macao", P3, hands={"p1": "9S 5H AD"}, top="AS", suit="H", turn="p1")
    assert "play 5H" in legal_texts(g, "p1")
    check_illegal_refused(g, "p1", "play 9S")


def test_macao_3_an_ace_does_not_play_on_a_pending_stack():
    pending = stack("2", 2, "p1")
    g = position("macao", P3, hands={"p1": "AS 9C"}, top="2H", pending=pending, turn="p1")
    assert legal_texts(g, "p1") == ["take"]
    check_illegal_refused(g, "p1", "play AS suit=H")


# --- MACAO-4 ---------------------------------------------------------------------------------
def test_macao_4_a_player_may_draw_while_holding_a_playable_card():
    g = position("macao", P3, hands={"p0": "9H 9C"}, top="5H", stock="JC QC", turn="p0")
    assert Draw() in g.legal_actions("p0")
    events = g.apply("p0", "draw")
    assert types(events) == ["draw"] and "JC" not in str(events)
    assert g.observation("p0")["hand"] == ["9H", "9C", "JC"]
    assert g.current_player() == "p1"  # JC does not play on 5H: the turn is over


def test_macao_4_a_drawn_card_that_plays_may_be_played_at_once_and_only_it():
    g = position("macao", P3, hands={"p0": "9H 9C"}, top="5H", stock="6H QC", turn="p0")
    g.apply("p0", "draw")
    assert g.current_player() == "p0"
    assert g.observation("p0")["drawn"] == "6H"
    assert g.observation("p1")["drawn"] is None  # nobody else learns the card
    assert g.legal_actions("p0") == [Play(cards=(Card.parse("6H"),)), Pass()]
    check_illegal_refused(g, "p0", "play 9H")
    check_illegal_refused(g, "p0", "draw")
    g.apply("p0", "play 6H")
    assert g.observation("p1")["top"] == "6H" and g.current_player() == "p1"


def test_macao_4_declining_the_drawn_card_ends_the_turn():
    g = position("macao", P3, hands={"p0": "9C"}, top="5H", stock="6H QC", turn="p0")
    g.apply("p0", "draw")
    g.apply("p0", "pass")
    assert g.current_player() == "p1" and g.observation("p0")["hand"] == ["9C", "6H"]


def test_macao_4_a_drawn_ace_is_played_naming_a_suit():
    g = position("macao", P3, hands={"p0": "9C"}, top="5H", stock="AC QC", turn="p0")
    g.apply("p0", "draw")
    assert legal_texts(g, "p0") == sorted([*(f"play AC suit={s}" for s in "CDHS"), "pass"])
    check_illegal_refused(g, "p0", "play AC")
    g.apply("p0", "play AC suit=S")
    assert g.observation(None)["suit"] == "S"


def test_macao_4_a_drawn_plain_card_may_not_name_a_suit():
    g = position("macao", P3, hands={"p0": "9C"}, top="5H", stock="6H QC", turn="p0")
    g.apply("p0", "draw")
    check_illegal_refused(g, "p0", "play 6H suit=S")


def test_apply_refuses_unknown_seats_and_malformed_actions():
    g = position("macao", P3, hands={"p0": "9H"}, top="5H", turn="p0")
    check_illegal_refused(g, "zed", "draw")
    check_illegal_refused(g, "p0", "fly away")
    check_illegal_refused(g, "p0", "play 9C")  # not held
    check_illegal_refused(g, "p0", {"kind": "play", "cards": ["9H", "5H"]})
    with pytest.raises(IllegalAction):
        g.apply("p0", Take())
