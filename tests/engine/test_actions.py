"""Actions: text and JSON forms round trip, ``at`` stays out of equality, bad text is refused."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import (
    ACTION_KINDS,
    Action,
    Announce,
    DeclareRule,
    Draw,
    NotAnAction,
    Pass,
    Play,
    Say,
    Take,
    parse_action,
)
from engine.cards import ALL_CARDS, SUITS
from engine.lastcard.actions import Direction, Vote
from engine.mao.actions import Rejoin
from engine.maumau.actions import Rebuy
from engine.president.actions import Complete, Give

card_tuples = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=4).map(tuple)
word = st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
free_text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=30
).filter(lambda t: t.strip() == t and not t.startswith("{"))

actions = st.one_of(
    st.builds(Play, cards=card_tuples, suit=st.none() | st.sampled_from(SUITS)),
    st.just(Draw()),
    st.just(Take()),
    st.just(Pass()),
    st.just(Rebuy()),
    st.just(Rejoin()),
    st.builds(Announce, word=st.sampled_from(Announce.typed_choices())),
    st.builds(Vote, choice=st.sampled_from(Vote.choices)),
    st.builds(Direction, way=st.sampled_from(["cw", "ccw"])),
    st.builds(Give, card=st.sampled_from(ALL_CARDS)),
    st.builds(Complete, cards=card_tuples),
    st.builds(
        Say,
        text=free_text,
        mentions=st.lists(word, max_size=3).map(tuple),
        reply_to=st.none() | word,
    ),
    st.builds(DeclareRule, rule=st.just('{"effect": "skip", "trigger": "8"}')),
)

#: kinds whose text form carries every field (Say's mentions and reply_to live only in JSON)
TEXT_COMPLETE = {k for k in ACTION_KINDS if k != "say"}


@given(actions)
def test_an_action_round_trips_through_json(action):
    data = json.loads(json.dumps(action.to_dict()))
    assert parse_action(data) == action
    assert parse_action(json.dumps(data)) == action


@given(actions)
def test_an_action_round_trips_through_its_text(action):
    parsed = parse_action(str(action))
    if action.kind in TEXT_COMPLETE:
        assert parsed == action
    else:
        assert parsed.kind == action.kind and str(parsed) == str(action)


@given(actions, st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_the_time_stamp_is_kept_in_json_but_ignored_by_equality(action, at):
    stamped = action.stamped(at)
    assert stamped == action and stamped.at == at
    assert parse_action(stamped.to_dict()).at == at
    assert "at" not in action.to_dict()


def test_the_short_text_forms():
    assert str(parse_action("play 7h")) == "play 7H"
    assert str(parse_action("play as suit=h")) == "play AS suit=H"
    assert str(parse_action("PLAY 5S 5H")) == "play 5S 5H"
    assert parse_action("draw") == Draw() and parse_action(" take ") == Take()
    assert parse_action("pass") == Pass()
    assert parse_action({"kind": "play", "cards": ["TH"], "suit": None}) == parse_action("play 10H")
    assert parse_action("say Have a nice day") == Say(text="Have a nice day")


def test_a_typed_word_is_read_in_lower_case_but_free_text_is_kept_as_typed():
    assert parse_action("announce MAU") == Announce(word="mau")
    assert parse_action("vote Continue") == Vote(choice="continue")
    assert parse_action("direction CCW") == Direction(way="ccw")
    assert parse_action("say Hi There") == Say(text="Hi There")


@pytest.mark.parametrize(
    "text",
    ["", "fly", "play", "play 7X", "play 7H suit=X", "draw 7H", "take now", "{not json", "give"],
)
def test_malformed_text_is_a_value_error(text):
    with pytest.raises(ValueError):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [{}, {"kind": "fly"}, {"kind": "play", "cards": ["7X"]}, {"kind": "draw", "cards": ["7H"]}],
)
def test_malformed_json_is_a_value_error(data):
    with pytest.raises(ValueError):
        parse_action(data)


def test_a_game_can_add_its_own_action_kind():
    @dataclass(frozen=True, slots=True)
    class Knock(Action):
        kind: ClassVar[str] = "knock_test"

    try:
        assert parse_action("knock_test") == Knock()
        assert parse_action({"kind": "knock_test"}) == Knock()
    finally:
        del ACTION_KINDS["knock_test"]


@pytest.mark.parametrize("text", ["direction north", "vote maybe", "announce uno", "announce"])
def test_last_2_a_word_no_game_offers_is_refused_as_typed(text):
    # the typed words a move takes are a few: anything else never reaches a game
    with pytest.raises(NotAnAction, match="takes one of"):
        parse_action(text)
