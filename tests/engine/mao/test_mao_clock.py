"""The table clock with a fake time source: exact boundaries, ordering, pausing, replays."""

from __future__ import annotations

import copy

from engine.actions import Play, Say, Take
from engine.cards import Card
from engine.mao import Mao
from engine.mao.actions import Rejoin
from tests.engine.invariants import check_illegal_refused
from tests.engine.mao.table import (
    back,
    call,
    penalties,
    play,
    rejoin,
    say,
    table,
    take,
    waiting,
)

FIVE = "Failure to play within five seconds"


# --- the five-second rule (MAO-14) -----------------------------------------------------------


def test_turn_clock_4_99_seconds_is_in_time():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    assert g.tick(4.99) == [] and waiting(g) == []
    play(g, "ana", "6H", at=4.99)
    assert waiting(g) == []


def test_turn_clock_5_00_seconds_is_late():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    version = g.version
    g.tick(5.0)
    assert waiting(g) == [(FIVE, "ana")] and g.version == version + 1


def test_turn_clock_restarts_after_each_timeout():
    g = table({"ana": "6H 2C 3C"}, clock=True, options={"call_window": 100})
    g.tick(14.99)
    assert waiting(g) == [(FIVE, "ana"), (FIVE, "ana")]
    g.tick(15.0)
    assert len(waiting(g)) == 3


def test_turn_clock_restarts_when_the_player_is_given_a_penalty_card():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    say(g, "ana", "hmm", at=1)
    call(g, "bo", "talking", "ana", at=3)
    assert g.next_deadline() == 8.0


def test_turn_clock_restarts_after_a_refused_card():
    g = table({"ana": "9C 2C 3C"}, clock=True)
    play(g, "ana", "9C", at=4)
    assert g.next_deadline() == 9.0


def test_turn_clock_off_when_turn_seconds_is_0():
    g = table({"ana": "6H 2C 3C"})
    assert g.next_deadline() is None
    assert g.tick(1000) == []


# --- speech windows (MAO-7) ---------------------------------------------------------------------


def test_speech_window_phrase_at_4_99_seconds_counts():
    g = table({"ana": "6H 2C", "bo": "6C 2D 3D"})
    play(g, "ana", "6H", at=10)
    say(g, "ana", "last card", at=14.99)
    g.tick(100)
    assert g.stats[0]["penalties_taken"] == 0


def test_speech_window_phrase_at_5_00_seconds_is_late():
    g = table({"ana": "6H 2C", "bo": "6C 2D 3D"})
    play(g, "ana", "6H", at=10)
    assert g.next_deadline() == 15.0
    say(g, "ana", "last card", at=15.0)
    assert waiting(g) == [("Failure to say 'Last card'", "ana"), ("Talking", "ana")]


# --- call windows (MAO-11) ---------------------------------------------------------------------


def test_call_window_call_at_9_99_seconds_stands():
    g = table({"ana": "6H 2C 3C"}, options={"mode": "players"})
    say(g, "cy", "hi", at=1)
    assert penalties(call(g, "bo", "talking", "cy", at=10.99)) == [("Talking", "cy", "bo")]


def test_call_window_call_at_10_00_seconds_is_too_late():
    g = table({"ana": "6H 2C 3C"}, options={"mode": "players"})
    say(g, "cy", "hi", at=1)
    call(g, "bo", "talking", "cy", at=11.0)
    assert waiting(g) == [("Bad adjudication", "bo")]


def test_chairman_calls_at_exactly_the_end_of_the_window_before_a_late_player():
    g = table({"ana": "6H 2C 3C"})
    say(g, "cy", "hi", at=1)
    events = call(g, "bo", "talking", "cy", at=11.0)
    assert penalties(events) == [("Talking", "cy", "Chairman")]
    assert waiting(g) == [("Bad adjudication", "bo")]


# --- ordering and replays -----------------------------------------------------------------------


def test_due_things_are_applied_in_time_order_each_at_its_own_time():
    g = table({"ana": "6H 2C", "bo": "6C 2D 3D"}, clock=True)
    play(g, "ana", "6H", at=1)  # ana owes "last card" until 6; bo's turn runs out at 6
    events = g.tick(17)
    assert [(e["call"], e["at"]) for e in events if e["type"] == "penalty"] == [
        ("Failure to say 'Last card'", 16.0),
        (FIVE, 16.0),
    ]
    assert [f["at"] for f in g.infractions] == [11.0]  # bo's second timeout


def test_an_action_runs_what_fell_due_before_it_even_without_a_tick():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    events = play(g, "ana", "6H", at=16)
    # timeouts at 5 and 10; the first is called at 15, and that card restarts ana's clock
    assert penalties(events) == [(FIVE, "ana", "Chairman")]
    assert waiting(g) == [(FIVE, "ana")]
    assert g.observation(None)["top"] == "6H"


def test_an_action_stamped_before_the_clock_counts_as_now():
    g = table({"ana": "6H 2C 3C", "bo": "6C 2D 3D"}, clock=True)
    g.tick(3)
    play(g, "ana", "6H", at=4)
    say(g, "ana", "late", at=2)
    assert g.infractions[-1]["at"] == 4.0


def test_an_action_without_a_time_happens_at_the_last_time_the_game_knows():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    g.tick(3)  # nothing fell due: a tick that changes nothing leaves the game as it was
    g.apply("bo", Say(text="psst"))
    g.tick(5.5)
    g.apply("cy", Say(text="psst"))
    assert [f["at"] for f in g.infractions] == [0.0, 5.0, 5.0]


