"""AI players: ``make_bot(kind, game, seed)`` returns a bot that chooses from observations."""

from engine.bots import (
    crazyeights,  # noqa: F401  (registers its heuristic)
    lastcard,  # noqa: F401  (registers its heuristic)
    macao,  # noqa: F401  (registers its heuristic)
    mao,  # noqa: F401  (registers its heuristic and random level)
    mao_expert,  # noqa: F401  (registers its expert level)
    maumau,  # noqa: F401  (registers its heuristic)
    president,  # noqa: F401  (registers its heuristic)
)
from engine.bots.base import BOT_KINDS, HEURISTICS, Bot, RandomBot, heuristic
from engine.bots.levels import make_bot

__all__ = ["BOT_KINDS", "HEURISTICS", "Bot", "RandomBot", "heuristic", "make_bot"]
