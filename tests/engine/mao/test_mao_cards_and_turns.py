"""Mao's cards and turns, MAO-1..6, on hand-made tables with a fake clock: the deal,
following and taking, the 7s' chain, 8, Queen and Jack, naming spades, and "Last card", "Mao",
going out and rejoining.
"""

from __future__ import annotations

from engine import new_game
from engine.actions import Play, Take
from engine.cards import Card
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.mao.table import (
    declare,
    hand,
    play,
    rejoin,
    say,
    table,
    take,
    waiting,
)

# --- MAO-1 cards and deal ------------------------------------------------------------------


def test_mao_1_one_deck_for_five_players_five_cards_each():
    g = new_game("mao", ["a", "b", "c", "d", "e"], seed=3)
    obs = g.observation(None)
    assert obs["counts"] == {s: 5 for s in "abcde"}
    assert obs["pile"] == 1 and obs["stock"] == 52 - 25 - 1
    check_card_conservation(g, 1)


def test_mao_1_a_sixth_player_brings_a_second_deck():
    g = new_game("mao", [f"p{k}" for k in range(6)], seed=3)
    assert g.observation(None)["stock"] == 104 - 30 - 1
    check_card_conservation(g, 2)


def test_mao_1_decks_option_overrides_the_count():
    g = new_game("mao", ["a", "b"], seed=1, options={"decks": 2})
    check_card_conservation(g, 2)


def test_mao_1_play_starts_left_of_the_dealer_and_goes_clockwise():
    # the dealer is the last seat: the first seat, after them, starts
    g = new_game("mao", ["a", "b", "c"], seed=3)
    assert g.events[0] == {"type": "deal", "round": 1, "first": "a", "at": 0.0}
    assert g.current_player() == "a"
    for now, (seat, after) in enumerate((("a", "b"), ("b", "c"), ("c", "a")), start=1):
        g.apply(seat, Take().stamped(now))
        assert g.current_player() == after
    assert g.observation(None)["direction"] == "clockwise"


def test_mao_1_with_two_decks_a_card_held_twice_is_offered_once():
    # one deck holds each card once, so its hands are listed without looking for repeats
    g = table({"ana": "6H JD 6H JD 2C"}, top="5H", options={"decks": 2})
    offered = [str(a) for a in g.legal_actions("ana")]
    assert offered == ["play 6H", *(f"play JD suit={s}" for s in "CDHS"), "play 2C", "take"]


# --- MAO-2 following and taking ------------------------------------------------------------


def test_mao_2_a_card_of_the_rank_or_suit_on_top_plays():
    g = table({"ana": "5C 9D", "bo": "9H 2D"}, top="5H")
    play(g, "ana", "5C", at=1)  # same rank
    play(g, "bo", "9H", at=2)  # not clubs: a bad card
    assert "9H" in hand(g, "bo") and waiting(g) == [("Bad card", "bo")]
    assert g.observation(None)["top"] == "5C"


def test_mao_2_a_player_may_take_instead_of_playing_even_holding_a_good_card():
    g = table({"ana": "6H 2C"}, top="5H")
    events = take(g, "ana", at=1)
    assert events[-1]["type"] == "take" and events[-1]["count"] == 1
    assert len(hand(g, "ana")) == 3 and g.current_player() == "bo"
    assert waiting(g) == []


def test_mao_2_one_card_per_turn():
    g = table({"ana": "6H 7H 2C"}, top="5H")
    check_illegal_refused(g, "ana", Play(cards=(Card.parse("6H"), Card.parse("7H"))))


# --- MAO-3 sevens ------------------------------------------------------------------------------


def test_mao_3_seven_with_have_a_nice_day_and_the_next_takes_one_saying_penalty_card():
    g = table({"ana": "7H 2C 3C", "bo": "5C 6C", "cy": "9D 9C"}, top="5H")
    play(g, "ana", "7H", at=1)
    say(g, "ana", "Have a nice day!", at=1.5)
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "7",
        "count": 1,
        "target": "bo",
    }
    say(g, "bo", "Penalty card", at=2)
    take(g, "bo", at=2.5)
    assert len(hand(g, "bo")) == 3 and g.current_player() == "cy"
    g.tick(30)  # by then the Chairman has called whatever was left to call
    assert waiting(g) == [] and [f["penalties_taken"] for f in g.stats] == [0, 0, 0]


def test_mao_3_the_nth_seven_needs_n_minus_1_verys_and_the_taker_takes_n():
    g = table(
        {"ana": "7H 2C 3C", "bo": "7C 6C 8D", "cy": "7D 9C 8C", "dee": "4S 4C"},
        top="5H",
        seats=("ana", "bo", "cy", "dee"),
    )
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.1)
    say(g, "bo", "have a very nice day", at=1.5)
    play(g, "bo", "7C", at=2)
    play(g, "cy", "7D", at=3)
    say(g, "cy", "Have a very, very nice day", at=3.2)
    assert g.observation(None)["pending"]["count"] == 3
    say(g, "dee", "penalty card penalty card. Penalty card!", at=4)
    take(g, "dee", at=4.5)
    assert len(hand(g, "dee")) == 5
    g.tick(40)
    assert waiting(g) == [] and sum(f["penalties_taken"] for f in g.stats) == 0


def test_mao_3_too_few_penalty_cards_said_is_one_failure():
    g = table({"ana": "7H 2C 3C", "bo": "7C 6C 8D", "cy": "9D 9C"}, top="5H")
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.1)
    play(g, "bo", "7C", at=2)
    say(g, "bo", "have a very nice day", at=2.1)
    take(g, "cy", at=3)
    say(g, "cy", "penalty card", at=3.5)
    g.tick(8.0)  # cy's window closes 5 s after the take
    assert waiting(g) == [("Failure to say 'Penalty card'", "cy")]


