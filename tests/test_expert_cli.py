"""The expert level from the command line: ``simulate --bots expert,...`` and
``practice --bots expert``, and the figures the simulate JSON line carries for it."""

from __future__ import annotations

import io
import json

import bot
from engine.bots.search import SearchBot
from terminal.opening import start
from terminal.seating import open_table
from terminal.simulate import simulate


def test_simulate_json_carries_each_kind_win_share_and_the_expert_figures(capsys):
    argv = ["simulate", "macao", "--games", "2", "--bots", "expert,heuristic"]
    assert bot.main([*argv, "--playouts", "16", "--json"]) == 0
    out = capsys.readouterr().out
    figures = json.loads(out.strip().splitlines()[-1])
    assert set(figures["win_share_per_kind"]) == {"expert", "heuristic"}
    assert abs(sum(figures["win_share_per_kind"].values()) - 1.0) < 1e-6
    assert set(figures["match_win_share_per_kind"]) == {"expert", "heuristic"}
    expert = figures["expert"]
    assert expert["playouts"] == 16 and expert["searches"] > 0
    assert expert["playouts_per_decision_p50"] >= 16
    assert "expert searches" in out


def test_simulate_with_fixed_playouts_is_reproducible():
    a = simulate("lastcard", 2, players=2, seed=3, bots="expert,heuristic", playouts=10)
    b = simulate("lastcard", 2, players=2, seed=3, bots="expert,heuristic", playouts=10)
    for figures in (a, b):
        for key in ("seconds", "decisions_per_s", "expert"):
            figures.pop(key)
    assert a == b


def test_simulate_gives_expert_bots_the_wall_clock_budget():
    figures = simulate("macao", 1, players=2, seed=1, bots="expert,heuristic", budget=0.005)
    assert figures["expert"]["budget_ms"] == 5.0
    assert figures["expert"]["searches"] > 0


def test_simulate_counts_only_decisions_the_expert_searched():
    figures = simulate("mao", 1, players=3, seed=1, bots="expert,heuristic,heuristic", playouts=20)
    assert figures["expert"]["searches"] > 0
    # a move with one candidate worth weighing (a take, a single card) is no search
    assert figures["expert"]["playouts_per_decision_p50"] > 0


def test_practice_against_expert_bots_plays_and_says_the_level(monkeypatch):
    made = []
    original = SearchBot.use_clock

    def spy(self, clock, seconds=0.2):
        made.append(seconds)
        original(self, clock, seconds)

    monkeypatch.setattr(SearchBot, "use_clock", spy)
    out = io.StringIO()
    code = start(
        "macao", bots=1, seed=2, level="expert", stdin=io.StringIO("1\n" * 40), stdout=out,
        budget=0.002,
    )  # fmt: skip
    assert code == 0
    assert "1 expert bot" in out.getvalue()
    assert made == [0.002]


def test_practice_command_takes_bots_expert(monkeypatch):
    seen = {}

    def fake_start(game, **kwargs):
        seen.update(kwargs, game=game)
        return 0

    monkeypatch.setattr("terminal.opening.start", fake_start)
    assert bot.main(["practice", "lastcard", "--bots", "expert", "--budget-ms", "50"]) == 0
    assert seen["level"] == "expert" and seen["bots"] == 3 and seen["budget"] == 0.05


def test_practice_expert_at_mao_seats_maos_expert_on_the_wall_clock():
    out = io.StringIO()
    start("mao", bots=2, seed=1, level="expert", stdin=io.StringIO(""), stdout=out)
    assert "no expert bot" not in out.getvalue()
    _, players = open_table("mao", 2, 1, "expert", None, budget=0.05)
    assert len(players) == 2
    for player in players.values():
        assert isinstance(player, SearchBot) and player.budget == 0.05
