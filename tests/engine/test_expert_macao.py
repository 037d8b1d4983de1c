"""The Macao expert's evaluation of a playout cut short: in the match's last round (the
option ``rounds``) the match goes to whoever goes out first (MACAO-13, 15, 16), so fewer
cards beat a lighter hand; before it, the points a round costs count."""

from __future__ import annotations

from engine import new_game
from engine.bots.playouts import PLAYOUTS
from engine.cards import Card
from engine.macao import Macao

ACES = [Card("A", "C"), Card("A", "D")]  # 80 points in two cards
SMALL = [Card("5", "C"), Card("6", "D"), Card("8", "H")]  # 30 points in three


def dealt(options: dict, mine: list[Card], theirs: list[Card]):
    game = new_game("macao", ["p0", "p1"], seed=3, options=options)
    assert isinstance(game, Macao)
    game.hands[0], game.hands[1] = list(mine), list(theirs)
    game.pending = None
    assert not game.over and game.turn is not None
    return game


def test_macao_16_in_the_last_round_fewer_cards_are_worth_more_than_fewer_points():
    rule = PLAYOUTS["macao"]
    game = dealt({"rounds": 1}, ACES, SMALL)
    assert rule.value(game, "p0", game.round) > 0.6
    assert rule.value(game, "p1", game.round) < 0.4
    # heads-up, one of the two goes out first: the two values share the match
    assert abs(rule.value(game, "p0", game.round) + rule.value(game, "p1", game.round) - 1) < 1e-9


def test_macao_15_a_draw_stack_aimed_at_a_seat_counts_against_it_in_the_last_round():
    rule = PLAYOUTS["macao"]
    game = dealt({"rounds": 1}, ACES, SMALL)
    calm = rule.value(game, "p0", game.round)
    game.pending = {"kind": "draw", "rank": "2", "count": 4, "target": 0}
    assert rule.value(game, "p0", game.round) < calm


def test_macao_15_before_the_last_round_the_points_still_held_count():
    rule = PLAYOUTS["macao"]
    light = dealt({}, [Card("5", "S"), Card("6", "S")], SMALL)
    heavy = dealt({}, ACES, SMALL)
    assert rule.value(light, "p0", light.round) > rule.value(heavy, "p0", heavy.round)


def test_macao_16_at_the_brink_the_match_goes_to_whoever_goes_out_first():
    """Both totals so near the target that any hand left carries it over: the round ends
    the match whoever goes out, so its value is the chance of going out first."""
    from engine.bots.playouts import first_out_odds

    rule = PLAYOUTS["macao"]
    game = dealt({}, [Card("5", "S"), Card("6", "S")], SMALL)
    game.scores = [495, 495]
    odds = first_out_odds([2, 3], [True, True])
    assert abs(rule.value(game, "p0", game.round) - odds[0]) < 1e-9
    assert abs(rule.value(game, "p1", game.round) - odds[1]) < 1e-9
