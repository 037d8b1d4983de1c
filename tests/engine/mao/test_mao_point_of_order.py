"""Point of Order (MAO-15) and its edge cases."""

from __future__ import annotations

import pytest

from tests.engine.mao.table import call, hand, penalties, play, rejoin, say, table, take, waiting

TOUCHING = "Touching cards during point of order"
AGAIN = "Saying point of order during a point of order"
IN_VAIN = "Taking our Glorious Leader's name in vain"


@pytest.mark.parametrize("words", ["Point of order!", "P of O", "p.o.o.", "POO"])
def test_point_of_order_is_started_by_any_of_its_forms(words):
    g = table({"ana": "6H 2C 3C"})
    events = say(g, "cy", words, at=1)
    assert events[-1] == {"type": "point_of_order", "seat": "cy", "at": 1.0}
    assert g.observation("ana")["point_of_order"] == {"by": "cy", "since": 1.0, "ends": 181.0}


def test_point_of_order_lets_everyone_talk_freely():
    g = table({"ana": "6H 2C 3C"})
    say(g, "cy", "point of order", at=1)
    say(g, "ana", "why did I get a card?", at=2)
    say(g, "bo", "no idea, honestly", at=3)
    assert waiting(g) == []


def test_point_of_order_starts_inside_a_longer_message_and_the_rest_is_free():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order: who deals next?", at=1)
    assert g.point_of_order is not None and waiting(g) == []


def test_talk_before_point_of_order_in_the_same_message_is_still_talk():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "well then, point of order", at=1)
    assert g.point_of_order is not None and waiting(g) == [("Talking", "bo")]


@pytest.mark.parametrize("move", ["play", "take"])
def test_touching_cards_during_point_of_order_leaves_them_where_they_are(move):
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    stock = len(g.stock)
    events = play(g, "ana", "6H", at=2) if move == "play" else take(g, "ana", at=2)
    assert events[-1]["type"] == "refused"
    assert hand(g, "ana") == ["6H", "2C", "3C"] and len(g.stock) == stock
    assert g.current_player() == "ana" and waiting(g) == [(TOUCHING, "ana")]


def test_rejoining_during_point_of_order_is_touching_cards():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.2)
    say(g, "bo", "point of order", at=2)
    rejoin(g, "ana", at=3)
    assert hand(g, "ana") == [] and waiting(g) == [(TOUCHING, "ana")]


def test_saying_point_of_order_again_is_penalised_but_not_end_of_point_of_order():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    say(g, "cy", "I also say point of order", at=2)
    assert waiting(g) == [(AGAIN, "cy")]
    say(g, "ana", "End of P of O.", at=3)
    assert waiting(g) == [(AGAIN, "cy")] and g.point_of_order is None


def test_saying_mao_during_point_of_order_is_penalised():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    say(g, "cy", "is it true that mao said so", at=2)
    assert waiting(g) == [(IN_VAIN, "cy")]


def test_any_seated_player_may_end_it_not_only_who_started_it():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    events = say(g, "cy", "end of point of order", at=4)
    assert events[-1] == {"type": "point_of_order_end", "seat": "cy", "reason": "said", "at": 4.0}


def test_end_of_point_of_order_with_none_on_is_talking():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "end of point of order", at=1)
    assert waiting(g) == [("Talking", "bo")]


def test_point_of_order_calls_are_judged_during_it_and_their_cards_given_at_once():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    say(g, "cy", "point of order", at=2)
    events = call(g, "ana", "saying point of order during a point of order", "cy", at=3)
    assert penalties(events) == [(AGAIN, "cy", "ana")]
    assert len(hand(g, "cy")) == 6


def test_other_calls_during_point_of_order_are_just_talk():
    g = table({"ana": "6H 2C 3C"})
    say(g, "cy", "hello", at=0.5)
    say(g, "bo", "point of order", at=1)
    events = call(g, "ana", "talking", "cy", at=2)
    call(g, "ana", "bad card", "bo", at=2.5)
    assert penalties(events) == [] and waiting(g) == [("Talking", "cy")]
    assert g.stats[0]["bad_adjudications"] == 0


def test_infractions_during_point_of_order_wait_for_play_to_resume_before_the_chairman_calls():
    g = table({"ana": "6H 2C 3C"})
    say(g, "bo", "point of order", at=1)
    say(g, "cy", "point of order", at=50)
    say(g, "ana", "end of point of order", at=100)
    assert g.next_deadline() == 110.0  # a full call window after play resumed
    assert penalties(g.tick(110)) == [(AGAIN, "cy", "Chairman")]


def test_point_of_order_ends_by_itself_after_three_minutes_and_play_resumes():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    say(g, "bo", "point of order", at=2)
    events = play(g, "ana", "6H", at=182.5)
    assert events[0]["type"] == "point_of_order_end" and events[0]["at"] == 182.0
    assert g.observation(None)["top"] == "6H" and waiting(g) == []


def test_an_out_player_may_call_a_point_of_order():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.2)
    say(g, "ana", "point of order", at=2)
    assert g.point_of_order is not None and waiting(g) == []
