"""Properties of Mau-Mau over random games: seed, 2-10 players and the chooser's seed vary.

Every reachable state keeps the 104 cards, round-trips through JSON, refuses every action not
offered (changing nothing), offers each action once, shows no seat another's cards or the
stock order, and names only shown cards in its events; the same seed and actions always give
the same game.

Purely random play draws so often that a hand rarely ends within a test's budget, so besides
``random_playout`` these tests use ``mixed_playout``: each step a seat with an action is
picked at random (so "Mau" out of turn gets its chance), and it plays the heuristic bot's
choice or, one time in three, a random one. Starting totals near 100 bring blow-ups, rebuys,
leaving and the match end within reach.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.actions import Announce, Draw, Pass, Play, Take
from engine.bots import make_bot
from engine.cards import ALL_CARDS, SUITS, Card
from engine.maumau import MauMau
from engine.maumau.actions import Leave, Rebuy
from tests.engine import invariants
from tests.engine.invariants import (
    Step,
    acting_seats,
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
start_totals = st.sampled_from([0, 60, 90])


def mixed_playout(
    seed: int,
    n: int,
    chooser: int,
    options: dict | None = None,
    start_total: int = 0,
    max_steps: int = 1500,
) -> Iterator[Step]:
    """``invariants.mixed_playout`` for Mau-Mau, optionally from totals near blowing up."""

    def near_blowing_up(game):
        data = game.to_dict()
        data["scores"] = [start_total] * n
        return MauMau.from_dict(data)

    return invariants.mixed_playout(
        "maumau", seed, n, chooser, options, max_steps, near_blowing_up if start_total else None
    )


def candidate_actions(game, seat, rng):
    """Actions worth trying: the seat's own cards every way, a few it lacks, and the rest."""
    hand = [Card.parse(c) for c in game.observation(seat)["hand"]]
    lacking = [c for c in ALL_CARDS if c not in hand]
    out = [Draw(), Take(), Pass(), Rebuy(), Leave(), Announce(word="mau"), Announce(word="uno")]
    for card in [*hand[:8], *rng.sample(lacking, 3)]:
        out.append(Play(cards=(card,)))
        out.extend(Play(cards=(card,), suit=s) for s in SUITS)
    if len(hand) >= 2:
        out.append(Play(cards=(hand[0], hand[1])))
    return out


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, total=start_totals)
def test_every_state_keeps_104_cards_hides_hands_and_names_only_shown_cards(
    seed, n, chooser, total
):
    steps = 0
    walks = [
        random_playout("maumau", n, seed, chooser, max_steps=120),
        mixed_playout(seed, n, chooser, {"twos_stack": chooser % 2 == 0}, total, 500),
    ]
    for walk in walks:
        for step in walk:
            steps += 1
            check_card_conservation(step.game, decks=2)
            if steps % 5 == 0:
                check_no_leaks(step.game)
            check_events_public(step.before, step.game, step.seat, step.events)
    assert steps > 0


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, total=start_totals)
def test_every_action_not_offered_is_refused_and_changes_nothing(seed, n, chooser, total):
    rng = random.Random(chooser)
    for k, step in enumerate(mixed_playout(seed, n, chooser, None, total, 600)):
        if k % 37:
            continue
        game = step.game
        for seat in game.seats:
            legal = game.legal_actions(seat)
            assert len(set(legal)) == len(legal), "an action is offered twice"
            candidates = candidate_actions(game, seat, rng)
            if not legal:  # a seat with nothing to do: a sample is enough
                candidates = rng.sample(candidates, 6)
            for action in candidates:
                if action not in legal:
                    check_illegal_refused(game, seat, action)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, total=start_totals)
def test_states_round_trip_and_replay_alike(seed, n, chooser, total):
    check_round_trips_along(mixed_playout(seed, n, chooser, None, total, 600), every=41)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_the_same_seed_and_actions_give_the_same_game(seed, n, chooser):
    options = {"twos_stack": True}
    steps = mixed_playout(seed, n, chooser, options, 0, 800)
    check_log_replays_alike("maumau", n, seed, options, steps)


