"""A Mao bot's view (``Mao.bot_view``, built field by field as it is read) is its observation.

Drivers hand Mao's bots ``bot_view`` instead of ``observation`` (``Bot.reads_in_call``): each
field is made when first read, the public fields every bot reads once per version. These
tests hold every field of it to ``observation(seat)`` over bot games with calls, penalties
and new rules, and through a Point of Order one seat says in them (the bots never raise one),
and check it refuses to be read once the game has changed.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.actions import Say
from engine.bots import make_bot
from engine.mao import Mao
from engine.turns import BotTable
from engine.views import LazyObservation, StaleView, public_fields
from tests.engine.clock import on_the_clock

KINDS = ["heuristic", "random", "heuristic", "random"]


def played_games(seed: int, options: dict | None = None, steps: int = 250):
    """A bot game of Mao, yielded after every step (the live game: do not change it)."""
    seats = [f"p{k}" for k in range(len(KINDS))]
    game = new_game("mao", seats, seed=seed, options={"rounds": 2, **(options or {})})
    table = BotTable(
        {
            s: make_bot(k, "mao", seed * 10 + n)
            for n, (s, k) in enumerate(zip(seats, KINDS, strict=True))
        }
    )
    for _ in on_the_clock(game, table, steps):
        yield game


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("options", [{}, {"jack_suit": "anyone", "pool": "shuffle"}])
def test_mao_bot_view_is_the_observation_field_by_field(seed, options):
    for game in played_games(seed, options):
        for seat in game.seats:
            whole = game.observation(seat)
            for key, value in whole.items():
                assert game.bot_view(seat)[key] == value, key  # each field read first
            view = game.bot_view(seat)
            assert isinstance(view, LazyObservation)
            assert dict(view) == whole and view == whole
            assert set(view) == set(whole) and len(view) == len(whole)


def test_mao_bot_view_is_the_observation_through_a_point_of_order():
    """MAO-15: the bots never raise a Point of Order, so one seat says it in a bot game; the
    view is held to the observation while it runs and after the bots have ended it."""
    during = after = 0
    for step, game in enumerate(played_games(0, steps=120)):
        if step == 10:
            game.apply("p0", Say(text="Point of order").stamped(game.now))
        for seat in game.seats:
            whole = game.observation(seat)
            for key, value in whole.items():
                assert game.bot_view(seat)[key] == value, key
        if game.point_of_order is not None:
            during += 1
        elif during:
            after += 1
    assert during and after


def test_mao_bot_view_fields_are_built_only_when_read():
    game = next(g for g in played_games(0) if g.rules or g.event_count > 20)
    view = game.bot_view("p1")
    assert view["event_count"] == game.event_count
    assert "history" not in dict.keys(view)  # not built: nobody read it
    assert view.get("history") == game.history
    assert view.get("no such field", "absent") == "absent"


def test_mao_bot_view_refuses_to_be_read_after_the_game_changed():
    game = new_game("mao", ["p0", "p1", "p2"], seed=1)
    assert isinstance(game, Mao)
    view = game.bot_view("p1")
    turn = game.current_player()
    assert turn is not None
    game.apply(turn, game.legal_actions(turn)[-1].stamped(1.0))  # take a card
    with pytest.raises(StaleView):
        view["history"]


def test_mao_bot_views_of_one_version_share_the_public_fields_only():
    game = next(iter(played_games(2)))
    a, b = game.bot_view("p0"), game.bot_view("p1")
    assert a["events"] is b["events"]  # built once for the version
    assert a["hand"] == game.observation("p0")["hand"]
    assert b["hand"] == game.observation("p1")["hand"]
    assert a["seat"] == "p0" and b["seat"] == "p1"


def test_mao_bot_view_public_fields_are_the_observation_s_and_every_seat_s():
    for game in played_games(1, steps=120):
        views = [game.bot_view(seat) for seat in game.seats]
        shared = public_fields(views[0])
        assert type(shared) is dict  # a plain dict, cheaper to read than the view
        for seat, view in zip(game.seats, views, strict=True):
            whole = game.observation(seat)
            assert public_fields(view) is shared
            assert {key: whole[key] for key in shared} == shared
    plain = {"seat": "p0"}
    assert public_fields(plain) is plain  # an observation built whole is its own
