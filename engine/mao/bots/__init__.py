"""Mao's bots, plugged in through the bot registries (``engine.bots``):

- ``heuristic`` (on ``base``): the practice bots, which know the Chairman's base rules,
  speak and call (registered as its heuristic and random levels); ``watch``, ``hearing``,
  ``table`` and ``rules_seen``: what they read of the table, its speech and the rules;
- ``expert`` (registered as its expert level) and ``playouts``: its card search.

Importing the package registers them; ``engine.bots`` imports every game's.
"""

from engine.mao.bots import (
    expert,  # noqa: F401  (registers its level)
    heuristic,  # noqa: F401  (registers its level)
)
