"""President's plays, PRES-3..4: what leads an empty pile, beating or equalling the top set,
size first, and equalling skipping the next player; the choices made where the spec is
silent are in the test names.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.engine.invariants import check_illegal_refused
from tests.engine.moves import types
from tests.engine.president_table import filler, plays, table

# --- PRES-3: beat or equal, size first --------------------------------------------------------


def test_pres_3_any_set_may_lead_an_empty_pile():
    game = table({"p0": "4C 4D KS AH AD AS", "p1": "5C", "p2": "6C", "p3": "7C"})
    assert plays(game, "p0") == {
        "play 4C",
        "play 4C 4D",
        "play KS",
        "play AD",
        "play AD AH",
        "play AD AH AS",
    }


def test_pres_3_a_pair_beats_any_single_and_three_beat_any_pair():
    game = table({"p0": "3C 3D 4C 4D 4H", "p1": "5C", "p2": "6C", "p3": "7C"}, "AS", last="p3")
    assert "play 3C 3D" in plays(game, "p0")
    game = table({"p0": "3C 3D 4C 4D 4H", "p1": "5C", "p2": "6C", "p3": "7C"}, "AS AH", last="p3")
    assert plays(game, "p0") == {"play 4C 4D 4H", "pass"}


def test_pres_3_the_same_number_of_cards_must_be_higher_or_the_same_rank():
    game = table({"p0": "8C 9C 7H", "p1": "5C", "p2": "6C", "p3": "7C"}, "8H", last="p3")
    assert plays(game, "p0") == {"play 8C", "play 9C", "pass"}
    reason = check_illegal_refused(game, "p0", "play 7H")
    assert "neither beats nor equals" in reason


def test_pres_3_fewer_cards_never_beat_more():
    game = table({"p0": "AC 5D", "p1": "5C", "p2": "6C", "p3": "7C"}, "3H 3S", last="p3")
    assert plays(game, "p0") == {"pass"}
    check_illegal_refused(game, "p0", "play AC")


def test_pres_3_a_play_is_cards_of_one_rank():
    game = table({"p0": "8C 9C 4H", "p1": "5C", "p2": "6C", "p3": "7C"})
    assert "one rank" in check_illegal_refused(game, "p0", "play 8C 9C")


def test_pres_3_five_of_a_rank_is_not_one_play_even_with_two_packs():
    hands = filler(8)
    hands["p0"] = "9C 9C 9D 9D 9H 4S"
    game = table(hands, players=8)
    assert "one to four" in check_illegal_refused(game, "p0", "play 9C 9C 9D 9D 9H")
    assert "play 9C 9C 9D 9D" in plays(game, "p0")


def test_pres_3_choice_suits_do_not_matter_so_each_rank_and_size_is_offered_once():
    game = table({"p0": "9S 9H 9D 9C", "p1": "5C", "p2": "6C", "p3": "7C"})
    assert plays(game, "p0") == {"play 9C", "play 9C 9D", "play 9C 9D 9H", "play 9C 9D 9H 9S"}
    reason = check_illegal_refused(game, "p0", "play 9H 9S")
    assert "play 9C 9D" in reason


def test_pres_3_choice_two_pack_duplicates_are_offered_once():
    hands = filler(8)
    hands["p0"] = "9C 9C 4S"
    game = table(hands, players=8)
    offered = [str(a) for a in game.legal_actions("p0")]
    assert offered.count("play 9C") == 1
    assert "play 9C 9C" in offered


# --- PRES-4: equalling skips the next player ---------------------------------------------------


def test_pres_4_equalling_skips_the_next_player():
    game = table({"p0": "7D 9C", "p1": "5C 5D", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    events = game.apply("p0", "play 7D")
    assert {"type": "skip", "seat": "p1"} in events
    assert game.current_player() == "p2"


def test_pres_4_beating_does_not_skip():
    game = table({"p0": "8H 9C", "p1": "5C 5D", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    events = game.apply("p0", "play 8H")
    assert "skip" not in types(events)
    assert game.current_player() == "p1"


def test_pres_4_the_skip_passes_over_players_already_out():
    game = table(
        {"p0": "7D 9C", "p1": "", "p2": "6C 6D", "p3": "8C 8D", "p4": "KC"},
        "7H",
        last="p4",
        out=("p1",),
        players=5,
    )
    game.apply("p0", "play 7D")
    assert game.current_player() == "p3"  # p1 is out, p2 is the one skipped


def test_pres_4_choice_equalling_with_two_players_left_comes_back_round_and_clears():
    game = table(
        {"p0": "7D 9C", "p1": "", "p2": "", "p3": "8C 8D"}, "7H", last="p3", out=("p1", "p2")
    )
    events = game.apply("p0", "play 7D")
    assert {"type": "clear", "reason": "all passed", "leader": "p0"} in events
    assert game.current_player() == "p0" and game.observation(None)["top"] is None


def test_illegal_action_text_is_refused_as_illegal():
    game = table({"p0": "9C", "p1": "5C", "p2": "6C", "p3": "8C"})
    with pytest.raises(IllegalAction):
        game.apply("p0", "fly away")
