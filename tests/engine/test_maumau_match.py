"""Mau-Mau's match, MAU-7..8: totals over hands, blowing up at 100, rebuying or leaving, the
pot, and the match's end.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, new_game
from engine.maumau import MauMau
from engine.maumau.actions import Leave, Rebuy
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.maumau_table import P2, P3, P4, hand_end_position
from tests.engine.moves import act, legal_texts, types


def match_state(game, **changes):
    """The game with some of its Mau-Mau match state (``in_match``, ``pot``...) replaced."""
    data = game.to_dict()
    data["extra"] = {**data["extra"], **changes}
    return MauMau.from_dict(data)


# --- MAU-7 -----------------------------------------------------------------------------------
def test_mau_7_totals_accumulate_over_hands():
    g = hand_end_position([5, 20, 30])
    act(g, "p0", "play 9C")
    assert g.observation(None)["totals"] == {"p0": 5, "p1": 30, "p2": 40}
    assert g.observation(None)["round"] == 2


def test_mau_7_reaching_100_blows_up_and_that_seat_chooses_to_rebuy_or_leave():
    g = hand_end_position([5, 90, 30])
    events = act(g, "p0", "play 9C")
    assert {"type": "blow_up", "seat": "p1", "total": 100} in events
    assert "deal" not in types(events)
    assert g.current_player() == "p1"
    assert legal_texts(g, "p1") == ["leave", "rebuy"]
    assert legal_texts(g, "p0") == [] and legal_texts(g, "p2") == []
    obs = g.observation(None)
    assert obs["blown_up"] == ["p1"] and obs["turn"] == "p1"
    assert "blew up" in check_illegal_refused(g, "p1", "draw")
    assert "waiting for p1" in check_illegal_refused(g, "p0", "rebuy")


def test_mau_7_rebuy_puts_a_chip_in_the_pot_and_returns_at_the_highest_total_under_100():
    g = hand_end_position([5, 90, 30])
    act(g, "p0", "play 9C")
    events = g.apply("p1", Rebuy())
    assert events[0] == {"type": "rebuy", "seat": "p1", "total": 40, "pot": 1}
    assert events[1]["type"] == "deal"
    obs = g.observation(None)
    assert obs["totals"] == {"p0": 5, "p1": 40, "p2": 40}
    assert obs["pot"] == 1 and obs["chips_paid"]["p1"] == 1 and obs["blow_ups"]["p1"] == 1
    assert obs["counts"] == {"p0": 7, "p1": 7, "p2": 7}


def test_mau_7_a_seat_that_leaves_is_dealt_no_more_and_play_goes_round_it():
    g = hand_end_position([5, 90, 30, 30], players=P4)
    act(g, "p0", "play 9C")
    events = g.apply("p1", Leave())
    assert events[0] == {"type": "leave", "seat": "p1"}
    obs = g.observation(None)
    assert obs["left"] == ["p1"] and obs["counts"] == {"p0": 7, "p1": 0, "p2": 7, "p3": 7}
    assert obs["turn"] == "p2"  # the next hand starts one seat on from p0, skipping p1
    check_card_conservation(g, decks=2)
    assert legal_texts(g, "p1") == []
    data = g.to_dict()
    data["hands"][0] = ["9S", "4C"]
    data["pile"][-1], data["suit"], data["turn"] = "9H", "H", 0
    g = MauMau.from_dict(data)
    act(g, "p0", "play 9S")
    assert g.current_player() == "p2"


def test_mau_7_several_blown_up_seats_choose_in_any_order_and_the_deal_waits_for_all():
    g = hand_end_position([5, 95, 95, 50], players=P4)
    act(g, "p0", "play 9C")
    assert g.observation(None)["blown_up"] == ["p1", "p2"]
    assert legal_texts(g, "p2") == ["leave", "rebuy"]
    events = g.apply("p2", Rebuy())
    assert types(events) == ["rebuy"] and events[0]["total"] == 60
    assert g.current_player() == "p1"
    events = g.apply("p1", Leave())
    assert types(events) == ["leave", "deal"]
    assert g.observation(None)["pot"] == 1


def test_mau_7_the_observation_shows_totals_pot_blow_ups_left_and_every_count():
    g = hand_end_position([5, 90, 30])
    obs = g.observation("p2")
    for key in ("totals", "pot", "chips_paid", "blow_ups", "blown_up", "left", "counts"):
        assert key in obs
    assert obs["counts"] == {"p0": 1, "p1": 1, "p2": 1}


# --- MAU-8 -----------------------------------------------------------------------------------
def test_mau_8_a_hand_that_blows_up_every_other_player_at_once_ends_the_match():
    g = hand_end_position([5, 90, 95])
    g = match_state(g, pot=3, chips_paid=[1, 1, 1])
    events = act(g, "p0", "play 9C")
    assert g.is_over and types(events)[-1] == "match_end"
    out = g.outcome()
    assert out["winners"] == ["p0"] and out["places"] == {"p0": 1, "p1": 2, "p2": 3}
    stats = out["stats"]
    assert stats["chips_won"] == {"p0": 3, "p1": 0, "p2": 0}
    assert stats["chips_paid"] == {"p0": 1, "p1": 1, "p2": 1}
    assert stats["blow_ups"] == {"p0": 0, "p1": 1, "p2": 1}
    assert stats["totals"] == {"p0": 5, "p1": 100, "p2": 105}


def test_mau_8_players_blown_up_by_the_final_hand_pay_no_chip():
    g = hand_end_position([5, 90, 95])
    act(g, "p0", "play 9C")
    assert g.outcome()["pot"] == 0 and g.outcome()["stats"]["chips_paid"]["p1"] == 0
    assert legal_texts(g, "p1") == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply("p1", Rebuy())


def test_mau_8_if_only_one_player_is_left_in_the_match_they_win_the_pot():
    # Leaving follows a blow-up, so MAU-8's first clause usually ends the match first; this
    # state (p2 gone earlier, p1 blown up alone with the others' totals edited) reaches the second.
    g = hand_end_position([5, 105, 30])
    data = g.to_dict()
    data.update(turn=None, round=2, hands=[[], ["KS"], []])
    g = match_state(
        MauMau.from_dict(data), in_match=[True, True, False], left_after=[0, 0, 1], choosing=[1]
    )
    g = match_state(g, pot=2)
    events = g.apply("p1", Leave())
    assert types(events) == ["leave", "match_end"]
    out = g.outcome()
    assert g.is_over and out["winners"] == ["p0"]
    assert out["stats"]["chips_won"]["p0"] == 2 and out["stats"]["left"] == ["p1", "p2"]
    # seats that left come after those still in, the later leaver first
    assert out["places"] == {"p0": 1, "p1": 2, "p2": 3}


def test_mau_8_with_rounds_the_match_stops_and_the_lowest_total_takes_the_pot():
    g = hand_end_position([50, 20, 30], options={"rounds": 1})
    g = match_state(g, pot=2)
    act(g, "p0", "play 9C")
    out = g.outcome()
    assert g.is_over and out["winners"] == ["p1"] and out["stats"]["chips_won"]["p1"] == 2
    assert out["places"] == {"p0": 3, "p1": 1, "p2": 2}


def test_mau_8_with_rounds_a_tie_for_lowest_is_a_draw_and_the_pot_is_not_claimed():
    g = match_state(hand_end_position([50, 20, 20], options={"rounds": 1}), pot=2)
    act(g, "p0", "play 9C")
    out = g.outcome()
    assert out["draw"] is True and out["winners"] == ["p1", "p2"]
    assert set(out["stats"]["chips_won"].values()) == {0}


def test_mau_8_rounds_must_not_be_negative():
    with pytest.raises(ValueError, match="rounds"):
        new_game("maumau", P2, options={"rounds": -1})


def test_mau_8_a_whole_match_of_heuristic_bots_ends_with_the_pot_to_one_winner():
    from engine.bots import make_bot

    g = new_game("maumau", P3, seed=15)  # a match with rebuys: there is a pot to win
    bots = {s: make_bot("heuristic", "maumau", k) for k, s in enumerate(P3)}
    for _ in range(20000):
        if g.is_over:
            break
        # a seat with an action out of turn (saying Mau) acts before the seat on turn
        movers = [s for s in P3 if s != g.current_player() and g.legal_actions(s)]
        seat = movers[0] if movers else g.current_player()
        g.apply(seat, bots[seat].choose(g.observation(seat), g.legal_actions(seat)))
    assert g.is_over
    check_card_conservation(g, decks=2)
    out = g.outcome()
    assert len(out["winners"]) == 1 and out["places"][out["winners"][0]] == 1
    assert out["pot"] > 0
    assert out["stats"]["chips_won"][out["winners"][0]] == out["pot"]
    assert sum(out["stats"]["chips_paid"].values()) == out["pot"]
