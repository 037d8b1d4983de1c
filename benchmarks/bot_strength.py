"""Expert bot strength and speed: matches against heuristic bots, seats rotated.

Strength (figures with 95% Wilson intervals):

- Macao, Mau-Mau, Last Card: heads-up, expert against heuristic. Each deal (seed) is played
  once from every seat: match ``m`` deals from seed ``seed + m // seats`` and seats the
  expert at ``m % seats``, so neither seat order nor the luck of one deal favours anyone
  (duplicate play). A match won outright counts 1, a shared win a half. Target: the expert
  wins >= 60%.
- President: the expert and three heuristic bots, the expert's seat moving round the table
  match by match; the share of rounds the expert finishes President. Target: >= 40% (a
  seat's fair share is 25%).

- Mao (``--game mao``, ``benchmarks/bot_strength_mao.py``): the expert and three heuristic
  Mao bots, seats rotated, duplicate deals, matches of three rounds on a fake clock; the
  share of rounds the expert goes out first (target >= 35%, fair share 25%) and the
  penalties a round it takes beside the rivals' average (target: no more).

``--seats N`` sets the table size instead (the expert against N - 1 heuristic bots, its seat
rotated the same way): a seat's fair share of wins is then 1 / N. Targets at a full table:
35% of matches with four seats (Macao, Mau-Mau, Last Card), President in 30% of rounds
with five.

Speed: each expert decision's playouts and wall time: playouts per second and per decision,
decision time p50 and p99, and the load average (other processes sharing the cores slow
every figure but the playout counts). Playouts are depth-limited (``engine.bots.playouts``:
to the end of the round, or that many moves and then an evaluation; President plays rounds
out).

Matches are whole matches at the game's default options unless ``--option`` says
otherwise (``--option rounds=1`` for one-round matches). A full 1,000 matches at
200 ms per decision take many hours; ``--matches`` and ``--budget-ms`` (or ``--playouts``
for a reproducible count) make a run affordable; say which was used with the figures.

    python benchmarks/bot_strength.py [--game macao|maumau|lastcard|crazyeights|president|mao|all]
        [--matches 100] [--budget-ms 200 | --playouts N] [--seed 0] [--seats N]
        [--option NAME=VALUE] [--trust T] [--depth D] [--oracle all|hands|half] [--plain-samples]
        [--learned-odds] [--speed-only [--decisions 60]] [--jobs N] [--progress N] [--json]

``--trust``, ``--depth``, ``--oracle``, ``--plain-samples`` and ``--learned-odds`` are
experiments: the margin over the heuristic's move, the playout depth, a search over the true
state (``benchmarks/strength_oracle.py``: how much the hidden cards cost the expert; never a
fair bot), samples straight from the game's determinizer where the game's playouts would
weigh them by the rivals' moves (``Playouts.sampler``), and the first-out odds fitted on the
heuristic's rounds instead of the card counts' softmax (``Playouts.first_out_model``).

``--jobs N`` plays the matches in N processes; every match depends only on its number and
the settings, so the figures (bar the seconds and the decision times) are the same for any N.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import os
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bot_strength_mao
from benchmarks.strength_figures import (
    MAX_DECISIONS,
    default_seats,
    print_speed,
    search_figures,
    speed,
    wilson,
)
from benchmarks.strength_oracle import ORACLES, OracleView
from engine import new_game
from engine.bots import make_bot
from engine.bots.expert import ExpertBot
from engine.bots.playouts import Playouts
from engine.turns import BotTable

HEADS_UP = ("macao", "maumau", "lastcard", "crazyeights")


def play_match(
    game_name: str,
    players: int,
    expert_seat: int,
    seed: int,
    options: dict[str, Any],
    budget: float | None,
    playouts: int | None,
    searches: list[tuple[int, float]],
    margins: list[float],
    knobs: dict[str, Any],
) -> tuple[float, int, int]:
    """One match; -> (the expert's match win: 1, 0.5 shared or 0; rounds; rounds as President
    or round winner)."""
    seats = [f"p{k}" for k in range(players)]
    game = new_game(game_name, seats, seed=seed, options=options)
    bots: dict[str, Any] = {}
    for k, seat in enumerate(seats):
        kind = "expert" if k == expert_seat else "heuristic"
        bots[seat] = make_bot(kind, game_name, seed * 10 + k)
    expert = bots[seats[expert_seat]]
    assert isinstance(expert, ExpertBot)
    if knobs.get("trust") is not None:
        expert.trust_se = expert.trust_se_full = knobs["trust"]
    if knobs.get("depth") is not None or knobs.get("plain_samples") or knobs.get("learned_odds"):
        # a copy of its own: the game's playouts object is shared by every expert
        expert.playouts_rule = copy.copy(expert.playouts_rule)
    if knobs.get("depth") is not None:
        # an instance field: depth is a class default
        vars(expert.playouts_rule)["depth"] = knobs["depth"]
    if knobs.get("oracle"):
        expert.game_cls = OracleView(game, knobs["oracle"])  # type: ignore[assignment]
    if knobs.get("learned_odds"):
        rule = expert.playouts_rule
        vars(rule)["first_out"] = rule.first_out_model
    if knobs.get("plain_samples"):
        # the base rule's sampler, the determinizer
        rule = expert.playouts_rule
        vars(rule)["sampler"] = types.MethodType(Playouts.sampler, rule)
    if playouts is not None:
        expert.playouts = playouts
    else:
        expert.use_clock(time.perf_counter, budget or 0.2)
    table = BotTable(bots)
    rounds = firsts = 0
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            break
        expert.last = {}
        started = time.perf_counter()
        moved = table.step(game)
        if moved is None:
            break
        if expert.last:
            searches.append((expert.last["playouts"], time.perf_counter() - started))
        for event in moved[2]:
            if event.get("type") == "round_end":
                points = event.get("points") or {}
                mine = points.get(seats[expert_seat], 0)
                theirs = [p for s, p in points.items() if s != seats[expert_seat]]
                if theirs:
                    margins.append(sum(theirs) / len(theirs) - mine)
                rounds += 1
                firsts += event.get("winner") == seats[expert_seat]
    if not game.is_over:
        return 0.5, rounds, firsts
    winners = game.outcome()["winners"]
    won = 0.0 if seats[expert_seat] not in winners else 1.0 / len(winners)
    return won, rounds, firsts


Match = tuple[float, int, int, list[tuple[int, float]], list[float]]


def match_number(task: tuple[str, int, dict[str, Any], dict[str, Any]]) -> Match:
    """Match ``m`` of a run, on its own (a pool worker's unit): the deal of seed
    ``seed + m // seats`` with the expert at seat ``m % seats``; -> the match's win, rounds,
    firsts, searches and round margins. It depends on ``m`` and the settings alone, so a run
    gives the same figures whichever process plays which match."""
    game_name, m, options, settings = task
    players = settings["seats"] or default_seats(game_name)
    searches: list[tuple[int, float]] = []
    margins: list[float] = []
    won, rounds, firsts = play_match(
        game_name,
        players,
        m % players,
        settings["seed"] + m // players,
        options,
        settings["budget"],
        settings["playouts"],
        searches,
        margins,
        settings["knobs"],
    )
    return won, rounds, firsts, searches, margins


def played_matches(
    game_name: str, args: argparse.Namespace, options: dict[str, Any]
) -> Iterator[Match]:
    """Every match of the run in match order, played in ``args.jobs`` processes."""
    settings = {
        "seats": args.seats,
        "seed": args.seed,
        "budget": None if args.playouts else args.budget_ms / 1000,
        "playouts": args.playouts,
        "knobs": {
            "trust": args.trust,
            "depth": args.depth,
            "oracle": args.oracle,
            "plain_samples": args.plain_samples,
            "learned_odds": args.learned_odds,
        },
    }
    tasks = [(game_name, m, options, settings) for m in range(args.matches)]
    if args.jobs <= 1:
        yield from map(match_number, tasks)
        return
    # fork: the workers inherit the loaded modules, this script included, however it was run
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        yield from pool.imap(match_number, tasks)


def run(game_name: str, args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    players = args.seats or default_seats(game_name)
    searches: list[tuple[int, float]] = []
    margins: list[float] = []
    wins = 0.0
    rounds = firsts = 0
    started = time.perf_counter()
    for m, (won, r, f, found, margin) in enumerate(played_matches(game_name, args, options)):
        wins += won
        rounds += r
        firsts += f
        searches.extend(found)
        margins.extend(margin)
        if args.progress and (m + 1) % args.progress == 0:
            # the figures so far, so a run cut short still says what it showed
            lo, hi = wilson(wins, m + 1)
            rlo, rhi = wilson(firsts, rounds)
            print(
                f"  ... {m + 1} matches, {wins:g} won ({wins / (m + 1):.1%}, 95% {lo:.1%}-"
                f"{hi:.1%}); first in {firsts} of {rounds} rounds ({rlo:.1%}-{rhi:.1%})",
                file=sys.stderr,
                flush=True,
            )
    seconds = time.perf_counter() - started
    load = [round(x, 1) for x in os.getloadavg()]
    figures: dict[str, Any] = {
        "game": game_name,
        "players": players,
        "matches": args.matches,
        "options": options,
        "budget_ms": None if args.playouts else args.budget_ms,
        "playouts": args.playouts,
        "seconds": round(seconds, 1),
        "jobs": args.jobs,
        "load_1_5_15": load,
        "match_win_share": round(wins / max(args.matches, 1), 4),
        "match_win_95": [round(x, 4) for x in wilson(wins, args.matches)],
        "rounds": rounds,
        "round_first_share": round(firsts / max(rounds, 1), 4),
        "round_first_95": [round(x, 4) for x in wilson(firsts, rounds)],
    }
    if margins:
        mean = sum(margins) / len(margins)
        var = sum((x - mean) ** 2 for x in margins) / max(len(margins) - 1, 1)
        half = 1.96 * math.sqrt(var / len(margins))
        # the rivals' round points less the expert's (Macao, Mau-Mau: points are bad)
        figures["round_points_margin"] = round(mean, 2)
        figures["round_points_margin_95"] = [round(mean - half, 2), round(mean + half, 2)]
    figures.update(search_figures(searches))
    return figures


def option_pair(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, int(value)
    except ValueError:
        return name, {"true": True, "false": False}.get(value.lower(), value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="all", choices=(*HEADS_UP, "president", "mao", "all"))
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--budget-ms", type=float, default=200.0)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--seats", type=int, default=0, help="seats at the table (default 2; President 4)"
    )
    parser.add_argument("--option", type=option_pair, action="append", default=[])
    parser.add_argument("--json", action="store_true", help="one JSON line per game")
    parser.add_argument("--speed-only", action="store_true", help="time searches only, no matches")
    parser.add_argument(
        "--trust", type=float, default=None, help="experiment: trust_se (every table size)"
    )
    parser.add_argument("--depth", type=int, default=None, help="experiment: playout depth")
    parser.add_argument(
        "--oracle",
        choices=ORACLES,
        default=None,
        help="experiment: the expert samples the true state (benchmarks/strength_oracle.py)",
    )
    parser.add_argument(
        "--plain-samples",
        action="store_true",
        help="experiment: the hidden cards dealt at random, the rivals' moves not read",
    )
    parser.add_argument(
        "--learned-odds",
        action="store_true",
        help="experiment: the fitted first-out odds instead of the card counts' softmax",
    )
    parser.add_argument("--progress", type=int, default=0, help="report every N matches")
    parser.add_argument("--decisions", type=int, default=60, help="searches for --speed-only")
    parser.add_argument(
        "--jobs", type=int, default=1, help="play matches in N processes (same figures)"
    )
    args = parser.parse_args(argv)
    games = [*HEADS_UP, "president"] if args.game == "all" else [args.game]
    for name in games:
        if name == "mao":
            figures = bot_strength_mao.run(args, dict(args.option))
            bot_strength_mao.report(figures)
            if "searches" in figures:
                print_speed(figures)
            if args.json:
                print(json.dumps(figures, sort_keys=True))
            continue
        if args.speed_only:
            figures = speed(name, args, dict(args.option))
            budget = (
                f"{figures['playouts']} playouts"
                if figures["playouts"]
                else f"{figures['budget_ms']:.0f} ms"
            )
            print(f"{name}: expert searches at {budget}, load {figures['load_1_5_15']}")
            print_speed(figures)
            print(
                f"  CPU: {figures['playouts_per_cpu_s']} playouts per CPU second, so "
                f"{figures['playouts_per_200_cpu_ms']} in 200 ms of one core (the search got "
                f"{figures['cpu_share']:.0%} of a core's time here)"
            )
            if args.json:
                print(json.dumps(figures, sort_keys=True))
            continue
        figures = run(name, args, dict(args.option))
        lo, hi = figures["match_win_95"]
        what = "President" if name == "president" else "round winner"
        rlo, rhi = figures["round_first_95"]
        print(
            f"{name}: expert vs heuristic, {figures['matches']} matches "
            f"({figures['players']} seats, rotated), "
            + (
                f"{figures['playouts']} playouts/decision"
                if figures["playouts"]
                else f"{figures['budget_ms']:.0f} ms/decision"
            )
            + f", options {figures['options'] or 'default'}: {figures['seconds']} s, "
            + f"load average at the end {figures['load_1_5_15']}"
        )
        print(
            f"  matches won {figures['match_win_share']:.1%} (95% {lo:.1%}-{hi:.1%}); "
            f"{what} in {figures['round_first_share']:.1%} of {figures['rounds']} rounds "
            f"(95% {rlo:.1%}-{rhi:.1%})"
        )
        if "round_points_margin" in figures:
            mlo, mhi = figures["round_points_margin_95"]
            print(
                f"  round points: the rival's less the expert's {figures['round_points_margin']}"
                f" a round (95% {mlo} to {mhi})"
            )
        if "searches" in figures:
            print_speed(figures)
        if args.json:
            print(json.dumps(figures, sort_keys=True))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
