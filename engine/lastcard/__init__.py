"""Last Card (seed 002, LAST-1..9): the game registered as "lastcard", on the shedding core.

- ``engine.lastcard.game``: the ``LastCard`` game, its rules, the legal plays and their
  effects;
- ``engine.lastcard.checks``: why an action is refused;
- ``engine.lastcard.match``: the vote, the end of a game and of the match, views, JSON;
- ``engine.lastcard.plays``: its words, figures and tables, and the multi-card plays.
"""

from engine.lastcard.game import LastCard
from engine.lastcard.plays import LAST_CARD_WORD, decks_for, one_rank

__all__ = ["LAST_CARD_WORD", "LastCard", "decks_for", "one_rank"]
