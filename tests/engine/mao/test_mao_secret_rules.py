"""Secret rules (MAO-16): every trigger and effect kind, validation, and who may see what."""

from __future__ import annotations

import json

import pytest

from engine import new_game
from engine.mao import rules as secret
from tests.engine.invariants import check_illegal_refused
from tests.engine.mao.table import declare, hand, play, say, table, take, waiting


def say_rule(trigger: dict, phrase: str = "hooray") -> dict:
    return {"trigger": trigger, "effect": {"kind": "say", "phrase": phrase}}


def with_rule(rule: dict, hands: dict[str, str], top: str = "5H", **kwargs):
    return table(hands, top=top, options={"house_rules": [rule]}, **kwargs)


def owes_hooray(g) -> list[str]:
    return [seat for call, seat in waiting(g) if call == "Failure to say 'Hooray'"]


# --- triggers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trigger", "fires", "quiet"),
    [
        ({"kind": "play", "rank": "6"}, "6H", "5C"),
        ({"kind": "play", "suit": "H"}, "6H", "5C"),
        ({"kind": "play", "colour": "red"}, "5D", "5C"),
        ({"kind": "play", "colour": "black"}, "5C", "5D"),
        ({"kind": "play", "class": "face"}, "KH", "6H"),
        ({"kind": "play", "class": "number"}, "6H", "AH"),
        ({"kind": "play", "card": "6H"}, "6H", "9H"),
    ],
)
def test_play_triggers_fire_on_a_matching_card_only(trigger, fires, quiet):
    g = with_rule(say_rule(trigger), {"ana": f"{fires} 2S 3S", "bo": "4S 3D 3C"})
    play(g, "ana", fires, at=1)
    g.tick(6)
    assert owes_hooray(g) == ["ana"]
    g = with_rule(say_rule(trigger), {"ana": f"{quiet} 2S 3S", "bo": "4S 3D 3C"})
    play(g, "ana", quiet, at=1)
    g.tick(6)
    assert owes_hooray(g) == []


def test_a_refused_card_fires_nothing():
    g = with_rule(say_rule({"kind": "play", "suit": "C"}), {"ana": "9C 2S 3S"})
    play(g, "ana", "9C", at=1)  # 9C follows neither the 5H's rank nor its suit
    g.tick(6)
    assert "9C" in hand(g, "ana") and g.observation("ana")["top"] == "5H"  # refused
    assert owes_hooray(g) == []


def test_take_trigger_fires_when_a_card_is_taken():
    g = with_rule(say_rule({"kind": "take"}), {"ana": "9C 2S 3S"})
    take(g, "ana", at=1)
    say(g, "ana", "Hooray!", at=2)
    g.tick(20)
    assert waiting(g) == [] and g.stats[0]["penalties_taken"] == 0


def test_hand_trigger_fires_when_a_hand_reaches_its_count():
    g = with_rule(say_rule({"kind": "hand", "count": 3}), {"ana": "6H 2S 3S 4S", "bo": "6C 2D"})
    play(g, "ana", "6H", at=1)
    take(g, "bo", at=2)  # bo now holds 3 as well
    g.tick(8)
    assert sorted(owes_hooray(g)) == ["ana", "bo"]


# --- effects --------------------------------------------------------------------------------


def test_say_effect_is_satisfied_by_the_phrase():
    g = with_rule(
        say_rule({"kind": "play", "suit": "H"}, "god save the queen"), {"ana": "6H 2S 3S"}
    )
    play(g, "ana", "6H", at=1)
    say(g, "ana", "God save the Queen!", at=2)
    g.tick(20)  # by then the Chairman has called whatever was left to call
    assert waiting(g) == [] and g.stats[0]["penalties_taken"] == 0


def test_silence_effect_penalises_saying_the_phrase_and_lifts_a_base_rule():
    rule = {
        "name": "Sevens are silent",
        "trigger": {"kind": "play", "rank": "7"},
        "effect": {"kind": "silence", "phrase": "have a nice day"},
    }
    g = with_rule(rule, {"ana": "7H 2S 3S", "bo": "9C 2D 3D"})
    play(g, "ana", "7H", at=1)
    g.tick(6)
    assert waiting(g) == []  # no "Failure to say 'Have a nice day'"
    g = with_rule(rule, {"ana": "7H 2S 3S", "bo": "9C 2D 3D"})
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=2)
    assert waiting(g) == [("Sevens are silent", "ana")]


