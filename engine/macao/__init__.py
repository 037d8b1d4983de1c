"""Macao without jokers (MACAO-1..18): the game registered as "macao", on the shedding core.

- ``engine.macao.game``: the ``Macao`` game, its rules (the module's docstring), the legal
  plays, the stacks and the scoring;
- ``engine.macao.cards``: what each card does and is worth, which the game and its bots read;
- ``engine.macao.describe``: its own events in words;
- ``engine.macao.bots``: its bots.
"""

from engine.macao.game import Macao

__all__ = ["Macao"]
