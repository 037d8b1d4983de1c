"""Last Card's special cards, LAST-5..6: the draw stacks of 5s and 2s, 10 skipping and 7
reversing.
"""

from __future__ import annotations

from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.lastcard_table import P2, P4, hand, p0_plays, table
from tests.engine.moves import act, legal_texts


# --- LAST-5 ----------------------------------------------------------------------------------
def test_last_5_a_five_makes_the_next_player_draw_five_or_answer():
    g = table(hands={"p0": "5H 4D", "p1": "5S 9D 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "5",
        "count": 5,
        "target": "p1",
    }
    assert legal_texts(g, "p1") == ["play 5S", "take"]
    check_illegal_refused(g, "p1", "draw")
    check_illegal_refused(g, "p1", "play 9D")


def test_last_5_each_five_answering_adds_five_and_passes_it_on():
    g = table(hands={"p0": "5H 4D", "p1": "5S 5C 3C", "p2": "5D 9S"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    act(g, "p1", "play 5S 5C")
    pending = g.observation(None)["pending"]
    assert pending == {"kind": "draw", "rank": "5", "count": 15, "target": "p2"}
    act(g, "p2", "play 5D")
    assert g.observation(None)["pending"]["count"] == 20
    assert g.current_player() == "p0"


def test_last_5_taking_the_stack_draws_it_all_and_ends_the_turn():
    g = table(hands={"p0": "5H 4D", "p1": "9D 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    events = act(g, "p1", "take")
    assert {"type": "take", "seat": "p1", "count": 5} in events
    assert len(hand(g, "p1")) == 7
    obs = g.observation(None)
    assert obs["pending"] is None and obs["turn"] == "p2"
    check_card_conservation(g)


def test_last_5_a_two_makes_the_next_player_draw_two_and_twos_stack():
    g = table(hands={"p0": "2H 4D", "p1": "2S 3C", "p2": "9D 8C"}, top="4H", turn="p0")
    act(g, "p0", "play 2H")
    assert g.observation(None)["pending"]["count"] == 2
    act(g, "p1", "play 2S")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "2",
        "count": 4,
        "target": "p2",
    }
    events = act(g, "p2", "take")
    assert {"type": "take", "seat": "p2", "count": 4} in events


def test_last_5_a_two_never_answers_a_five_by_default():
    g = table(hands={"p0": "5H 4D", "p1": "2H 5C 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    assert legal_texts(g, "p1") == ["play 5C", "take"]
    assert "does not answer" in check_illegal_refused(g, "p1", "play 2H")


def test_last_5_nor_a_five_a_two_by_default():
    g = table(hands={"p0": "2H 4D", "p1": "5H 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 2H")
    assert legal_texts(g, "p1") == ["take"]


def test_last_5_option_mix_twos_on_fives_lets_twos_and_fives_answer_each_other():
    """Choice: with the option on, the mixed stack goes both ways and adds each card's count."""
    g = table(
        hands={"p0": "5H 4D", "p1": "2H 3C", "p2": "5S 9D"},
        top="4H",
        turn="p0",
        options={"mix_twos_on_fives": True},
    )
    act(g, "p0", "play 5H")
    assert "play 2H" in legal_texts(g, "p1")
    act(g, "p1", "play 2H")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "2",
        "count": 7,
        "target": "p2",
    }
    act(g, "p2", "play 5S")
    assert g.observation(None)["pending"]["count"] == 12


def test_last_5_a_stack_larger_than_the_cards_left_takes_what_there_is():
    g = table(
        P2,
        hands={"p0": "5H 4D 9S", "p1": "9D 3C"},
        top="4H",
        pile="",
        stock="8S 8C",
        turn="p0",
    )
    act(g, "p0", "play 5H")
    events = act(g, "p1", "take")
    # COMMON-2: the stock is rebuilt from the pile under the top card (here: 4H)
    assert {"type": "take", "seat": "p1", "count": 3} in events
    assert g.observation(None)["top"] == "5H"


# --- LAST-6 ----------------------------------------------------------------------------------
def test_last_6_a_ten_skips_the_next_player():
    g, events = p0_plays("10H")
    assert {"type": "skip", "seats": ["p1"]} in events
    assert g.current_player() == "p2"


def test_last_6_a_seven_reverses_the_direction():
    g, _ = p0_plays("7H", P4)
    assert g.observation(None)["direction"] == "counterclockwise"
    assert g.current_player() == "p3"


def test_last_6_with_two_players_a_ten_gives_another_turn_and_a_seven_changes_nothing():
    g = table(P2, hands={"p0": "10H 7H 4D"}, top="4H", turn="p0")
    act(g, "p0", "play 10H")
    assert g.current_player() == "p0"
    act(g, "p0", "play 7H")
    assert g.current_player() == "p1"


def test_last_6_tens_never_skip_past_the_player_who_played_them():
    """Choice: 10s that skip everyone else give their player another turn; the rest are spent."""
    g, events = p0_plays("10H 10S 10C")
    assert {"type": "skip", "seats": ["p1", "p2"]} in events
    assert g.current_player() == "p0"