@PROPERTY
@given(seed=seeds, n=st.integers(min_value=2, max_value=6), chooser=seeds)
def test_matches_end_with_places_for_all_and_the_pot_accounted_for(seed, n, chooser):
    final = None
    for step in mixed_playout(seed, n, chooser, None, 60, 6000):
        final = step.game
    assert final is not None and final.is_over
    out = final.outcome()
    assert sorted(out["places"]) == sorted(final.seats)
    assert min(out["places"].values()) == 1
    stats = out["stats"]
    assert sum(stats["chips_paid"].values()) == out["pot"]
    assert sum(stats["chips_won"].values()) in (0, out["pot"])
    assert all(stats["blow_ups"][s] >= stats["chips_paid"][s] for s in final.seats)


@PROPERTY
@given(seed=seeds, n=players)
def test_bots_always_choose_an_offered_action(seed, n):
    seats = [f"p{k}" for k in range(n)]
    game = new_game("maumau", seats, seed=seed, options={"rounds": 1})
    bots = {
        s: make_bot("heuristic" if k % 2 else "random", "maumau", seed + k)
        for k, s in enumerate(seats)
    }
    for _ in range(400):
        if game.is_over:
            break
        for seat, legal in acting_seats(game):
            choice = bots[seat].choose(game.observation(seat), legal)
            assert choice in legal
        seat, legal = acting_seats(game)[0]
        game.apply(seat, bots[seat].choose(game.observation(seat), legal))


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_offers_carried_over_a_draw_are_what_the_same_state_lists_afresh(seed, n, chooser):
    """The offers of a seat that draws and plays on are carried over its draw (MauMau.seen,
    for speed): they are always those a copy of the state, which starts without them, lists.
    Draws are favoured so hands grow and two packs bring a card held twice."""
    rng = random.Random(chooser)
    game = new_game("maumau", [f"p{k}" for k in range(n)], seed=seed, options={"rounds": 1})
    carried = 0
    for _ in range(300):
        if game.is_over:
            break
        seat = game.seats_that_may_act()[0]
        legal = game.legal_actions(seat)
        assert legal == game.copy().legal_actions(seat)
        draws = [a for a in legal if isinstance(a, Draw)]
        action = draws[0] if draws and rng.random() < 0.6 else rng.choice(legal)
        carried += isinstance(action, Draw)
        game.apply_offered(seat, action)
    assert carried


# --- the golden playthrough ------------------------------------------------------------------
GOLDEN_SEED = 1
GOLDEN_PLAYERS = 3


def test_maumau_golden_playthrough():
    """A whole three-player match of heuristic bots (saying "Mau" out of turn, blow-ups and a
    rebuy included), diffed against ``tests/playthroughs/maumau_3p_seed1.txt``."""
    text = record_playthrough("maumau", GOLDEN_PLAYERS, GOLDEN_SEED)
    assert text.rstrip().splitlines()[-1].startswith("outcome ")
    assert '"type":"rebuy"' in text and '"type":"announce"' in text
    check_golden(golden_path("maumau", GOLDEN_PLAYERS, GOLDEN_SEED), text)


def test_maumau_golden_playthrough_replays_from_its_action_lines():
    game, lines = replay_golden("maumau", GOLDEN_PLAYERS, GOLDEN_SEED)
    assert game.is_over
    outcome = json.dumps(game.outcome(), sort_keys=True, separators=(",", ":"))
    assert lines[-1] == "outcome " + outcome


def test_the_heuristic_bot_beats_three_random_bots_clearly():
    """A small fixed sample of docs/benchmarks.md's measurement (2,000 games there, about 90%)."""
    wins = 0
    for seed in range(40):
        seats = ["p0", "p1", "p2", "p3"]
        mine = seats[seed % 4]
        game = new_game("maumau", seats, seed=seed, options={"rounds": 1})
        bots = {
            s: make_bot("heuristic" if s == mine else "random", "maumau", seed * 4 + k)
            for k, s in enumerate(seats)
        }
        while not game.is_over:
            # out-of-turn "Mau" first, as a table offers it; a random bot takes what it is offered
            turn = game.current_player()
            movers = dict(acting_seats(game))
            waiting = [s for s in movers if s != turn]
            seat = waiting[0] if waiting else turn
            game.apply(seat, bots[seat].choose(game.observation(seat), movers[seat]))
        wins += mine in game.outcome()["winners"]
    assert wins >= 20
