"""Macao's draw stacks, MACAO-5..8, and COMMON-2 as Macao uses it: 2, 3 and the draw Kings,
answering a stack, the 7 cutting it, taking it, and drawing from a stock that runs out.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import cards
from engine.macao import Macao
from tests.engine.invariants import check_illegal_refused
from tests.engine.macao_table import P3, P4, stack
from tests.engine.moves import legal_texts, types
from tests.engine.positions import position


# --- MACAO-5 ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "count"), [("2H", 2), ("3H", 3), ("KH", 5)])
def test_macao_5_two_three_and_king_of_hearts_make_the_next_player_draw(card, count):
    g = position("macao", P3, hands={"p0": f"{card} 9C", "p1": "5C 6C"}, top="5H", turn="p0")
    g.apply("p0", f"play {card}")
    obs = g.observation(None)
    assert obs["pending"] == stack(card[0], count, "p1")
    assert obs["turn"] == "p1"
    g.apply("p1", "take")
    assert g.observation(None)["counts"]["p1"] == 2 + count


def test_macao_5_king_of_spades_makes_the_previous_player_draw_five():
    g = position("macao", P4, hands={"p1": "KS 9C"}, top="5S", turn="p1")
    g.apply("p1", "play KS")
    assert g.observation(None)["pending"] == stack("K", 5, "p0")
    assert g.current_player() == "p0"


@pytest.mark.parametrize("king", ["KD", "KC"])
def test_macao_5_kings_of_diamonds_and_clubs_are_plain(king):
    top = "5" + king[1]
    g = position("macao", P3, hands={"p0": f"{king} 9H"}, top=top, turn="p0")
    g.apply("p0", f"play {king}")
    assert g.observation(None)["pending"] is None and g.current_player() == "p1"


# --- MACAO-6 ---------------------------------------------------------------------------------
def test_macao_6_a_two_answers_a_two_of_any_suit_and_sends_the_stack_on():
    pending = stack("2", 2, "p1")
    g = position("macao", P3, hands={"p1": "2C 9H"}, top="2H", pending=pending, turn="p1")
    g.apply("p1", "play 2C")
    pending_now = g.observation(None)["pending"]
    assert pending_now == stack("2", 4, "p2")
    assert g.observation(None)["suit"] == "C"


def test_macao_6_a_two_never_answers_a_three_nor_a_three_a_two():
    threes = stack("3", 3, "p1")
    g = position("macao", P3, hands={"p1": "2H 3C"}, top="3H", pending=threes, turn="p1")
    assert legal_texts(g, "p1") == ["play 3C", "take"]
    check_illegal_refused(g, "p1", "play 2H")
    twos = stack("2", 2, "p1")
    g = position("macao", P3, hands={"p1": "2C 3H"}, top="2H", pending=twos, turn="p1")
    assert legal_texts(g, "p1") == ["play 2C", "take"]
    check_illegal_refused(g, "p1", "play 3H")


def test_macao_6_draw_kings_answer_each_other_each_sending_the_stack_its_own_way():
    # p1 played KH at p2; p2 answers with KS, which sends the stack back to p1 (previous)
    kings = stack("K", 5, "p2")
    g = position("macao", P4, hands={"p2": "KS 9C"}, top="KH", pending=kings, turn="p2")
    g.apply("p2", "play KS")
    assert g.observation(None)["pending"] == stack("K", 10, "p1")
    # and a KH answering a KS goes to the answerer's next seat
    g = position("macao", P4, hands={"p1": "KH 9C"}, top="KS", pending=kings | {"target": "p1"})
    g.turn = 1
    g.apply("p1", "play KH")
    assert g.observation(None)["pending"]["target"] == "p2"


def test_macao_6_a_plain_king_does_not_answer_a_draw_king():
    kings = stack("K", 5, "p1")
    g = position("macao", P3, hands={"p1": "KD KC"}, top="KH", pending=kings, turn="p1")
    assert legal_texts(g, "p1") == ["take"]


# --- MACAO-7 ---------------------------------------------------------------------------------
def test_macao_7_seven_cuts_a_stack_of_threes():
    threes = stack("3", 6, "p1")
    g = position("macao", P3, hands={"p1": "7S 9C"}, top="3H", pending=threes, turn="p1")
    before = g.observation(None)["counts"]
    events = g.apply("p1", "play 7S")
    obs = g.observation(None)
    assert "cut" in types(events)
    assert obs["pending"] is None and obs["suit"] == "S"
    assert obs["turn"] == "p2"
    assert sum(obs["counts"].values()) == sum(before.values()) - 1  # nobody drew


@pytest.mark.parametrize("seven", ["7C", "7D", "7H", "7S"])
def test_macao_7_a_seven_of_any_suit_cuts_twos_and_draw_kings(seven):
    for rank, top in (("2", "2H"), ("K", "KH")):
        pending = stack(rank, 5, "p1")
        g = position("macao", P3, hands={"p1": f"{seven} 9C"}, top=top, pending=pending)
        g.turn = 1
        g.apply("p1", f"play {seven}")
        assert g.observation(None)["pending"] is None


def test_macao_7_a_seven_with_nothing_pending_is_a_plain_card():
    g = position("macao", P3, hands={"p0": "7S 7H 9C"}, top="5H", turn="p0")
    assert "play 7H" in legal_texts(g, "p0")
    check_illegal_refused(g, "p0", "play 7S")
    g.apply("p0", "play 7H")
    assert g.observation(None)["pending"] is None and g.current_player() == "p1"


# --- MACAO-8 ---------------------------------------------------------------------------------
def test_macao_8_the_target_takes_the_whole_stack_and_their_turn_is_over():
    twos = stack("2", 6, "p1")
    g = position(
        "macao",
        P3,
        hands={"p1": "9C"},
        top="2H",
        pending=twos,
        stock="3C 4C 5C 6C 8C 9D 10D",
        turn="p1",
    )
    events = g.apply("p1", "take")
    assert {"type": "take", "seat": "p1", "count": 6} in events
    assert g.observation("p1")["hand"] == cards_text("9C 3C 4C 5C 6C 8C 9D")
    assert g.observation(None)["pending"] is None and g.current_player() == "p2"


def cards_text(text):
    return [str(c) for c in cards(text)]


# --- COMMON-2 as Macao uses it ---------------------------------------------------------------
def test_common_2_an_empty_stock_is_rebuilt_from_the_pile_under_its_top_card():
    twos = stack("2", 4, "p1")
    g = position(
        "macao",
        P3,
        hands={"p1": "9C"},
        top="2H",
        pile="6D 6S 8S",
        stock="10C",
        pending=twos,
        turn="p1",
    )
    events = g.apply("p1", "take")
    assert {"type": "reshuffle", "count": 3} in events
    assert Counter(g.observation("p1")["hand"]) == Counter(["9C", "10C", "6D", "6S", "8S"])
    assert g.observation(None)["top"] == "2H" and g.observation(None)["pile"] == 1


def test_common_2_with_nothing_left_to_draw_the_draw_takes_what_there_is():
    twos = stack("2", 4, "p1")
    g = position(
        "macao", P3, hands={"p1": "9C"}, top="2H", pile="", stock="10C", pending=twos, turn="p1"
    )
    events = g.apply("p1", "take")
    assert {"type": "take", "seat": "p1", "count": 1} in events
    assert g.current_player() == "p2"


# --- what taking a stack shows (a seat's memory, engine.memory) --------------------------------
@pytest.mark.parametrize(
    ("played", "kind", "answers"),
    [("2S", "2", "2C 2D 2H 2S"), ("3D", "3", "3C 3D 3H 3S"), ("KS", "K", "KH KS")],
)
def test_macao_6_7_a_seat_that_took_a_stack_held_no_7_and_none_of_its_kind(played, kind, answers):
    stacks = Macao.stacks
    assert stacks is not None and stacks.kind_of(played) == kind
    shown = stacks.answers("take", kind)
    assert shown == frozenset(answers.split()) | {"7C", "7D", "7H", "7S"}


def test_macao_9_a_seat_that_accepted_lost_turns_held_no_4():
    stacks = Macao.stacks
    assert stacks is not None and stacks.kind_of("4H") == "4" and "lose_turns" in stacks.accepted
    assert stacks.answers("lose_turns", "4") == frozenset({"4C", "4D", "4H", "4S"})
    assert stacks.kind_of("KD") is None and stacks.kind_of("7H") is None  # plain cards
