"""One test (or a few) per MAO rule, MAO-1..17, on hand-made tables with a fake clock."""

from __future__ import annotations

import json

import pytest

from engine import IllegalAction, new_game
from engine.actions import Play
from engine.cards import Card
from engine.mao.game import MAX_TURNS
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.mao.table import (
    call,
    declare,
    hand,
    penalties,
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
    g = table({"ana": "6H 2C", "bo": "7C 2D"}, top="5H", turn="ana")
    assert g.current_player() == "ana"
    play(g, "ana", "6H", at=1)
    assert g.current_player() == "bo"
    assert g.observation(None)["direction"] == "clockwise"


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
    g.tick(30)
    assert waiting(g) == [] and g.stats[1]["penalties_taken"] == 0


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
    rule = {"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "thank you"}}
    events = declare(g, "ana", rule, at=2.5)
    assert events[-1] == {"type": "new_rule", "seat": "ana", "at": 2.5}
    assert g.credits[0] == 0
    g.tick(20)
    assert waiting(g) == []


def test_mao_6_only_a_winner_may_declare_a_rule():
    g = table({"ana": "6H 2C"}, top="5H")
    rule = '{"trigger":{"kind":"take"},"effect":{"kind":"skip"}}'
    assert "won" in check_illegal_refused(g, "ana", {"kind": "declare_rule", "rule": rule})


# --- MAO-7 the speech window ---------------------------------------------------------------------


def test_mao_7_a_phrase_said_before_the_card_in_the_same_turn_counts():
    g = table({"ana": "7H 2C 3C", "bo": "9C 2D"}, top="5H")
    say(g, "ana", "have a nice day", at=0.5)
    play(g, "ana", "7H", at=1)
    g.tick(30)
    assert waiting(g) == [] and g.stats[0]["penalties_taken"] == 0


def test_mao_7_case_punctuation_and_spaces_are_ignored_and_phrases_share_a_message():
    g = table({"ana": "7S 2C", "bo": "9C 2D"}, top="5S")
    play(g, "ana", "7S", at=1)
    say(g, "ana", "  HAVE a nice   day... seven OF spades; last card!!", at=2)
    g.tick(30)
    assert g.stats[0]["penalties_taken"] == 0


def test_mao_7_phrases_may_come_in_several_messages():
    g = table({"ana": "7S 2C", "bo": "9C 2D"}, top="5S")
    play(g, "ana", "7S", at=1)
    say(g, "ana", "have a nice day", at=1.5)
    say(g, "ana", "seven of spades", at=2)
    say(g, "ana", "last card", at=2.5)
    g.tick(30)
    assert g.stats[0]["penalties_taken"] == 0


def test_mao_7_the_window_closes_when_the_next_player_acts():
    g = table({"ana": "6H 2C", "bo": "6S 2D 4D"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "bo", "six of spades", at=1.2)
    play(g, "bo", "6S", at=1.5)
    assert waiting(g) == [("Failure to say 'Last card'", "ana")]
    say(g, "ana", "last card", at=2)  # too late: ana owes nothing now, so it is talk
    g.tick(30)
    assert penalties(g.events) == [
        ("Failure to say 'Last card'", "ana", "Chairman"),
        ("Talking", "ana", "Chairman"),
    ]


def test_mao_7_the_window_closes_speech_window_seconds_after_the_action():
    g = table({"ana": "6H 2C", "bo": "9C 2D"}, top="5H", options={"turn_seconds": 0})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "last card", at=5.99)
    g.tick(20)
    assert g.stats[0]["penalties_taken"] == 0
    g = table({"ana": "6H 2C", "bo": "9C 2D"}, top="5H", options={"turn_seconds": 0})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "last card", at=6.0)
    g.tick(20)
    assert sorted(penalties(g.events)) == [
        ("Failure to say 'Last card'", "ana", "Chairman"),
        ("Talking", "ana", "Chairman"),
    ]


def test_mao_7_saying_mao_without_going_out_takes_the_leaders_name_in_vain():
    g = table({"ana": "6H 2C 3C", "bo": "9C 2D"}, top="5H")
    say(g, "bo", "Mao", at=1)
    assert waiting(g) == [("Taking our Glorious Leader's name in vain", "bo")]


def test_mao_7_going_out_without_mao_is_called_and_the_card_means_not_out():
    g = table({"ana": "6H", "bo": "9C 2D", "cy": "4D 4C"}, top="5H")
    play(g, "ana", "6H", at=1)
    assert g.observation(None)["going_out"] == ["ana"]
    g.tick(6)
    assert waiting(g) == [("Failure to name our Glorious Leader", "ana")]
    events = g.tick(16)
    assert penalties(events) == [("Failure to name our Glorious Leader", "ana", "Chairman")]
    assert len(hand(g, "ana")) == 1 and g.scores[0] == 0
    assert g.observation(None)["going_out"] == [] and g.observation(None)["out"] == []


# --- MAO-8 talking -----------------------------------------------------------------------------


def test_mao_8_any_other_message_is_talking():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "nice weather today", at=1)
    assert waiting(g) == [("Talking", "cy")]


