"""Mau-Mau (seed 001): MAU-1..8 of the rule spec, on the shedding core.

- Two packs (104 cards), 2-10 players, 7 cards each dealt clockwise; the turned-up starter
  has no effect and its own suit is in force, even a Jack (MAU-1).
- Follow the suit in force or the rank on top; a Jack plays on anything and names the suit
  (MAU-2, ``play JH suit=S``).
- Drawing is one card per ``draw`` action and allowed even holding a playable card; the turn
  ends only with a play, or with ``pass`` when nothing can be drawn (stock and pile spent,
  COMMON-2) and nothing plays (MAU-3).
- 10 reverses, Ace skips the next player, 2 makes the next player draw three and miss the
  turn: the 2 sets a pending stack on them that ``take`` resolves. Option ``twos_stack``
  (default off) lets them answer with any 2 instead, adding three and passing it on (MAU-4).
- A player left with one card may ``announce mau`` until the next player acts; if they have
  not, the next player's action first costs them two cards, as a public ``penalty`` event
  (MAU-5).
- Going out ends the hand; MAU-6's effects follow in order: each other player draws three per
  2 held, three more each if the winner went out on a 2, hands are counted (J 20, A 1, K and
  Q 10, the rest face value), doubled if the winner went out on a Jack (MAU-6).
- Totals accumulate. Reaching 100 blows a player up: between hands each blown-up seat
  chooses ``rebuy`` (a chip to the pot, back at the highest total still under 100) or
  ``leave`` (MAU-7). The match ends when a hand leaves every other player blown up at once,
  or when one player is left; that player takes the pot (MAU-8).

Choices where the spec is silent (each is named in a test):

- While blown-up seats are choosing, ``current_player()`` names the first of them in seat
  order and ``legal_actions`` offers each of them ``rebuy`` and ``leave``; they may answer in
  any order. The next hand is dealt once all have chosen, to the seats still in.
- The duty to say "Mau" ends without penalty if the one-card player acts again before anyone
  else does (a skip with two players): they go out, or their draw means they no longer hold
  one card.
- A 2 that goes out makes nobody draw as a stack: MAU-6's "three more each" is its effect.
  A pending stack is dropped when its player goes out on an answering 2.
- The order of the end-of-hand draws is the order of play after the winner; a stock that
  runs dry gives what there is (COMMON-2).
- A hand in which no seat still in can play or draw is void: nobody scores and the next hand
  is dealt. Each hand's first player is the next seat still in after the last one's, and
  every hand starts clockwise.
- The option ``rounds`` (default 0: play the whole match) stops the match after that many
  hands; then the lowest total among seats still in wins and takes the pot, and a tie is a
  draw that leaves the pot unclaimed. At any end, seats still in are placed by total, ahead
  of seats that left; of those, later leavers are placed higher.
- Players who blow up in the hand that ends the match (MAU-8) pay no chip: they are not
  going on.
"""

from __future__ import annotations

from itertools import chain
from typing import ClassVar

from engine.actions import Action, IllegalAction
from engine.base import Event
from engine.cards import SUITS, Card, pack, shuffle
from engine.maumau.match import MauMauMatch
from engine.maumau.rules import ANNOUNCE_MAU, CHOICES, MAU, MAU_PENALTY, TWO_DRAWS, follow_offers
from engine.options import Option
from engine.shedding import CARD_TEXT, DRAW, PASS, PLAY_ONE, TAKE


