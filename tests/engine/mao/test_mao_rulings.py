"""Moderating the Chairman's rulings: the round's rulings listed without their cards, and a
ruling overturned: the penalty card back on the pool, the caller's credit taken back, an
``overturned`` event, and the whole kept by a round trip (MAO-9, MAO-11)."""

from __future__ import annotations

import pytest

from engine.actions import IllegalAction
from tests.engine.invariants import check_card_conservation
from tests.engine.mao.table import call, hand, play, say, table

RULE = {
    "trigger": {"kind": "play", "suit": "H"},
    "effect": {"kind": "say", "phrase": "hearts"},
    "name": "Heart felt",
}


def ruled():
    g = table({"ana": "6H 2C 3C", "bo": "9D 9S 9C"}, top="5H")
    say(g, "bo", "hello", at=1)
    before = (hand(g, "bo"), [str(c) for c in g.stock])
    events = call(g, "ana", "Talking", "bo", at=2)
    return g, before, events[-1]["ruling"]


def test_rulings_list_who_for_what_by_whom_and_when_but_no_card():
    g, _before, ruling = ruled()
    assert g.public_rulings() == [
        {"id": ruling, "call": "Talking", "seat": "bo", "by": "ana", "at": 2.0, "overturned": False}
    ]


def test_overturn_puts_the_card_back_and_takes_back_the_credit():
    g, (bo_hand, stock), ruling = ruled()
    events = g.moderate({"kind": "overturn", "ruling": ruling, "at": 3})
    assert events[-1] == {
        "type": "overturned",
        "ruling": ruling,
        "call": "Talking",
        "seat": "bo",
        "at": 3.0,
    }
    assert hand(g, "bo") == bo_hand and [str(c) for c in g.stock] == stock
    ana, bo = g.index["ana"], g.index["bo"]
    assert g.stats[ana]["calls"] == 0
    assert g.stats[bo]["penalties"] == {} and g.stats[bo]["penalties_taken"] == 0
    assert g.public_rulings()[0]["overturned"] is True
    check_card_conservation(g)


def test_overturn_of_a_bad_adjudication_takes_its_card_back_too():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    call(g, "bo", "Bad card", "cy", at=1)
    bo_hand = hand(g, "bo")
    events = g.tick(20)
    ruling = next(e for e in events if e["type"] == "penalty")["ruling"]
    g.moderate({"kind": "overturn", "ruling": ruling, "at": 21})
    assert hand(g, "bo") == bo_hand and g.stats[g.index["bo"]]["bad_adjudications"] == 0


def test_overturn_twice_or_of_no_ruling_is_refused_and_changes_nothing():
    g, _before, ruling = ruled()
    g.moderate({"kind": "overturn", "ruling": ruling, "at": 3})
    data = g.to_dict()
    with pytest.raises(IllegalAction, match="already"):
        g.moderate({"kind": "overturn", "ruling": ruling, "at": 4})
    with pytest.raises(IllegalAction, match="no ruling"):
        g.moderate({"kind": "overturn", "ruling": 999, "at": 4})
    assert g.to_dict() == data


def test_overturn_is_refused_once_the_penalty_card_was_played():
    g = table({"ana": "6H 2C 3C", "bo": "9D 9S 9C"}, top="5H", stock="4H 5C")
    say(g, "bo", "hello", at=1)
    events = call(g, "ana", "Talking", "bo", at=2)
    ruling = events[-1]["ruling"]
    play(g, "ana", "6H", at=3)
    play(g, "bo", "4H", at=4)  # the penalty card
    with pytest.raises(IllegalAction, match="played since"):
        g.moderate({"kind": "overturn", "ruling": ruling, "at": 5})


def test_overturning_a_failure_to_name_our_glorious_leader_lets_her_go_out():
    g = table({"ana": "6H"}, top="5H")
    play(g, "ana", "6H", at=1)
    events = g.tick(20)
    ruling = next(e for e in events if e["type"] == "penalty")["ruling"]
    events = g.moderate({"kind": "overturn", "ruling": ruling, "at": 8})
    assert hand(g, "ana") == [] and any(e["type"] == "out" and e["seat"] == "ana" for e in events)


def test_an_overturn_survives_a_round_trip_and_only_the_round_is_listed():
    g, _before, ruling = ruled()
    g.moderate({"kind": "overturn", "ruling": ruling, "at": 3})
    copy = type(g).from_dict(g.to_dict())
    assert copy == g and copy.public_rulings()[0]["overturned"]


def test_a_secret_rule_is_listed_by_its_call_name_only():
    g = table({"ana": "6H 2C 3C"}, top="5H", options={"house_rules": [RULE]})
    play(g, "ana", "6H", at=1)
    g.tick(20)
    listed = g.public_rulings()
    assert [r["call"] for r in listed] == ["Heart felt"]
    assert "hearts" not in str(listed).lower().replace("heart felt", "")