def test_mao_3_a_wrong_count_of_verys_is_a_failure_not_talking():
    g = table({"ana": "7H 2C 3C", "bo": "7C 6C 8D", "cy": "9D 9C"}, top="5H")
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.1)
    play(g, "bo", "7C", at=2)
    say(g, "bo", "have a nice day", at=2.1)
    g.tick(7.0)
    assert waiting(g) == [("Failure to say 'Have a very nice day'", "bo")]


# --- MAO-4 eight, queen, jack --------------------------------------------------------------------


def test_mao_4_eight_reverses_the_direction():
    g = table({"ana": "8H 2C", "bo": "9C 2D", "cy": "9H 3D"}, top="5H")
    play(g, "ana", "8H", at=1)
    assert g.current_player() == "cy"
    assert g.observation(None)["direction"] == "counterclockwise"


def test_mao_4_queen_makes_the_next_player_miss_a_turn():
    g = table({"ana": "QH 2C", "bo": "9C 2D", "cy": "9H 3D"}, top="5H")
    events = play(g, "ana", "QH", at=1)
    assert g.current_player() == "cy"
    assert {"type": "skipped", "seat": "bo", "at": 1.0} in events


def test_mao_4_queen_with_two_players_gives_the_same_player_another_turn():
    g = table({"ana": "QH 2C 3C", "bo": "9C 2D"}, top="5H", seats=("ana", "bo"))
    play(g, "ana", "QH", at=1)
    assert g.current_player() == "ana"


def test_mao_4_jack_names_the_suit_and_the_next_card_follows_it_or_is_a_jack():
    g = table({"ana": "JH 2C", "bo": "9H 3S JD", "cy": "4S 4C"}, top="5H")
    events = play(g, "ana", "JH", at=1, suit="S")
    assert events[0]["suit"] == "S" and g.observation(None)["suit"] == "S"
    play(g, "bo", "9H", at=2)  # hearts no longer in force
    assert waiting(g) == [("Bad card", "bo")]
    play(g, "bo", "JD", at=2.5, suit="C")  # a Jack on a Jack
    assert g.observation(None)["suit"] == "C"


def test_mao_4_a_jack_must_name_a_suit_and_only_a_jack_may():
    g = table({"ana": "JH 6H 2C"}, top="5H")
    assert "suit" in check_illegal_refused(g, "ana", "play JH")
    assert "Jack" in check_illegal_refused(g, "ana", "play 6H suit=S")


# --- MAO-5 spades ------------------------------------------------------------------------------


def test_mao_5_a_spade_must_be_named():
    g = table({"ana": "3S 2C 4C", "bo": "9C 2D"}, top="5S")
    play(g, "ana", "3S", at=1)
    g.tick(6)
    assert waiting(g) == [("Failure to say 'Three of spades'", "ana")]


def test_mao_5_digits_name_a_spade_too():
    g = table({"ana": "10S 2C 4C", "bo": "9C 2D"}, top="5S")
    play(g, "ana", "10S", at=1)
    say(g, "ana", "10 of spades", at=2)
    g.tick(6)
    assert waiting(g) == []


def test_mao_5_naming_the_wrong_spade_is_a_failed_attempt():
    g = table({"ana": "QS 2C 4C", "bo": "9C 2D"}, top="5S")
    play(g, "ana", "QS", at=1)
    say(g, "ana", "king of spades", at=2)
    g.tick(6)
    assert waiting(g) == [("Failure to say 'Queen of spades'", "ana")]


# --- MAO-6 last card, Mao, going out, rejoining ----------------------------------------------


def test_mao_6_penultimate_card_needs_last_card():
    g = table({"ana": "6H 2C", "bo": "9C 2D 3D"}, top="5H")
    play(g, "ana", "6H", at=1)
    g.tick(6)
    assert waiting(g) == [("Failure to say 'Last card'", "ana")]


def test_mao_6_last_card_with_mao_is_out_and_wins():
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4D 4C"}, top="5H")
    play(g, "ana", "6H", at=1)
    events = say(g, "ana", "Mao!", at=1.5)
    assert {"type": "out", "seat": "ana", "at": 1.5} in events
    assert g.observation(None)["out"] == ["ana"]
    assert g.scores[0] == 1 and g.credits[0] == 1
    assert g.current_player() == "bo"


def test_mao_6_an_out_player_rejoins_with_five_cards():
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4D 4C"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.5)
    events = rejoin(g, "ana", at=3)
    assert events[-1]["type"] == "rejoin" and len(hand(g, "ana")) == 5
    assert g.observation(None)["out"] == []
    check_card_conservation(g)


def test_mao_6_only_an_out_player_may_rejoin():
    g = table({"ana": "6H 7D", "bo": "9C 2D 3D"}, top="5H")
    check_illegal_refused(g, "ana", "rejoin")


def test_mao_6_a_winner_may_declare_a_new_rule_and_say_new_rule():
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4D 4C"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.2)
    say(g, "ana", "New rule!", at=2)
    assert waiting(g) == []  # a winner's "New rule" is no talk
    rule = {"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "thank you"}}
    events = declare(g, "ana", rule, at=2.5)
    assert events[-1] == {"type": "new_rule", "seat": "ana", "at": 2.5}
    assert g.credits[0] == 0
    g.tick(20)
    assert waiting(g) == [] and g.stats[0]["penalties_taken"] == 0


def test_mao_6_only_a_winner_may_declare_a_rule():
    g = table({"ana": "6H 2C"}, top="5H")
    rule = '{"trigger":{"kind":"take"},"effect":{"kind":"skip"}}'
    assert "won" in check_illegal_refused(g, "ana", {"kind": "declare_rule", "rule": rule})
