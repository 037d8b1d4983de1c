"""Golden playthroughs: a seeded bot game written out as text, replayed and diffed.

``record_playthrough`` plays a game with bots from a seed and writes every action, its
events and a short summary of the table after it. The text depends only on the game's code,
so any change of behaviour shows up as a diff against the stored file
``tests/playthroughs/<game>_<players>p_seed<N>.txt``. ``check_golden`` compares; it rewrites
the file only when ``CHAIRMAN_REGEN_PLAYTHROUGHS=1`` is set, so a new file or an intended change
is made on purpose and reviewed in the commit.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

from engine import new_game, parse_action
from engine.base import Game
from engine.bots import HEURISTICS, make_bot
from engine.events import Observation
from tests.engine.invariants import acting_seats

PLAYTHROUGHS = Path(__file__).resolve().parent.parent / "playthroughs"
REGEN_VARIABLE = "CHAIRMAN_REGEN_PLAYTHROUGHS"


def golden_path(game_name: str, players: int, seed: int) -> Path:
    return PLAYTHROUGHS / f"{game_name}_{players}p_seed{seed}.txt"


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def summary(obs: Observation) -> str:
    """One line of what everyone sees: the contract's public observation fields."""
    parts = []
    for key in ("top", "suit", "turn", "pending", "counts", "stock", "scores", "round"):
        if key in obs:
            parts.append(f"{key}={_compact(obs[key])}")
    return " ".join(parts)


def reaction(
    players: dict[str, Any], game: Any, movers: dict[str, list[Any]]
) -> tuple[str | None, Any]:
    """The first bot, in seat order, that acts out of turn now (``react``), with its action.

    Bots without a ``react`` method, or whose ``react`` gives None, wait for their turn.
    """
    for seat, legal in movers.items():
        react = getattr(players[seat], "react", None)
        if react is None:
            continue
        action = react(game.observation(seat), legal)
        if action is not None:
            return seat, action
    return None, None


def record_playthrough(
    game_name: str,
    seats: list[str] | int,
    seed: int,
    options: dict[str, Any] | None = None,
    bots: list[str] | None = None,
    max_steps: int = 5000,
    seconds_per_action: float = 1.0,
) -> str:
    """Play a bot game and return its deterministic transcript.

    ``bots`` names a bot kind per seat (default: the game's heuristic if it has one, else
    random); bot k is seeded ``seed * 100 + k``. At each step a bot that reacts out of turn
    (``Bot.react``, e.g. saying "Mau") acts first; otherwise the seat whose turn it is acts if
    it has a legal action, else the first seat that has one (out-of-turn games). A fake
    clock advances ``seconds_per_action`` per action and ticks the game when a deadline falls.
    """
    names = [f"p{k}" for k in range(seats)] if isinstance(seats, int) else list(seats)
    default = "heuristic" if game_name in HEURISTICS else "random"
    kinds = bots or [default] * len(names)
    players = {
        s: make_bot(kind, game_name, seed * 100 + k)
        for k, (s, kind) in enumerate(zip(names, kinds, strict=True))
    }
    game = new_game(game_name, names, seed=seed, options=options)
    lines = [
        f"# {game_name}, {len(names)} players, seed {seed}, options {_compact(game.options)}",
        f"# bots: {' '.join(f'{s}={k}' for s, k in zip(names, kinds, strict=True))}",
        "start " + summary(game.observation(None)),
    ]
    for s in names:
        lines.append(f"  hand {s}: {' '.join(game.observation(s)['hand'])}")
    now = 0.0
    step = 0
    while not game.is_over and step < max_steps:
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            events = game.tick(now)
            step += 1
            lines.append(f"{step} tick {now:g}")
        else:
            movers = dict(acting_seats(game))
            if not movers:
                if deadline is None:
                    lines.append("stuck: nobody can act")
                    break
                now = max(now, deadline)
                continue
            turn = game.current_player()
            seat, action = reaction(players, game, movers)
            if seat is None or action is None:
                seat = turn if turn in movers else next(iter(movers))
                action = players[seat].choose(game.observation(seat), movers[seat])
            events = game.apply(seat, action.stamped(now))
            step += 1
            lines.append(f"{step} {seat}: {action}")
            now += seconds_per_action
        for event in events:
            lines.append(f"  > {_compact(event)}")
        lines.append("  = " + summary(game.observation(None)))
        if events and any(e.get("type") == "deal" for e in events):
            for s in names:
                lines.append(f"  hand {s}: {' '.join(game.observation(s)['hand'])}")
    if game.is_over:
        lines.append("outcome " + _compact(game.outcome()))
    else:
        lines.append(f"stopped after {step} steps")
    return "\n".join(lines) + "\n"


def replay_golden(
    game_name: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> tuple[Game, list[str]]:
    """A new game from the stored playthrough's seed, with every action line of the file
    applied in order; returned with the file's lines, for a test to compare its end."""
    lines = golden_path(game_name, players, seed).read_text().splitlines()
    seats = [f"p{k}" for k in range(players)]
    game = new_game(game_name, seats, seed=seed, options=options)
    for line in lines:
        head, _, rest = line.partition(" ")
        if head.isdigit() and ": " in rest:
            seat, _, action = rest.partition(": ")
            game.apply(seat, parse_action(action))
    return game, lines


def check_golden(path: Path | str, text: str) -> None:
    """Compare ``text`` with the stored file; rewrite it only when regeneration is asked for."""
    path = Path(path)
    if os.environ.get(REGEN_VARIABLE) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"{path} is missing: run the test with {REGEN_VARIABLE}=1 to make it")
    stored = path.read_text(encoding="utf-8")
    if stored != text:
        diff = difflib.unified_diff(
            stored.splitlines(), text.splitlines(), str(path), "this run", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:60])
        raise AssertionError(
            f"playthrough differs from {path.name}; if the change is intended, rerun with "
            f"{REGEN_VARIABLE}=1 and review the diff.\n{shown}"
        )
