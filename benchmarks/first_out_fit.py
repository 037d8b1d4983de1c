"""Fit a game's learned first-out odds (``engine.bots.first_out``) on heuristic self-play.

```
.venv/bin/python benchmarks/first_out_fit.py --game macao [--seats 3 4 5 6] [--rounds 20000]
    [--test-rounds 4000] [--seed 1000000] [--keep 0.25] [--write]
```

For each number of seats it plays ``--rounds`` rounds of the game's heuristic bots (the
playouts' own rule, ``Playouts.move``) from seeds ``--seed`` on, keeps a share ``--keep`` of
the positions where a seat is to move, each with every seat's features
(``Playouts.first_out_model.features``) and the seat that went out first, and fits a multinomial
logit over the seats by Newton's method (a little L2, features standardised). It prints, on
``--test-rounds`` fresh rounds, the mean log-loss and how often the likeliest seat went out
first, for the fitted odds, for the softmax of the card counts the playouts use without them
(``engine.bots.playouts.first_out_odds``) and for a uniform guess. ``--write`` writes the
weights into the features' module's ``_weights`` twin. numpy does the array work: it comes with
the developer tools, and the bot never imports this script.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import new_game
from engine.bots.first_out import FirstOut
from engine.bots.playouts import PLAYOUTS, Playouts, first_out_odds

#: positions of one number of seats: features (positions x seats x features), live seats,
#: card counts, and the index of the seat that went out first
Data = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def positions(
    rule: Playouts,
    learned: FirstOut,
    game_name: str,
    seats: int,
    rounds: int,
    seed: int,
    keep: float,
) -> Data:
    """Rounds of heuristic self-play and the positions kept from them (see the module)."""
    feats: list[np.ndarray] = []
    lives: list[list[bool]] = []
    counts: list[list[int]] = []
    firsts: list[int] = []
    pick = random.Random(seed)
    names = [f"p{k}" for k in range(seats)]
    for r in range(rounds):
        game: Any = new_game(game_name, names, seed=seed + r)  # a shedding game's fields
        rng = random.Random(seed + r)
        round0 = game.round
        kept: list[tuple[np.ndarray, list[bool], list[int]]] = []
        winner: str | None = None
        while winner is None and not (game.over or rule.round_done(game, round0)):
            move = rule.move(game, rng)
            if move is None:
                break
            if game.turn is not None and pick.random() < keep:
                kept.append(
                    (
                        # as float32 at once: a long fit keeps hundreds of thousands
                        np.array(
                            [learned.features(game, i, game.turn) for i in range(seats)],
                            dtype=np.float32,
                        ),
                        rule.live(game),
                        [len(h) for h in game.hands],
                    )
                )
            for event in game.apply_offered(*move):
                if event["type"] == "round_end":
                    winner = event.get("winner")
        if winner is None:
            continue  # a round with no one out teaches nothing
        for f, live, c in kept:
            feats.append(f)
            lives.append(live)
            counts.append(c)
            firsts.append(game.index[winner])
    return (
        np.array(feats, dtype=float).reshape(len(feats), seats, -1),
        np.array(lives, dtype=bool),
        np.array(counts, dtype=float),
        np.array(firsts),
    )


def softmax(scores: np.ndarray, live: np.ndarray) -> np.ndarray:
    scores = np.where(live, scores, -np.inf)
    scores = scores - scores.max(axis=1, keepdims=True)
    exps = np.exp(scores)
    odds: np.ndarray = exps / exps.sum(axis=1, keepdims=True)
    return odds


def fit(data: Data, l2: float = 1e-3, steps: int = 25) -> np.ndarray:
    """The logit's weights on the raw features, by Newton's method on standardised ones."""
    x, live, _, first = data
    flat = x[live]
    mean, std = flat.mean(axis=0), flat.std(axis=0)
    std[std == 0] = 1.0
    z = (x - mean) / std
    n, _, f = z.shape
    w = np.zeros(f)
    rows = np.arange(n)
    for _ in range(steps):
        p = softmax(z @ w, live)
        zbar = np.einsum("ns,nsf->nf", p, z)
        grad = (zbar - z[rows, first]).sum(axis=0) / n + l2 * w
        weighted = (z * p[:, :, None]).reshape(-1, f)  # never the n x s x f x f products
        hess = (weighted.T @ z.reshape(-1, f) - zbar.T @ zbar) / n + l2 * np.eye(f)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    raw: np.ndarray = w / std
    return raw  # the mean shifts every seat's score alike: the softmax ignores it


def scores(odds: np.ndarray, first: np.ndarray) -> tuple[float, float]:
    """Mean log-loss of ``odds`` and how often the likeliest seat went out first."""
    rows = np.arange(len(first))
    loss = float(-np.log(np.maximum(odds[rows, first], 1e-12)).mean())
    return loss, float((odds.argmax(axis=1) == first).mean())


def write(module: str, weights: dict[int, list[float]], game_name: str) -> Path:
    """Write ``weights`` into ``module``'s ``_weights`` twin (see the module)."""
    path = Path(importlib.import_module(module + "_weights").__file__ or "")
    title = module.rsplit(".", 1)[-1]
    lines = [
        f'"""Weights of ``engine.bots.{title}``\'s first-out odds, by number of seats.',
        "",
        f"Written by ``benchmarks/first_out_fit.py --game {game_name} --write``; not edited by"
        " hand.",
        '"""',
        "",
        "WEIGHTS: dict[int, tuple[float, ...]] = {",
    ]
    for seats, w in sorted(weights.items()):
        lines.append(f"    {seats}: (")
        lines.extend(f"        {v:.4f}," for v in w)
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(PLAYOUTS))
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--test-rounds", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--keep", type=float, default=0.25)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    rule = PLAYOUTS[args.game]
    learned = rule.first_out_model
    if learned is None:
        parser.error(f"{args.game}'s playouts have no first-out features")
    fitted: dict[int, list[float]] = {}
    for seats in args.seats:
        train = positions(rule, learned, args.game, seats, args.rounds, args.seed, args.keep)
        test = positions(
            rule,
            learned,
            args.game,
            seats,
            args.test_rounds,
            args.seed + 10 * args.rounds,
            args.keep,
        )
        w = fit(train)
        fitted[seats] = [float(v) for v in w]
        x, live, counts, first = test
        by_counts = np.array(
            [first_out_odds(list(c), list(ok)) for c, ok in zip(counts, live, strict=True)]
        )
        uniform = live / live.sum(axis=1, keepdims=True)
        print(
            f"{args.game}, {seats} seats: {len(train[3])} positions fitted, {len(first)} held out"
        )
        for name, odds in (
            ("learned", softmax(x @ w, live)),
            ("card counts", by_counts),
            ("uniform", uniform),
        ):
            loss, hit = scores(odds, first)
            print(f"  {name:12} log-loss {loss:.3f}, likeliest seat first out {hit:.1%}")
        print(f"  (a uniform guess over {seats} seats: log-loss {math.log(seats):.3f})")
    if args.write:
        print(f"wrote {write(learned.features.__module__, fitted, args.game)}")


if __name__ == "__main__":
    main()
