"""The ``simulate`` command: its figures, deterministic for a seed, the heuristic bot beating
random ones, its JSON line, and the arguments and options it refuses in one line.
"""

from __future__ import annotations

import json

import pytest

import bot
from terminal.simulate import simulate


# --- simulate -------------------------------------------------------------------------------
def test_simulate_reports_the_figures_and_is_deterministic():
    a = simulate("macao", 30, players=3, seed=4, bots="random")
    b = simulate("macao", 30, players=3, seed=4, bots="random")
    for figures in (a, b):
        figures.pop("seconds")
        figures.pop("decisions_per_s")
    assert a == b
    assert a["games"] == 30 and a["rounds"] == 30 and a["options"] == {"rounds": 1}
    assert sum(a["wins_per_seat"].values()) + a["no_winner"] == 30
    assert a["avg_turns_per_round"] > 0 and a["decisions"] > 30


def test_the_heuristic_bot_beats_three_random_bots():
    """The full figure over seeds 0..1999 is in docs/benchmarks.md; a smaller sample must agree."""
    figures = simulate("macao", 200, seed=0, bots="heuristic,random,random,random")
    assert figures["win_rate_per_seat_of_kind"]["heuristic"] > 0.25
    assert figures["wins_per_kind"]["heuristic"] > 3 * figures["wins_per_kind"]["random"] / 3


def test_simulate_command_prints_one_json_object_last(capsys):
    assert bot.main(["simulate", "macao", "--games", "5", "--players", "2", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    figures = json.loads(last)
    for key in ("games", "decisions", "seconds", "decisions_per_s", "avg_turns_per_round"):
        assert key in figures
    assert set(figures["wins_per_seat"]) == {"p0", "p1"} and "wins_per_kind" in figures


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "macao", "--games", "2", "--bots", "genius"],
        ["simulate", "macao", "--games", "2", "--players", "3", "--bots", "random,heuristic"],
        ["simulate", "macao", "--games", "2", "--players", "9"],
        ["simulate", "macao", "--games", "2", "--bots", "expert", "--playouts", "0"],
    ],
)
def test_simulate_refuses_bad_arguments_in_one_line(argv, capsys):
    assert bot.main(argv) == 2
    assert capsys.readouterr().out.count("\n") == 1


def test_simulate_refuses_an_unknown_option_listing_the_games_options(capsys):
    argv = ["simulate", "maumau", "--games", "1", "--option", "colour=red"]
    assert bot.main(argv) == 2
    out = capsys.readouterr().out
    assert out.startswith("Cannot simulate: Mau-Mau has no option 'colour'. Mau-Mau options: ")
    assert "twos_stack=off (on/off), rounds=0 (0-10000)" in out
