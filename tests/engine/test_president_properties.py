"""Properties of President over random games, its golden playthrough and its bot's strength.

Seed, 4-10 players and the chooser's seed vary. Every reachable state keeps the right number of
packs (one up to seven players, two from eight) between hands, the pile and the cleared cards;
round-trips through JSON; refuses every action not offered, changing nothing; shows no seat
another's cards; names only shown cards in its events. The same seed and actions always give the
same game, and ``legal_actions`` stays small and free of duplicates.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.actions import Draw, Pass, Play, Take
from engine.bots import make_bot
from engine.cards import ALL_CARDS, Card
from engine.president import decks_for
from engine.president.actions import Complete, Give
from terminal.simulate import simulate
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
players = st.integers(min_value=4, max_value=10)
#: two rounds, so the card exchange of the second is reached
TWO_ROUNDS = {"rounds": 2}
CARD_KEYS = ("hands", "pile", "cleared")


def exchanged(game) -> list[str]:
    """The cards of this round's exchange: shown to the two seats in it, and rightly so."""
    ex = game.to_dict()["exchange"] or {}
    return [c for c in (ex.get("to_president"), ex.get("to_a_hole")) if c]


def candidate_actions(game, seat, rng):
    """Actions worth trying: the seat's cards in sets offered and not, cards it lacks, others."""
    hand = [Card.parse(c) for c in game.observation(seat)["hand"]]
    lacking = rng.sample([c for c in ALL_CARDS if c not in hand], 3)
    out = [Pass(), Draw(), Take()]
    for card in [*hand, *lacking]:
        out += [Play(cards=(card,)), Complete(cards=(card,)), Give(card=card)]
    by_rank: dict[str, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    for held in by_rank.values():
        if len(held) >= 2:
            out += [Play(cards=tuple(held[-2:])), Complete(cards=tuple(held[-2:]))]
            out.append(Play(cards=tuple(reversed(held))))
    if len(hand) >= 2:
        out.append(Play(cards=(hand[0], hand[-1])))
    return out


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_every_state_keeps_the_packs_hides_hands_and_names_only_shown_cards(seed, n, chooser):
    steps = 0
    for step in random_playout("president", n, seed, chooser, TWO_ROUNDS, max_steps=3000):
        steps += 1
        game = step.game
        check_card_conservation(game, decks_for(n), CARD_KEYS)
        check_no_leaks(game, public=exchanged(game), card_keys=CARD_KEYS)
        check_events_public(step.before, game, step.seat, step.events, CARD_KEYS)
    assert steps > 0 and game.is_over


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_every_action_not_offered_is_refused_and_changes_nothing(seed, n, chooser):
    rng = random.Random(chooser)
    for k, step in enumerate(random_playout("president", n, seed, chooser, TWO_ROUNDS, 3000)):
        if k % 37:
            continue
        game = step.game
        for seat in game.seats:
            legal = set(game.legal_actions(seat))
            tries = candidate_actions(game, seat, rng)
            if seat != game.current_player():
                tries = rng.sample(tries, min(6, len(tries)))
            for action in tries:
                if action not in legal:
                    check_illegal_refused(game, seat, action)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_offers_are_unique_small_and_only_out_of_turn_completions(seed, n, chooser):
    for step in random_playout("president", n, seed, chooser, TWO_ROUNDS, 3000):
        game = step.game
        turn = game.current_player()
        for seat in game.seats:
            legal = game.legal_actions(seat)
            assert len(legal) == len(set(legal))
            hand = len(game.observation(seat)["hand"])
            assert len(legal) <= hand + 2  # one set per rank and size, a completion, a pass
            if seat != turn:
                assert all(isinstance(a, Complete) for a in legal)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_states_round_trip_and_replay_alike(seed, n, chooser):
    steps = random_playout("president", n, seed, chooser, TWO_ROUNDS, 3000)
    check_round_trips_along(steps, every=41, replay_steps=8)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_the_same_seed_and_actions_give_the_same_game(seed, n, chooser):
    options = {"target": 3}  # two rounds at least, the exchange and the match end included
    steps = random_playout("president", n, seed, chooser, options, max_steps=20000)
    final, replay = check_log_replays_alike("president", n, seed, options, steps)
    assert final.is_over
    assert replay.outcome() == final.outcome()


@PROPERTY
@given(seed=seeds, n=players)
def test_bots_always_choose_an_offered_action(seed, n):
    seats = [f"p{k}" for k in range(n)]
    game = new_game("president", seats, seed=seed, options=TWO_ROUNDS)
    bots = {
        s: make_bot("heuristic" if k % 2 else "random", "president", seed + k)
        for k, s in enumerate(seats)
    }
    while not game.is_over:
        for seat in seats:  # out-of-turn completions first, as a table would take them
            legal = game.legal_actions(seat)
            if seat != game.current_player() and legal:
                react = getattr(bots[seat], "react", None)
                action = react(game.observation(seat), legal) if react else None
                if action is not None:
                    assert action in legal
                    game.apply(seat, action)
        seat = game.current_player()
        if seat is None:
            break
        legal = game.legal_actions(seat)
        choice = bots[seat].choose(game.observation(seat), legal)
        assert choice in legal
        game.apply(seat, choice)


def test_outcome_stats_count_every_round():
    steps = list(random_playout("president", 5, 11, 3, {"target": 6}, max_steps=20000))
    game = steps[-1].game
    assert game.is_over
    result = game.outcome()
    stats = result["stats"]
    rounds = stats["rounds"]
    assert sum(stats["presidencies"].values()) == rounds
    assert sum(stats["vice_presidencies"].values()) == rounds
    assert sum(stats["a_hole_rounds"].values()) == rounds
    assert sum(result["scores"].values()) == 3 * rounds
    assert max(result["scores"].values()) >= 6
    assert result["places"][result["winners"][0]] == 1


# --- the golden playthrough ------------------------------------------------------------------

GOLDEN_SEED = 3
GOLDEN_OPTIONS = {"rounds": 3}


def test_president_golden_playthrough():
    """Heuristic bots, four seats, three rounds: two exchanges and the match end."""
    text = record_playthrough("president", 4, GOLDEN_SEED, options=GOLDEN_OPTIONS)
    assert text.rstrip().splitlines()[-1].startswith("outcome ")
    assert " give " in text and "complete" in text
    check_golden(golden_path("president", 4, GOLDEN_SEED), text)


def test_president_golden_playthrough_replays_from_its_action_lines():
    game, lines = replay_golden("president", 4, GOLDEN_SEED, GOLDEN_OPTIONS)
    assert game.is_over
    scores = json.dumps(game.outcome()["scores"], sort_keys=True, separators=(",", ":"))
    assert f'"scores":{scores}' in lines[-1]


# --- the heuristic bot ------------------------------------------------------------------------


def test_heuristic_bot_wins_far_more_than_a_quarter_of_presidencies_against_random_bots():
    """A sample of docs/benchmarks.md's measure (2,000 rounds, seeds 0..1999: about 80%)."""
    figures = simulate("president", 150, seed=0, bots="heuristic,random,random,random")
    assert figures["rounds"] == 150
    assert figures["wins_per_kind"]["heuristic"] / 150 > 0.5
