"""Mao's part of ``benchmarks/bot_strength.py``: the expert against heuristic Mao bots.

Each match is a Mao table of ``--seats`` seats (four by default), the expert at one seat and
heuristic bots at the others, played on a fake clock as ``python bot.py simulate`` plays it
(one second per decision, the clock jumping to the next deadline when nobody acts), for the
``rounds`` option's rounds (three by default: the winners' secret rules come into play from
the second). Match ``m`` deals from seed ``seed + m // seats`` with the expert at seat
``m % seats`` (duplicate deals, seats rotated). Per round: whether the expert went out first
(a seat's fair share is ``1 / seats``) and the penalties each seat took, the expert's beside
the rivals' average; 95% Wilson intervals, and the expert's decision times.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import time
from collections.abc import Iterator
from typing import Any

from benchmarks.strength_figures import search_figures, wilson
from engine import new_game
from engine.bots import make_bot
from engine.bots.search import SearchBot
from engine.turns import BotTable

#: seconds the fake clock moves per decision (as ``terminal.simulate``)
SECONDS_PER_DECISION = 1.0
#: a guard: a match still running after this many decisions is cut short (a round ends at
#: its ``max_turns``, so no seeded match comes near it)
MAX_DECISIONS = 20_000
DEFAULT_ROUNDS = 3

#: one match's figures: whether the expert went out first in each round, in order, the
#: expert's penalties, the rivals' (their average), decision times, search failures
MaoMatch = tuple[list[bool], int, float, list[tuple[int, float]], int]


def play_match(
    players: int,
    expert_seat: int,
    seed: int,
    options: dict[str, Any],
    budget: float | None,
    playouts: int | None,
    trust: float | None = None,
) -> MaoMatch:
    seats = [f"p{k}" for k in range(players)]
    game = new_game("mao", seats, seed=seed, options=options)
    bots = {
        s: make_bot("expert" if k == expert_seat else "heuristic", "mao", seed * 10 + k)
        for k, s in enumerate(seats)
    }
    expert = bots[seats[expert_seat]]
    assert isinstance(expert, SearchBot)
    if trust is not None:
        expert.trust_se = trust
    if playouts is not None:
        expert.playouts = playouts
    else:
        expert.use_clock(time.perf_counter, budget or 0.2)
    table = BotTable(bots)
    searches: list[tuple[int, float]] = []
    firsts: list[bool] = []
    now = 0.0
    # penalties by seat as the last round to end left them: a round cut short is not counted
    taken = [0] * players
    for _ in range(MAX_DECISIONS):
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            if game.is_over:
                break
            events = game.tick(now)
        else:
            expert.last = {}
            started = time.perf_counter()
            moved = table.step(game, now)
            if moved is None:
                if game.is_over or deadline is None:
                    break
                now = deadline
                continue
            if expert.last.get("playouts"):  # a search, not a lone move
                searches.append((expert.last["playouts"], time.perf_counter() - started))
            now += SECONDS_PER_DECISION
            events = moved[2]
        for event in events:
            if event["type"] == "round_end":
                winners = event.get("winners") or []
                firsts.append(bool(winners) and winners[0] == seats[expert_seat])
                taken = [event["stats"][s]["penalties_taken"] for s in seats]
    mine = taken[expert_seat]
    theirs = (sum(taken) - mine) / max(players - 1, 1)
    return firsts, mine, theirs, searches, expert.failures


def match_number(task: tuple[int, dict[str, Any], dict[str, Any]]) -> MaoMatch:
    m, options, settings = task
    players = settings["seats"]
    return play_match(
        players,
        m % players,
        settings["seed"] + m // players,
        options,
        settings["budget"],
        settings["playouts"],
        settings["trust"],
    )


def matches(args: argparse.Namespace, options: dict[str, Any]) -> Iterator[MaoMatch]:
    settings = {
        "seats": args.seats or 4,
        "seed": args.seed,
        "budget": None if args.playouts else args.budget_ms / 1000,
        "playouts": args.playouts,
        "trust": args.trust,
    }
    tasks = [(m, options, settings) for m in range(args.matches)]
    if args.jobs <= 1:
        yield from map(match_number, tasks)
        return
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        yield from pool.imap(match_number, tasks)


def run(args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """The figures of a run (``benchmarks.bot_strength`` prints them)."""
    # imported here: bot_strength imports this module

    options = {"rounds": DEFAULT_ROUNDS, **options}
    rounds = firsts = mine = failures = 0
    theirs = 0.0
    searches: list[tuple[int, float]] = []
    per_round: list[float] = []  # the rivals' average penalties less the expert's, per match
    started = time.perf_counter()
    # by the round's number in its match: rounds, and rounds the expert went out first
    by_round: dict[int, list[int]] = {}
    for m, (went, p, q, found, failed) in enumerate(matches(args, options)):
        r = len(went)
        rounds += r
        firsts += sum(went)
        for k, first in enumerate(went, 1):
            tally = by_round.setdefault(k, [0, 0])
            tally[0] += 1
            tally[1] += first
        mine += p
        theirs += q
        failures += failed
        searches.extend(found)
        per_round.append((q - p) / max(r, 1))
        if args.progress and (m + 1) % args.progress == 0:
            lo, hi = wilson(firsts, rounds)
            print(
                f"  ... {m + 1} matches, first out in {firsts} of {rounds} rounds "
                f"({firsts / max(rounds, 1):.1%}, 95% {lo:.1%}-{hi:.1%}); penalties a round "
                f"{mine / max(rounds, 1):.2f} against {theirs / max(rounds, 1):.2f}",
                flush=True,
            )
    n = len(per_round)
    mean = sum(per_round) / max(n, 1)
    var = sum((x - mean) ** 2 for x in per_round) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / max(n, 1))
    figures: dict[str, Any] = {
        "game": "mao",
        "players": args.seats or 4,
        "matches": args.matches,
        "options": options,
        "budget_ms": None if args.playouts else args.budget_ms,
        "playouts": args.playouts,
        "seconds": round(time.perf_counter() - started, 1),
        "jobs": args.jobs,
        "load_1_5_15": [round(x, 1) for x in os.getloadavg()],
        "rounds": rounds,
        "round_first_share": round(firsts / max(rounds, 1), 4),
        "round_first_95": [round(x, 4) for x in wilson(firsts, rounds)],
        "penalties_per_round": round(mine / max(rounds, 1), 3),
        "rival_penalties_per_round": round(theirs / max(rounds, 1), 3),
        "penalty_margin_per_round_95": [round(mean - half, 3), round(mean + half, 3)],
        "search_failures": failures,
        "round_first_by_number": {
            str(k): [n, f, [round(x, 4) for x in wilson(f, n)]]
            for k, (n, f) in sorted(by_round.items())
        },
    }
    figures.update(search_figures(searches))
    return figures


def report(figures: dict[str, Any]) -> None:
    lo, hi = figures["round_first_95"]
    budget = (
        f"{figures['playouts']} playouts/decision"
        if figures["playouts"]
        else f"{figures['budget_ms']:.0f} ms/decision"
    )
    print(
        f"mao: expert vs heuristic, {figures['matches']} matches of {figures['options']['rounds']}"
        f" rounds ({figures['players']} seats, rotated), {budget}, options "
        f"{figures['options']}: {figures['seconds']} s, load average at the end "
        f"{figures['load_1_5_15']}"
    )
    plo, phi = figures["penalty_margin_per_round_95"]
    print(
        f"  first out in {figures['round_first_share']:.1%} of {figures['rounds']} rounds "
        f"(95% {lo:.1%}-{hi:.1%}); penalties a round: expert {figures['penalties_per_round']}, "
        f"rivals' average {figures['rival_penalties_per_round']} (rivals' less the expert's, "
        f"95% {plo} to {phi}); search failures {figures['search_failures']}"
    )
    for k, (n, f, (rlo, rhi)) in figures["round_first_by_number"].items():
        print(
            f"  round {k}: first out in {f} of {n} ({f / max(n, 1):.1%}, 95% {rlo:.1%}-{rhi:.1%})"
        )
