"""The throughput benchmark runs as documented: --help, a duration, a seed, with or without
OpenSpiel. It prints figures; nothing here reads them as a speed."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "simulate_throughput.py"


def load_benchmark():
    spec = importlib.util.spec_from_file_location("simulate_throughput", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_help_names_its_duration_and_seed():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, check=True
    )
    assert "--seconds" in done.stdout and "--seed" in done.stdout


def test_benchmark_prints_every_asked_game_and_says_whether_openspiel_is_there(capsys):
    bench = load_benchmark()
    assert bench.main(["--seconds", "0.01", "--repeat", "1", "--seed", "5", "--game", "macao"]) == 0
    out = capsys.readouterr().out
    assert "seeds from 5" in out
    assert "macao:" in out and "decisions/s" in out
    if importlib.util.find_spec("pyspiel") is None:
        assert "OpenSpiel is not installed" in out
    else:
        assert "OpenSpiel crazy_eights" in out and "x OpenSpiel" in out


def test_benchmark_without_openspiel_prints_its_own_figures(capsys, monkeypatch):
    bench = load_benchmark()
    monkeypatch.setattr(bench, "openspiel_games", lambda seed: None)
    bench.main(["--seconds", "0.01", "--repeat", "1", "--game", "president", "--json"])
    out = capsys.readouterr().out
    assert "OpenSpiel is not installed" in out
    assert "president:" in out and "x OpenSpiel" not in out


def test_benchmark_plays_simulates_own_games():
    """Its decisions are simulate's: the same games from the same seeds."""
    from terminal.simulate import play_one, seat_kinds

    bench = load_benchmark()
    play = bench.simulate_games("lastcard", 7)
    expected = play_one("lastcard", seat_kinds("random", None, "lastcard"), 9, {})
    assert play(2) == expected["decisions"]


def test_benchmark_refuses_an_unknown_game():
    with pytest.raises(SystemExit):
        load_benchmark().main(["--game", "snap"])


def test_each_game_is_measured_beside_openspiel_trial_by_trial(monkeypatch):
    """A game's trials alternate with OpenSpiel's, and the garbage earlier games left is
    collected first, so a ratio compares trials taken at the same moment."""
    bench = load_benchmark()
    order: list[str] = []
    monkeypatch.setattr(bench.gc, "collect", lambda: order.append("gc") or 0)

    def playing(name):
        def play(k):
            order.append(name)
            return 1

        return play

    found, ref = bench.side_by_side(playing("game"), playing("openspiel"), 0.001, 3)
    assert order[0] == "gc"
    assert [n for k, n in enumerate(order[1:]) if k == 0 or n != order[k]] == [
        "openspiel",
        "game",
    ] * 3
    assert found["games_per_s"] > 0 and ref is not None
