"""MAO-18: one message is one utterance: at most one call per offender per call name, one
"Bad adjudication" at most for calls it cannot address to anyone, each slip committed once."""

from __future__ import annotations

from tests.engine.mao.table import call, penalties, say, table, waiting


def test_mao_18_talking_four_hundred_times_is_one_penalty_per_named_offender():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "bo", "hello", at=1)
    events = call(g, "ana", "talking " * 400, "bo", at=2)
    assert penalties(events) == [("Talking", "bo", "ana")]
    assert waiting(g) == []


def test_mao_18_a_spam_call_on_an_innocent_player_is_one_bad_adjudication():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    stock = len(g.stock)
    call(g, "ana", "talking " * 400, "bo", at=2)
    assert waiting(g) == [("Bad adjudication", "ana")]
    assert penalties(g.tick(20)) == [("Bad adjudication", "ana", "Chairman")]
    assert len(g.stock) == stock - 1


def test_mao_18_several_calls_nobody_can_answer_are_one_bad_adjudication():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    call(g, "ana", "Talking. Bad card! Playing out of turn, bad call", "bo", at=2)
    assert waiting(g) == [("Bad adjudication", "ana")]


def test_mao_18_one_call_name_reaches_each_named_offender_once():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "bo", "hello", at=1)
    say(g, "cy", "hi there", at=1.5)
    say(g, "bo", "again", at=1.7)
    events = say(g, "ana", "Talking talking", at=2, mentions=("bo", "cy"))
    assert sorted(penalties(events)) == [("Talking", "bo", "ana"), ("Talking", "cy", "ana")]
    assert waiting(g) == [("Talking", "bo")]  # bo's second slip is still there to call


def test_mao_18_a_call_that_reaches_one_named_player_is_no_bad_adjudication():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "bo", "hello", at=1)
    events = say(g, "ana", "Talking", at=2, mentions=("bo", "cy"))
    assert penalties(events) == [("Talking", "bo", "ana")]
    assert waiting(g) == []


def test_mao_18_saying_mao_again_and_again_is_one_slip():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "bo", "mao mao mao MAO", at=1)
    assert waiting(g) == [("Taking our Glorious Leader's name in vain", "bo")]


def test_mao_18_near_misses_in_one_message_are_one_bad_call():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "bo", "hmm", at=1)
    say(g, "ana", "tlaking. Bad card! bad crad", at=2, mentions=("bo",))
    assert waiting(g) == [("Talking", "bo"), ("Bad call", "ana"), ("Bad adjudication", "ana")]
