"""The expert's playout rules: each game's quick player is its heuristic bot, move for move,
and a playout of a sampled state stays legal and leaves that state untouched."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.playouts import PLAYOUTS
from engine.determinize import clone
from engine.turns import BotTable

SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "crazyeights": (3, {"specials": True}),
    "macao": (2, {}),
    "maumau": (3, {}),
    "lastcard": (3, {"games": 3}),
    "president": (4, {}),
}


def turns(name: str, seed: int, limit: int = 600):
    """(game, seat, legal) at each turn of a heuristic match where a choice is offered."""
    players, options = SETUPS[name]
    game = new_game(name, [f"p{k}" for k in range(players)], seed=seed, options=options)
    table = BotTable({s: make_bot("heuristic", name, k) for k, s in enumerate(game.seats)})
    for _ in range(limit):
        if game.is_over:
            return
        seat = game.current_player()
        if seat is not None:
            legal = game.legal_actions(seat)
            if len(legal) > 1 and not any(a.kind == "announce" for a in legal):
                yield game, seat, legal
        if table.step(game) is None:
            return


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_playout_player_is_the_heuristic_bot_move_for_move(name):
    rule = PLAYOUTS[name]
    compared = 0
    for seed in range(4):
        for game, seat, legal in turns(name, seed):
            if name == "maumau" and game.choosing:
                continue  # a blown-up seat's rebuy ends a playout; the bot never picks it
            bot = make_bot("heuristic", name, 0)
            wanted = bot.choose(game.observation(seat), legal)
            assert rule.pick(game, seat, legal, random.Random(0)) == wanted
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_playout_on_a_copy_leaves_the_sample_as_it_was(name):
    rule = PLAYOUTS[name]
    for game, seat, legal in turns(name, 7, limit=200):
        before = game.to_dict()
        twin = clone(game, random.Random(1))
        twin.apply_offered(seat, legal[-1])
        rule.rollout(twin, random.Random(2), game.round)
        assert game.to_dict() == before
        value = rule.value(twin, seat, game.round)
        assert 0.0 <= value <= 1.0


def test_the_mau_mau_expert_weighs_no_draw_while_a_card_plays():
    """MAU-3: a draw keeps the turn, so while a card plays it only makes the hand heavier."""
    rule = PLAYOUTS["maumau"]
    seen = 0
    for game, seat, legal in turns("maumau", 2):
        kinds = {a.kind for a in legal}
        weighed = {a.kind for a in rule.worth_weighing(legal, game.observation(seat))}
        if "play" in kinds:
            assert "draw" not in weighed
            seen += "draw" in kinds
        else:
            assert weighed == kinds
    assert seen > 10


def test_a_two_still_held_costs_the_cards_it_will_draw_mau_6():
    from engine.cards import Card
    from engine.maumau.bots.playouts import hand_cost

    assert hand_cost(Card("2", "C")) > hand_cost(Card("10", "C")) + 10
    assert hand_cost(Card("9", "C")) == 9


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_playout_on_a_copy_leaves_the_samples_caches_as_they_were(name):
    """What a game derives and keeps beside its state (Mau-Mau's offers carried over a draw,
    President's hands grouped by rank) is the copy's own: after playing on the copy, the
    original still offers what the same state, loaded afresh, offers."""
    for game, seat, legal in turns(name, 7, limit=200):
        twin = clone(game, random.Random(1))
        twin.apply_offered(seat, legal[-1])
        PLAYOUTS[name].rollout(twin, random.Random(2), game.round)
        fresh = type(game).from_dict(game.to_dict())
        for s in game.seats:
            assert game.legal_actions(s) == fresh.legal_actions(s)


def test_lastcard_weighs_one_order_per_multiple_and_suit_left_in_force_last_4():
    """LAST-4: the order of a multiple matters only by the suit its last card leaves in
    force, so the search weighs one order per suit, and only suits the hand still holds."""
    from engine.actions import Play
    from engine.bots.playouts import distinct_plays
    from engine.cards import cards

    hand = cards("6C 6D 6S QH")
    legal = [
        Play(cards=tuple(cards(text)))
        for text in ("6C", "QH", "6C 6D", "6D 6C", "6C 6S", "6C 6D 6S", "6D 6C 6S", "6S 6D 6C")
    ]
    kept = [" ".join(map(str, a.cards)) for a in distinct_plays(legal, hand)]
    # 6C 6D leaves 6S QH (spades and hearts held): ending on clubs or diamonds is not weighed,
    # but one order stays when no order ends on a suit still held
    assert kept == ["6C", "QH", "6C 6D", "6C 6S", "6C 6D 6S"]


def test_a_wild_card_names_only_suits_still_held():
    from engine.actions import Play
    from engine.bots.playouts import distinct_plays
    from engine.cards import cards

    hand = cards("AC 3H 4H 9S")
    legal = [Play(cards=tuple(cards("AC")), suit=s) for s in "CDHS"] + [
        Play(cards=tuple(cards("3H")))
    ]
    kept = [str(a) for a in distinct_plays(legal, hand)]
    assert kept == ["play AC suit=H", "play AC suit=S", "play 3H"]


def test_heads_up_the_dealers_direction_is_no_choice_common_3():
    rule = PLAYOUTS["lastcard"]
    game = new_game("lastcard", ["a", "b"], seed=3)
    seat = game.current_player()
    legal = game.legal_actions(seat)
    assert {a.kind for a in legal} == {"direction"} and len(legal) == 2
    assert rule.worth_weighing(legal, game.observation(seat)) == legal[:1]
