"""The strength benchmark runs as documented: ``--jobs N`` spreads the matches over N
processes and prints the same figures as one process. Nothing here reads a figure as a
strength or a speed."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from benchmarks.strength_oracle import OracleView
from engine import new_game

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bot_strength.py"
# what the clock and the machine decide, not the matches
TIMED = {"seconds", "jobs", "load_1_5_15", "playouts_per_s", "decision_ms_p50", "decision_ms_p99"}


def figures(game: str, jobs: int, *extra: str) -> dict:
    command = [sys.executable, str(SCRIPT), "--game", game, "--playouts", "4", "--json"]
    done = subprocess.run(
        [*command, "--jobs", str(jobs), *extra],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1, done.stdout
    return json.loads(lines[0])


def test_jobs_gives_the_figures_of_one_process():
    args = ("--matches", "4", "--option", "rounds=1", "--seed", "3")
    one, two = figures("macao", 1, *args), figures("macao", 2, *args)
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert one["searches"] > 0 and one["rounds"] >= 4
    assert {k: v for k, v in one.items() if k not in TIMED} == {
        k: v for k, v in two.items() if k not in TIMED
    }


def test_jobs_keeps_president_rounds_and_seat_rotation():
    args = ("--matches", "4", "--option", "rounds=1")
    one, two = figures("president", 1, *args), figures("president", 3, *args)
    assert one["rounds"] == two["rounds"] == 4
    assert one["round_first_share"] == two["round_first_share"]
    assert one["playouts_per_decision_mean"] == two["playouts_per_decision_mean"]


def test_seats_sets_the_table_size_and_rotates_the_expert_round_it():
    args = ("--matches", "4", "--seats", "4")
    one, two = figures("lastcard", 1, *args), figures("lastcard", 2, *args)
    assert one["players"] == 4 and one["rounds"] == 4
    assert {k: v for k, v in one.items() if k not in TIMED} == {
        k: v for k, v in two.items() if k not in TIMED
    }


def test_mao_plays_the_expert_against_heuristic_bots_with_the_same_figures_for_any_jobs():
    args = ("--matches", "4", "--option", "rounds=1")
    one, two = figures("mao", 1, *args), figures("mao", 2, *args)
    assert one["players"] == 4 and one["rounds"] == 4 and one["search_failures"] == 0
    assert one["options"] == {"rounds": 1}
    assert {k: v for k, v in one.items() if k not in TIMED} == {
        k: v for k, v in two.items() if k not in TIMED
    }


def test_the_half_oracle_keeps_half_of_each_rivals_hand_and_every_count():
    """``--oracle half``: each rival keeps the half of its hand the decision knows and its
    count, the other cards are dealt again with the stock, and the seat's own hand stays."""
    seats = ["p0", "p1", "p2", "p3"]
    game = new_game("macao", seats, seed=3)
    view = OracleView(game, "half")
    known = view.known_halves({"seat": "p0"})
    sample = view.determinizer({"seat": "p0"}, None)
    before = Counter(c for hand in game.hands for c in hand) + Counter(game.stock)
    moved = 0
    for n in range(20):
        twin = sample(random.Random(n))
        assert twin.hands[0] == game.hands[0]
        for k in (1, 2, 3):
            assert len(known[k]) == len(game.hands[k]) // 2
            assert len(twin.hands[k]) == len(game.hands[k])
            assert not Counter(known[k]) - Counter(twin.hands[k])
            moved += twin.hands[k] != game.hands[k]
        assert Counter(c for hand in twin.hands for c in hand) + Counter(twin.stock) == before
    assert moved  # the unknown half is dealt again
    assert view.known_halves({"seat": "p0"}) == known  # chosen once a decision