class MauMau(MauMauMatch):
    """Mau-Mau; see the module docstring for the rules and choices it implements."""

    name: ClassVar[str] = "maumau"
    title: ClassVar[str] = "Mau-Mau"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    decks: ClassVar[int] = 2
    hand_size: ClassVar[int] = 7
    determinizable: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.flag("twos_stack", False, "a 2 may answer a 2, adding three and passing it on"),
        Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: the whole match)"),
    )

    # --- dealing --------------------------------------------------------------------------
    def start_round(self, first: int, events: list[Event]) -> None:
        """MAU-1: deal seven each, clockwise from ``first``, to the seats still in.

        The core's deal serves every seat; this one skips seats that left (MAU-7).
        """
        n = len(self.seats)
        self.round += 1
        self.round_first = first
        self.turns = 0
        self.idle = 0
        self.pending = None
        self.drawn = None
        self.mau_due = None
        self.direction = 1
        self.lost_turns = [0] * n
        deck = pack(self.decks)
        shuffle(deck, self.rng)
        self.hands = [[] for _ in range(n)]
        order = [k for k in ((first + s) % n for s in range(n)) if self.in_match[k]]
        for _ in range(self.hand_size):
            for k in order:
                self.hands[k].append(deck.pop())
        self.stock = deck
        self.pile = [deck.pop()]
        self.suit = self.pile[-1].suit  # MAU-1: the starter does nothing, even a Jack
        self.turn = first
        events.append({"type": "deal", "round": self.round, "first": self.seats[first]})

    # --- seats and turns ------------------------------------------------------------------
    def next_seat(self, i: int, step: int = 1) -> int:
        """The seat ``step`` places on in the current direction, skipping seats that left."""
        n = len(self.seats)
        way = self.direction if step > 0 else -self.direction
        in_match = self.in_match
        for _ in range(abs(step)):
            i = (i + way) % n
            while not in_match[i]:
                i = (i + way) % n
        return i

    def current_player(self) -> str | None:
        if self.over:
            return None
        if self.choosing:
            return self.seats[self.choosing[0]]
        return None if self.turn is None else self.seats[self.turn]

    def end_turn(self, i: int, events: list[Event]) -> None:
        """The shared core's ``end_turn``, with a short cut for the usual case: nobody owes a
        lost turn and the hand goes on, so the turn simply moves to the next seat."""
        j = self.next_seat(i)
        if self.lost_turns[j] or self.idle >= self.in_match.count(True):
            super().end_turn(i, events)
            return
        self.drawn = None
        self.turns += 1
        self.turn = j

    def round_should_stop(self, events: list[Event]) -> bool:
        """A hand where every seat still in has passed in a row can never end: it is void."""
        if self.idle >= self.in_match.count(True):
            events.append({"type": "stalemate", "reason": "no seat can play or draw"})
            self.finish_round(None, events)
            return True
        return False

    # --- what may be played ---------------------------------------------------------------
    def follows(self, card: Card) -> bool:
        """MAU-2: a Jack, the suit in force or the rank on top."""
        return card.rank == "J" or card.suit == self.suit or card.rank == self.pile[-1].rank

    def can_draw(self) -> bool:
        """COMMON-2: a card can come from the stock, or from the pile under its top."""
        return bool(self.stock) or len(self.pile) > 1

    def legal_actions(self, seat: str) -> list[Action]:
        i = self.seat_index(seat)
        if self.over:
            return []
        if self.choosing:
            return list(CHOICES) if i in self.choosing else []
        out: list[Action] = [ANNOUNCE_MAU] if i == self.mau_due else []
        if i != self.turn:
            return out
        hand = self.hands[i]
        if self.pending is not None:
            if self.options["twos_stack"]:
                out.extend(PLAY_ONE[c] for c in dict.fromkeys(hand) if c.rank == "2")
            out.append(TAKE)
            return out
        offers = follow_offers(self.suit, self.pile[-1].rank).get
        # the loop over the hand runs in C (map, filter), as this is the hottest path of play
        # two packs: a card held twice is offered once, where it first comes in the hand
        found = list(filter(None, map(offers, dict.fromkeys(hand))))
        playable = bool(found)
        out.extend(chain.from_iterable(found))
        if self.stock or len(self.pile) > 1:
            out.append(DRAW)
        elif not playable:
            out.append(PASS)
        return out

    def seats_that_may_act(self) -> list[str]:
        """The seats choosing to rebuy or leave; else the turn's seat and one owing "Mau"."""
        if self.over:
            return []
        if self.choosing:
            return [self.seats[k] for k in sorted(self.choosing)]
        turn, due = self.turn, self.mau_due
        if due is None or due == turn:
            return [] if turn is None else [self.seats[turn]]
        if turn is None:
            return [self.seats[due]]
        return [self.seats[k] for k in ((turn, due) if turn < due else (due, turn))]

    # --- applying -------------------------------------------------------------------------
    def apply_checked(self, i: int, action: Action) -> list[Event]:
        self.validate(i, action)
        return self.perform_offered(i, action)

    def validate(self, i: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless seat ``i`` may take ``action`` now."""
        kind = action.kind
        if self.choosing:
            if i not in self.choosing:
                waiting = ", ".join(self.seats[k] for k in self.choosing)
                raise IllegalAction(f"the hand is over; waiting for {waiting} to rebuy or leave")
            if kind != "rebuy" and kind != "leave":
                raise IllegalAction("you blew up: rebuy (a chip to the pot) or leave")
            return
        if kind == "announce":
            if i != self.mau_due:
                raise IllegalAction(
                    "only a player left with one card says Mau, before the next player acts"
                )
            if action.word != MAU:  # type: ignore[attr-defined]
                raise IllegalAction('the word is "mau"')
            return
        if i != self.turn:
            raise IllegalAction("it is not your turn")
        if kind != "draw" or self.pending is not None or not (self.stock or len(self.pile) > 1):
            self.check(i, action)  # a draw with a card to draw and nothing pending is fine

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        kind = action.kind
        events: list[Event] = []
        if self.choosing:
            self.choose(i, kind, events)
            return events
        if kind == "announce":
            self.mau_due = None
            events.append({"type": "announce", "seat": self.seats[i], "word": MAU})
            return events
        due = self.mau_due
        if due is not None:
            self.mau_due = None
            if due != i:  # MAU-5: the next player has acted and no "Mau" was said
                got = self.draw_cards(due, MAU_PENALTY, events)
                events.append(
                    {"type": "penalty", "seat": self.seats[due], "count": len(got), "reason": MAU}
                )
        if kind == "play":
            self.play(i, action.cards[0], action.suit, events)  # type: ignore[attr-defined]
        elif kind == "draw":
            stock = self.stock
            if stock:  # draw_cards(i, 1, ...), for the usual case of a card in the stock
                got = [stock.pop()]
                self.hands[i].append(got[0])
            else:
                got = self.draw_cards(i, 1, events)
            events.append({"type": "draw", "seat": self.seats[i], "count": len(got)})
            self.drawn = got[0] if got else None
        elif kind == "take":
            self.take_twos(i, events)
        else:  # pass: nothing plays and nothing is left to draw (MAU-3)
            events.append({"type": "pass", "seat": self.seats[i]})
            self.idle += 1
            self.end_turn(i, events)
        return events

    def check(self, i: int, action: Action) -> None:
        """Raise IllegalAction unless seat ``i``, on turn, may take ``action`` now."""
        kind = action.kind
        pending = self.pending
        if kind == "play":
            cards = action.cards  # type: ignore[attr-defined]
            if len(cards) != 1:
                raise IllegalAction("Mau-Mau plays one card at a time")
            card = cards[0]
            if card not in self.hands[i]:
                raise IllegalAction(f"you do not hold {card}")
            suit = action.suit  # type: ignore[attr-defined]
            if pending is not None and not (self.options["twos_stack"] and card.rank == "2"):
                raise IllegalAction(self.pending_reason())
            if card.rank == "J":
                if suit not in SUITS:
                    raise IllegalAction("a Jack names a suit: add suit=C, D, H or S")
                return
            if suit is not None:
                raise IllegalAction("only a Jack names a suit")
            # follows(), written out: this is every play's check
            if pending is None and card.suit != self.suit and card.rank != self.pile[-1].rank:
                raise IllegalAction(f"{card} does not follow {self.suit} or {self.top.rank}")
            return
        if kind == "take":
            if pending is None:
                raise IllegalAction("nothing is pending on you")
            return
        if pending is not None:
            raise IllegalAction(self.pending_reason())
        if kind == "draw":
            if not self.can_draw():
                raise IllegalAction("there is nothing left to draw")
            return
        if kind == "pass":
            if self.can_draw():
                raise IllegalAction("you may not pass while there is a card to draw")
            if any(self.follows(c) for c in self.hands[i]):
                raise IllegalAction("you can play, so you must")
            return
        raise IllegalAction(f"you cannot {kind} now")

    def pending_reason(self) -> str:
        assert self.pending is not None
        count = self.pending["count"]
        if self.options["twos_stack"]:
            return f"answer the 2 with a 2, or take {count} cards"
        return f"a 2 was played on you: take {count} cards"

    def play(self, i: int, card: Card, named: str | None, events: list[Event]) -> None:
        """Perform a play already found legal (MAU-2, MAU-4)."""
        hand = self.hands[i]
        hand.remove(card)
        self.pile.append(card)
        self.suit = named or card.suit
        self.drawn = None
        self.idle = 0
        event: Event = {"type": "play", "seat": self.seats[i], "cards": [CARD_TEXT[card]]}
        if named:
            event["suit"] = named
        events.append(event)
        if not hand:
            self.finish_round(i, events)  # MAU-6: going out ends the hand at once
            return
        if len(hand) == 1:
            self.mau_due = i
        rank = card.rank
        if rank == "2":
            pending = self.pending
            count = TWO_DRAWS + (pending["count"] if pending else 0)
            target = self.next_seat(i)
            self.pending = {"kind": "draw", "rank": "2", "count": count, "target": target}
            self.turns += 1
            self.turn = target
            return
        if rank == "10":
            self.direction = -self.direction
            events.append(
                {
                    "type": "reverse",
                    "seat": self.seats[i],
                    "direction": "clockwise" if self.direction == 1 else "counterclockwise",
                }
            )
        elif rank == "A":
            self.lost_turns[self.next_seat(i)] += 1
        self.end_turn(i, events)

    def take_twos(self, i: int, events: list[Event]) -> None:
        """MAU-4: draw the pending cards; taking them is the whole turn."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        got = self.draw_cards(i, pending["count"], events)
        events.append({"type": "take", "seat": self.seats[i], "count": len(got)})
        self.end_turn(i, events)
