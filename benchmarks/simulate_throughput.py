"""Decisions per second of ``bot.py simulate <game> --bots random``, beside OpenSpiel.

For every game in ``engine.GAMES`` this plays simulate's own games (``terminal.simulate``:
its default seats, one round, random-level bots, the lean driving loop) from seeds S, S+1,
... for a budget of CPU seconds, and prints decisions (bot actions applied) per CPU second.
In the same run it plays random playouts of OpenSpiel's ``crazy_eights`` (default
parameters, through ``pyspiel``: a uniform choice among the legal actions at every
decision, chance outcomes drawn by their probabilities) and shows each game's figure as a
ratio to it, with the goal the project set (0.5x for Macao, Mau-Mau, Last Card and
President, 0.1x for Mao, 0.7x for Crazy Eights, which plays OpenSpiel's very game here: five
seats, no special cards, no reshuffle). OpenSpiel comes with the ``dev`` extra (and alone
with the ``bench`` extra, ``pip install -e '.[bench]'``); without it the figures are printed
alone.

CPU time, not wall time, and the best of a few trials: other work on a shared machine
only ever slows a trial down. A shared machine's load swings within a run, so each game's
trials alternate with OpenSpiel's, and its ratio is to the best OpenSpiel trial taken
beside its own (the OpenSpiel line shows the best of all of them): a ratio against one
OpenSpiel figure taken at the start compared games measured at other moments (Mao, third
in the run, showed 0.05x against 0.06-0.07x alone, with the same instructions per decision
either way). Before each game the garbage left by the one before is collected
(``gc.collect()``), so no game pays for another's; nothing is changed within a trial.

    python benchmarks/simulate_throughput.py [--seconds 1] [--repeat 3] [--seed 0]
                                             [--game macao ...] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from terminal.simulate import SeatBots, play_one, seat_kinds

#: the share of OpenSpiel's decisions/s each game should reach (its goal)
GOALS = {
    "macao": 0.5,
    "maumau": 0.5,
    "lastcard": 0.5,
    "president": 0.5,
    "mao": 0.1,
    "crazyeights": 0.7,
}
OPENSPIEL_GAME = "crazy_eights"
#: a game played as OpenSpiel's default crazy_eights is (its seats and options), so the two
#: run the same game: five players, no special cards, no reshuffle, five draws a turn
SAME_AS_OPENSPIEL: dict[str, tuple[int, dict[str, Any]]] = {
    "crazyeights": (5, {"draw_limit": 5, "specials": False, "reshuffle": False}),
}


def simulate_games(name: str, seed: int) -> Callable[[int], int]:
    """One game of ``simulate <name> --bots random`` per call (seed, seed+1, ...);
    each call returns the decisions it took."""
    players, same = SAME_AS_OPENSPIEL.get(name, (None, {}))
    kinds = seat_kinds("random", players, name)
    options: dict[str, Any] = {"rounds": 1} if "rounds" in GAMES[name].defaults else {}
    options.update(same)
    seat_bots = SeatBots(name, kinds)  # made once for the run, as simulate makes them

    def play(k: int) -> int:
        decisions: int = play_one(name, kinds, seed + k, options, seat_bots=seat_bots)["decisions"]
        return decisions

    return play


def openspiel_games(seed: int) -> Callable[[int], int] | None:
    """One random playout of crazy_eights per call, or None without ``open_spiel``."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(OPENSPIEL_GAME)
    rand = random.Random(seed).random

    def play(k: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                point, total = rand(), 0.0
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if point < total:
                        action = outcome
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rand() * len(legal))])
                decisions += 1
        return decisions

    return play


def measure(play: Callable[[int], int], seconds: float) -> dict[str, float]:
    """Games from ``play`` for ``seconds`` of this process's CPU time."""
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        decisions += play(games)
        games += 1
    elapsed = time.process_time() - started
    return {"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed}


def best(play: Callable[[int], int], seconds: float, repeat: int) -> dict[str, float]:
    trials = [measure(play, seconds) for _ in range(max(1, repeat))]
    return max(trials, key=lambda f: f["decisions_per_s"])


def side_by_side(
    play: Callable[[int], int],
    reference: Callable[[int], int] | None,
    seconds: float,
    repeat: int,
) -> tuple[dict[str, float], dict[str, float] | None]:
    """The best trial of ``play`` and of ``reference``, their trials alternating, after the
    garbage earlier games left is collected."""
    gc.collect()
    trials, references = [], []
    for _ in range(max(1, repeat)):
        if reference is not None:
            references.append(measure(reference, seconds))
        trials.append(measure(play, seconds))
    found = max(trials, key=lambda f: f["decisions_per_s"])
    if not references:
        return found, None
    return found, max(references, key=lambda f: f["decisions_per_s"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Decisions/s of `simulate <game> --bots random` for every game, as ratios "
        f"to OpenSpiel's {OPENSPIEL_GAME} random playouts when open_spiel is installed."
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per trial (default 1)"
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="trials per game; the best is shown (default 3)"
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of figures")
    args = parser.parse_args(argv)
    names = args.game or sorted(GAMES)
    for name in names:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; choose from {', '.join(sorted(GAMES))}")
    print(
        f"simulate --bots random, seeds from {args.seed}, best of {args.repeat} trials of "
        f"{args.seconds:g} CPU seconds, one core"
    )
    figures: dict[str, Any] = {"seconds": args.seconds, "repeat": args.repeat, "seed": args.seed}
    openspiel = openspiel_games(args.seed)
    if openspiel is None:
        print(f"OpenSpiel is not installed (pip install -e '.[bench]'): no {OPENSPIEL_GAME} ratios")
    lines = []
    for name in names:
        found, ref = side_by_side(
            simulate_games(name, args.seed), openspiel, args.seconds, args.repeat
        )
        figures[name] = found
        line = (
            f"{name:>22}: {found['decisions_per_s']:>9,.0f} decisions/s "
            f"{found['games_per_s']:>8,.1f} games/s"
        )
        if ref is not None:
            ratio = found["decisions_per_s"] / ref["decisions_per_s"]
            found["ratio"] = round(ratio, 3)
            found["openspiel_decisions_per_s"] = ref["decisions_per_s"]
            line += f"  {ratio:5.2f}x OpenSpiel ({ref['decisions_per_s']:,.0f} beside it)"
            goal = GOALS.get(name)
            if goal is not None:
                line += f" ({'meets' if ratio >= goal else 'misses'} the {goal:g}x goal)"
            kept = figures.get(OPENSPIEL_GAME)
            if kept is None or ref["decisions_per_s"] > kept["decisions_per_s"]:
                figures[OPENSPIEL_GAME] = ref
        lines.append(line)
    ref = figures.get(OPENSPIEL_GAME)
    if ref is not None:
        print(
            f"{'OpenSpiel ' + OPENSPIEL_GAME:>22}: {ref['decisions_per_s']:>9,.0f} decisions/s "
            f"{ref['games_per_s']:>8,.1f} games/s (best of every trial)"
        )
    for line in lines:
        print(line)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
