"""Crazy Eights (EIGHTS-1..11): the game registered as "crazyeights", on the shedding core.

- ``engine.crazyeights.game``: the ``CrazyEights`` game: dealing, what may be played, play;
- ``engine.crazyeights.match``: its stateless match part, handed the game: the end of a
  round and of the match, results, views, JSON;
- ``engine.crazyeights.state``: what that part may read and change of the game;
- ``engine.crazyeights.rules``: its figures and tables (what a card counts, its options).
"""

from engine.crazyeights.game import CrazyEights
from engine.crazyeights.rules import EIGHT, card_points, hand_points

__all__ = ["EIGHT", "CrazyEights", "card_points", "hand_points"]
