"""President's bots, plugged in through the bot registries (``engine.bots``):

- ``heuristic``: the heuristic bot (registered as its heuristic level);
- ``playouts``: the expert's playout rule (registered with ``engine.bots.playouts.searched``);
- ``reading`` and ``chains``: the expert's reading of the rivals' hands from their moves,
  and the chains that draw its samples.

Importing the package registers them; ``engine.bots`` imports every game's.
"""

from engine.president.bots import (
    heuristic,  # noqa: F401  (registers its level)
    playouts,  # noqa: F401  (registers its playout rule)
)
