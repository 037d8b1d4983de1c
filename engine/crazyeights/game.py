"""Crazy Eights: EIGHTS-1..11 (``docs/rules/crazyeights.md``), on the shedding core.

- One pack, two above five players; five cards each, seven heads-up (option ``hand_size``).
  The deal goes round from the seat after the dealer, who deals last; the starter is turned
  from the stock, an eight buried back in the stock at random and another turned (EIGHTS-1,
  EIGHTS-2). The first round's dealer is the last seat, so the first seat leads; the deal
  then passes one seat on each round.
- Follow the suit in force or the rank on top; an eight plays on anything and names the
  suit (``play 8H suit=S``) (EIGHTS-3).
- ``draw`` takes one card; it is allowed even holding a card that plays, up to
  ``draw_limit`` cards a turn. Once the limit is drawn, or when nothing is left to draw,
  ``pass`` is allowed too, even holding a card that plays. With ``draw_limit=0`` a player
  draws only while nothing in hand plays, and passes only when nothing plays and nothing is
  left to draw (EIGHTS-4).
- With ``reshuffle`` on, the moment the stock is empty the pile under its top card becomes
  the new stock, shuffled; with it off, an empty stock stays empty (EIGHTS-5).
- With ``specials`` on: a queen skips the next player, an ace reverses the direction, a two
  makes the next player either answer with any two (adding two more) or ``take`` them all,
  which is their whole turn; a two played with nothing left to draw makes nobody draw. A
  special starter acts as if the dealer had played it (EIGHTS-6).
- The round is blocked after one pass more than there are players in a row with nothing left
  to draw (EIGHTS-7), and called off after ``max_turns`` turns (EIGHTS-11); EIGHTS-8..10 are
  the game's match part's (``engine.crazyeights.match``, a stateless part handed the game,
  which ``engine.crazyeights.state`` says it may read).

With ``draw_limit=5 specials=on reshuffle=on`` it offers the moves OpenSpiel's
``crazy_eights`` offers (``use_special_cards=true reshuffle=true``) in every position: the
differential test (``tests/engine/test_crazyeights_openspiel.py``) checks it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import chain
from typing import Any, ClassVar

from engine.actions import Action, IllegalAction, Play
from engine.base import RECENT_EVENTS
from engine.cards import Card, pack, shuffle
from engine.crazyeights.checks import refusal
from engine.crazyeights.match import CrazyEightsMatch
from engine.crazyeights.rules import (
    DRAW_TWO,
    EIGHT,
    FOLLOW_OFFERS,
    OPTIONS,
    REVERSE,
    SKIP,
    SPECIAL_RANKS,
    TWO_DRAWS,
    follow_offers,
)
from engine.crazyeights.shapes import SHAPES, CrazyEightsView
from engine.events import Event, Outcome, Shapes
from engine.memory import Memory
from engine.options import Option
from engine.reasons import N_, Reason
from engine.shedding.game import CARD_TEXT, DRAW, PASS, PLAY_ONE, TAKE, SheddingGame

#: the event log's length at which ``Game.log`` trims it
LOG_LIMIT = 2 * RECENT_EVENTS
#: the game's match part (EIGHTS-8..10, views, JSON): it holds no state, so every game
#: shares it (a copy needs none of its own)
MATCH = CrazyEightsMatch()


class CrazyEights(SheddingGame):
    """Crazy Eights; see the module docstring for the rules it implements."""

    name: ClassVar[str] = "crazyeights"
    title: ClassVar[str] = "Crazy Eights"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    rules_summary: ClassVar[str] = N_(
        "Five cards each (seven with two players). Follow the suit or the rank of the top "
        "card.\n"
        "• **Eights** are wild: play one on anything and name the suit.\n"
        "• Can't play, or would rather not? Draw, up to the draw limit; then you may pass.\n"
        "• With specials on: **queen** skips the next player, **ace** reverses, **two** makes "
        "the next player draw two unless they answer with a two.\n"
        "First out scores the cards left in the others' hands (eight 50, court cards 10, ace "
        "1, others face value). First to the target wins."
    )
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "play 8S suit=H", "draw")
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    #: EIGHTS-4 lets a player draw holding a card that plays: no move proves a void for sure
    #: (the expert's playouts take a draw as one, as its heuristic draws only then)
    determinizable: ClassVar[bool] = True
    shapes: ClassVar[Shapes] = SHAPES

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """EIGHTS-10: the match is played to a target."""
        return Reason(
            N_("The first to {target} points wins the match"), target=options.get("target", 100)
        )

    # the seat on turn always has a move: a play, a draw, a take or a pass (EIGHTS-4)
    current_always_acts: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__()
        #: cards the seat on turn has drawn this turn (EIGHTS-4's limit)
        self.draws = 0

    def deck_count(self) -> int:
        return 2 if len(self.seats) > 5 else 1  # EIGHTS-1

    def dealt(self) -> int:
        size: int = self.options["hand_size"]
        return size or (7 if len(self.seats) == 2 else 5)

    # --- dealing --------------------------------------------------------------------------
    def start_round(self, first: int, events: list[Event]) -> None:
        """EIGHTS-1, EIGHTS-2: deal round from ``first`` (the seat after the dealer), turn up
        the starter, and let a special starter act as the dealer's play."""
        n = len(self.seats)
        self.begin_round(first)
        self.draws = 0
        deck = pack(self.deck_count())
        shuffle(deck, self.rng)
        # one card at a time from the top (the end of the list), from ``first`` round the
        # table: the k-th seat from ``first`` gets every n-th card from the k-th off the top
        dealt = self.dealt() * n
        top = len(deck) - 1
        hands: list[list[Card]] = [[]] * n
        for k in range(n):
            hands[(first + k) % n] = deck[top - k : top - dealt : -n]
        self.hands = hands
        del deck[len(deck) - dealt :]
        self.stock = deck
        dealer = (first - 1) % n
        deal: Event = {"type": "deal", "round": self.round, "first": self.seats[first]}
        events.append(deal)
        starter = deck.pop()
        while starter.rank == EIGHT and any(c.rank != EIGHT for c in deck):
            # EIGHTS-2: an eight is buried in the stock and another card turned
            deck.insert(self.rng.randrange(len(deck) + 1), starter)
            events.append({"type": "starter_returned", "card": CARD_TEXT[starter]})
            starter = deck.pop()
        self.pile = [starter]
        self.suit = starter.suit
        events.append({"type": "starter", "card": CARD_TEXT[starter]})
        self.turn = first
        if self.options["specials"]:
            self.special(dealer, starter, events)
            self.turns = 0
            deal["first"] = self.seats[self.turn]
        self.refill(events)

    # --- seats and turns ------------------------------------------------------------------
    def pass_turn(self, i: int) -> None:
        self.drawn = None
        self.draws = 0
        self.turns += 1
        self.turn = (i + self.direction) % len(self.seats)

    def special(self, i: int, card: Card, events: list[Event]) -> None:
        """EIGHTS-6: the effect of a queen, an ace or a two just played by seat ``i`` (or
        turned as the starter, ``i`` the dealer), and the turn passed on."""
        n = len(self.seats)
        rank = card.rank
        if rank == SKIP:
            skipped = (i + self.direction) % n
            events.append({"type": "turn_lost", "seat": self.seats[skipped]})
            self.pass_turn(skipped)
            return
        if rank == REVERSE:
            self.direction = -self.direction
            way = "clockwise" if self.direction == 1 else "counterclockwise"
            events.append({"type": "reverse", "seat": self.seats[i], "direction": way})
        elif rank == DRAW_TWO:
            owed = (self.pending["count"] if self.pending else 0) + (TWO_DRAWS if self.stock else 0)
            target = (i + self.direction) % n
            self.pending = {"kind": "draw", "rank": DRAW_TWO, "count": owed, "target": target}
            if not owed:
                self.pending = None
        self.pass_turn(i)

    # --- the stock ------------------------------------------------------------------------
    def refill(self, events: list[Event]) -> None:
        """EIGHTS-5: an empty stock is rebuilt at once from the pile under its top card."""
        if not self.stock and self.options["reshuffle"] and len(self.pile) > 1:
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            shuffle(self.stock, self.rng)
            events.append({"type": "reshuffle", "count": len(self.stock)})

    # --- what may be played ---------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        i = self.index.get(seat)
        if i is None or i != self.turn or self.over:
            return []
        lone = self.lone_offers()
        assert lone is not None
        return lone[1]

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        """The seat on turn and every move it has, in one call (it is the only seat that may
        act, and it always has a move): its plays (EIGHTS-3, EIGHTS-6), then ``draw`` and
        ``pass`` when allowed (EIGHTS-4)."""
        i = self.turn
        if i is None or self.over:
            return None
        hand = self.hands[i]
        if self.pending is not None:  # EIGHTS-6: answer with a two, or take them all
            twos = dict.fromkeys(card for card in hand if card.rank == DRAW_TWO)
            return self.seats[i], [*(PLAY_ONE[card] for card in twos), TAKE]
        key = (self.suit, self.pile[-1].rank)
        table = (FOLLOW_OFFERS.get(key) or follow_offers(*key)).get
        # the loop over the hand runs in C; with two packs a card held twice is one move
        offers: list[Action]
        if len(self.seats) > 5:
            offers = list(chain.from_iterable(dict.fromkeys(filter(None, map(table, hand)))))
        else:
            offers = list(chain.from_iterable(filter(None, map(table, hand))))
        limit: int = self.options["draw_limit"]
        if self.stock:
            if (not offers) if limit == 0 else self.draws < limit:
                offers.append(DRAW)
            elif limit:
                offers.append(PASS)  # EIGHTS-4: the limit drawn
        elif not (limit == 0 and offers):
            offers.append(PASS)  # nothing left to draw
        return self.seats[i], offers

    def seats_that_may_act(self) -> list[str]:
        return [] if self.turn is None or self.over else [self.seats[self.turn]]

    # --- applying -------------------------------------------------------------------------
    def apply_checked(self, i: int, action: Action) -> list[Event]:
        if i != self.turn:
            raise IllegalAction("it is not your turn")
        legal = self.legal_actions(self.seats[i])
        if action not in legal:
            raise IllegalAction(refusal(self, i, action))
        return self.perform_offered(i, action)

    def apply_offered(self, seat: str, action: Action) -> list[Event]:
        """``SheddingGame.apply_performed`` with ``perform_offered`` written in: the trusted
        path every simulated decision takes."""
        events: list[Event] = []
        if type(action) is Play:
            self.play(self.index[seat], action.cards[0], action.suit, events)
        else:
            self.perform_offered(self.index[seat], action, events)
        self.version += 1
        log = self.events
        log += events
        if len(log) > LOG_LIMIT:
            del log[:-RECENT_EVENTS]
        return events

    def perform_offered(
        self, i: int, action: Action, events: list[Event] | None = None
    ) -> list[Event]:
        events = [] if events is None else events
        if type(action) is Play:
            self.play(i, action.cards[0], action.suit, events)
            return events
        kind = action.kind
        if kind == "draw":
            self.draw(i, events)
        elif kind == "take":
            self.take(i, events)
        else:
            self.pass_(i, events)
        return events

    def play(self, i: int, card: Card, named: str | None, events: list[Event]) -> None:
        """EIGHTS-3, EIGHTS-6: a play already found legal."""
        hand = self.hands[i]
        hand.remove(card)
        self.pile.append(card)
        self.idle = 0
        self.suit = named or card.suit
        event: Event = {"type": "play", "seat": self.seats[i], "cards": [CARD_TEXT[card]]}
        if named:
            event["suit"] = named
        events.append(event)
        if not hand:
            self.finish_round(i, events)  # EIGHTS-8: going out ends the round at once
            return
        if not self.stock:
            self.refill(events)
        if card.rank in SPECIAL_RANKS and self.options["specials"]:
            self.special(i, card, events)
        else:  # pass_turn, written out: this is most moves
            self.drawn = None
            self.draws = 0
            self.turns += 1
            self.turn = (i + self.direction) % len(self.seats)
        self.call_off_at_turn_limit(events)

    def draw(self, i: int, events: list[Event]) -> None:
        """EIGHTS-4: one card from the stock; the turn goes on."""
        card = self.stock.pop()
        self.hands[i].append(card)
        self.drawn = card
        self.draws += 1
        self.idle = 0
        events.append({"type": "draw", "seat": self.seats[i], "count": 1})
        if not self.stock:
            self.refill(events)

    def take(self, i: int, events: list[Event]) -> None:
        """EIGHTS-6: draw the twos' cards, as many as there are; that is the whole turn. A
        stock spent by the very last of them counts as a pass (EIGHTS-7)."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        owed = pending["count"]
        got = 0
        hand = self.hands[i]
        while got < owed and self.stock:
            hand.append(self.stock.pop())
            got += 1
            self.refill(events)
        self.idle = 1 if got == owed and not self.stock else 0
        events.append({"type": "take", "seat": self.seats[i], "count": got})
        self.turn_over(i, events)

    def pass_(self, i: int, events: list[Event]) -> None:
        """EIGHTS-4, EIGHTS-7: the turn ends; with nothing to draw it counts to a block."""
        events.append({"type": "pass", "seat": self.seats[i]})
        self.idle = self.idle + 1 if not self.stock else 0
        if self.idle > len(self.seats):
            events.append({"type": "stalemate", "reason": "no seat can play or draw"})
            self.finish_round(None, events)
            return
        self.turn_over(i, events)

    def turn_over(self, i: int, events: list[Event]) -> None:
        """Seat ``i``'s turn ends with no card played: the turn passes on, and a round
        that has lasted ``max_turns`` turns is called off (EIGHTS-11)."""
        self.pass_turn(i)
        self.call_off_at_turn_limit(events)

    def call_off_at_turn_limit(self, events: list[Event]) -> None:
        """EIGHTS-11: at the end of a turn, played or not, a round that has lasted
        ``max_turns`` turns (0, or a table saved before the option: no limit) is called
        off; it ends as a blocked round does (EIGHTS-9)."""
        if self.turns >= (self.options.get("max_turns") or math.inf):
            events.append({"type": "stalemate", "reason": "turns"})
            self.finish_round(None, events)

    # --- the end of a round and of the match, views and JSON: the match part's ------------
    def score_round(self, winner: int | None, events: list[Event]) -> list[int]:
        return MATCH.score_round(self, winner, events)

    def match_is_over(self) -> bool:
        return MATCH.match_is_over(self)

    def next_round_first(self, winner: int | None) -> int:
        return MATCH.next_round_first(self, winner)

    def outcome(self) -> Outcome:
        return MATCH.outcome(self)

    def extra_observation(self, i: int | None) -> CrazyEightsView:
        return MATCH.extra_observation(self, i)

    def extra_to_dict(self) -> dict[str, Any]:
        return MATCH.extra_to_dict(self)

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        MATCH.extra_from_dict(self, data)

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        return MATCH.extra_from_observation(observation, memory, index)
