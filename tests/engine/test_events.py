"""The typed seam (engine/events.py): every event, observation and outcome the five games
produce has the keys and value types the TypedDicts declare, so what the type checker
holds the readers to is what the engine really sends."""

from __future__ import annotations

import pytest

from engine import GAMES, new_game
from engine.base import Game
from engine.bots import make_bot
from engine.events import EVENT_TYPES, Event, Observation, Outcome, conforms
from engine.turns import BotTable
from tests.engine.clock import on_the_clock
from tests.engine.invariants import mixed_playout, random_playout

GAME_NAMES = sorted(GAMES)


def playouts(name: str, seeds: range):
    cls = GAMES[name]
    options = {"rounds": 2} if "rounds" in cls.defaults else None
    for seed in seeds:
        for n in (cls.min_seats, min(cls.max_seats, 5)):
            yield random_playout(name, n, seed, seed, options, max_steps=600, keep_before=False)
            if name != "mao":  # a random Mao playout already covers its calls and timers
                yield mixed_playout(name, seed, n, seed, options, max_steps=600)


def finished_match(name: str) -> Game:
    """A whole match of heuristic bots on a fake clock: random playouts of a few hundred
    steps end few matches, and none of Mao's, whose random players only collect penalties."""
    cls = GAMES[name]
    options = {"rounds": 1} if "rounds" in cls.defaults else None
    seats = [f"p{k}" for k in range(cls.min_seats)]
    game = new_game(name, seats, seed=1, options=options)
    table = BotTable({s: make_bot("heuristic", name, k) for k, s in enumerate(seats)})
    for _ in on_the_clock(game, table, 20_000):
        pass
    assert game.is_over, f"a {name} match of heuristic bots did not end"
    return game


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_event_observation_and_outcome_has_its_declared_shape(name):
    shapes = GAMES[name].shapes
    kinds = EVENT_TYPES | shapes.own_types
    seen: set[str] = set()
    for playout in playouts(name, range(3)):
        for step in playout:
            for event in step.events:
                problem = conforms(event, shapes.event)
                assert problem is None, (problem, event)
                assert event["type"] in kinds, event
                seen.add(event["type"])
            for seat in {step.seat, None}:
                view = step.game.observation(seat)
                # its recent events are the game's own events (``list[Event]`` holds them
                # as the base of their type): each is held to the game's event type
                for event in view["events"]:
                    assert conforms(event, shapes.event) is None, (event, view)
                bare = {**view, "events": []}
                assert conforms(bare, shapes.observation) is None, conforms(
                    bare, shapes.observation
                )
            if step.game.is_over:
                outcome = step.game.outcome()
                assert conforms(outcome, shapes.outcome) is None, conforms(outcome, shapes.outcome)
    assert "play" in seen and len(seen) > 3
    outcome = finished_match(name).outcome()
    assert conforms(outcome, shapes.outcome) is None, conforms(outcome, shapes.outcome)


def sent(name: str):
    """Every observation, event and outcome of a few playouts of ``name``."""
    views, events, outcomes = [], [], []
    for playout in playouts(name, range(2)):
        for step in playout:
            events.extend(step.events)
            views.append({**step.game.observation(step.seat), "events": []})
            if step.game.is_over:
                outcomes.append(step.game.outcome())
    return views, events, [*outcomes, finished_match(name).outcome()]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_games_own_keys_are_declared_in_its_own_types_alone(name):
    """The generic types hold none of a game's own keys: where a game declares a type of its
    own (``Game.shapes``), something it sends fits that type and not the generic one."""
    shapes = GAMES[name].shapes
    views, events, outcomes = sent(name)
    for own, generic, values in (
        (shapes.observation, Observation, views),
        (shapes.event, Event, events),
        (shapes.outcome, Outcome, outcomes),
    ):
        if own is generic:
            continue
        assert values and all(conforms(v, own) is None for v in values)
        assert any("has an undeclared key" in (conforms(v, generic) or "") for v in values)


def test_a_games_own_kinds_of_event_are_not_the_shared_ones():
    for cls in GAMES.values():
        assert not cls.shapes.own_types & EVENT_TYPES, cls.name


def test_the_check_names_what_does_not_fit():
    assert conforms({"type": "play", "seat": 3}, Event) == "value['seat'] is 3, not str"
    assert conforms({"type": "play", "colour": "red"}, Event) == (
        "value has an undeclared key 'colour'"
    )
    assert conforms({"seat": "ana"}, Event) == "value lacks 'type'"
    assert conforms({"type": "play", "cards": ["AS", 7]}, Event) == (
        "value['cards'][1] is 7, not str"
    )


def test_the_shared_kinds_of_event_are_the_declared_literal():
    assert "match_end" in EVENT_TYPES and "play" in EVENT_TYPES
    assert "point_of_order_end" not in EVENT_TYPES  # Mao's own
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES))
