"""Last Card's going out, LAST-9: the first player out wins, the vote to play on for places
or stop, the next game's dealer, and a match of several games.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.lastcard import LastCard
from engine.lastcard.actions import Vote
from engine.lastcard.describe import describe_event
from tests.engine.invariants import check_illegal_refused
from tests.engine.lastcard_table import P2, P3, P4, table
from tests.engine.moves import act, legal_texts, types


# --- LAST-9 ----------------------------------------------------------------------------------
def test_last_9_the_first_player_out_wins_and_the_rest_vote():
    g = table(P4, hands={"p0": "4H"}, top="4D", turn="p0")
    events = act(g, "p0", "play 4H")
    assert {"type": "out", "seat": "p0", "place": 1} in events
    assert {"type": "vote_open", "voters": ["p1", "p2", "p3"]} in events
    obs = g.observation(None)
    assert obs["phase"] == "vote" and obs["out"] == ["p0"]
    assert g.current_player() == "p1"
    for s in ("p1", "p2", "p3"):
        assert legal_texts(g, s) == ["vote continue", "vote stop"]
    assert g.legal_actions("p0") == []


def test_last_9_a_tie_stops_and_the_rest_share_second_place():
    g = table(P3, hands={"p0": "4H"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p1", "vote continue")
    assert not g.is_over
    events = act(g, "p2", "vote stop")
    assert {"type": "vote_result", "result": "stop", "continue": 1, "stop": 1} in events
    assert g.is_over
    out = g.outcome()
    assert out["places"] == {"p0": 1, "p1": 2, "p2": 2}
    assert out["winners"] == ["p0"] and out["scores"] == {"p0": 1, "p1": 0, "p2": 0}


def test_last_9_the_vote_is_decided_as_soon_as_its_result_is_certain():
    """Choice: two stops out of three voters end the game without waiting for the third."""
    g = table(P4, hands={"p0": "4H"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p3", "vote stop")  # any voter may vote first
    act(g, "p1", "vote stop")
    assert g.is_over


def test_last_9_a_majority_to_continue_plays_on_for_places():
    g = table(P4, hands={"p0": "4H", "p1": "4C 9S", "p2": "KS", "p3": "QS JS"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p1", "vote continue")
    act(g, "p2", "vote continue")
    assert g.observation(None)["phase"] == "play" and g.current_player() == "p1"
    act(g, "p1", "play 4C")
    act(g, "p1", "announce last card")
    assert g.current_player() == "p2"  # p0 is out: turns pass over it
    events = act(g, "p2", "draw")
    assert "penalty" not in types(events)


def test_last_9_places_go_in_the_order_players_go_out_and_the_last_one_in_is_last():
    g = table(P3, hands={"p0": "4H", "p1": "4C", "p2": "KS QS"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p1", "vote continue")
    act(g, "p2", "vote continue")
    events = act(g, "p1", "play 4C")
    assert {"type": "out", "seat": "p1", "place": 2} in events
    assert g.is_over
    assert g.outcome()["places"] == {"p0": 1, "p1": 2, "p2": 3}


def test_last_9_with_two_players_the_first_out_ends_the_game_without_a_vote():
    g = table(P2, hands={"p0": "4H"}, top="4D", turn="p0")
    events = act(g, "p0", "play 4H")
    assert "vote_open" not in types(events)
    assert g.is_over and g.outcome()["places"] == {"p0": 1, "p1": 2}


def test_last_9_each_seat_votes_once_and_only_seats_still_in_vote():
    g = table(P4, hands={"p0": "4H"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    check_illegal_refused(g, "p0", "vote stop")
    act(g, "p1", "vote continue")
    assert "already voted" in check_illegal_refused(g, "p1", "vote stop")
    check_illegal_refused(g, "p2", Vote(choice="maybe"))
    check_illegal_refused(g, "p2", "draw")


def test_last_9_the_effects_of_the_winning_play_still_apply_when_they_play_on():
    """Choice: going out on a 5 leaves the stack on the next player if the table plays on."""
    g = table(P3, hands={"p0": "5H", "p1": "9C 8C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    act(g, "p1", "vote continue")
    act(g, "p2", "vote continue")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "5",
        "count": 5,
        "target": "p1",
    }
    assert legal_texts(g, "p1") == ["take"]


def test_last_9_the_winner_deals_the_next_game_and_chooses_its_direction():
    g = table(P3, hands={"p0": "KC 8S", "p1": "4H"}, top="4D", turn="p1", options={"games": 2})
    act(g, "p1", "play 4H")
    events = act(g, "p0", "vote stop")  # one of two voters: a tie at best, so it stops
    assert {"type": "deal", "round": 2, "dealer": "p1", "first": "p1"} in events
    obs = g.observation(None)
    assert obs["phase"] == "direction" and obs["round"] == 2 and obs["dealer"] == "p1"
    assert g.current_player() == "p1"
    assert legal_texts(g, "p1") == ["direction ccw", "direction cw"]
    act(g, "p1", "direction ccw")
    assert g.current_player() == "p0"
    assert obs["games"] == [{"game": 1, "winner": "p1", "places": {"p0": 2, "p1": 1, "p2": 2}}]


def test_last_9_a_match_of_several_games_ranks_by_games_won_then_by_places():
    """Choice: option ``games`` (default 1) sets the match length; ties on wins go to places."""
    g = table(P3, hands={"p0": "4H"}, top="4D", turn="p0", options={"games": 2})
    data = g.to_dict()
    data["round"] = 2
    data["scores"] = [0, 1, 0]
    data["extra"]["results"] = [{"game": 1, "winner": "p1", "places": {"p0": 3, "p1": 1, "p2": 2}}]
    g = LastCard.from_dict(data)
    act(g, "p0", "play 4H")
    act(g, "p1", "vote stop")
    out = g.outcome()
    assert g.is_over and out["scores"] == {"p0": 1, "p1": 1, "p2": 0}
    assert out["places"] == {"p1": 1, "p0": 2, "p2": 3}
    assert out["winners"] == ["p1"] and out["draw"] is False


def test_last_9_option_games_must_be_at_least_one():
    with pytest.raises(ValueError):
        new_game("lastcard", P3, options={"games": 0})


def test_last_9_a_game_nobody_finishes_places_the_seats_in_by_fewest_cards():
    """Choice: the turn limit (option max_turns) ends a game; fewer cards held place higher."""
    g = table(
        P3,
        hands={"p0": "KC", "p1": "4C 8S", "p2": "JD QD 9D"},
        top="4D",
        stock="JS",
        turn="p0",
        options={"max_turns": 1},
    )
    events = act(g, "p0", "draw")
    assert {"type": "stalemate", "reason": "turns"} in events
    assert g.is_over
    out = g.outcome()
    assert out["places"] == {"p0": 1, "p1": 1, "p2": 3}
    assert out["winners"] == ["p0", "p1"] and out["draw"] is True
    assert out["games"][0]["winner"] is None


@pytest.mark.parametrize("reason", ["turns", "no seat can play or draw"])
def test_last_9_a_game_stopped_short_is_told_as_placing_its_players(reason):
    said = describe_event({"type": "stalemate", "reason": reason})
    assert said is not None and said.endswith("placed by the fewest cards held")
