"""The typed seam (engine/events.py): every event, observation and outcome the five games
produce has the keys and value types the TypedDicts declare, so what the type checker
holds the readers to is what the engine really sends."""

from __future__ import annotations

import pytest

from engine import GAMES
from engine.events import EVENT_TYPES, Event, Observation, Outcome, conforms
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


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_event_observation_and_outcome_has_its_declared_shape(name):
    seen: set[str] = set()
    for playout in playouts(name, range(3)):
        for step in playout:
            for event in step.events:
                assert conforms(event, Event) is None, (conforms(event, Event), event)
                seen.add(event["type"])
            for seat in {step.seat, None}:
                view = step.game.observation(seat)
                observed = type(step.game).observed
                assert conforms(view, observed) is None, conforms(view, observed)
            if step.game.is_over:
                outcome = step.game.outcome()
                assert conforms(outcome, Outcome) is None, conforms(outcome, Outcome)
    assert "play" in seen and len(seen) > 3


@pytest.mark.parametrize("name", [n for n in GAME_NAMES if GAMES[n].observed is not Observation])
def test_a_games_own_observation_keys_are_declared_in_its_own_type_alone(name):
    """The generic ``Observation`` holds none of a game's own keys: a view of the game
    fits its own type (``Game.observed``), and not the generic one."""
    cls = GAMES[name]
    view = next(iter(next(playouts(name, range(1))))).game.observation(None)
    assert conforms(view, cls.observed) is None
    assert "has an undeclared key" in (conforms(view, Observation) or "")


def test_the_check_names_what_does_not_fit():
    assert conforms({"type": "play", "seat": 3}, Event) == "value['seat'] is 3, not str"
    assert conforms({"type": "play", "colour": "red"}, Event) == (
        "value has an undeclared key 'colour'"
    )
    assert conforms({"seat": "ana"}, Event) == "value lacks 'type'"
    assert conforms({"type": "dance"}, Event).startswith("value['type'] is 'dance'")
    assert conforms({"type": "play", "cards": ["AS", 7]}, Event) == (
        "value['cards'][1] is 7, not str"
    )


def test_event_types_are_the_declared_literal():
    assert "match_end" in EVENT_TYPES and "point_of_order_end" in EVENT_TYPES
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES))
