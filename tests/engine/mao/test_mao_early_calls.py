"""MAO-11 early calls: a call made while its offender may still make good is held, and judged
when their speech window closes: upheld and credited if the slip stands, "Bad adjudication"
only if the offender said the phrase in time."""

from __future__ import annotations

import pytest

from engine.events import Event
from engine.mao import Mao
from engine.mao.wording import NO_MAO
from tests.engine.invariants import check_card_conservation
from tests.engine.mao.table import call, penalties, play, say, table, take, waiting

HEARTS_RULE = {
    "trigger": {"kind": "play", "suit": "H"},
    "effect": {"kind": "say", "phrase": "hearts are lovely"},
}


def seven(g: Mao) -> list[Event]:
    play(g, "ana", "7H", at=0.5)
    return say(g, "ana", "Have a nice day", at=0.6)


# (name, hands, top, options, moves before the call, offender, call, the phrase that makes good)
CASES = [
    (
        "have a nice day",
        {"ana": "7H 9C 2D"},
        "5H",
        {},
        lambda g: play(g, "ana", "7H", at=1),
        "ana",
        "Failure to say 'Have a nice day'",
        "Have a nice day",
    ),
    (
        "have a very nice day",
        {"ana": "7H 9C 2D", "bo": "7C 4D 4S"},
        "5H",
        {},
        lambda g: (seven(g), play(g, "bo", "7C", at=1)),
        "bo",
        "Failure to say 'Have a very nice day'",
        "Have a very nice day",
    ),
    (
        "penalty card",
        {"ana": "7H 9C 2D", "bo": "3C 4D 4S"},
        "5H",
        {},
        lambda g: (seven(g), take(g, "bo", at=1)),
        "bo",
        "Failure to say 'Penalty card'",
        "Penalty card",
    ),
    (
        "a spade's name",
        {"ana": "3S 9C 2D"},
        "5S",
        {},
        lambda g: play(g, "ana", "3S", at=1),
        "ana",
        "Failure to say 'Three of spades'",
        "Three of spades",
    ),
    (
        "last card",
        {"ana": "6H 9C"},
        "5H",
        {},
        lambda g: play(g, "ana", "6H", at=1),
        "ana",
        "Failure to say 'Last card'",
        "Last card",
    ),
    (
        "mao",
        {"ana": "6H"},
        "5H",
        {},
        lambda g: play(g, "ana", "6H", at=1),
        "ana",
        NO_MAO,
        "Mao",
    ),
    (
        "a secret rule's phrase",
        {"ana": "6H 9C 2D"},
        "5H",
        {"house_rules": [HEARTS_RULE]},
        lambda g: play(g, "ana", "6H", at=1),
        "ana",
        "Failure to say 'Hearts are lovely'",
        "Hearts are lovely",
    ),
]
IDS = [case[0] for case in CASES]


@pytest.mark.parametrize(
    ("name", "hands", "top", "options", "moves", "who", "slip", "good"), CASES, ids=IDS
)
def test_mao_11_an_early_call_is_upheld_and_credited_when_the_window_closes(
    name, hands, top, options, moves, who, slip, good
):
    g = table(hands, top=top, options=options)
    moves(g)
    events = call(g, "cy", slip, who, at=2)
    assert penalties(events) == [] and waiting(g) == []  # held, not a Bad adjudication
    events = g.tick(7)  # the speech window (5 s) closes
    assert penalties(events) == [(slip, who, "cy")]
    cy = g.index["cy"]
    assert g.stats[cy]["calls"] == 1 and g.stats[cy]["bad_adjudications"] == 0
    assert waiting(g) == []
    check_card_conservation(g)


@pytest.mark.parametrize(
    ("name", "hands", "top", "options", "moves", "who", "slip", "good"), CASES, ids=IDS
)
def test_mao_11_an_early_call_is_a_bad_adjudication_if_the_offender_makes_good(
    name, hands, top, options, moves, who, slip, good
):
    g = table(hands, top=top, options=options)
    moves(g)
    call(g, "cy", slip, who, at=2)
    say(g, who, good, at=3)
    events = g.tick(7)
    assert penalties(events) == []
    assert waiting(g) == [("Bad adjudication", "cy")]


def test_mao_11_an_early_failure_to_name_our_glorious_leader_by_reply_keeps_her_in():
    g = table({"ana": "6H"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "cy", "Failure to name our Glorious Leader", at=2, reply_to="ana")
    events = g.tick(7)
    assert penalties(events) == [(NO_MAO, "ana", "cy")]
    assert len(g.observation("ana")["hand"]) == 1 and "ana" not in g.observation(None)["out"]


def test_mao_11_a_held_call_is_judged_when_the_next_player_acts():
    g = table({"ana": "6H 9C", "bo": "6C 2D 3D"}, top="5H")
    play(g, "ana", "6H", at=1)
    call(g, "cy", "Failure to say 'Last card'", "ana", at=2)
    events = play(g, "bo", "6C", at=3)  # closes ana's window before its five seconds
    assert penalties(events) == [("Failure to say 'Last card'", "ana", "cy")]


def test_mao_11_two_callers_of_one_slip_the_first_is_credited():
    g = table({"ana": "6H 9C"}, top="5H")
    play(g, "ana", "6H", at=1)
    call(g, "cy", "Failure to say 'Last card'", "ana", at=2)
    call(g, "bo", "Failure to say 'Last card'", "ana", at=3)
    events = g.tick(7)
    assert penalties(events) == [("Failure to say 'Last card'", "ana", "cy")]
    assert waiting(g) == [("Bad adjudication", "bo")]


def test_mao_11_a_call_of_a_phrase_nobody_owes_is_still_a_bad_adjudication_at_once():
    g = table({"ana": "6H 9C 2D"}, top="5H")
    play(g, "ana", "6H", at=1)
    call(g, "cy", "Failure to say 'Last card'", "ana", at=2)  # ana holds two cards
    assert waiting(g) == [("Bad adjudication", "cy")]


def test_mao_11_a_held_call_survives_a_round_trip():
    g = table({"ana": "6H 9C"}, top="5H")
    play(g, "ana", "6H", at=1)
    call(g, "cy", "Failure to say 'Last card'", "ana", at=2)
    copy = type(g).from_dict(g.to_dict())
    assert penalties(copy.tick(7)) == [("Failure to say 'Last card'", "ana", "cy")]
