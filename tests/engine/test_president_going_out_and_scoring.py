"""President's going out and scoring, PRES-8..9: no going out on a 2, a hand of 2s sent to
the bottom, the places, titles and points, and the match's end.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.actions import Pass
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.moves import first_event, types
from tests.engine.president_table import CARD_KEYS, table

# --- PRES-8: no going out on a 2; a hand of 2s goes to the bottom --------------------------------


def test_pres_8_a_hand_left_with_only_twos_is_out_at_once_and_placed_last():
    game = table({"p0": "9C 2D 2H", "p1": "5C", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    events = game.apply("p0", "play 9C")
    assert {"type": "stuck", "seat": "p0", "twos": 2, "place": 4, "title": "A-hole"} in events
    obs = game.observation(None)
    assert obs["counts"]["p0"] == 0
    assert obs["out"]["p0"] == {"place": 4, "title": "A-hole"}
    assert game.current_player() == "p1"
    check_card_conservation(game, 1, CARD_KEYS)


def test_pres_8_a_second_hand_of_twos_is_placed_last_among_those_still_in():
    game = table(
        {"p0": "9C 2D", "p1": "5C 5D", "p2": "", "p3": "8C 8D"},
        "7H",
        last="p3",
        stuck=("p2",),
    )
    events = game.apply("p0", "play 9C")
    assert {"type": "stuck", "seat": "p0", "twos": 1, "place": 3, "title": None} in events


def test_pres_8_a_player_never_goes_out_on_a_two():
    game = table({"p0": "9C 2D", "p1": "5C", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    # playing the 2 first and then the 9 is the only way out; a 2 is never the last card
    game.apply("p0", "play 2D")
    events = game.apply("p0", "play 9C")
    assert {"type": "out", "seat": "p0", "place": 1, "title": "President"} in events
    game = table({"p0": "2D", "p1": "5C", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    assert game.legal_actions("p0") == [Pass()]
    assert "go out on a 2" in check_illegal_refused(game, "p0", "play 2D")


# --- PRES-9: places, titles, points and the match -------------------------------------------------


def test_pres_9_first_out_is_president_second_vice_last_with_cards_a_hole_and_points_2_1():
    game = table({"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3")
    game.apply("p0", "play 9C")
    game.apply("p1", "play 10C")
    events = game.apply("p2", "play JC")
    end = first_event(events, "round_end")
    assert end["places"] == {"p0": 1, "p1": 2, "p2": 3, "p3": 4}
    assert end["titles"] == {"p0": "President", "p1": "Vice-President", "p3": "A-hole"}
    assert end["points"] == {"p0": 2, "p1": 1, "p2": 0, "p3": 0}
    assert end["scores"] == end["points"]


def test_pres_9_the_round_ends_when_one_player_is_left():
    game = table({"p0": "9C", "p1": "", "p2": "", "p3": "QC 3D"}, "8H", last="p3", out=("p1", "p2"))
    events = game.apply("p0", "play 9C")
    assert "round_end" in types(events)
    assert game.observation(None)["round"] == 2


def test_pres_9_the_first_to_eleven_points_wins():
    game = table(
        {"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3", scores=[9, 3, 10, 0]
    )
    game.apply("p0", "play 9C")
    game.apply("p1", "play 10C")
    events = game.apply("p2", "play JC")
    assert game.is_over and game.current_player() is None
    result = game.outcome()
    assert result["winners"] == ["p0"] and result["scores"]["p0"] == 11
    assert result["places"] == {"p0": 1, "p2": 2, "p1": 3, "p3": 4}
    assert "match_end" in types(events)


def test_pres_9_choice_two_reaching_the_target_together_the_one_out_first_wins():
    game = table(
        {"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3", scores=[9, 10, 0, 0]
    )
    for seat, play in (("p0", "play 9C"), ("p1", "play 10C"), ("p2", "play JC")):
        game.apply(seat, play)
    result = game.outcome()
    assert result["scores"]["p0"] == result["scores"]["p1"] == 11
    assert result["winners"] == ["p0"] and result["places"]["p1"] == 2 and not result["draw"]


def test_pres_9_option_target_and_option_rounds_end_the_match():
    round_of = (("p0", "play 9C"), ("p1", "play 10C"), ("p2", "play JC"))
    hands = {"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}
    for before, over in ((0, False), (1, True)):  # the President's 2 points reach 3 or not
        game = table(hands, "8H", last="p3", scores=[before, 0, 0, 0])
        game.options["target"] = 3
        for seat, play in round_of:
            game.apply(seat, play)
        assert game.is_over is over and game.round == (1 if over else 2)
    with pytest.raises(ValueError):
        new_game("president", ["a", "b", "c", "d"], options={"target": 0})
    game = table({"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3")
    game.options["rounds"] = 1
    for seat, play in round_of:
        game.apply(seat, play)
    assert game.is_over
    stats = game.outcome()["stats"]
    assert stats["presidencies"]["p0"] == 1 and stats["a_hole_rounds"]["p3"] == 1
    assert stats["rounds"] == 1
