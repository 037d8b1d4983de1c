"""Last Card (seed 002, LAST-1..9): the game registered as "lastcard", on the shedding core.

- ``engine.lastcard.game``: the ``LastCard`` game, its rules, its state, the legal plays
  and the dispatch of an action to its parts:
- ``engine.lastcard.deal``: the deal, the direction and the starter;
- ``engine.lastcard.checks``: why an action is refused;
- ``engine.lastcard.effects``: what a play, a take, a draw and "last card" do;
- ``engine.lastcard.match``: the vote, the end of a game and of the match, views, JSON;
- ``engine.lastcard.state``: what the parts may read and change of the game;
- ``engine.lastcard.plays``: its words, figures and tables, and the multi-card plays.
"""

from engine.lastcard.game import LastCard
from engine.lastcard.plays import LAST_CARD_WORD, decks_for, one_rank

__all__ = ["LAST_CARD_WORD", "LastCard", "decks_for", "one_rank"]
