"""President (seed 004): PRES-1..10 of the rule spec, a climbing game.

President stands apart from the shedding games: there is no stock and no suit to follow.
Players climb on a pile of sets, and the order they go out in is the result.

- PRES-1: 4-7 players use one pack, 8-10 two; every card is dealt, one at a time, starting
  on the dealer's left (so the first seats after the dealer may hold one card more).
- PRES-2: ranks from high to low A K Q J 10 9 8 7 6 5 4 3; a 2 is a clearing card.
- PRES-3: a play is 1-4 cards of one rank. A set leads an empty pile; on a pile it must beat
  or equal the top set: more cards beat fewer whatever the ranks, the same number of cards
  beats with a higher rank and equals with the same rank.
- PRES-4: equalling the top set skips the next player still in.
- PRES-5: a 2, played alone, clears the pile; its player leads the new pile.
- PRES-6: four or more cards of one rank together on top of the pile clear it. Whoever holds
  the cards that bring the top rank to exactly four may play them with ``Complete`` at any
  time, in turn or out of it; the pile clears and they lead.
- PRES-7: passing is allowed whenever a pile is being answered, and does not stop a player
  playing on the same pile later. When the turn comes back round to whoever played the top
  set, the pile clears and they lead; if they have gone out, the next player still in leads.
- PRES-8: nobody goes out on a 2. A hand holding only 2s is out of the round at once, placed
  last among those still in.
- PRES-9: the first out is President (2 points), the second Vice-President (1 point), the last
  place is the A-hole. The round ends when one player is left holding cards. The match ends
  at the end of the round in which a total reaches ``target`` (default 11).
- PRES-10: in the first round the holder of 3C leads and the lead must include it. In later
  rounds the A-hole deals; before play the A-hole gives the President their highest card and
  the President gives back any card (two ``Give`` actions); then the President leads.

Choices where the spec is silent, each with a test named for it:

- Completion is always a ``Complete``, in turn or out of it: a set that would bring the top
  rank to exactly four is offered as ``Complete`` and never as ``Play``, so one action means
  one thing. A larger set of the top rank (possible with two packs) is a ``Play`` that beats
  by size and clears because four or more of the rank are then together.
- Suits never matter in President (after the first lead), so ``legal_actions`` offers one
  set per rank and size: the first cards of that rank in the order C, D, H, S. That keeps
  the choice small enough for buttons, and makes two-pack duplicates impossible. A set of
  the same rank and size in other suits is refused with the offered one named.
- 2s are played one at a time (a 2 is not a rank, so there are no pairs of 2s), in turn
  only, on a pile or on an empty pile (where it is a way to shed a 2 and lead again).
- The player leading a new pile may not pass: a pile must be started.
- The first round's dealer is the first seat; the first lead, with two packs, falls to the
  first holder of a 3C clockwise from the dealer's left.
- The A-hole may give any suit of their highest rank (suits are equal); the President gives
  any card, one offer per rank.
- A player who completes four or plays a clearing set with their last cards goes out; the
  next player still in after them leads.
- When two totals reach the target in the same round, the player placed higher in that
  round got there first and wins. With the option ``rounds`` (0 = play to the target) the
  match stops after that many rounds; equal top totals then share the win.

The package: ``game`` (the ``President`` class: its state and the contract's hot paths),
its stateless parts, each handed the game: ``derived`` (the fields the hot paths read),
``rounds`` (dealing, the exchange, scoring), ``play`` (legal actions off the hot path and
carrying them out), ``refusals`` (why an action is refused), ``views`` (observations and
the saved form); ``state`` (what the parts may read of the game, and what its fields say
about seats and the pile), ``sets`` and ``groups`` (ranks, interned actions, the sets a
hand offers), ``telling`` (the rules in brief, the options, how the match is won).
"""

from engine.president.game import President
from engine.president.sets import GIVE_STRENGTH, PLAY_RANKS, RANK_STRENGTH, decks_for, title_for

__all__ = ["GIVE_STRENGTH", "PLAY_RANKS", "RANK_STRENGTH", "President", "decks_for", "title_for"]
