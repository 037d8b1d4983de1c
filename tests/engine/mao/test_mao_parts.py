"""Mao's game is one class that owns its parts (``engine.mao.game``): every game makes its own,
given that game, so a copy (``copy``, ``from_dict``, pickle, a deep copy) plays on by itself
and leaves the game it was copied from as it was."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from engine import new_game
from engine.mao import Mao
from engine.shedding.game import SheddingGame

PARTS = ("penalties", "speech", "moves", "rounds", "clock", "views", "referee")


def test_mao_derives_from_the_shedding_game_alone():
    assert Mao.__mro__[1:] == SheddingGame.__mro__


def a_game_some_moves_in() -> Mao:
    game = new_game("mao", ["ana", "bo", "cy"], seed=7, options={"rounds": 3})
    assert isinstance(game, Mao)
    at = 0.0
    for _ in range(12):
        at += 1.0
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0], at)
        game.apply("bo", "say have a nice day", at + 0.5)
    return game


COPIES = {
    "copy": lambda g: g.copy(),
    "from_dict": lambda g: type(g).from_dict(json.loads(json.dumps(g.to_dict()))),
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copy_plays_on_with_parts_of_its_own(how):
    game = a_game_some_moves_in()
    before = game.to_dict()
    twin = COPIES[how](game)
    for name in PARTS:
        assert getattr(twin, name).game is twin, name
        assert getattr(twin, name) is not getattr(game, name), name
    seat = twin.current_player()
    assert seat is not None
    events = twin.apply(seat, twin.legal_actions(seat)[-1], 40.0)
    twin.apply("cy", "say talking out loud", 41.0)
    twin.tick(200.0)  # every window and call window closes: penalties are given
    assert events
    assert game.to_dict() == before  # the game copied from is as it was
    assert game.copy().apply(seat, game.legal_actions(seat)[-1], 40.0) == events
