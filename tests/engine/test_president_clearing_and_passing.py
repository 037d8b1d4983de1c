"""President's clearing and passing, PRES-5..7: a lone 2, four of a rank together (completed
out of turn too), and passing until the pile clears.
"""

from __future__ import annotations

from engine.actions import Pass, Play
from engine.cards import cards
from engine.president.actions import Complete
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.president_table import CARD_KEYS, filler, plays, table

# --- PRES-5: a lone 2 clears ----------------------------------------------------------------------


def test_pres_5_a_two_clears_the_pile_and_its_player_leads():
    game = table(
        {"p0": "2D 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "AH AS", under="KD", last="p3"
    )
    events = game.apply("p0", "play 2D")
    assert {"type": "clear", "reason": "two", "leader": "p0"} in events
    obs = game.observation(None)
    assert obs["top"] is None and obs["pile"] == 0 and obs["turn"] == "p0"
    check_card_conservation(game, 1, CARD_KEYS)


def test_pres_5_choice_a_two_may_lead_an_empty_pile_and_its_player_leads_again():
    game = table({"p0": "2D 9C", "p1": "5C", "p2": "6C", "p3": "8C"})
    assert "play 2D" in plays(game, "p0")
    game.apply("p0", "play 2D")
    assert game.current_player() == "p0" and game.observation(None)["top"] is None


def test_pres_5_choice_a_two_is_played_in_turn_only():
    game = table({"p0": "9C", "p1": "2H 5C", "p2": "6C", "p3": "8C"}, "7H", last="p3")
    assert game.legal_actions("p1") == []
    assert "turn" in check_illegal_refused(game, "p1", "play 2H")


# --- PRES-6: four of a rank together clears; completing out of turn --------------------------


def test_pres_6_four_of_a_rank_played_together_clears_and_the_player_leads():
    game = table({"p0": "9C 9D 9H 9S 4C", "p1": "5C", "p2": "6C", "p3": "8C"}, "3H", last="p3")
    events = game.apply("p0", "play 9C 9D 9H 9S")
    assert {"type": "clear", "reason": "four", "leader": "p0"} in events
    assert game.current_player() == "p0"


def test_pres_6_four_of_a_rank_by_several_players_clears():
    game = table(
        {"p0": "9C 9D 4C", "p1": "5C", "p2": "6C", "p3": "8C"}, "9H", under="9S", last="p3"
    )
    assert plays(game, "p0") >= {"complete 9C 9D"}
    events = game.apply("p0", "complete 9C 9D")
    assert {"type": "clear", "reason": "four", "leader": "p0"} in events
    assert game.observation(None)["pile"] == 0


def test_pres_6_choice_completing_in_turn_is_a_complete_not_a_play():
    game = table(
        {"p0": "7D 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "7H", under="7C 7S", last="p3"
    )
    offered = game.legal_actions("p0")
    assert Complete(cards=tuple(cards("7D"))) in offered
    assert Play(cards=tuple(cards("7D"))) not in offered
    assert "complete 7D" in check_illegal_refused(game, "p0", "play 7D")


def test_pres_6_the_holder_of_the_completing_cards_may_complete_out_of_turn():
    game = table(
        {"p0": "9C", "p1": "5C", "p2": "QC QD 6C", "p3": "8C"}, "QH QS", last="p3", turn="p0"
    )
    assert game.legal_actions("p2") == [Complete(cards=tuple(cards("QC QD")))]
    assert game.legal_actions("p1") == []
    events = game.apply("p2", "complete QC QD")
    assert events[0] == {
        "type": "complete",
        "seat": "p2",
        "cards": ["QC", "QD"],
        "out_of_turn": True,
    }
    assert game.current_player() == "p2" and game.observation(None)["top"] is None


def test_pres_6_only_the_exact_number_completes():
    game = table(
        {"p0": "9C", "p1": "5C", "p2": "QC QD 6C", "p3": "8C"}, "QH", under="QS", last="p3"
    )
    assert "2 card(s)" in check_illegal_refused(game, "p2", "complete QC")


def test_pres_6_a_player_completing_with_their_last_cards_goes_out_and_the_next_leads():
    game = table({"p0": "9C", "p1": "5C", "p2": "QC QD", "p3": "8C"}, "QH QS", last="p3")
    events = game.apply("p2", "complete QC QD")
    assert {"type": "out", "seat": "p2", "place": 1, "title": "President"} in events
    assert {"type": "clear", "reason": "four", "leader": "p3"} in events


def test_pres_6_choice_five_of_a_rank_from_two_packs_also_clears():
    hands = filler(8)
    hands["p0"] = "9C 9D 9H 4S"
    game = table(hands, "9S 9S", last="p7", players=8)
    events = game.apply("p0", "play 9C 9D 9H")  # beats the pair by size: five 9s together
    assert {"type": "clear", "reason": "four", "leader": "p0"} in events


def test_pres_6_nothing_to_complete_on_an_empty_pile():
    game = table({"p0": "9C", "p1": "5C", "p2": "QC QD", "p3": "8C"})
    assert game.legal_actions("p2") == []
    assert "nothing" in check_illegal_refused(game, "p2", "complete QC QD")


# --- PRES-7: passing and the all-pass clear ---------------------------------------------------


def test_pres_7_passing_is_allowed_even_when_able_to_play():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "3H", last="p3")
    assert "play AC" in plays(game, "p0")
    game.apply("p0", "pass")
    assert game.current_player() == "p1"
    assert game.observation(None)["passes"] == ["p0"]


def test_pres_7_a_pass_does_not_stop_a_later_play_on_the_same_pile():
    game = table({"p0": "AC 9C", "p1": "5C 5D", "p2": "6C 6D", "p3": "8C 8D"}, "3H", last="p3")
    game.apply("p0", "pass")
    game.apply("p1", "play 5C")
    game.apply("p2", "play 6C")
    game.apply("p3", "pass")
    assert "play AC" in plays(game, "p0")


def test_pres_7_when_everyone_passes_back_to_the_last_player_the_pile_clears_and_they_lead():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C 8D"}, "KH", last="p3")
    for seat in ("p0", "p1"):
        game.apply(seat, "pass")
    events = game.apply("p2", "pass")
    assert {"type": "clear", "reason": "all passed", "leader": "p3"} in events
    assert game.current_player() == "p3"
    assert game.observation(None)["top"] is None


def test_pres_7_if_the_last_player_went_out_the_next_player_still_in_leads():
    game = table(
        {"p0": "AC 9C", "p1": "", "p2": "6C", "p3": "8C 8D"},
        "KH",
        last="p1",
        turn="p2",
        out=("p1",),
    )
    game.apply("p2", "pass")
    game.apply("p3", "pass")
    events = game.apply("p0", "pass")
    assert {"type": "clear", "reason": "all passed", "leader": "p2"} in events
    assert game.current_player() == "p2"


def test_pres_7_choice_the_leader_of_an_empty_pile_may_not_pass():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C"})
    assert Pass() not in game.legal_actions("p0")
    assert "lead" in check_illegal_refused(game, "p0", "pass")


def test_pres_7_choice_the_leader_is_offered_every_set_and_a_lone_2_in_order_but_no_pass():
    game = table({"p0": "4C 4D 2H KS", "p1": "5C", "p2": "6C", "p3": "8C"})
    offered = ["play 4C", "play 4C 4D", "play KS", "play 2H"]
    assert [str(a) for a in game.legal_actions("p0")] == offered
    assert game.lone_offers() == ("p0", game.legal_actions("p0"))
    game.apply("p0", "play KS")  # a pile to answer: passing is offered again
    assert str(game.legal_actions("p1")[-1]) == "pass"


def test_pres_7_passing_out_of_turn_is_refused():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "KH", last="p3")
    check_illegal_refused(game, "p2", "pass")
