"""The expert's search speed, and the figures the strength benchmarks print.

``speed`` times the expert's searches alone at positions of heuristic matches (for
``benchmarks/bot_strength.py --speed-only``); ``wilson``, ``search_figures`` and
``print_speed`` are the intervals and decision figures both ``bot_strength.py`` and
``bot_strength_mao.py`` report.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from typing import Any

from engine import new_game
from engine.bots import make_bot
from engine.bots.expert import ExpertBot
from engine.turns import BotTable
from terminal.simulate_report import percentile

#: the decisions a match may take before it is cut short
MAX_DECISIONS = 50_000


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def default_seats(game_name: str) -> int:
    """Heads-up for the shedding games, four seats at President, unless ``--seats`` says."""
    return 4 if game_name == "president" else 2


def speed(game_name: str, args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """The expert's searches at ``--decisions`` positions of heuristic matches (every third
    turn offering a choice), at the budget: playouts and time per decision, no strength."""
    players = args.seats or default_seats(game_name)
    searches: list[tuple[int, float]] = []
    cpu_seconds = 0.0
    seed = args.seed
    while len(searches) < args.decisions:
        game = new_game(game_name, [f"p{k}" for k in range(players)], seed=seed, options=options)
        table = BotTable({s: make_bot("heuristic", game_name, k) for k, s in enumerate(game.seats)})
        experts = {
            s: make_bot("expert", game_name, seed * 10 + k) for k, s in enumerate(game.seats)
        }
        for step in range(MAX_DECISIONS):
            if game.is_over or len(searches) >= args.decisions:
                break
            seat = game.current_player()
            if seat is not None:
                expert = experts[seat]
                assert isinstance(expert, ExpertBot)
                observation = game.observation(seat)
                expert.observe(observation)
                legal = game.legal_actions(seat)
                if step % 3 == 0 and len(legal) > 1 and expert.playouts_rule.obvious(legal) is None:
                    if args.playouts:
                        expert.playouts = args.playouts
                    else:
                        expert.use_clock(time.perf_counter, args.budget_ms / 1000)
                    started, cpu = time.perf_counter(), time.process_time()
                    expert.search(observation, legal)
                    searches.append((expert.last["playouts"], time.perf_counter() - started))
                    cpu_seconds += time.process_time() - cpu
            if table.step(game) is None:
                break
        seed += 1
    figures: dict[str, Any] = {
        "game": game_name,
        "players": players,
        "budget_ms": None if args.playouts else args.budget_ms,
        "playouts": args.playouts,
        "load_1_5_15": [round(x, 1) for x in os.getloadavg()],
    }
    figures.update(search_figures(searches))
    # CPU time is what the search got of a core; on a shared machine it is well under the
    # wall time, so this is the rate one free core would give
    cpu_rate = sum(p for p, _ in searches) / max(cpu_seconds, 1e-9)
    figures["playouts_per_cpu_s"] = round(cpu_rate)
    figures["playouts_per_200_cpu_ms"] = round(0.2 * cpu_rate)
    figures["cpu_share"] = round(cpu_seconds / max(sum(t for _, t in searches), 1e-9), 2)
    return figures


def search_figures(searches: list[tuple[int, float]]) -> dict[str, Any]:
    if not searches:
        return {}
    counts = [p for p, _ in searches]
    times = [t for _, t in searches]
    return {
        "searches": len(searches),
        "playouts_per_decision_p50": percentile(counts, 0.5),
        "playouts_per_decision_p10": percentile(counts, 0.1),
        "playouts_per_decision_mean": round(sum(counts) / len(counts)),
        "playouts_per_s": round(sum(counts) / max(sum(times), 1e-9)),
        "decision_ms_p50": round(1000 * percentile(times, 0.5), 1),
        "decision_ms_p99": round(1000 * percentile(times, 0.99), 1),
    }


def print_speed(figures: dict[str, Any]) -> None:
    print(
        f"  {figures['searches']} searches: {figures['playouts_per_s']} playouts/s, "
        f"playouts per decision p50 {figures['playouts_per_decision_p50']} "
        f"(p10 {figures['playouts_per_decision_p10']}), "
        f"decision time p50 {figures['decision_ms_p50']} ms, "
        f"p99 {figures['decision_ms_p99']} ms"
    )
