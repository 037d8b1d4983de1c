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

The game holds the state as plain fields, deals, lists the legal actions and dispatches an
action to its three stateless parts, each handed the game it works on: ``CHECKS`` (why an
action is refused, ``engine.maumau.checks``), ``EFFECTS`` (what a play, a take and "Mau"
do) and ``MATCH`` (the end of a hand and of the match, views and JSON). What they may read
and change of it is ``engine.maumau.state.MauMauState``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any, ClassVar, cast

from engine.actions import Action, Play
from engine.cards import Card, pack, shuffle
from engine.events import Event, Outcome, Shapes
from engine.maumau import describe as sentences
from engine.maumau.checks import MauMauChecks
from engine.maumau.effects import MauMauEffects
from engine.maumau.match import MauMauMatch
from engine.maumau.rules import (
    ANNOUNCE_MAU,
    BLOW_UP,
    CHOICES,
    FOLLOW_OFFERS,
    follow_offers,
)
from engine.maumau.shapes import SHAPES, MauMauView
from engine.memory import Memory
from engine.options import Option
from engine.reasons import Reason
from engine.shedding.game import DRAW, PASS, PLAY_ONE, TAKE, SheddingGame, seat_passing_over
from engine.words import N_, NC_, Describer

#: the game's parts, shared by every game: they hold no state (a copy needs none of its
#: own), and a module's name is read faster than a class attribute through an instance
MATCH = MauMauMatch()
CHECKS = MauMauChecks()
EFFECTS = MauMauEffects()

#: the option names a player types, marked for the catalogs beside their declaration
OPTION_NAMES = (NC_("option name", "twos_stack"), NC_("option name", "rounds"))


