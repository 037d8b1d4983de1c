"""Mao's new rules and rounds, MAO-16..17, on hand-made tables with a fake clock: a winner's
secret rule kept from the others, house rules never shown, and rounds, their turn limit and
the stats.
"""

from __future__ import annotations

import json

import pytest

from engine import IllegalAction
from engine.mao.options import MAX_TURNS
from tests.engine.invariants import check_card_conservation
from tests.engine.mao.table import (
    call,
    declare,
    hand,
    penalties,
    play,
    say,
    table,
    take,
    waiting,
)

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
