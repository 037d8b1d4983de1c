"""Macao's lost turns, MACAO-9..11, and COMMON-3 as Macao uses it: the 4, what may be done
while something is pending, and whose turn comes next.
"""

from __future__ import annotations

import pytest

from tests.engine.invariants import check_illegal_refused
from tests.engine.macao_table import P3, P4, stack
from tests.engine.moves import legal_texts
from tests.engine.positions import position


# --- MACAO-9 ---------------------------------------------------------------------------------
def test_macao_9_a_four_makes_the_next_player_lose_a_turn():
    g = position("macao", P3, hands={"p0": "4H 9C", "p1": "9H"}, top="5H", turn="p0")
    g.apply("p0", "play 4H")
    assert g.observation(None)["pending"] == stack("4", 1, "p1")
    assert legal_texts(g, "p1") == ["take"]
    events = g.apply("p1", "take")
    assert {"type": "lose_turns", "seat": "p1", "count": 1} in events
    assert g.current_player() == "p2"


def test_macao_9_a_four_answers_a_four_adding_a_lost_turn_and_passing_it_on():
    skip = stack("4", 1, "p1")
    g = position("macao", P3, hands={"p1": "4C 9C"}, top="4H", pending=skip, turn="p1")
    g.apply("p1", "play 4C")
    assert g.observation(None)["pending"] == stack("4", 2, "p2")


def test_macao_9_accepting_n_lost_turns_skips_this_turn_and_the_next_n_minus_one():
    skip = stack("4", 3, "p1")
    g = position(
        "macao",
        P3,
        hands={"p0": "9H 8H 7H", "p1": "5H 6H", "p2": "10H JH QH"},
        top="4H",
        pending=skip,
        turn="p1",
        stock="2C 3C",
    )
    g.apply("p1", "take")
    assert g.observation(None)["lost_turns"] == {"p1": 2}
    order = []
    for card in ("10H", "9H", "JH", "8H", "QH"):
        seat = g.current_player()
        order.append(seat)
        g.apply(seat, f"play {card}")
    assert order == ["p2", "p0", "p2", "p0", "p2"]  # p1 sits out two more turns
    assert g.current_player() == "p1" and g.observation(None)["lost_turns"] == {}


def test_macao_9_a_seven_does_not_cancel_lost_turns():
    skip = stack("4", 1, "p1")
    g = position("macao", P3, hands={"p1": "7H 7C"}, top="4H", pending=skip, turn="p1")
    assert legal_texts(g, "p1") == ["take"]
    check_illegal_refused(g, "p1", "play 7H")


# --- MACAO-10 --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pending", "top", "answer"),
    [
        (stack("3", 3, "p1"), "3H", "play 3C"),
        (stack("4", 1, "p1"), "4H", "play 4C"),
    ],
)
def test_macao_10_with_something_pending_only_answering_or_accepting_is_allowed(
    pending, top, answer
):
    g = position("macao", P3, hands={"p1": f"{answer[5:]} 9H 5H AD"}, top=top, pending=pending)
    g.turn = 1
    assert legal_texts(g, "p1") == sorted([answer, "take"])
    for action in ("draw", "pass", "play 9H", "play AD suit=H"):
        check_illegal_refused(g, "p1", action)
    assert g.legal_actions("p0") == [] and g.legal_actions("p2") == []


def test_macao_10_take_is_refused_when_nothing_is_pending():
    g = position("macao", P3, hands={"p0": "9H"}, top="5H", turn="p0")
    check_illegal_refused(g, "p0", "take")
    check_illegal_refused(g, "p0", "pass")


# --- MACAO-11 --------------------------------------------------------------------------------
def test_macao_11_after_a_king_of_spades_play_goes_on_from_the_previous_player():
    g = position(
        "macao",
        P4,
        hands={"p1": "KS 9C", "p0": "5D"},
        top="5S",
        stock="2C 3C 4C 5C 6C 8C",
        turn="p1",
    )
    g.apply("p1", "play KS")
    g.apply("p0", "take")
    assert g.current_player() == "p1"  # the next player from p0, the one who acted


def test_macao_11_a_stack_answered_round_the_table_ends_with_whoever_takes_it():
    g = position(
        "macao",
        P3,
        hands={"p0": "2H 9C", "p1": "2C 9D", "p2": "9S 8S"},
        top="5H",
        stock="3C 4C 5C 6C 8C 10D",
        turn="p0",
    )
    g.apply("p0", "play 2H")
    g.apply("p1", "play 2C")
    g.apply("p2", "take")
    assert g.observation(None)["counts"]["p2"] == 6
    assert g.current_player() == "p0"


def test_macao_11_only_the_seat_whose_turn_it_is_may_act():
    g = position("macao", P3, hands={"p1": "9H"}, top="5H", turn="p0")
    assert g.legal_actions("p1") == []
    assert "turn" in check_illegal_refused(g, "p1", "play 9H")


# --- COMMON-3 as Macao uses it ---------------------------------------------------------------
def test_common_3_with_two_players_a_four_gives_the_same_player_another_turn():
    g = position("macao", ["p0", "p1"], hands={"p0": "4H 9H 8C"}, top="5H", turn="p0")
    g.apply("p0", "play 4H")
    g.apply("p1", "take")
    assert g.current_player() == "p0"
