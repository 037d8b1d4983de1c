"""The first-out odds fitted on heuristic rounds (``engine.bots.first_out``): they are odds
over the live seats, give way to the card counts where no weights were fitted, and predict
who goes out first better than the counts on rounds they were not fitted on. The expert's
playouts value states by the counts unless told otherwise (``bot_strength.py
--learned-odds``): the fitted odds measured no stronger (docs/benchmarks.md)."""

from __future__ import annotations

import copy
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from engine.bots.first_out import FirstOut
from engine.bots.playouts import PLAYOUTS, first_out_odds

LEARNED = sorted(name for name, rule in PLAYOUTS.items() if rule.first_out_model is not None)


def learned(name: str) -> FirstOut:
    first_out = PLAYOUTS[name].first_out_model
    assert first_out is not None
    return first_out


def test_the_shedding_games_have_learned_odds():
    assert LEARNED == ["crazyeights", "macao", "maumau"]


@pytest.mark.parametrize("name", LEARNED)
def test_weights_fit_the_features(name):
    first_out = learned(name)
    assert set(first_out.weights) == {3, 4, 5, 6}
    for seats, weights in first_out.weights.items():
        game = new_game(name, [f"p{k}" for k in range(seats)], seed=1)
        assert len(first_out.features(game, 0, game.turn)) == len(weights)


@pytest.mark.parametrize("name", LEARNED)
def test_odds_are_odds_over_the_live_seats(name):
    game = new_game(name, ["a", "b", "c", "d"], seed=2)
    odds = learned(name).odds(game, [True, False, True, True])
    assert odds is not None
    assert math.isclose(sum(odds), 1.0)
    assert odds[1] == 0.0 and all(p > 0.0 for k, p in enumerate(odds) if k != 1)


@pytest.mark.parametrize("name", LEARNED)
def test_the_expert_values_by_the_card_counts_unless_told(name):
    game = new_game(name, ["a", "b", "c", "d"], seed=3)
    counts = [len(h) for h in game.hands]
    live = [True] * 4
    rule = PLAYOUTS[name]
    assert rule.first_out is None
    assert rule.first_out_odds(game, counts, live) == first_out_odds(counts, live)
    told = copy.copy(rule)
    told.first_out = rule.first_out_model
    assert told.first_out_odds(game, counts, live) == learned(name).odds(game, live)
    assert told.first_out_odds(game, counts, live) != first_out_odds(counts, live)


@pytest.mark.parametrize("name", LEARNED)
def test_without_weights_for_the_table_the_card_counts_decide(name):
    game = new_game(name, ["a", "b"], seed=3)
    told = copy.copy(PLAYOUTS[name])
    told.first_out = learned(name)
    assert learned(name).odds(game, [True, True]) is None
    counts = [len(h) for h in game.hands]
    assert told.first_out_odds(game, counts, [True, True]) == first_out_odds(counts, [True, True])


def log_losses(name: str, rounds: int, seed: int) -> tuple[float, float, int]:
    """Mean log-loss of the fitted odds and of the card counts' softmax over the positions
    of ``rounds`` fresh rounds of heuristic bots at four seats, and how many there were."""
    rule = PLAYOUTS[name]
    seats = ["a", "b", "c", "d"]
    kept: list[tuple[list[float], list[float]]] = []
    for r in range(rounds):
        game: Any = new_game(name, seats, seed=seed + r)  # a shedding game's fields
        rng = random.Random(seed + r)
        round0 = game.round
        seen: list[tuple[list[float], list[float]]] = []
        winner = None
        while winner is None and not (game.over or rule.round_done(game, round0)):
            move = rule.move(game, rng)
            if move is None:
                break
            if game.turn is not None:
                live = [True] * 4
                counts = [len(h) for h in game.hands]
                fitted = learned(name).odds(game, live)
                assert fitted is not None
                seen.append((fitted, first_out_odds(counts, live)))
            for event in game.apply_offered(*move):
                if event["type"] == "round_end":
                    winner = event.get("winner")
        if winner is not None:
            k = seats.index(winner)
            kept.extend(([f[k]], [c[k]]) for f, c in seen)
    n = len(kept)
    fitted_loss = -sum(math.log(max(f[0], 1e-12)) for f, _ in kept) / n
    counts_loss = -sum(math.log(max(c[0], 1e-12)) for _, c in kept) / n
    return fitted_loss, counts_loss, n


@pytest.mark.parametrize("name", LEARNED)
def test_learned_odds_predict_the_first_out_better_than_card_counts(name):
    # fresh rounds: the fit's seeds start at 1,000,000
    fitted_loss, counts_loss, positions = log_losses(name, 150, 7_000)
    assert positions > 2_000
    assert fitted_loss < counts_loss - 0.05


def test_the_fit_recovers_weights_that_beat_the_counts():
    # in a process of its own, as it is run: the fit's numpy stays out of the test worker,
    # whose later tests spawn bots and stop them with SIGINT
    root = Path(__file__).resolve().parents[2]
    args = ["--game", "macao", "--seats", "4", "--rounds", "300", "--test-rounds", "100"]
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "first_out_fit.py"), *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    loss = {
        name: float(line.split("log-loss ")[1].split(",")[0])
        for line in done.stdout.splitlines()
        for name in ("learned", "card counts")
        if line.strip().startswith(name)
    }
    assert loss["learned"] < loss["card counts"]
