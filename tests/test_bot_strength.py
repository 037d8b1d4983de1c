"""The strength benchmark runs as documented: ``--jobs N`` spreads the matches over N
processes and prints the same figures as one process. Nothing here reads a figure as a
strength or a speed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