def test_mao_8_an_owed_phrase_said_twice_is_talking_the_second_time():
    g = table({"ana": "6H 2C", "bo": "9C 2D"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "ana", "last card", at=1.5)
    say(g, "ana", "last card", at=2)
    assert waiting(g) == [("Talking", "ana")]


def test_mao_8_an_out_player_is_still_at_the_table_and_may_not_talk():
    g = table({"ana": "6H", "bo": "9C 2D", "cy": "4D 4C"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.2)
    say(g, "ana", "that was easy", at=3)
    assert waiting(g) == [("Talking", "ana")]


# --- MAO-9 penalties ---------------------------------------------------------------------------


def test_mao_9_a_penalty_is_one_card_from_the_pool_named_by_its_call():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    stock = len(g.stock)
    events = call(g, "bo", "Talking", "cy", at=2)
    assert events[-1] == {
        "type": "penalty",
        "call": "Talking",
        "seat": "cy",
        "by": "bo",
        "count": 1,
        "ruling": events[-1]["ruling"],
        "at": 2.0,
    }
    assert len(g.stock) == stock - 1 and len(hand(g, "cy")) == 6
    check_card_conservation(g)


# --- MAO-10 calls name their offender -----------------------------------------------------------


def test_mao_10_a_call_names_its_offender_with_a_mention():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    say(g, "ana", "hi", at=1.1)
    events = call(g, "bo", "talking", "cy", at=2)
    assert penalties(events) == [("Talking", "cy", "bo")]
    assert waiting(g) == [("Talking", "ana")]


def test_mao_10_a_call_names_its_offender_by_replying():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    say(g, "ana", "hi", at=1.1)
    events = say(g, "bo", "Talking.", at=2, reply_to="ana")
    assert penalties(events) == [("Talking", "ana", "bo")]


def test_mao_10_a_call_naming_nobody_is_judged_against_every_other_seat():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    events = say(g, "bo", "Talking", at=2)
    assert penalties(events) == [("Talking", "cy", "bo")]


def test_mao_10_a_declared_rules_call_name_is_a_call():
    rule = {
        "name": "Hearts are lovely",
        "trigger": {"kind": "play", "suit": "H"},
        "effect": {"kind": "say", "phrase": "lovely"},
    }
    g = table({"ana": "6H 2C 3C", "bo": "6C 2D 3D"}, top="5H", options={"house_rules": [rule]})
    play(g, "ana", "6H", at=1)
    play(g, "bo", "6C", at=2)
    events = call(g, "cy", "hearts are lovely", "ana", at=3)
    assert penalties(events) == [("Hearts are lovely", "ana", "cy")]


# --- MAO-11 adjudication -------------------------------------------------------------------------


def test_mao_11_a_call_within_the_window_stands_and_is_credited():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    call(g, "bo", "Talking", "cy", at=10.99)
    assert g.stats[1]["calls"] == 1 and g.stats[2]["penalties"] == {"Talking": 1}


def test_mao_11_a_call_after_the_window_is_a_bad_adjudication():
    g = table({"ana": "6H 2C 3C"}, top="5H", options={"mode": "players", "turn_seconds": 0})
    say(g, "cy", "hello", at=1)
    call(g, "bo", "Talking", "cy", at=11)
    assert waiting(g) == [("Bad adjudication", "bo")]
    assert g.stats[1]["bad_adjudications"] == 1 and g.stats[2]["penalties_taken"] == 0


def test_mao_11_a_correct_call_with_nothing_to_call_is_a_bad_adjudication():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    call(g, "bo", "Bad card", "cy", at=1)
    assert waiting(g) == [("Bad adjudication", "bo")]


def test_mao_11_calling_a_penalised_infraction_again_is_a_bad_adjudication():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    call(g, "bo", "Talking", "cy", at=2)
    call(g, "ana", "Talking", "cy", at=3)
    assert waiting(g) == [("Bad adjudication", "ana")]


def test_mao_11_a_near_miss_of_a_call_is_a_bad_call():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    say(g, "bo", "talkin", at=2, mentions=("cy",))
    assert waiting(g) == [("Talking", "cy"), ("Bad call", "bo")]


def test_mao_11_chairman_mode_calls_what_nobody_called_when_the_window_closes():
    g = table({"ana": "6H 2C 3C"}, top="5H", options={"turn_seconds": 0})
    say(g, "cy", "hello", at=1)
    assert g.tick(10.99) == []
    events = g.tick(11)
    assert penalties(events) == [("Talking", "cy", "Chairman")]


def test_mao_11_players_mode_lets_an_uncalled_infraction_lapse():
    g = table({"ana": "6H 2C 3C"}, top="5H", options={"mode": "players", "turn_seconds": 0})
    say(g, "cy", "hello", at=1)
    assert g.next_deadline() == 11
    version = g.version
    assert g.tick(11) == []
    assert waiting(g) == [] and len(hand(g, "cy")) == 5
    assert g.version == version + 1  # the record changed, though nothing was announced


# --- MAO-12 bad card -----------------------------------------------------------------------------


def test_mao_12_every_card_in_hand_is_offered_whatever_its_legality():
    g = table({"ana": "6H 2C JD", "bo": "9C 2D"}, top="5H")
    offered = {str(a) for a in g.legal_actions("ana")}
    assert {"play 6H", "play 2C", "take"} <= offered
    assert {f"play JD suit={s}" for s in "CDHS"} <= offered
    assert {"play 9C", "play 2D", "take"} <= {str(a) for a in g.legal_actions("bo")}


def test_mao_12_a_bad_card_goes_back_to_the_hand_with_a_penalty():
    g = table({"ana": "6C 2C 3C"}, top="5H")
    events = play(g, "ana", "6C", at=1)
    assert events[-1]["type"] == "refused" and "6C" in hand(g, "ana")
    assert g.current_player() == "ana" and g.observation(None)["top"] == "5H"
    events = g.tick(11)
    assert penalties(events) == [("Bad card", "ana", "Chairman")]
    assert len(hand(g, "ana")) == 4


def test_mao_12_a_card_not_held_is_refused_outright():
    g = table({"ana": "6C 2C 3C"}, top="5H")
    check_illegal_refused(g, "ana", "play 9H")


# --- MAO-13 out of turn -----------------------------------------------------------------------


def test_mao_13_playing_out_of_turn_leaves_the_card_in_hand():
    g = table({"ana": "6C 2C 3C", "bo": "6H 2D"}, top="5H")
    events = play(g, "bo", "6H", at=1)
    assert events[-1]["type"] == "refused" and "6H" in hand(g, "bo")
    assert g.current_player() == "ana"
    assert waiting(g) == [("Playing out of turn", "bo")]


def test_mao_13_taking_out_of_turn_takes_nothing():
    g = table({"ana": "6C 2C 3C", "bo": "6H 2D"}, top="5H")
    stock = len(g.stock)
    take(g, "cy", at=1)
    assert len(g.stock) == stock and waiting(g) == [("Playing out of turn", "cy")]


# --- MAO-14 the five-second rule ----------------------------------------------------------------


def test_mao_14_no_penalty_at_4_99_seconds():
    g = table({"ana": "6H 2C 3C"}, top="5H", clock=True)
    assert g.next_deadline() == 5.0
    play(g, "ana", "6H", at=4.99)
    assert waiting(g) == []


def test_mao_14_penalty_at_5_00_seconds():
    g = table({"ana": "6H 2C 3C"}, top="5H", clock=True)
    play(g, "ana", "6H", at=5.0)
    assert waiting(g) == [("Failure to play within five seconds", "ana")]
    assert g.observation(None)["top"] == "6H"  # the play still stands


def test_mao_14_measured_from_the_end_of_the_previous_turn_and_restarted_after_a_timeout():
    g = table({"ana": "6H 2C 3C", "bo": "9C 2D"}, top="5H", clock=True)
    play(g, "ana", "6H", at=3)
    assert g.next_deadline() == 8.0
    g.tick(8.0)
    assert waiting(g) == [("Failure to play within five seconds", "bo")]
    assert g.next_deadline() == 13.0
    g.tick(12.99)
    assert len(waiting(g)) == 1


def test_mao_14_three_timeouts_in_a_row_mark_the_seat_away_until_it_is_back():
    g = table({"ana": "6H 2C 3C"}, top="5H", clock=True, options={"call_window": 60})
    events = g.tick(10)
    assert g.observation(None)["away"] == [] and g.observation(None)["timeouts"] == {"ana": 2}
    events = g.tick(15)
    assert {"type": "away", "seat": "ana", "at": 15.0} in events
    assert g.observation(None)["away"] == ["ana"]
    assert "back" in {str(a) for a in g.legal_actions("ana")}
    play(g, "ana", "6H", at=16)  # a bot may play for them: the mark stays
    assert g.observation(None)["away"] == ["ana"]
    events = g.apply("ana", {"kind": "back", "at": 17})
    assert events[-1]["type"] == "back" and g.observation(None)["away"] == []


def test_mao_14_acting_resets_the_count_of_timeouts():
    g = table({"ana": "6H 2C 3C", "bo": "9C 2D", "cy": "9D 3D"}, top="5H", clock=True)
    g.tick(10)
    play(g, "ana", "6H", at=11)
    assert g.observation(None)["timeouts"] == {}


# --- MAO-15 Point of Order (more in test_mao_point_of_order.py) ----------------------------------


def test_mao_15_point_of_order_stops_play_and_clocks_and_lets_everyone_talk():
    g = table({"ana": "6H 2C 3C"}, top="5H", clock=True)
    events = say(g, "bo", "Point of order", at=1)
    assert events[-1]["type"] == "point_of_order"
    assert g.next_deadline() == 181.0
    say(g, "cy", "what are the rules?", at=50)
    say(g, "ana", "end of point of order", at=60)
    assert waiting(g) == []
    assert g.next_deadline() == 64.0  # ana had 4 s left when it started


# --- MAO-16 secret rules (more in test_mao_secret_rules.py) -------------------------------------


def test_mao_16_a_secret_rule_is_enforced_with_its_own_call_and_kept_from_others():
    g = table({"ana": "6H", "bo": "9H 2D 3D", "cy": "4D 4C 4S"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.2)
    rule = {"trigger": {"kind": "play", "rank": "9"}, "effect": {"kind": "say", "phrase": "nein"}}
    declare(g, "ana", rule, at=2)
    assert g.observation("bo")["rules"] == [{"by": "ana"}]
    assert g.observation("ana")["rules"][0]["rule"]["effect"]["phrase"] == "nein"
    play(g, "bo", "9H", at=3)
    g.tick(8)
    assert waiting(g) == [("Failure to say 'Nein'", "bo")]


# --- MAO-17 rounds and stats ----------------------------------------------------------------------


def test_mao_17_the_round_ends_when_one_player_holds_cards_and_everyone_is_dealt_in():
    g = table({"ana": "6H", "bo": "9C 2D 3D"}, top="5H", seats=("ana", "bo"))
    play(g, "ana", "6H", at=1)
    events = say(g, "ana", "mao", at=1.5)
    kinds = [e["type"] for e in events]
    assert kinds[-3:] == ["out", "round_end", "deal"]
    end = events[-2]
    assert end["winners"] == ["ana"] and end["last"] == "bo"
    assert end["stats"]["ana"]["wins"] == 1
    assert g.round == 2 and g.observation(None)["counts"] == {"ana": 5, "bo": 5}
    assert g.current_player() == "bo"  # the next round starts one seat on
    check_card_conservation(g)


def test_mao_17_rules_and_waiting_infractions_outlive_the_round():
    g = table({"ana": "6H", "bo": "9C 2D 3D"}, top="5H", seats=("ana", "bo"))
    say(g, "bo", "so close", at=0.5)
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.5)
    rule = {"trigger": {"kind": "take"}, "effect": {"kind": "skip"}}
    declare(g, "ana", rule, at=2)
    assert g.round == 2 and len(g.rules) == 1
    events = g.tick(10.5)
    assert penalties(events) == [("Talking", "bo", "Chairman")]
    assert len(hand(g, "bo")) == 6


def test_mao_17_stats_count_wins_penalties_by_call_calls_that_stood_and_bad_adjudications():
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4D 4C"}, top="5H")
    say(g, "cy", "hi", at=0.5)
    call(g, "bo", "talking", "cy", at=0.6)
    call(g, "bo", "bad card", "cy", at=0.7)
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.5)
    stats = g.outcome()["stats"]
    assert stats["ana"]["wins"] == 1
    assert stats["cy"]["penalties"] == {"Talking": 1}
    assert stats["bo"]["calls"] == 1 and stats["bo"]["bad_adjudications"] == 1
    assert g.outcome()["winners"] == ["ana"] and g.outcome()["places"]["ana"] == 1


def test_mao_17_the_rounds_option_ends_the_match():
    g = table({"ana": "6H", "bo": "9C 2D 3D"}, top="5H", seats=("ana", "bo"), options={"rounds": 1})
    play(g, "ana", "6H", at=1)
    events = say(g, "ana", "mao", at=1.5)
    assert events[-1]["type"] == "match_end" and g.is_over
    assert g.next_deadline() is None
    with pytest.raises(IllegalAction):
        say(g, "bo", "well done", at=2)


def test_mao_17_a_round_that_reaches_its_turn_limit_is_called_off_and_dealt_again():
    g = table(
        {"ana": "6H 2C", "bo": "9C 2D 3D"}, top="5H", seats=("ana", "bo"), options={"max_turns": 2}
    )
    take(g, "ana", at=1)
    assert g.round == 1  # one turn short of the limit
    events = take(g, "bo", at=2)
    kinds = [e["type"] for e in events]
    assert kinds[-3:] == ["stalemate", "round_end", "deal"]
    assert events[-3]["reason"] == "turns" and events[-2]["winners"] == []
    assert g.round == 2 and g.observation(None)["counts"] == {"ana": 5, "bo": 5}
    check_card_conservation(g)


def test_mao_17_with_max_turns_0_a_round_plays_past_the_default_limit():
    g = table(
        {"ana": "6H 2C", "bo": "9C 2D 3D"}, top="5H", seats=("ana", "bo"), options={"max_turns": 0}
    )
    for turn in range(MAX_TURNS + 10):
        take(g, ("ana", "bo")[turn % 2], at=turn + 1)
    assert g.round == 1 and g.turns == MAX_TURNS + 10


def test_mao_16_house_rules_are_counted_in_observations_never_shown():
    rule = {
        "trigger": {"kind": "play", "rank": "Q"},
        "effect": {"kind": "say", "phrase": "long live the queen"},
    }
    g = table({"ana": "6H 2C 3C", "bo": "6C 2D 3D"}, top="5H", options={"house_rules": [rule]})
    for seat in (*g.seats, None):
        seen = json.dumps(g.observation(seat))
        assert "long live the queen" not in seen
        assert g.observation(seat)["options"]["house_rules"] == 1


def test_mao_1_with_two_decks_a_card_held_twice_is_offered_once():
    # one deck holds each card once, so its hands are listed without looking for repeats
    g = table({"ana": "6H JD 6H JD 2C"}, top="5H", options={"decks": 2})
    offered = [str(a) for a in g.legal_actions("ana")]
    assert offered == ["play 6H", *(f"play JD suit={s}" for s in "CDHS"), "play 2C", "take"]
