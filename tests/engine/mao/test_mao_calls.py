"""One test per call name of MAO-10: commit the infraction, let a player call it, see it stand.

Each call is typed the way a player might (any case, punctuation, quotes or none) and names
its offender with a mention; the penalty card goes to the offender, credited to the caller.
"""

from __future__ import annotations

from engine.mao import Mao
from tests.engine.mao.table import call, declare, penalties, play, say, table, take


def stands(g: Mao, caller: str, words: str, offender: str, call_name: str, at: float) -> None:
    before = len(g.hands[g.index[offender]])
    events = call(g, caller, words, offender, at)
    assert penalties(events) == [(call_name, offender, caller)]
    assert len(g.hands[g.index[offender]]) == before + 1
    assert g.stats[g.index[caller]]["calls"] == 1


def test_call_talking():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "psst", at=1)
    stands(g, "cy", "Talking!", "bo", "Talking", at=2)


def test_call_playing_out_of_turn():
    g = table({"ana": "6H 2C 3C", "bo": "6C 2D 3D"})
    play(g, "bo", "6C", at=1)
    stands(g, "ana", "playing out of turn", "bo", "Playing out of turn", at=2)


def test_call_failure_to_play_within_five_seconds():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    g.tick(5)
    stands(
        g,
        "bo",
        "Failure to play within 5 seconds",
        "ana",
        "Failure to play within five seconds",
        at=6,
    )


def test_call_bad_card():
    g = table({"ana": "9C 2C 3C"})
    play(g, "ana", "9C", at=1)
    stands(g, "bo", "BAD CARD", "ana", "Bad card", at=2)


def test_call_bad_call():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "bad crad", at=1, mentions=("ana",))
    stands(g, "cy", "bad call", "bo", "Bad call", at=2)


def test_call_bad_adjudication():
    g = table({"ana": "6H 2C 3C"})
    call(g, "bo", "talking", "ana", at=1)
    stands(g, "cy", "Bad adjudication.", "bo", "Bad adjudication", at=2)


def test_call_failure_to_take_penalty_card():
    g = table({"ana": "7H 2C 3C", "bo": "6H 2D 3D"})
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.2)
    play(g, "bo", "6H", at=2)  # a 7 is pending: bo must take (or play a 7)
    assert "6H" in g.observation("bo")["hand"]
    stands(g, "cy", "failure to take penalty card", "bo", "Failure to take penalty card", at=3)


def test_call_touching_cards_during_point_of_order():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    take(g, "cy", at=2)
    stands(
        g,
        "ana",
        "touching cards during point of order",
        "cy",
        "Touching cards during point of order",
        at=3,
    )


def test_call_saying_point_of_order_during_a_point_of_order():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    say(g, "cy", "P of O", at=2)
    stands(
        g,
        "ana",
        "Saying P.O.O. during a point of order",
        "cy",
        "Saying point of order during a point of order",
        at=3,
    )


def test_call_taking_our_glorious_leaders_name_in_vain():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "mao", at=1)
    stands(
        g,
        "cy",
        "Taking our Glorious Leader’s name in vain",
        "bo",
        "Taking our Glorious Leader's name in vain",
        at=2,
    )


def test_call_failure_to_say_have_a_nice_day():
    g = table({"ana": "7H 2C 3C", "bo": "6C 2D 3D"})
    play(g, "ana", "7H", at=1)
    g.tick(6)
    stands(
        g, "bo", "Failure to say 'Have a nice day'", "ana", "Failure to say 'Have a nice day'", at=7
    )


def test_call_failure_to_say_have_a_very_nice_day():
    g = table({"ana": "7H 2C 3C", "bo": "7C 2D 3D"})
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.1)
    play(g, "bo", "7C", at=2)
    g.tick(7)
    stands(
        g,
        "cy",
        "failure to say have a very nice day",
        "bo",
        "Failure to say 'Have a very nice day'",
        at=8,
    )


def test_call_failure_to_say_penalty_card():
    g = table({"ana": "7H 2C 3C", "bo": "6C 2D 3D"})
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.1)
    take(g, "bo", at=2)
    g.tick(7)
    stands(g, "cy", "failure to say penalty card", "bo", "Failure to say 'Penalty card'", at=8)


def test_call_failure_to_say_a_spades_name():
    g = table({"ana": "4S 2C 3C"}, top="5S")
    play(g, "ana", "4S", at=1)
    g.tick(6)
    stands(g, "bo", "failure to say 4 of spades", "ana", "Failure to say 'Four of spades'", at=7)


def test_call_failure_to_say_last_card():
    g = table({"ana": "6H 2C"})
    play(g, "ana", "6H", at=1)
    g.tick(6)
    stands(g, "bo", "Failure to say LAST CARD", "ana", "Failure to say 'Last card'", at=7)


def test_call_failure_to_name_our_glorious_leader():
    g = table({"ana": "6H", "bo": "6C 2D 3D"})
    play(g, "ana", "6H", at=1)
    g.tick(6)
    stands(
        g,
        "bo",
        "failure to name our glorious leader",
        "ana",
        "Failure to name our Glorious Leader",
        at=7,
    )
    assert g.observation(None)["going_out"] == []


def test_call_a_say_rules_default_name():
    rule = {"trigger": {"kind": "play", "suit": "H"}, "effect": {"kind": "say", "phrase": "Aloha"}}
    g = table({"ana": "6H 2C 3C"}, options={"house_rules": [rule]})
    play(g, "ana", "6H", at=1)
    g.tick(6)
    stands(g, "bo", "failure to say aloha", "ana", "Failure to say 'Aloha'", at=7)


def test_call_a_silence_rules_default_name():
    rule = {
        "trigger": {"kind": "play", "rank": "6"},
        "effect": {"kind": "silence", "phrase": "six"},
    }
    g = table({"ana": "6H 2C 3C"}, options={"house_rules": [rule]})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "six", at=2)
    stands(g, "bo", "saying six", "ana", "Saying 'Six'", at=3)


def test_call_a_rules_own_name():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    rule = {
        "name": "Diamond geezer",
        "trigger": {"kind": "play", "suit": "D"},
        "effect": {"kind": "say", "phrase": "shine on"},
    }
    declare(g, "ana", rule, at=2)
    play(g, "bo", "6C", at=3)
    play(g, "cy", "9C", at=4)
    play(g, "bo", "2D", at=5)  # a bad card fires nothing
    take(g, "bo", at=5.5)
    play(g, "cy", "9D", at=6)
    g.tick(11.5)
    stands(g, "ana", "Diamond geezer!", "cy", "Diamond geezer", at=12)
