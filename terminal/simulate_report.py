"""The figures of ``python bot.py simulate`` in print: for people, then (``--json``) one JSON
line for programs; and the expert bots' search figures (``search_figures``) that
``terminal.simulate`` adds to its own."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from engine import game_title


def percentile(values: Sequence[float], q: float) -> float:
    """The value ``q`` of the way up ``values`` in order (the nearest rank below)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def search_figures(
    searched: list[tuple[int, float]], budget: float | None, playouts: int | None
) -> dict[str, Any]:
    """The expert bots' searches: how many, playouts per decision and decision times."""
    if not searched:
        return {}
    counts = [p for p, _ in searched]
    times = [t for _, t in searched]

    return {
        "expert": {
            "budget_ms": None if playouts is not None else round(1000 * (budget or 0), 1),
            "playouts": playouts,
            "searches": len(searched),
            "playouts_per_decision_p50": percentile(counts, 0.5),
            "decision_ms_p50": round(1000 * percentile(times, 0.5), 1),
            "decision_ms_p99": round(1000 * percentile(times, 0.99), 1),
            "playouts_per_s": round(sum(counts) / max(sum(times), 1e-9)),
        }
    }


def report(figures: dict[str, Any], out: TextIO, as_json: bool = False) -> None:
    """Print the figures for people, then (with ``as_json``) one JSON line for programs."""
    write = out.write
    write(
        f"{game_title(figures['game'])}: {figures['games']} games, {figures['players']} players "
        f"({', '.join(f'{s}={k}' for s, k in figures['bots'].items())}), "
        f"seeds {figures['seed']}..{figures['seed'] + figures['games'] - 1}\n"
    )
    write(f"decisions: {figures['decisions']} in {figures['seconds']} s")
    write(f" = {figures['decisions_per_s']} decisions/s\n")
    write(
        f"rounds: {figures['rounds']}, average turns per round: {figures['avg_turns_per_round']}\n"
    )
    write("wins per seat: " + ", ".join(f"{s} {n}" for s, n in figures["wins_per_seat"].items()))
    write(f" (no winner: {figures['no_winner']})\n")
    rates = figures["win_rate_per_seat_of_kind"]
    write(
        "wins per bot kind: "
        + ", ".join(
            f"{k} {n} ({rates[k]:.1%} of rounds per seat)"
            for k, n in figures["wins_per_kind"].items()
        )
        + "\n"
    )
    if figures["unfinished"]:
        limit = figures["max_decisions"]
        write(f"unfinished games (over {limit} decisions): {figures['unfinished']}\n")
    expert = figures.get("expert")
    if expert:
        write(
            f"expert searches: {expert['searches']}, playouts per decision (median) "
            f"{expert['playouts_per_decision_p50']}, {expert['playouts_per_s']} playouts/s, "
            f"decision time p50 {expert['decision_ms_p50']} ms, "
            f"p99 {expert['decision_ms_p99']} ms\n"
        )
    if as_json:
        write(json.dumps(figures, sort_keys=True) + "\n")
