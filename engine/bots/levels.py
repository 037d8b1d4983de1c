"""The bot levels: ``make_bot(kind, game, seed)``, a random, heuristic or expert bot for a
game, from the levels its modules register (``engine.bots.base``) and the expert search
(``engine.bots.expert``)."""

from __future__ import annotations

from engine.bots.base import BOT_KINDS, EXPERTS, HEURISTICS, RANDOM_LEVELS, Bot, RandomBot
from engine.bots.expert import ExpertBot, expert_games


def make_bot(kind: str, game: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` ("random", "heuristic" or "expert") for ``game``.

    A game with an expert bot of its own (``engine.bots.base.EXPERTS``) gets it; a game
    without an expert level gets its heuristic bot for "expert".
    """
    if kind == "expert":
        own = EXPERTS.get(game)
        if own is not None:
            return own(seed)
        if game in expert_games():
            return ExpertBot(seed, game)
        kind = "heuristic"
    if kind == "random":
        return RANDOM_LEVELS.get(game, RandomBot)(seed)
    if kind == "heuristic":
        cls = HEURISTICS.get(game)
        if cls is None:
            raise ValueError(f"no heuristic bot for {game}")
        return cls(seed)
    raise ValueError(f"unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")
