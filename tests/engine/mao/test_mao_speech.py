"""Mao's speech, MAO-7..8, on hand-made tables with a fake clock: when a required phrase
counts, and any other message being "Talking".
"""

from __future__ import annotations

from tests.engine.mao.table import (
    call,
    hand,
    penalties,
    play,
    say,
    table,
    waiting,
)

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


def test_mao_11_a_call_of_mao_said_in_vain_on_ones_own_turn_waits_for_the_turns_move():
    g = table({"ana": "6H 2C 3C", "bo": "9C 2D", "cy": "4D 4C"}, top="5H")
    say(g, "ana", "Mao", at=1)  # it may yet come with a last card: judged with the move
    call(g, "bo", "Taking our Glorious Leader's name in vain", "ana", 2)
    assert waiting(g) == []  # no Bad adjudication for bo
    events = play(g, "ana", "6H", at=3)  # not a last card: the name was taken in vain
    assert penalties(events) == [("Taking our Glorious Leader's name in vain", "ana", "bo")]
    assert g.stats[g.index["bo"]]["calls"] == 1


def test_mao_11_a_call_of_mao_said_before_going_out_is_a_bad_adjudication():
    g = table({"ana": "6H", "bo": "9C 2D", "cy": "4D 4C"}, top="5H")
    say(g, "ana", "Mao", at=1)
    call(g, "bo", "Taking our Glorious Leader's name in vain", "ana", 2)
    assert waiting(g) == []  # the call waits for her move, as her words do
    play(g, "ana", "6H", at=3)  # her last card: "Mao" was owed, and said
    assert waiting(g) == [("Bad adjudication", "bo")]


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
