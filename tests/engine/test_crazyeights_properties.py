"""Properties of Crazy Eights over random games: seed, 2-10 players, options and the chooser's
seed vary.

Every reachable state keeps its pack (two above five players), round-trips through JSON,
refuses every action not offered (changing nothing), offers each action once, shows no seat
another's cards or the stock order, and names only shown cards in its events; the seat on
turn always has a move; the same seed and actions always give the same game; matches end
with a place for every seat. Play mixes the heuristic bot with random slips
(``invariants.mixed_playout``), as purely random players draw so much that rounds run long.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.actions import Draw, Pass, Play, Take
from engine.bots import make_bot
from engine.cards import ALL_CARDS, SUITS, Card
from tests.engine import invariants
from tests.engine.invariants import (
    check_card_conservation,
    check_events_public,
    check_illegal_refused,
    check_log_replays_alike,
    check_no_leaks,
    check_round_trips_along,
    random_playout,
)
from tests.engine.playthrough import (
    check_golden,
    golden_path,
    record_playthrough,
    replay_golden,
)

PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=2, max_value=10)
rules = st.fixed_dictionaries(
    {
        "draw_limit": st.sampled_from([0, 1, 5]),
        "specials": st.booleans(),
        "reshuffle": st.booleans(),
        "hand_size": st.sampled_from([0, 3, 10]),
        "target": st.sampled_from([30, 100]),
    }
)


def mixed_playout(seed, n, chooser, options=None, max_steps=1500):
    return invariants.mixed_playout("crazyeights", seed, n, chooser, options, max_steps)


def shown_events(events):
    """The events less ``starter_returned``: an eight turned up was shown to everyone before it
    went back into the stock (EIGHTS-2), so naming it there is no leak."""
    return [e for e in events if e["type"] != "starter_returned"]


def candidate_actions(game, seat, rng):
    """Actions worth trying: the seat's own cards every way, a few it lacks, and the rest."""
    hand = [Card.parse(c) for c in game.observation(seat)["hand"]]
    lacking = [c for c in ALL_CARDS if c not in hand]
    out = [Draw(), Take(), Pass()]
    for card in [*hand[:8], *rng.sample(lacking, 3)]:
        out.append(Play(cards=(card,)))
        out.extend(Play(cards=(card,), suit=s) for s in SUITS)
    if len(hand) >= 2:
        out.append(Play(cards=(hand[0], hand[1])))
    return out


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, options=rules)
def test_every_state_keeps_its_pack_hides_hands_and_names_only_shown_cards(
    seed, n, chooser, options
):
    decks = 2 if n > 5 else 1
    steps = 0
    walks = [
        random_playout("crazyeights", n, seed, chooser, options, max_steps=150),
        mixed_playout(seed, n, chooser, options, 500),
    ]
    for walk in walks:
        for step in walk:
            steps += 1
            check_card_conservation(step.game, decks=decks)
            if steps % 5 == 0:
                check_no_leaks(step.game)
            check_events_public(step.before, step.game, step.seat, shown_events(step.events))
            if not step.game.is_over:  # the seat on turn always has a move
                seat = step.game.current_player()
                assert seat is not None and step.game.legal_actions(seat)
    assert steps > 0


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, options=rules)
def test_every_action_not_offered_is_refused_and_changes_nothing(seed, n, chooser, options):
    rng = random.Random(chooser)
    for k, step in enumerate(mixed_playout(seed, n, chooser, options, 600)):
        if k % 23:
            continue
        game = step.game
        for seat in game.seats:
            legal = game.legal_actions(seat)
            assert len(set(legal)) == len(legal), "an action is offered twice"
            candidates = candidate_actions(game, seat, rng)
            if not legal:
                candidates = rng.sample(candidates, 6)
            for action in candidates:
                if action not in legal:
                    check_illegal_refused(game, seat, action)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, options=rules)
def test_states_round_trip_and_replay_alike(seed, n, chooser, options):
    check_round_trips_along(mixed_playout(seed, n, chooser, options, 600), every=41)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, options=rules)
def test_the_same_seed_and_actions_give_the_same_game(seed, n, chooser, options):
    steps = mixed_playout(seed, n, chooser, options, 800)
    check_log_replays_alike("crazyeights", n, seed, options, steps)


@PROPERTY
@given(seed=seeds, n=st.integers(min_value=2, max_value=6), chooser=seeds, options=rules)
def test_matches_end_with_a_place_for_every_seat(seed, n, chooser, options):
    final = None
    for step in mixed_playout(seed, n, chooser, {**options, "target": 30}, 20000):
        final = step.game
    assert final is not None and final.is_over
    out = final.outcome()
    assert sorted(out["places"]) == sorted(final.seats)
    assert max(out["scores"].values()) >= 30
    assert out["winners"] == [s for s, p in out["places"].items() if p == 1]


@pytest.mark.long
@PROPERTY
@given(seed=seeds, n=players, options=rules)
def test_bots_always_choose_an_offered_action(seed, n, options):
    seats = [f"p{k}" for k in range(n)]
    game = new_game("crazyeights", seats, seed=seed, options={**options, "rounds": 1})
    bots = {
        s: make_bot(("heuristic", "random", "expert")[k % 3], "crazyeights", seed + k)
        for k, s in enumerate(seats)
    }
    for _ in range(400):
        if game.is_over:
            break
        seat = game.current_player()
        legal = game.legal_actions(seat)
        choice = bots[seat].choose(game.observation(seat), legal)
        assert choice in legal
        game.apply(seat, choice)


# --- the golden playthrough ------------------------------------------------------------------
GOLDEN_SEED = 5
GOLDEN_PLAYERS = 4
GOLDEN_OPTIONS = {"specials": True}


def test_crazyeights_golden_playthrough():
    """A whole four-player match of heuristic bots with the special cards, diffed against
    ``tests/playthroughs/crazyeights_4p_seed5.txt``."""
    text = record_playthrough("crazyeights", GOLDEN_PLAYERS, GOLDEN_SEED, GOLDEN_OPTIONS)
    assert text.rstrip().splitlines()[-1].startswith("outcome ")
    assert '"suit":' in text and '"type":"turn_lost"' in text and '"type":"take"' in text
    check_golden(golden_path("crazyeights", GOLDEN_PLAYERS, GOLDEN_SEED), text)


def test_crazyeights_golden_playthrough_replays_from_its_action_lines():
    game, lines = replay_golden("crazyeights", GOLDEN_PLAYERS, GOLDEN_SEED, GOLDEN_OPTIONS)
    assert game.is_over
    outcome = json.dumps(game.outcome(), sort_keys=True, separators=(",", ":"))
    assert lines[-1] == "outcome " + outcome


def test_the_heuristic_bot_beats_three_random_bots_clearly():
    wins = 0
    for seed in range(40):
        seats = ["p0", "p1", "p2", "p3"]
        mine = seats[seed % 4]
        game = new_game("crazyeights", seats, seed=seed, options={"rounds": 1})
        bots = {
            s: make_bot("heuristic" if s == mine else "random", "crazyeights", seed * 4 + k)
            for k, s in enumerate(seats)
        }
        while not game.is_over:
            seat = game.current_player()
            game.apply(seat, bots[seat].choose(game.observation(seat), game.legal_actions(seat)))
        wins += game.outcome()["winners"] == [mine]
    assert wins >= 25  # a random seat would win about 10 of 40
