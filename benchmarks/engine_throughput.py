"""Engine throughput: random play, 4 players, for every game in ``engine.GAMES``.

Two measures, each from seeds 0, 1, 2, ... for a budget of CPU seconds, single rounds
(option ``rounds=1`` where the game has it), in decisions and games per CPU second on one
core. New games show up on their own.

- ``bots``: random-level bots (``make_bot("random", game)``) play by the driving rule every
  front-end uses (``engine.turns.BotTable``). A decision asks the legal actions of the seats
  that may act (``Game.seats_that_may_act``), lets a bot act out of turn first when it will
  (a "Mau", a "last card", completing four, Mao's calls), else the seat play waits on
  moves; then one ``apply``. Only bots that read observations get one built. Games end as
  they do at a table. ``benchmarks/simulate_throughput.py`` measures ``simulate`` itself
  beside OpenSpiel.
- ``engine``: the engine alone, one ``legal_actions`` + one ``apply`` per decision for the
  seat whose turn it is, a uniform choice, nobody acting out of turn. It measures the rules'
  own speed (the Macao target is 150,000 decisions/s on one core); Mau-Mau and Last Card
  games, where a missed call costs cards, mostly run into the cut.

    python benchmarks/engine_throughput.py [--seconds 0.5] [--repeat 6] [--players 4] [--game macao]
                                           [--mode bots|engine|both] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES, new_game
from engine.base import Game
from engine.bots import make_bot
from engine.turns import BotTable, is_timed

#: a game still going after this many decisions is cut short (and counted as unfinished)
MAX_DECISIONS_PER_GAME = 20_000
MACAO_TARGET = 150_000


def new_random_game(name: str, players: int, seed: int) -> Game:
    cls = GAMES[name]
    options: dict[str, Any] = {"rounds": 1} if "rounds" in cls.defaults else {}
    seats = [f"p{k}" for k in range(max(cls.min_seats, min(players, cls.max_seats)))]
    return new_game(name, seats, seed=seed, options=options)


def play_bots(name: str, players: int, seed: int) -> tuple[int, bool]:
    """One game of random-level bots by the driving rule; returns (decisions, finished)."""
    game = new_random_game(name, players, seed)
    table = BotTable(
        {s: make_bot("random", name, seed * 100 + k) for k, s in enumerate(game.seats)}
    )
    timed = is_timed(game)
    now = 0.0
    decisions = 0
    while decisions < MAX_DECISIONS_PER_GAME and not game.is_over:
        deadline = game.next_deadline() if timed else None
        if deadline is not None and deadline <= now:
            game.tick(now)
            continue
        if table.step(game, now) is None:  # waiting on a clock
            if deadline is None:
                raise RuntimeError(f"{name} seed {seed}: nobody can act")
            now = deadline
            continue
        decisions += 1
        if timed:
            now += 1.0
    return decisions, game.is_over


def play_engine(name: str, players: int, seed: int) -> tuple[int, bool]:
    """One game of uniform choices by the turn's seat alone; returns (decisions, finished)."""
    game = new_random_game(name, players, seed)
    timed = is_timed(game)
    rand = random.Random(seed).random
    current, legal_actions, apply = game.current_player, game.legal_actions, game.apply
    now = 0.0
    decisions = 0
    while decisions < MAX_DECISIONS_PER_GAME and not game.is_over:
        seat = current()
        legal = legal_actions(seat) if seat is not None else None
        if not legal:  # between rounds, out of turn, or waiting on a clock
            movers = [(s, a) for s in game.seats if (a := legal_actions(s))]
            if not movers:
                deadline = game.next_deadline()
                if deadline is None:
                    raise RuntimeError(f"{name} seed {seed}: nobody can act")
                now = max(now, deadline)
                game.tick(now)
                continue
            seat, legal = movers[int(rand() * len(movers))]
        action = legal[int(rand() * len(legal))]
        if timed:
            now += 1.0
            deadline = game.next_deadline()
            if deadline is not None and deadline <= now:
                game.tick(now)
                continue
            action = action.stamped(now)
        assert seat is not None  # legal moves were found, so for a seat
        apply(seat, action)
        decisions += 1
    return decisions, game.is_over


PLAYERS: dict[str, Callable[[str, int, int], tuple[int, bool]]] = {
    "bots": play_bots,
    "engine": play_engine,
}


def measure(name: str, players: int, seconds: float, mode: str = "bots") -> dict[str, Any]:
    play = PLAYERS[mode]
    decisions = games = unfinished = 0
    # CPU time of this process: on a busy machine wall time would measure the neighbours
    started = time.process_time()
    wall = time.perf_counter()
    while time.process_time() - started < seconds:
        made, finished = play(name, players, games)
        decisions += made
        games += 1
        unfinished += not finished
    elapsed = time.process_time() - started
    return {
        "game": name,
        "mode": mode,
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "wall_seconds": time.perf_counter() - wall,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "unfinished": unfinished,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per trial (0.5)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--repeat", type=int, default=6, help="trials per game; the best is shown (default 6)"
    )
    parser.add_argument(
        "--mode", choices=("bots", "engine", "both"), default="both", help="what to measure"
    )
    parser.add_argument("--profile", action="store_true", help="profile and print the top")
    args = parser.parse_args(argv)
    names = args.game or sorted(GAMES)
    for name in names:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}")
    modes = ["bots", "engine"] if args.mode == "both" else [args.mode]
    print(
        f"random play, {args.players} players, best of {args.repeat} trials of "
        f"{args.seconds:g} CPU seconds per game, one core"
    )
    for mode in modes:
        print("random-level bots by the driving rule:" if mode == "bots" else "the engine alone:")
        for name in names:
            profiler = cProfile.Profile() if args.profile else None
            if profiler:
                profiler.enable()
            # the best of a few trials: other work on the machine only ever slows a trial down
            trials = [
                measure(name, args.players, args.seconds, mode) for _ in range(max(1, args.repeat))
            ]
            figures = max(trials, key=lambda f: f["decisions_per_s"])
            if profiler:
                profiler.disable()
            line = (
                f"{name:>10}: {figures['decisions_per_s']:>9,.0f} decisions/s "
                f"{figures['games_per_s']:>8,.1f} games/s "
                f"({figures['games']} games, {figures['decisions']:,} decisions"
            )
            if figures["unfinished"]:
                line += f", {figures['unfinished']} cut at {MAX_DECISIONS_PER_GAME:,} decisions"
            if name == "macao" and mode == "engine":
                verdict = "meets" if figures["decisions_per_s"] >= MACAO_TARGET else "misses"
                line += f"; {verdict} the {MACAO_TARGET:,}/s target"
            print(line + ")")
            if profiler:
                pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
