"""Mao's calls and penalties, MAO-9..15, on hand-made tables with a fake clock: the penalty
card, calls naming their offender, adjudication, bad cards, playing out of turn, the
five-second rule and Point of Order.
"""

from __future__ import annotations

from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.mao.table import (
    call,
    hand,
    penalties,
    play,
    say,
    table,
    take,
    waiting,
)

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


def test_mao_10_a_call_naming_only_someone_not_seated_is_judged_against_every_other_seat():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "hello", at=1)
    events = call(g, "bo", "Talking", "onlooker", at=2)
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
