"""Crazy Eights' bots, plugged in through the bot registries (``engine.bots``):

- ``heuristic``: the heuristic bot, which keeps its eights for when nothing else plays
  (registered as its heuristic level), and the moves it makes without weighing;
- ``playouts``: the expert's playout rule (registered with ``engine.bots.playouts.searched``);
- ``first_out`` and ``first_out_weights``: the fitted odds of who goes out first
  (``benchmarks/first_out_fit.py``).

Importing the package registers them; ``engine.bots`` imports every game's.
"""

from engine.crazyeights.bots import (
    heuristic,  # noqa: F401  (registers its level)
    playouts,  # noqa: F401  (registers its playout rule)
)