def test_silence_effect_counts_a_phrase_said_before_the_card():
    rule = {
        "trigger": {"kind": "play", "suit": "H"},
        "effect": {"kind": "silence", "phrase": "hearts"},
    }
    g = with_rule(rule, {"ana": "6H 2S 3S"})
    say(g, "ana", "hearts", at=0.5)
    play(g, "ana", "6H", at=1)
    assert waiting(g) == [("Saying 'Hearts'", "ana")]


def test_skip_effect_makes_the_next_player_miss_a_turn():
    rule = {"trigger": {"kind": "play", "rank": "6"}, "effect": {"kind": "skip"}}
    g = with_rule(rule, {"ana": "6H 2S 3S"})
    events = play(g, "ana", "6H", at=1)
    assert g.current_player() == "cy"
    assert {"type": "skipped", "seat": "bo", "at": 1.0} in events


def test_reverse_effect_turns_play_around():
    rule = {"trigger": {"kind": "take"}, "effect": {"kind": "reverse"}}
    g = with_rule(rule, {"ana": "6H 2S 3S"})
    take(g, "ana", at=1)
    assert g.current_player() == "cy" and g.direction == -1


def test_reverse_and_an_eight_cancel_out():
    rule = {"trigger": {"kind": "play", "rank": "8"}, "effect": {"kind": "reverse"}}
    g = with_rule(rule, {"ana": "8H 2S 3S"})
    play(g, "ana", "8H", at=1)
    assert g.current_player() == "bo" and g.direction == 1


def test_draw_effect_gives_the_next_player_cards():
    rule = {"trigger": {"kind": "play", "card": "KH"}, "effect": {"kind": "draw", "count": 2}}
    g = with_rule(rule, {"ana": "KH 2S 3S", "bo": "9C 2D 3D"})
    events = play(g, "ana", "KH", at=1)
    assert {"type": "given", "seat": "bo", "count": 2, "at": 1.0} in events
    assert len(hand(g, "bo")) == 5
    assert not any("KH" in json.dumps(e) and e["type"] == "given" for e in events)


def test_wild_effect_lets_the_card_play_on_anything():
    rule = {"trigger": {"kind": "play", "rank": "2"}, "effect": {"kind": "wild"}}
    g = with_rule(rule, {"ana": "2S 3S 4S"}, top="9D")
    play(g, "ana", "2S", at=1)
    assert g.observation(None)["top"] == "2S" and ("Bad card", "ana") not in waiting(g)


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "why"),
    [
        ("not json", "JSON"),
        ("[1, 2]", "object"),
        ('{"trigger": {"kind": "take"}}', "effect"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "skip"}, "code": "x"}', "code"),
        ('{"trigger": {"kind": "exec"}, "effect": {"kind": "skip"}}', "trigger kind"),
        ('{"trigger": {"kind": "play"}, "effect": {"kind": "skip"}}', "exactly one"),
        (
            '{"trigger": {"kind": "play", "rank": "7", "suit": "H"}, "effect": {"kind": "skip"}}',
            "exactly one",
        ),
        ('{"trigger": {"kind": "play", "rank": "1"}, "effect": {"kind": "skip"}}', "rank"),
        ('{"trigger": {"kind": "play", "colour": "blue"}, "effect": {"kind": "skip"}}', "colour"),
        ('{"trigger": {"kind": "play", "card": "ZZ"}, "effect": {"kind": "skip"}}', "card"),
        ('{"trigger": {"kind": "hand", "count": 99}, "effect": {"kind": "skip"}}', "cards"),
        ('{"trigger": {"kind": "hand", "count": true}, "effect": {"kind": "skip"}}', "cards"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "wild"}}', "card played"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "draw", "count": 50}}', "cards"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": ""}}', "words"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "mao"}}', "own"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "P of O"}}', "own"),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "bad card"}}', "call"),
        (
            '{"trigger": {"kind": "take"}, "effect": {"kind": "say", "phrase": "'
            + "word " * 9
            + '"}}',
            "words",
        ),
        ('{"trigger": {"kind": "take"}, "effect": {"kind": "skip"}, "name": "Bad card"}', "call"),
        (
            '{"trigger": {"kind": "take"}, "effect": {"kind": "skip"}, "name": "failure to say x"}',
            "failure",
        ),
    ],
)
def test_a_malformed_rule_is_refused_with_a_reason(rule, why):
    with pytest.raises(secret.RuleError, match=why):
        secret.validate(rule)


