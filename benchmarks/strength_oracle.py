"""An experiment of ``bot_strength.py --oracle``: the expert bot searching the true state.

Not a fair bot: it shows how much of the expert's strength is lost to what its seat cannot
see. With ``all`` its samples are copies of the real state (the rivals' hands and the order
of the stock); with ``hands`` the rivals' real hands and the stock shuffled again (what
perfect inference of the hands, and nothing more, would give); with ``half`` half of each
rival's cards real and the rest dealt again with the stock (what an inference that pinned
down half of every hand would give; which half is chosen once a decision, so the samples
of one decision do not add up to the whole hand). The gap between these and the fair search
is the most that better sampling of hidden hands can win.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.base import Game
from engine.determinize import clone
from engine.memory import Memory

ORACLES = ("all", "hands", "half")


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
        reshuffle = self.mode != "all"
        known = self.known_halves(observation) if self.mode == "half" else None

        def sample(rng: random.Random) -> Game:
            twin: Game = clone(real, rng)  # its lists copied: playing on leaves the real one be
            stock = getattr(twin, "stock", None)
            if known is not None:
                deal_unknown(twin, known, rng)
            elif reshuffle and isinstance(stock, list):
                rng.shuffle(stock)
            return twin

        return sample

    def known_halves(self, observation: Mapping[str, Any]) -> dict[int, list[Any]]:
        """For each rival, the half of its cards a ``half`` decision knows, chosen once."""
        real: Any = self.game
        me = real.index[observation["seat"]]
        pick = random.Random(len(real.events) * 7919 + real.version)
        halves = {}
        for k, hand in enumerate(real.hands):
            if k != me:
                halves[k] = pick.sample(hand, len(hand) // 2)
        return halves


def deal_unknown(twin: Any, known: dict[int, list[Any]], rng: random.Random) -> None:
    """Deal the rivals' cards outside ``known`` again, at random, with the stock's (if the
    game has one): each rival keeps its known cards and its count."""
    stock = getattr(twin, "stock", None)
    pool = list(stock) if isinstance(stock, list) else []
    owed = {}
    for k, cards in known.items():
        rest = list(twin.hands[k])
        for card in cards:
            rest.remove(card)
        pool += rest
        owed[k] = len(rest)
    rng.shuffle(pool)
    for k, cards in known.items():
        twin.hands[k] = list(cards) + pool[: owed[k]]
        pool = pool[owed[k] :]
    if isinstance(stock, list):
        twin.stock = pool
