"""Macao's scoring and the match, MACAO-15..18: card values, the match's target and winner,
what everyone sees, and who starts the next round.
"""

from __future__ import annotations

import random

from engine import new_game
from engine.cards import Card, cards, pack
from engine.macao.cards import card_value
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.macao_table import P3, P4, stack
from tests.engine.moves import first_event, types
from tests.engine.positions import position


# --- MACAO-15 --------------------------------------------------------------------------------
def test_macao_15_card_values_and_the_pack_is_worth_900():
    values = {t: card_value(Card.parse(t)) for t in ("2C", "4D", "7H", "3S", "AC", "KH", "KS")}
    assert values == {"2C": 20, "4D": 20, "7H": 20, "3S": 30, "AC": 40, "KH": 40, "KS": 40}
    assert {card_value(c) for c in cards("5H 6C 8D 9S 10H JC QD KD KC")} == {10}
    assert sum(card_value(c) for c in pack()) == 900


def test_macao_15_the_winner_scores_nothing_and_the_others_their_hands():
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "AC KS 5C", "p2": "3D"},
        top="5H",
        turn="p0",
        options={"target": 5000},
    )
    events = g.apply("p0", "play 9H")
    end = first_event(events, "round_end")
    assert end["points"] == {"p0": 0, "p1": 90, "p2": 30}
    assert g.observation(None)["scores"] == {"p0": 0, "p1": 90, "p2": 30}


def test_macao_15_a_round_with_no_winner_charges_everybody():
    g = position(
        "macao",
        ["p0", "p1"],
        hands={"p0": "8C 2S", "p1": "JC"},
        top="9D",
        stock="",
        pile="",
        options={"target": 5000},
    )
    g.apply("p0", "draw")
    events = g.apply("p1", "draw")
    end = first_event(events, "round_end")
    assert end["points"] == {"p0": 30, "p1": 10}


# --- MACAO-16 --------------------------------------------------------------------------------
def test_macao_16_the_match_ends_when_a_total_reaches_the_target_and_lowest_wins():
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "KH KS", "p2": "5C"},
        top="5H",
        turn="p0",
        scores=[100, 450, 40],
    )
    events = g.apply("p0", "play 9H")
    assert g.is_over and g.current_player() is None
    outcome = g.outcome()
    assert outcome["scores"] == {"p0": 100, "p1": 530, "p2": 50}
    assert outcome["winners"] == ["p2"] and outcome["draw"] is False
    assert outcome["losers"] == ["p1"]
    assert outcome["places"] == {"p2": 1, "p0": 2, "p1": 3}
    assert events[-1]["type"] == "match_end"
    assert g.legal_actions("p2") == []
    check_illegal_refused(g, "p2", "draw")


def test_macao_16_a_tie_at_the_bottom_is_a_draw():
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "5C", "p2": "KH KS"},
        top="5H",
        turn="p0",
        scores=[110, 100, 450],
    )
    g.apply("p0", "play 9H")
    outcome = g.outcome()
    assert outcome["winners"] == ["p0", "p1"] and outcome["draw"] is True
    assert outcome["places"]["p0"] == outcome["places"]["p1"] == 1


def test_macao_16_the_target_is_an_option():
    g = position(
        "macao", P3, hands={"p0": "9H", "p1": "5C"}, top="5H", turn="p0", options={"target": 10}
    )
    g.apply("p0", "play 9H")
    assert g.is_over


def test_macao_16_below_the_target_a_new_round_is_dealt():
    g = position("macao", P3, hands={"p0": "9H", "p1": "5C"}, top="5H", turn="p0")
    events = g.apply("p0", "play 9H")
    assert not g.is_over and "deal" in types(events)
    assert set(g.observation(None)["counts"].values()) == {5}
    check_card_conservation(g)


# --- MACAO-17 --------------------------------------------------------------------------------
def test_macao_17_everyone_sees_counts_top_suit_in_force_pending_and_scores():
    twos = stack("2", 4, "p2")
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "5C 6C", "p2": "KC KD QD"},
        top="2D",
        suit="S",
        pending=twos,
        turn="p2",
        scores=[10, 20, 30],
    )
    for seat in (None, "p0", "p1"):
        obs = g.observation(seat)
        assert obs["counts"] == {"p0": 1, "p1": 2, "p2": 3}
        assert obs["top"] == "2D" and obs["suit"] == "S"
        assert obs["pending"] == twos
        assert obs["scores"] == {"p0": 10, "p1": 20, "p2": 30}
        assert obs["turn"] == "p2"
    assert g.observation("p1")["hand"] == ["5C", "6C"]
    assert g.observation(None)["hand"] == []


# --- MACAO-18 --------------------------------------------------------------------------------
def test_macao_18_the_next_round_starts_one_seat_after_the_last_rounds_first_player():
    g = position("macao", P4, hands={"p2": "9H"}, top="5H", turn="p2")
    assert g.to_dict()["round_first"] == 0
    events = g.apply("p2", "play 9H")  # p2 wins; p3 would be next after the winner
    assert {"type": "deal", "round": 2, "first": "p1"} in events
    assert g.current_player() == "p1"
    firsts = []
    game = new_game("macao", P4, seed=3, options={"target": 10_000})
    rng = random.Random(0)
    while len(firsts) < 6:
        seat = game.current_player()
        legal = game.legal_actions(seat)
        for event in game.apply(seat, legal[int(rng.random() * len(legal))]):
            if event["type"] == "deal":
                firsts.append(event["first"])
    assert firsts == ["p1", "p2", "p3", "p0", "p1", "p2"]
