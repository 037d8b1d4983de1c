"""Chairman mode and players mode (MAO-11), and the option checks."""

from __future__ import annotations

import pytest

from engine import new_game
from tests.engine.mao.table import call, hand, penalties, play, say, table, take, waiting


def mess(mode: str):
    """A table where ana goes out without "Mao" and bo and cy break rules nobody calls."""
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4D 4C 5S"}, options={"mode": mode})
    play(g, "ana", "6H", at=1)
    play(g, "cy", "4C", at=1.5)  # out of turn
    say(g, "bo", "oops", at=2)
    play(g, "bo", "9C", at=2.5)  # bad card
    return g


def test_chairman_mode_calls_every_infraction_nobody_called():
    g = mess("chairman")
    events = g.tick(30)
    assert sorted(penalties(events)) == [
        ("Bad card", "bo", "Chairman"),
        ("Failure to name our Glorious Leader", "ana", "Chairman"),
        ("Playing out of turn", "cy", "Chairman"),
        ("Talking", "bo", "Chairman"),
    ]
    assert len(hand(g, "ana")) == 1 and g.scores[0] == 0


def test_players_mode_lets_what_nobody_called_go():
    g = mess("players")
    events = g.tick(30)
    assert penalties(events) == [] and waiting(g) == []
    assert [e["type"] for e in events] == ["out"]  # ana's Mao was never called: she is out
    assert g.scores[0] == 1


def test_players_mode_still_judges_players_calls():
    g = mess("players")
    events = call(g, "ana", "bad card", "bo", at=3)
    events += call(g, "ana", "talking", "cy", at=3.5)
    assert penalties(events) == [("Bad card", "bo", "ana")]
    assert waiting(g)[-1] == ("Bad adjudication", "ana")


def test_in_either_mode_a_players_call_beats_the_chairman_to_it():
    g = table({"ana": "6H 2C 3C"})
    say(g, "cy", "hello", at=1)
    call(g, "bo", "talking", "cy", at=2)
    assert penalties(g.tick(30)) == []


def test_going_out_waits_for_the_call_window_of_the_players_own_infractions():
    g = table({"ana": "6H", "bo": "9C 2D 3D", "cy": "4D 4C 5S"}, options={"mode": "players"})
    say(g, "ana", "yay", at=0.5)
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.2)
    assert g.observation(None)["going_out"] == ["ana"]
    take(g, "bo", at=2)
    assert g.tick(10.49) == []
    assert [e["type"] for e in g.tick(10.5)] == ["out"]


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "anarchy"},
        {"turn_seconds": -1},
        {"speech_window": 0},
        {"call_window": 0},
        {"decks": 11},
        {"turn_seconds": 2.5},
        {"house_rules": "no"},
        {"house_rules": [{"trigger": {"kind": "take"}}]},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        new_game("mao", ["a", "b"], options=options)


def test_mao_11_the_default_call_window_is_six_seconds():
    g = new_game("mao", ["ana", "bo", "cy"], seed=1, options={"turn_seconds": 0})
    assert g.options["call_window"] == 6
    say(g, "bo", "hello", at=1)
    assert g.tick(6.99) == [] and waiting(g) == [("Talking", "bo")]
    assert penalties(g.tick(7)) == [("Talking", "bo", "Chairman")]
