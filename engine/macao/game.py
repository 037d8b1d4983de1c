"""Macao without jokers ("Simple Macao"): MACAO-1..18 of the rule spec.

- 2-6 players, one pack, 5 cards each; a special starter is buried in the stock (MACAO-1, 2).
- Follow suit or rank; an Ace plays on anything with nothing pending and names the suit
  (MACAO-3). Drawing instead of playing is always allowed; a playable drawn card may be
  played at once, and only it (MACAO-4).
- Draw stacks: 2 (+2) and 3 (+3) to the next seat, KH (+5) to the next, KS (+5) to the
  previous; answered only by the same kind, each answer sending the stack on in its own
  direction (MACAO-5, 6). Any 7 cuts a draw stack (MACAO-7); the target may take it instead
  (MACAO-8).
- 4: the next seat loses a turn, answerable with 4s; accepting costs that many turns, this
  one included (MACAO-9). A pending stack or lost turn must be answered or accepted
  (MACAO-10); the turn goes to the stack's target, then on from whoever acted (MACAO-11).
- "Macao" is said automatically at one card (MACAO-12); the last card ends the round at
  once (MACAO-13); a round with 200 turns (option ``max_turns``) or where nobody can move
  ends with no winner (MACAO-14).
- Scoring (MACAO-15): 2, 4, 7 = 20; 3 = 30; A, KH, KS = 40; the rest 10; the winner
  scores 0 and a round with no winner charges everyone. The match ends when a total
  reaches ``target`` (default 500); lowest total wins, a tie at the bottom is a draw
  (MACAO-16). Each round starts one seat after the last one's first player (MACAO-18).

Choice recorded here: the option ``rounds`` (default 0, meaning "play to the target") ends
the match after that many rounds; simulations use it to play single rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any, ClassVar, cast

from engine.actions import Action, IllegalAction, Play
from engine.cards import SUITS, Card
from engine.events import Event, Shapes
from engine.macao import describe as sentences
from engine.macao.cards import (
    CARD_TEXT,
    DRAW_COUNTS,
    FOLLOW_OFFERS,
    KING_OF_SPADES,
    STACK_OF,
    MacaoStacks,
    card_value,
    draw_kind,
    is_special,
)
from engine.macao.shapes import SHAPES, MacaoOutcome
from engine.memory import Stacks
from engine.options import Option
from engine.reasons import Reason
from engine.shedding.game import (
    DRAW,
    PASS,
    PLAY_ONE,
    PLAY_WILD,
    TAKE,
    SheddingGame,
    does_not_follow,
    one_held,
)
from engine.words import N_, NC_, Describer, announced_word

#: what a player left with one card says (MACAO-12)
MACAO_WORD = announced_word(NC_("announced word", "Macao"), NC_("typed word", "macao"))

#: the option names a player types, marked for the catalogs beside their declaration
OPTION_NAMES = (
    NC_("option name", "target"),
    NC_("option name", "max_turns"),
    NC_("option name", "rounds"),
)


class Macao(SheddingGame):
    """Simple Macao; see the module docstring for the rules it implements."""

    #: its own events in words: cuts and turns lost (``engine.macao.describe``)
    describer: ClassVar[Describer | None] = sentences
    shapes: ClassVar[Shapes] = SHAPES

    name: ClassVar[str] = "macao"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    hand_size: ClassVar[int] = 5
    determinizable: ClassVar[bool] = True
    # drawing and taking are choices here (MACAO-4, 8): a sensible player who draws had
    # nothing to play, and one who takes had nothing to answer with
    void_evidence: ClassVar[frozenset[str]] = frozenset({"draw", "take", "lose_turns"})
    stacks: ClassVar[Stacks | None] = MacaoStacks()
    score_figure: ClassVar[str | None] = "points_taken"
    figure_labels: ClassVar[dict[str, str]] = {"points_taken": N_("points taken")}
    rules_summary: ClassVar[str] = N_(
        "2 to 6 players, one pack, five cards each. On your turn play a card of the same suit "
        "or rank as the top card, or draw one (you may play it straight away if it fits).\n"
        "• **Aces** go on anything and you pick the suit.\n"
        "• **2s and 3s** make the next player draw 2 or 3; **K♥** gives 5 to the next player, "
        "**K♠** 5 to the one before. Answer with the same kind (2 on 2, 3 on 3, draw king on "
        "draw king) to pass the growing pile on, or take it all.\n"
        "• **Any 7** stops a draw pile dead: nobody draws.\n"
        "• **4s** make the next player miss a turn; answer with a 4 to pass it on, one more "
        "missed turn each time.\n"
        "Go out and the round ends. Everyone else counts their cards (2, 4, 7 are 20; 3 is 30; "
        "A, K♥, K♠ are 40; the rest 10). When someone's total hits the target the match ends "
        "and the lowest total wins."
    )
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number(
            "target", 500, 1, 100_000, "the total that ends the match (lowest wins)"
        ).saying(N_("The match ends when a total reaches **{value}** points.")),
        Option.number(
            "max_turns", 200, 1, 100_000, "turns before a round ends with no winner"
        ).saying(
            N_(
                "A round with no winner after **{value}** turns ends there and is scored "
                "as it stands."
            )
        ),
        Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: play to the target)").saying(
            N_("The match lasts **{value}** rounds.")
        ),
    )
    lowest_wins: ClassVar[bool] = True
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "play AS suit=H", "draw")

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """MACAO-16."""
        target = options.get("target", 500)
        return Reason(
            N_("The match ends when a total reaches {target}; the lowest total wins"), target=target
        )

    # --- dealing --------------------------------------------------------------------------
    def turn_up_starter(self) -> Card:
        """MACAO-2: bury a special starter at a random place in the stock and turn again."""
        stock = self.stock
        card = stock.pop()
        while is_special(card):
            stock.insert(int(self.rng.random() * (len(stock) + 1)), card)
            card = stock.pop()
        return card

    # --- what may be played ---------------------------------------------------------------
    def playable(self, card: Card) -> bool:
        """MACAO-3 with nothing pending: suit in force, rank on top, or an Ace."""
        return card.rank == "A" or card.suit == self.suit or card.rank == self.pile[-1].rank

    def answers(self, card: Card) -> bool:
        """MACAO-6, 7, 9: whether ``card`` answers the pending stack or lost turn."""
        pending = self.pending
        assert pending is not None
        if pending["kind"] == "skip":
            return card.rank == "4"
        return card.rank == "7" or draw_kind(card) == pending["rank"]

    def legal_actions(self, seat: str) -> list[Action]:
        # the hottest path of every simulation: kept flat, on interned actions
        i = self.index.get(seat)
        if i is None:
            raise IllegalAction("{seat} is not seated at this table", seat=seat)
        if i != self.turn or self.over:
            return []
        drawn = self.drawn
        if drawn is not None:
            return [*PLAY_WILD[drawn], PASS] if drawn.rank == "A" else [PLAY_ONE[drawn], PASS]
        hand = self.hands[i]
        pending = self.pending
        out: list[Action]
        if pending is not None:
            if pending["kind"] == "skip":
                out = [PLAY_ONE[c] for c in hand if c.rank == "4"]
            else:
                stack = pending["rank"]
                out = [PLAY_ONE[c] for c in hand if c.rank == "7" or STACK_OF[c] == stack]
            out.append(TAKE)
            return out
        # MACAO-3 as a table, the loop over the hand in C (map, filter, chain)
        offers = FOLLOW_OFFERS[self.suit, self.pile[-1].rank].get
        out = list(chain.from_iterable(filter(None, map(offers, hand))))
        out.append(DRAW)
        return out

    def seats_that_may_act(self) -> list[str]:
        """Only the seat whose turn it is ever acts at Macao."""
        if self.over or self.turn is None:
            return []
        return [self.seats[self.turn]]

    # --- applying -------------------------------------------------------------------------
    def end_turn(self, i: int, events: list[Event]) -> None:
        """The shared core's ``end_turn``, with a short cut for the usual case: nobody owes a
        lost turn and the round goes on, so the turn simply moves to the next seat."""
        turns = self.turns + 1
        n = len(self.seats)
        j = (i + self.direction) % n
        limit = self.options["max_turns"]
        if self.lost_turns[j] or self.idle >= n or (limit and turns >= limit):
            super().end_turn(i, events)
            return
        self.drawn = None
        self.turns = turns
        self.turn = j

    def apply_checked(self, i: int, action: Action) -> list[Event]:
        self.validate(i, action)
        return self.perform_offered(i, action)

    def validate(self, i: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless seat ``i`` may take ``action`` now."""
        if i != self.turn:
            raise IllegalAction("it is not your turn")
        kind = action.kind
        if self.drawn is not None:
            if kind == "pass":
                return
            if kind != "play" or cast(Play, action).cards != (self.drawn,):
                raise IllegalAction(
                    "you may only play the card you drew ({card}) or pass", card=self.drawn
                )
            self.check_play(i, action)  # an Ace still names a suit, nothing else may
            return
        if self.pending is not None:
            if kind == "take":
                return
            if kind != "play":
                raise IllegalAction("answer what is pending on you or take it")
            self.check_play(i, action)
            if not self.answers(cast(Play, action).cards[0]):
                raise IllegalAction("that card does not answer what is pending")
            return
        if kind == "draw":
            return
        if kind != "play":
            raise IllegalAction("you cannot {kind} now", kind=kind)
        self.check_play(i, action)
        card = cast(Play, action).cards[0]
        if not (card.rank == "A" or card.suit == self.suit or card.rank == self.pile[-1].rank):
            raise IllegalAction(does_not_follow(card, self.suit, self.pile))

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        kind = action.kind
        events: list[Event] = []
        if kind == "pass":  # only after a draw
            events.append({"type": "pass", "seat": self.seats[i]})
            self.end_turn(i, events)
        elif kind == "take":
            self.take_pending(i, events)
        elif kind == "draw":
            self.draw_turn(i, events)
        else:
            self.play(i, action, events)
        return events

    def check_play(self, i: int, action: Action) -> None:
        play = cast(Play, action)  # a "play" (the callers checked its kind)
        card = one_held(play.cards, self.hands[i], N_("Macao plays one card at a time"))
        suit = play.suit
        if card.rank == "A" and self.pending is None:
            if suit not in SUITS:
                raise IllegalAction("an Ace names a suit: choose clubs, diamonds, hearts or spades")
        elif suit is not None:
            raise IllegalAction("only an Ace names a suit")

    def play(self, i: int, action: Action, events: list[Event]) -> None:
        """Perform a play already found legal."""
        play = cast(Play, action)
        card = play.cards[0]
        hand = self.hands[i]
        hand.remove(card)
        self.pile.append(card)
        self.drawn = None
        self.idle = 0
        seat = self.seats[i]
        named = play.suit
        event: Event = {"type": "play", "seat": seat, "cards": [CARD_TEXT[card]]}
        if named:
            event["suit"] = named
        events.append(event)
        self.suit = named or card.suit
        if not hand:
            self.finish_round(i, events)  # MACAO-13: the last card ends the round at once
            return
        if len(hand) == 1:
            events.append({"type": "announce", "seat": seat, "word": MACAO_WORD})  # MACAO-12
        pending = self.pending
        if pending is not None and card.rank == "7" and pending["kind"] == "draw":
            events.append({"type": "cut", "seat": seat, "count": pending["count"]})
            self.pending = None
            self.end_turn(i, events)
            return
        stack = STACK_OF[card]
        if stack is not None:
            count = DRAW_COUNTS[stack] + (pending["count"] if pending else 0)
            target = self.next_seat(i, -1 if card == KING_OF_SPADES else 1)
            self.pending = {"kind": "draw", "rank": stack, "count": count, "target": target}
        elif card.rank == "4":
            count = 1 + (pending["count"] if pending else 0)
            target = self.next_seat(i)
            self.pending = {"kind": "skip", "rank": "4", "count": count, "target": target}
        else:
            self.end_turn(i, events)
            return
        self.turns += 1
        if self.round_should_stop(events):  # MACAO-14 counts this turn like any other
            return
        self.turn = target  # MACAO-11: the turn goes to whoever the pending stack targets

    def take_pending(self, i: int, events: list[Event]) -> None:
        """MACAO-8 and MACAO-9: take a draw stack, or accept lost turns."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        seat = self.seats[i]
        if pending["kind"] == "draw":
            got = self.draw_cards(i, pending["count"], events)
            events.append({"type": "take", "seat": seat, "count": len(got)})
        else:
            self.lost_turns[i] += pending["count"] - 1
            events.append({"type": "lose_turns", "seat": seat, "count": pending["count"]})
        self.end_turn(i, events)

    def draw_turn(self, i: int, events: list[Event]) -> None:
        """MACAO-4: take one card; keep the turn only if it can be played at once."""
        card = self.draw_one(i, events)
        if card is not None:
            self.idle = 0
            if card.rank == "A" or card.suit == self.suit or card.rank == self.pile[-1].rank:
                self.drawn = card
                return
        # MACAO-14: count a turn as idle only when nobody at all could play or draw, so a
        # seat that drew nothing while holding a playable card never makes a false stalemate
        elif any(self.playable(c) for h in self.hands for c in h):
            self.idle = 0
        else:
            self.idle += 1
        self.end_turn(i, events)

    # --- scoring --------------------------------------------------------------------------
    def score_round(self, winner: int | None, events: list[Event]) -> list[int]:
        return [0 if k == winner else sum(map(card_value, h)) for k, h in enumerate(self.hands)]

    def match_is_over(self) -> bool:
        return max(self.scores) >= int(self.options["target"])

    def outcome(self) -> MacaoOutcome:
        places = self.places_by_lowest_total()
        best = min(self.scores)
        winners = [s for s, t in zip(self.seats, self.scores, strict=True) if t == best]
        target = self.options["target"]
        losers = [s for s, t in zip(self.seats, self.scores, strict=True) if t >= target]
        return {
            "places": places,
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "losers": losers,
        }