def test_code_and_patterns_in_a_rule_are_only_words():
    rule = secret.validate(say_rule({"kind": "take"}, "__import__('os').system(.*)"))
    assert rule["effect"]["phrase"] == "import os system"


def test_a_rule_is_kept_in_canonical_form():
    text = secret.canonical(
        {
            "name": "  Hearty   ",
            "trigger": {"kind": "play", "suit": "hearts"},
            "effect": {"kind": "say", "phrase": "Love, Love!"},
        }
    )
    assert text == (
        '{"effect":{"kind":"say","phrase":"love love"},"name":"Hearty",'
        '"trigger":{"kind":"play","suit":"H"}}'
    )
    assert secret.canonical(json.loads(text)) == text


def test_a_malformed_declaration_is_refused_and_changes_nothing():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    reason = check_illegal_refused(g, "ana", {"kind": "declare_rule", "rule": "{}", "at": 2})
    assert "trigger" in reason or "effect" in reason
    assert g.credits[0] == 1


def test_a_new_phrase_may_not_be_another_rules_call_name():
    existing = {"name": "Hello", "trigger": {"kind": "take"}, "effect": {"kind": "skip"}}
    existing["effect"] = {"kind": "say", "phrase": "good day"}
    g = table(
        {"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"}, options={"house_rules": [existing]}
    )
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    clash = json.dumps(say_rule({"kind": "take"}, "hello"))
    assert "call" in check_illegal_refused(g, "ana", {"kind": "declare_rule", "rule": clash})


def test_each_win_buys_one_rule():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    declare(g, "ana", say_rule({"kind": "take"}), at=2)
    again = json.dumps(say_rule({"kind": "take"}, "again"))
    check_illegal_refused(g, "ana", {"kind": "declare_rule", "rule": again})


# --- privacy --------------------------------------------------------------------------------


def test_only_the_author_sees_a_rule_and_events_say_only_that_it_exists():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    rule = say_rule({"kind": "play", "card": "9S"}, "secret handshake")
    events = declare(g, "ana", rule, at=2)
    assert events == [{"type": "new_rule", "seat": "ana", "at": 2.0}]
    for seat in ("bo", "cy", None):
        obs = g.observation(seat)
        assert obs["rules"] == [{"by": "ana"}]
        assert "handshake" not in json.dumps(obs)
    mine = g.observation("ana")["rules"][0]
    assert mine["rule"] == secret.validate(rule)
    assert "secret handshake" in mine["text"]


def test_house_rules_are_known_to_nobody_but_the_chairman():
    rule = say_rule({"kind": "play", "suit": "H"}, "house")
    g = new_game("mao", ["ana", "bo"], seed=1, options={"house_rules": [rule]})
    for seat in ("ana", "bo", None):
        assert g.observation(seat)["rules"] == [{"by": None}]
        assert "house" not in json.dumps(g.observation(seat)["rules"])


def test_the_rules_content_appears_publicly_only_as_its_call_name_in_a_penalty():
    g = table({"ana": "6H", "bo": "6C 2D 3D", "cy": "9D 9S 9C"})
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    rule = {"trigger": {"kind": "play", "suit": "C"}, "effect": {"kind": "say", "phrase": "clover"}}
    declare(g, "ana", rule, at=2)
    events = play(g, "bo", "6C", at=3)
    events += g.tick(20)
    text = json.dumps(events)
    assert "clover" not in text.replace("Failure to say 'Clover'", "")
    assert ("Failure to say 'Clover'", "bo", "Chairman") in [
        (e["call"], e["seat"], e["by"]) for e in events if e["type"] == "penalty"
    ]
