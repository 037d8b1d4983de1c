"""Mao (seed 000, MAO-1..17): the game registered as "mao", with the Chairman as referee.

- ``engine.mao.game``: the ``Mao`` game (its contract: legal actions, apply, the clock), built
  in layers, each a module: ``state`` (fields, dealing, copies, saving; the ``Back`` action),
  ``penalties`` (infractions, calls, penalty cards), ``speech`` (messages, speech windows, the
  Point of Order), ``turn`` (playing, taking, rejoining, new rules), ``rounds`` (going out,
  rounds, the outcome) and ``view`` (what a seat may see);
- ``engine.mao.phrases``: the speech parser (phrases, calls, near-miss calls, talk);
- ``engine.mao.wording``: the calls' and phrases' names, and how a phrase is built from a play;
- ``engine.mao.slips``: typing slips and word endings (what makes a near-miss call);
- ``engine.mao.calls``: infractions and adjudication;
- ``engine.mao.rules``: the secret-rule model;
- ``engine.mao.clock``: what falls due, in which order.
"""

from engine.mao.game import Back, Mao

__all__ = ["Back", "Mao"]
