"""Mao (seed 000), refereed by the Chairman: MAO-1..17 of the rule spec, registered as "mao".

Cards and turns (MAO-1..6): one deck per five players (option ``decks``, 0 = that rule),
five cards each, clockwise from the seat after the dealer. Follow the suit in force or the
rank on top; take a card instead at any time in your turn; one card per turn. 7 opens or
extends a chain: the next player plays a 7 or takes as many cards as there are 7s. 8
reverses, a Queen skips the next player, a Jack names the suit in force (``play JH
suit=S``; with ``jack_suit=anyone`` the Jack is played bare and the first suit's name a
seated player says sets it, MAO-4). An empty pool is the pile but its top card turned over
(COMMON-2; ``pool=shuffle`` shuffles it). Going out needs "Mao"; a player who is out may
``rejoin`` with five cards and, having won, may ``declare_rule`` once per win (MAO-16, see
``engine.mao.rules``).

Refereeing (MAO-7..15): every card in hand is offered in ``legal_actions`` whoever's turn it
is; a card that may not be played stays in the hand and is an infraction ("Bad card",
"Playing out of turn", "Failure to take penalty card"), not an error. ``IllegalAction`` is
kept for what no player could do: a card not held, a seat not at the table, a malformed
action. Speech is the ``say`` action, judged by ``engine.mao.phrases`` in English and in
the table's ``language`` (``engine.mao.languages``; the game keeps the English names): a
phrase counts from the start of its speaker's turn until the next player acts or ``speech_window``
seconds after the action it belongs to; anything else is "Talking". Infractions wait
``call_window`` seconds for a player's call (``engine.mao.calls``); in ``chairman`` mode the
Chairman calls what is left when the window closes, in ``players`` mode it lapses. A call of a
phrase its offender may still say is held until their speech window closes (MAO-11), and a
message makes each call once per offender (MAO-18). Every penalty is a ruling a moderator may
overturn (``moderate``, ``engine.mao.rulings``). The turn
clock (``turn_seconds``, 0 = off) restarts after every timeout; after three in a row the
seat is marked ``away`` (a bot may play for it) until it sends ``back``. A Point of Order
stops every clock for up to three minutes.

A round (MAO-17) ends when at most one player still holds cards; each player who went out
won it. Everyone is dealt in again, declared rules stay, infractions still waiting for a
call carry over. The table runs until its host stops it (option ``rounds`` ends the match
after that many rounds, for simulations).

Choices where the spec is silent, each pinned by a test of that name:

- the right phrase said before the card is played, in the same turn, counts (MAO-7 "from
  the start of their turn"); a wrong "very" count or a wrong card name is a failed attempt,
  not Talking; a missing phrase is one infraction per call name (three "Penalty card"s
  short is one "Failure to say 'Penalty card'");
- a player who plays their last card is *going out* until their speech window has closed
  and none of their infractions awaits a call; a penalty card meanwhile puts them back in.
  Every player who goes out is credited with a win and one new rule;
- with a 7 pending, a card other than a 7 is "Failure to take penalty card" (it stays in
  hand); a refused card restarts its player's turn clock, as a penalty card does;
- a call naming nobody (no mention, no reply) is judged against every other seat;
- "Point of order" starts one even inside a longer message, and the rest of that message
  is free speech; during a Point of Order only its own three calls are judged, and penalty
  cards they win are given at once.

The package, one concern a module:

- ``engine.mao.game``: the ``Mao`` game (its fields, shared helpers, legal actions and the
  engine contract), which makes and owns its parts, each given what it uses:
  ``penalties`` (infractions, calls, penalty cards), ``speech`` (messages, speech windows,
  the Point of Order), ``turn`` (``Moves``: playing, taking, rejoining, new rules),
  ``rounds`` (going out, rounds, the outcome), ``deadlines`` (``Clock``: what falls due),
  ``view`` (``SeatView``: what a seat may see) and ``referee`` (an action's path);
- ``engine.mao.options``: the options, their typed names, the practice pace, the house
  rules checked with the rest;
- ``engine.mao.state``: the fields and the ``MaoTable`` protocol the parts see the game
  through (so no part imports the game); ``engine.mao.saving``: snapshots and saving;
- ``engine.mao.phrases``: the speech parser (phrases, calls, near-miss calls, talk);
- ``engine.mao.wording``: the calls' and phrases' names, and how a phrase is built from a play;
- ``engine.mao.slips``: typing slips and word endings (what makes a near-miss call);
- ``engine.mao.calls``: infractions and adjudication; ``engine.mao.rulings``: moderation;
- ``engine.mao.rules``: the secret-rule model;
- ``engine.mao.clock``: what falls due, in which order.
"""

from engine.mao.game import Back, Mao

__all__ = ["Back", "Mao"]
