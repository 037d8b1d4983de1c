"""Last Card's bots, plugged in through the bot registries (``engine.bots``):

- ``heuristic``: the heuristic bot (registered as its heuristic level);
- ``playouts``: the expert's playout rule (registered with ``engine.bots.playouts.searched``).

Importing the package registers them; ``engine.bots`` imports every game's.
"""

from engine.lastcard.bots import (
    heuristic,  # noqa: F401  (registers its level)
    playouts,  # noqa: F401  (registers its playout rule)
)