class MauMau(SheddingGame):
    """Mau-Mau; see the module docstring for the rules and choices it implements."""

    #: its own events in words: blow-ups and the pot (``engine.maumau.describe``)
    describer: ClassVar[Describer | None] = sentences
    shapes: ClassVar[Shapes] = SHAPES

    # slots for two fields read only at a hand's end: CPython 3.11 keeps an instance's
    # attributes inline (each read and method lookup on the game specialised) only up to 29
    # of them in its __dict__, and Mau-Mau's state had 31 (as Last Card's)
    __slots__ = ("blow_ups", "chips_paid")

    name: ClassVar[str] = "maumau"
    title: ClassVar[str] = "Mau-Mau"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    decks: ClassVar[int] = 2
    hand_size: ClassVar[int] = 7
    determinizable: ClassVar[bool] = True
    rules_summary: ClassVar[str] = N_(
        "2 to 10 players with two packs, seven cards each. Follow suit or rank; if you cannot, "
        "draw one card at a time until you can, then play.\n"
        "• **Jacks** are wild: play on anything and choose the suit.\n"
        "• **10** reverses play, **Ace** skips the next player, **2** makes the next player "
        "draw three and miss their go.\n"
        "• Down to one card? Say **Mau** (button or chat) before the next player moves, or "
        "draw two.\n"
        "When someone goes out, the others count their hands (Jack 20, K and Q 10, Ace 1, "
        "others face value; first, each 2 still in your hand makes you draw three more). "
        "Reach 100 and you blow up: "
        "pay a chip to come back in, or drop out. Last one standing takes the pot (honour "
        "only, never money)."
    )
    figure_labels: ClassVar[dict[str, str]] = {
        "totals": N_("points"),
        "blow_ups": N_("blow-ups"),
        "chips_won": N_("chips won"),
        "chips_paid": N_("chips paid"),
        "left": N_("matches left"),
        "hands": N_("hands played"),
    }
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.flag(
            "twos_stack", False, "a 2 may answer a 2, adding three and passing it on"
        ).saying(N_("Answering a 2 with a 2 is **{value}**.")),
        Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: the whole match)").saying(
            N_("The match lasts **{value}** hands.")
        ),
    )
    lowest_wins: ClassVar[bool] = True
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "play JS suit=H", "draw")

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """MAU-7, MAU-8."""
        return Reason(
            N_("A total of {limit} blows a player up; the lowest total wins the match"),
            limit=BLOW_UP,
        )

    def __init__(self) -> None:
        super().__init__()
        self.in_match: list[bool] = []
        #: the hand after which each seat left the match (0: still in)
        self.left_after: list[int] = []
        self.pot = 0
        self.chips_paid: list[int] = []
        self.blow_ups: list[int] = []
        #: blown-up seats still to choose between rebuy and leave, in seat order
        self.choosing: list[int] = []
        #: the seat holding one card that has not said "Mau" yet (MAU-5)
        self.mau_due: int | None = None
        #: the seat that took the pot when the match ended
        self.champion: int | None = None

        #: the offers ``legal_actions`` last listed for a seat on turn with nothing pending,
        #: kept to be carried over a draw: (version, seat, hand size, offers, lookup). Not
        #: state: a copy starts without it, and it counts only at its own version.
        self.seen: tuple[int, int, int, list[tuple[Action, ...]], Any] | None = None

    def forget_derived(self) -> None:
        self.seen = None  # its offers list would be shared, and grow with the copy's draws

    # --- dealing --------------------------------------------------------------------------
    def setup_match(self) -> None:
        n = len(self.seats)
        self.in_match = [True] * n
        self.left_after = [0] * n
        self.chips_paid = [0] * n
        self.blow_ups = [0] * n

    def start_round(self, first: int, events: list[Event]) -> None:
        """MAU-1: deal seven each, clockwise from ``first``, to the seats still in.

        The core's deal serves every seat; this one skips seats that left (MAU-7).
        """
        n = len(self.seats)
        self.begin_round(first)
        self.mau_due = None
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
        way = self.direction if step > 0 else -self.direction
        return seat_passing_over(self.in_match, False, i, way, abs(step))

    def current_player(self) -> str | None:
        if self.over:
            return None
        if self.choosing:
            return self.seats[self.choosing[0]]
        return None if self.turn is None else self.seats[self.turn]

    def end_turn(self, i: int, events: list[Event]) -> None:
        """The shared core's ``end_turn``, with a short cut for the usual case: nobody owes a
        lost turn and the hand goes on, so the turn simply moves to the next seat."""
        j = (i + self.direction) % len(self.seats)  # next_seat(i) when that seat is in
        if not self.in_match[j]:
            j = self.next_seat(i)
        if self.lost_turns[j] or (self.idle and self.idle >= self.in_match.count(True)):
            super().end_turn(i, events)
            return
        self.drawn = None
        self.turns += 1
        self.turn = j

    def round_should_stop(self, events: list[Event]) -> bool:
        """A hand where every seat still in has passed in a row can never end: it is void."""
        if self.idle >= self.in_match.count(True):
            events.append({"type": "stalemate", "reason": "no seat can play or draw"})
            MATCH.finish_round(self, None, events)
            return True
        return False

    # --- what may be played ---------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        i = self.index.get(seat)
        if i is None or i != self.turn or self.pending is not None or self.choosing or self.over:
            return self.legal_off_the_lead(seat, i)
        # the hottest path of play: the seat on turn, nothing pending. The loop over the
        # hand runs in C (map, filter)
        hand = self.hands[i]
        seen = self.seen
        if seen is not None and seen[0] == self.version and seen[1] == i and seen[2] == len(hand):
            found = seen[3]  # this seat's offers before its draw, and the card drawn
        else:
            key = (self.suit, self.pile[-1][0])
            offers = (FOLLOW_OFFERS.get(key) or follow_offers(*key)).get
            found = list(filter(None, map(offers, hand)))
            if len(found) > 1 and len(set(map(id, found))) < len(found):
                # two packs: a card held twice is offered once, where it first comes (each
                # card has its own offers, so the same offers are the same card)
                found = list({id(offer): offer for offer in found}.values())
            self.seen = (self.version, i, len(hand), found, offers)
        out: list[Action] = [ANNOUNCE_MAU] if i == self.mau_due else []
        out.extend(chain.from_iterable(found))
        if self.stock or len(self.pile) > 1:
            out.append(DRAW)
        elif not found:
            out.append(PASS)
        return out

    def legal_off_the_lead(self, seat: str, i: int | None) -> list[Action]:
        """``legal_actions`` but for the seat on turn with nothing pending: a seat not on
        turn (saying "Mau"), a pending 2, the choice after blowing up."""
        if i is None:
            i = self.seat_index(seat)  # raises: not seated here
        if self.over:
            return []
        if self.choosing:
            return list(CHOICES) if i in self.choosing else []
        out: list[Action] = [ANNOUNCE_MAU] if i == self.mau_due else []
        if i != self.turn:
            return out
        if self.options["twos_stack"]:
            out.extend(PLAY_ONE[c] for c in dict.fromkeys(self.hands[i]) if c.rank == "2")
        out.append(TAKE)
        return out

    def seats_that_may_act(self) -> list[str]:
        """The seats choosing to rebuy or leave; else the turn's seat and one owing "Mau"."""
        turn, due = self.turn, self.mau_due
        if due is None and turn is not None and not self.choosing and not self.over:
            return [self.seats[turn]]  # the usual case
        if self.over:
            return []
        if self.choosing:
            return [self.seats[k] for k in sorted(self.choosing)]
        if due is None or due == turn:
            return [] if turn is None else [self.seats[turn]]
        if turn is None:
            return [self.seats[due]]
        return [self.seats[k] for k in ((turn, due) if turn < due else (due, turn))]

    # --- applying -------------------------------------------------------------------------
    def apply_checked(self, i: int, action: Action) -> list[Event]:
        CHECKS.validate(self, i, action)
        return self.perform_offered(i, action)

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        if self.mau_due is None and not self.choosing:  # the usual case, written out
            kind = action.kind
            if kind == "play":
                events: list[Event] = []
                play = cast(Play, action)
                EFFECTS.play(self, i, play.cards[0], play.suit, events)
                return events
            stock = self.stock
            if kind == "draw" and stock:  # draw_cards(i, 1, ...), with a card in the stock
                card = stock.pop()
                hand = self.hands[i]
                hand.append(card)
                self.drawn = card
                self.after_draw(i, hand, card)
                return [{"type": "draw", "seat": self.seats[i], "count": 1}]
        return self.perform_other(i, action)

    def after_draw(self, i: int, hand: list[Card], card: Card) -> None:
        """Carry seat ``i``'s offers over its draw of ``card`` from the stock, when they were
        listed just before it: the same seat plays on, under the same top card and suit,
        with one card more (MAU-3), so only that card is new. A card held twice is offered
        where it first comes, so a second copy adds nothing."""
        seen = self.seen
        if seen is None or seen[0] != self.version or seen[1] != i:
            return
        found = seen[3]
        offer = seen[4](card)
        if offer is not None and hand.index(card) == len(hand) - 1:
            found.append(offer)
        self.seen = (self.version + 1, i, len(hand), found, seen[4])

    def perform_other(self, i: int, action: Action) -> list[Event]:
        """``perform_offered`` for the rest: a choice after blowing up, "Mau" said or owed,
        a draw from the pile, a take and a pass."""
        kind = action.kind
        events: list[Event] = []
        if self.choosing:
            MATCH.choose(self, i, kind, events)
            return events
        if kind == "announce":
            EFFECTS.announce(self, i, events)
            return events
        if self.mau_due is not None:
            EFFECTS.mau_missed(self, i, events)
        if kind == "play":
            play = cast(Play, action)
            EFFECTS.play(self, i, play.cards[0], play.suit, events)
        elif kind == "draw":
            got = self.draw_cards(i, 1, events)
            events.append({"type": "draw", "seat": self.seats[i], "count": len(got)})
            self.drawn = got[0] if got else None
        elif kind == "take":
            EFFECTS.take_twos(self, i, events)
        else:  # pass: nothing plays and nothing is left to draw (MAU-3)
            events.append({"type": "pass", "seat": self.seats[i]})
            self.idle += 1
            self.end_turn(i, events)
        return events

    # --- the end of a hand and of the match, views and JSON: the match part's -------------
    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        MATCH.finish_round(self, winner, events)

    def next_round_first(self, winner: int | None) -> int:
        return MATCH.next_round_first(self, winner)

    def match_is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return MATCH.outcome(self)

    def extra_observation(self, i: int | None) -> MauMauView:
        return MATCH.extra_observation(self, i)

    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        if observation["blown_up"]:
            return None  # between hands: the blown-up seats are choosing
        return super().turn_from_observation(observation, index)

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        return MATCH.extra_from_observation(observation, memory, index)

    def extra_to_dict(self) -> dict[str, Any]:
        return MATCH.extra_to_dict(self)

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        MATCH.extra_from_dict(self, data)
