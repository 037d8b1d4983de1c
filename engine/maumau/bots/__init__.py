"""Mau-Mau's bots, plugged in through the bot registries (``engine.bots``):

- ``heuristic``: the heuristic and random bots (registered as its levels);
- ``playouts``: the expert's playout rule (registered with ``engine.bots.playouts.searched``),
  and ``match``: how it values a match's standing;
- ``first_out`` and ``first_out_weights``: the fitted odds of who goes out first
  (``benchmarks/first_out_fit.py``).

Importing the package registers them; ``engine.bots`` imports every game's.
"""

from engine.maumau.bots import (
    heuristic,  # noqa: F401  (registers its level)
    playouts,  # noqa: F401  (registers its playout rule)
)
