"""AI players: ``make_bot(kind, game, seed)`` returns a bot that chooses from observations.

What every bot shares lives here (the levels, the expert's search and playouts); each game's
own bots live in its package (``engine.<game>.bots``), and importing this package registers
them all: the one module of the bots that names every game.
"""

import engine.crazyeights.bots
import engine.lastcard.bots
import engine.macao.bots
import engine.mao.bots
import engine.maumau.bots
import engine.president.bots  # noqa: F401  (each registers its game's bots)
from engine.bots.base import BOT_KINDS, HEURISTICS, Bot, RandomBot, heuristic
from engine.bots.levels import make_bot

__all__ = ["BOT_KINDS", "HEURISTICS", "Bot", "RandomBot", "heuristic", "make_bot"]
