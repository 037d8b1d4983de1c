"""Mau-Mau (seed 001, MAU-1..8): the game registered as "maumau", on the shedding core.

- ``engine.maumau.game``: the ``MauMau`` game, its rules, its state, the deal, the legal
  plays and the dispatch of an action to its parts:
- ``engine.maumau.checks``: why an action is refused;
- ``engine.maumau.effects``: what a play, a take and "Mau" do;
- ``engine.maumau.match``: the end of a hand and of the match, results, views, JSON;
- ``engine.maumau.state``: what the parts may read and change of the game;
- ``engine.maumau.rules``: its words, figures and tables (what plays, what a card counts).
"""

from engine.maumau.game import MauMau
from engine.maumau.rules import BLOW_UP, MAU, card_points, follow_offers, hand_points

__all__ = ["BLOW_UP", "MAU", "MauMau", "card_points", "follow_offers", "hand_points"]
