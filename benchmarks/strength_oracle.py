"""An experiment of ``bot_strength.py --oracle``: the expert bot searching the true state.

Not a fair bot: it shows how much of the expert's strength is lost to what its seat cannot
see. With ``all`` its samples are copies of the real state (the rivals' hands and the order
of the stock); with ``hands`` the rivals' real hands and the stock shuffled again (what
perfect inference of the hands, and nothing more, would give). The gap between these and
the fair search is the most that better sampling of hidden hands can win.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.base import Game
from engine.determinize import clone
from engine.memory import Memory

ORACLES = ("all", "hands")


class OracleView:
    """Stands for the game class an expert bot reads (``ExpertBot.game_cls``): everything
    is the class's, but ``determinizer`` samples from ``game`` itself (see the module)."""

    def __init__(self, game: Game, mode: str) -> None:
        if mode not in ORACLES:
            raise ValueError(f"unknown oracle {mode!r}; choose from {', '.join(ORACLES)}")
        self.game = game
        self.mode = mode
        self.cls = type(game)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cls, name)

    def determinizer(
        self, observation: Mapping[str, Any], memory: Memory
    ) -> Callable[[random.Random], Game]:
        real = self.game
        reshuffle = self.mode == "hands"

        def sample(rng: random.Random) -> Game:
            twin: Game = clone(real, rng)  # its lists copied: playing on leaves the real one be
            stock = getattr(twin, "stock", None)
            if reshuffle and isinstance(stock, list):
                rng.shuffle(stock)
            return twin

        return sample