def test_a_refused_action_undoes_what_fell_due_before_it():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    before = copy.deepcopy(g.to_dict())
    check_illegal_refused(g, "ana", Play(cards=(Card.parse("9D"),)).stamped(30))
    assert g.to_dict() == before


def script(g: Mao, ticks: list[float]) -> Mao:
    """The same timed actions, with ticks wherever ``ticks`` says."""
    actions = [
        ("ana", Play(cards=(Card.parse("7H"),)).stamped(2)),
        ("bo", Say(text="have a nice day").stamped(3)),
        ("cy", Say(text="point of order").stamped(9)),
        ("bo", Say(text="end of point of order").stamped(40)),
        ("bo", Take().stamped(44)),
        ("cy", Play(cards=(Card.parse("9D"),)).stamped(60)),
    ]
    for seat, action in actions:
        at = action.at
        assert at is not None  # every action here is stamped
        for t in [t for t in ticks if t < at]:
            g.tick(t)
        ticks = [t for t in ticks if t >= at]
        g.apply(seat, action)
    for t in ticks:
        g.tick(t)
    return g


def test_the_same_timed_actions_give_the_same_game_however_often_it_is_ticked():
    hands = {"ana": "7H 2C 3C", "bo": "6C 2D 3D", "cy": "9D 4S 4C"}
    never = script(table(hands, clock=True), [])
    never.tick(100)
    often = script(table(hands, clock=True), [k / 4 for k in range(401)])
    at_deadlines = table(hands, clock=True)
    script(at_deadlines, [])
    while (d := at_deadlines.next_deadline()) is not None and d <= 100:
        at_deadlines.tick(d)
    at_deadlines.tick(100)
    strip = lambda g: {k: v for k, v in g.to_dict().items() if k != "version"}  # noqa: E731
    assert strip(never) == strip(often) == strip(at_deadlines)
    assert never.stats[1]["penalties"]  # the script did give penalties


# --- Point of Order pauses every clock (MAO-15) -----------------------------------------------


def test_point_of_order_moves_every_deadline_on_by_its_length():
    g = table({"ana": "6H 2C", "bo": "6C 2D 3D"}, clock=True)
    play(g, "ana", "6H", at=1)  # ana's speech window to 6, bo's turn to 6
    say(g, "cy", "hi", at=2)  # cy's call window to 12
    say(g, "bo", "point of order", at=3)
    assert g.next_deadline() == 183.0
    say(g, "cy", "end of point of order", at=53)
    windows = sorted([w["until"] for w in g.windows] + [f["until"] for f in g.infractions])
    assert windows == [56.0, 62.0]
    assert g.next_deadline() == 56.0


def test_a_point_of_order_ends_by_itself_after_three_minutes():
    g = table({"ana": "6H 2C 3C"}, clock=True)
    say(g, "bo", "point of order", at=1)
    assert g.tick(180.99) == []
    events = g.tick(181)
    assert events == [{"type": "point_of_order_end", "seat": None, "reason": "time", "at": 181.0}]
    assert g.next_deadline() == 185.0


def test_take_and_play_are_judged_at_their_own_time():
    g = table({"ana": "6H 2C 3C", "bo": "6C 2D 3D"}, clock=True)
    take(g, "ana", at=1)
    assert g.next_deadline() == 6.0


def test_an_action_after_the_match_ended_on_the_clock_is_refused_and_the_clock_waits():
    g = table(
        {"ana": "6H", "bo": "9C 2D 3D"},
        seats=("ana", "bo"),
        options={"mode": "players", "rounds": 1},
    )
    play(g, "ana", "6H", at=1)  # no "Mao": ana is going out until that could be called
    check_illegal_refused(g, "bo", Say(text="too late").stamped(20))
    assert not g.is_over
    events = g.tick(20)
    assert [e["type"] for e in events] == ["out", "round_end", "match_end"] and g.is_over


def test_a_card_dealt_away_by_a_round_ending_on_the_clock_is_refused_and_nothing_changes():
    g = table(
        {"ana": "6H", "bo": "9C 2D 3D 4D 5D"}, seats=("ana", "bo"), options={"mode": "players"}
    )
    say(g, "ana", "hi", at=0.5)
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.5)  # out once the window for "hi" has passed, at 10.5
    later = g.copy()
    later.tick(11)
    assert later.round == 2
    gone = next(c for c in g.hands[1] if c not in later.hands[1])
    check_illegal_refused(g, "bo", Play(cards=(gone,)).stamped(11))
    assert g.round == 1


def test_rejoining_is_refused_when_a_penalty_card_arrives_first():
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4S 4C 4H"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.5)
    say(g, "ana", "easy", at=2)  # Talking, called by the Chairman at 12
    assert "rejoin" in [str(a) for a in g.legal_actions("ana")]
    check_illegal_refused(g, "ana", Rejoin().stamped(12))
    events = rejoin(g, "ana", at=11.9)
    assert events[-1]["type"] == "rejoin"


def test_an_action_is_judged_after_the_clock_has_caught_up_to_its_time():
    g = table({"ana": "6H 2C 3C"}, clock=True, options={"call_window": 60})
    events = back(g, "ana", at=15.5)  # away from 15, by the clock, before the tick came
    assert [e["type"] for e in events if e["type"] != "turn_ran_out"] == ["away", "back"]
