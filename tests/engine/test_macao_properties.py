"""Properties of Macao over random games: seed, 2-6 players and the chooser's seed vary.

Every reachable state keeps the 52 cards, round-trips through JSON, refuses every action not
offered (changing nothing), shows no seat another's cards or the stock order, and names only
shown cards in its events; the same seed and actions always give the same game.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.actions import Draw, Pass, Play, Take
from engine.bots import make_bot
from engine.cards import ALL_CARDS, SUITS, Card
from tests.engine.invariants import (
    check_card_conservation,
    check_events_public,
    check_illegal_refused,
    check_log_replays_alike,
    check_no_leaks,
    check_round_trips_along,
    random_playout,
)

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=2, max_value=6)
ONE_ROUND = {"rounds": 1}


def candidate_actions(game, seat, rng):
    """Actions worth trying: the seat's own cards every way, a few cards it lacks, the rest."""
    hand = [Card.parse(c) for c in game.observation(seat)["hand"]]
    lacking = [c for c in ALL_CARDS if c not in hand]
    out = [Draw(), Take(), Pass()]
    for card in [*hand, *rng.sample(lacking, 4)]:
        out.append(Play(cards=(card,)))
        out.extend(Play(cards=(card,), suit=s) for s in SUITS)
    if len(hand) >= 2:
        out.append(Play(cards=(hand[0], hand[1])))
    return out


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_every_state_keeps_the_pack_hides_hands_and_names_only_shown_cards(seed, n, chooser):
    steps = 0
    for step in random_playout("macao", n, seed, chooser, options=ONE_ROUND, max_steps=400):
        steps += 1
        check_card_conservation(step.game, decks=1)
        check_no_leaks(step.game)
        check_events_public(step.before, step.game, step.seat, step.events)
    assert steps > 0


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_every_action_not_offered_is_refused_and_changes_nothing(seed, n, chooser):
    rng = random.Random(chooser)
    for k, step in enumerate(random_playout("macao", n, seed, chooser, ONE_ROUND, 300)):
        if k % 29:
            continue
        game = step.game
        for seat in game.seats:
            legal = set(game.legal_actions(seat))
            tries = candidate_actions(game, seat, rng)
            if seat != game.current_player():
                assert not legal
                tries = rng.sample(tries, 3)  # all refused for the same reason: a few will do
            for action in tries:
                if action not in legal:
                    check_illegal_refused(game, seat, action)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_states_round_trip_and_replay_alike(seed, n, chooser):
    steps = random_playout("macao", n, seed, chooser, ONE_ROUND, 400)
    check_round_trips_along(steps, every=23)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_the_same_seed_and_actions_give_the_same_game(seed, n, chooser):
    options = {"target": 300}
    steps = random_playout("macao", n, seed, chooser, options=options, max_steps=600)
    check_log_replays_alike("macao", n, seed, options, steps)


@PROPERTY
@given(seed=seeds, n=players)
def test_bots_always_choose_an_offered_action(seed, n):
    seats = [f"p{k}" for k in range(n)]
    game = new_game("macao", seats, seed=seed, options=ONE_ROUND)
    bots = {
        s: make_bot("heuristic" if k % 2 else "random", "macao", seed + k)
        for k, s in enumerate(seats)
    }
    for _ in range(500):
        if game.is_over:
            break
        seat = game.current_player()
        legal = game.legal_actions(seat)
        choice = bots[seat].choose(game.observation(seat), legal)
        assert choice in legal
        game.apply(seat, choice)


def test_random_games_finish_and_rounds_end_within_the_turn_limit():
    for seed in range(40):
        steps = list(random_playout("macao", 2 + seed % 5, seed, seed, ONE_ROUND, 5000))
        game = steps[-1].game
        assert game.is_over
        end = next(e for e in steps[-1].events if e["type"] == "round_end")
        assert end["winner"] is not None or any(
            e["type"] == "stalemate" for s in steps[-3:] for e in s.events
        )
        assert game.observation(None)["turns"] <= game.options["max_turns"]
