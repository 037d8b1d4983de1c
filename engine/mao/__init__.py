"""Mao (seed 000, MAO-1..17): the game registered as "mao", with the Chairman as referee.

- ``engine.mao.game``: the ``Mao`` game (cards, turns, speech windows, calls, Point of Order,
  rounds) and its ``Back`` action;
- ``engine.mao.phrases``: the speech parser (phrases, calls, near-miss calls, talk);
- ``engine.mao.calls``: infractions and adjudication;
- ``engine.mao.rules``: the secret-rule model;
- ``engine.mao.clock``: what falls due, in which order.
"""

from engine.mao.game import Back, Mao

__all__ = ["Back", "Mao"]
