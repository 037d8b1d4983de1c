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
from typing import Any, ClassVar

from engine.actions import Action, Announce, IllegalAction, Leave, Rebuy
from engine.base import Event
from engine.cards import ALL_CARDS, SUITS, Card, pack, shuffle
from engine.events import GameView, Outcome, match_end
from engine.memory import Memory
from engine.options import Option
from engine.shedding import CARD_TEXT, DRAW, PASS, PLAY_ONE, PLAY_WILD, TAKE, SheddingGame

MAU = "mau"
ANNOUNCE_MAU = Announce(word=MAU)
REBUY = Rebuy()
LEAVE = Leave()
CHOICES: tuple[Action, ...] = (REBUY, LEAVE)

BLOW_UP = 100  # MAU-7
TWO_DRAWS = 3  # MAU-4 and MAU-6
MAU_PENALTY = 2  # MAU-5
FACE_POINTS = {"J": 20, "A": 1, "K": 10, "Q": 10}


_FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Action, ...]]] = {}


def follow_offers(suit: str, rank: str) -> dict[Card, tuple[Action, ...]]:
    """MAU-2 as a table: for the suit in force and the rank on top, each card that plays
    and its offers (a Jack once per suit it may name). Hands in Mau-Mau grow long, and one
    lookup per card is the cheapest test."""
    offers = _FOLLOW_OFFERS.get((suit, rank))
    if offers is None:
        offers = _FOLLOW_OFFERS[suit, rank] = {
            card: PLAY_WILD[card] if card.rank == "J" else (PLAY_ONE[card],)
            for card in ALL_CARDS
            if card.rank == "J" or card.suit == suit or card.rank == rank
        }
    return offers


def card_points(card: Card) -> int:
    """MAU-6: what a card left in hand counts: J 20, A 1, K and Q 10, others face value."""
    points = FACE_POINTS.get(card.rank)
    return int(card.rank) if points is None else points


def hand_points(hand: list[Card]) -> int:
    return sum(map(card_points, hand))


class MauMau(SheddingGame):
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

    def seats_in(self) -> list[int]:
        return [k for k, still in enumerate(self.in_match) if still]

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

    # --- the end of a hand ----------------------------------------------------------------
    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        """MAU-6 effects and counts, MAU-7 blow-ups, then the match end or the next hand."""
        n = len(self.seats)
        self.turn = None
        self.drawn = None
        self.pending = None
        self.mau_due = None
        self.lost_turns = [0] * n
        doubled = False
        blown: list[int] = []
        if winner is None:
            points = [0] * n
        else:
            points, doubled = self.settle_hand(winner, events)
        for k, p in enumerate(points):
            self.scores[k] += p
        if winner is not None:
            blown = [k for k in self.seats_in() if k != winner and self.scores[k] >= BLOW_UP]
        for k in blown:
            self.blow_ups[k] += 1
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": None if winner is None else self.seats[winner],
                "doubled": doubled,
                "points": dict(zip(self.seats, points, strict=True)),
                "scores": dict(zip(self.seats, self.scores, strict=True)),
            }
        )
        for k in blown:
            events.append({"type": "blow_up", "seat": self.seats[k], "total": self.scores[k]})
        if winner is not None and len(blown) == len(self.seats_in()) - 1:
            self.end_match(winner, events)  # MAU-8: everyone else blew up at once
            return
        rounds = self.options["rounds"]
        if rounds and self.round >= rounds:
            self.end_match(None, events)
            return
        if blown:
            self.choosing = blown  # MAU-7: each chooses rebuy or leave before the next deal
            return
        self.start_round(self.next_round_first(winner), events)

    def settle_hand(self, winner: int, events: list[Event]) -> tuple[list[int], bool]:
        """MAU-6 in its order: draws for 2s held, for going out on a 2, then the counts."""
        others: list[int] = []
        k = self.next_seat(winner)
        while k != winner:
            others.append(k)
            k = self.next_seat(k)
        for k in others:
            twos = sum(1 for c in self.hands[k] if c.rank == "2")
            if twos:
                got = self.draw_cards(k, TWO_DRAWS * twos, events)
                events.append(
                    {"type": "draw", "seat": self.seats[k], "count": len(got), "reason": "twos"}
                )
        last = self.pile[-1]
        if last.rank == "2":
            for k in others:
                got = self.draw_cards(k, TWO_DRAWS, events)
                events.append(
                    {
                        "type": "draw",
                        "seat": self.seats[k],
                        "count": len(got),
                        "reason": "out_on_two",
                    }
                )
        doubled = last.rank == "J"
        points = [0] * len(self.seats)
        for k in others:
            points[k] = hand_points(self.hands[k]) * (2 if doubled else 1)
        return points, doubled

    def next_round_first(self, winner: int | None) -> int:
        """The next seat still in, clockwise, after the last hand's first player."""
        n = len(self.seats)
        k = self.round_first
        for _ in range(n):
            k = (k + 1) % n
            if self.in_match[k]:
                return k
        return self.round_first

    def choose(self, i: int, kind: str, events: list[Event]) -> None:
        """MAU-7: a blown-up seat rebuys or leaves; deal on once everyone has chosen."""
        self.choosing.remove(i)
        seat = self.seats[i]
        if kind == "rebuy":
            self.pot += 1
            self.chips_paid[i] += 1
            back = max(self.scores[k] for k in self.seats_in() if self.scores[k] < BLOW_UP)
            self.scores[i] = back
            events.append({"type": "rebuy", "seat": seat, "total": back, "pot": self.pot})
        else:
            self.in_match[i] = False
            self.left_after[i] = self.round
            events.append({"type": "leave", "seat": seat})
        if self.choosing:
            return
        still = self.seats_in()
        if len(still) == 1:
            self.end_match(still[0], events)  # MAU-8: the last one left wins
            return
        self.start_round(self.next_round_first(None), events)

    def end_match(self, champion: int | None, events: list[Event]) -> None:
        """Close the match; ``None`` means the ``rounds`` limit decides by lowest total."""
        self.over = True
        self.turn = None
        self.choosing = []
        if champion is None:
            still = self.seats_in()
            best = min(self.scores[k] for k in still)
            lowest = [k for k in still if self.scores[k] == best]
            champion = lowest[0] if len(lowest) == 1 else None
        self.champion = champion
        events.append(match_end(self.outcome()))

    def match_is_over(self) -> bool:
        return self.over

    # --- results and views ----------------------------------------------------------------
    def places(self) -> dict[str, int]:
        """Seats still in by total (the champion first), then leavers, latest first."""

        def key(k: int) -> tuple[int, int, int]:
            if k == self.champion:
                return (0, 0, 0)
            if self.in_match[k]:
                return (1, 0, self.scores[k])
            return (2, -self.left_after[k], self.scores[k])

        order = sorted(range(len(self.seats)), key=key)
        places: dict[str, int] = {}
        for rank, k in enumerate(order):
            if rank and key(k) == key(order[rank - 1]):
                places[self.seats[k]] = places[self.seats[order[rank - 1]]]
            else:
                places[self.seats[k]] = rank + 1
        return places

    def by_seat(self, values: list[Any]) -> dict[str, Any]:
        return dict(zip(self.seats, values, strict=True))

    def outcome(self) -> Outcome:
        places = self.places()
        winners = [s for s, p in places.items() if p == 1]
        won = [0] * len(self.seats)
        if self.over and self.champion is not None:
            won[self.champion] = self.pot
        return {
            "places": places,
            "scores": self.by_seat(self.scores),
            "winners": winners,
            "draw": len(winners) > 1,
            "pot": self.pot,
            "stats": {
                "totals": self.by_seat(self.scores),
                "chips_won": self.by_seat(won),
                "chips_paid": self.by_seat(self.chips_paid),
                "blow_ups": self.by_seat(self.blow_ups),
                "left": [self.seats[k] for k, still in enumerate(self.in_match) if not still],
                "hands": self.round,
            },
        }

    def extra_observation(self, i: int | None) -> GameView:
        seats = self.seats
        return {
            "totals": self.by_seat(self.scores),
            "pot": self.pot,
            "chips_paid": self.by_seat(self.chips_paid),
            "blow_ups": self.by_seat(self.blow_ups),
            "blown_up": [seats[k] for k in self.choosing],
            "left": [seats[k] for k, still in enumerate(self.in_match) if not still],
            "mau_due": None if self.mau_due is None else seats[self.mau_due],
        }

    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        if observation["blown_up"]:
            return None  # between hands: the blown-up seats are choosing
        return super().turn_from_observation(observation, index)

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        obs = observation
        seats = obs["seats"]
        left = set(obs["left"])
        due = obs["mau_due"]
        return {
            "in_match": [s not in left for s in seats],
            "left_after": [obs["round"] if s in left else 0 for s in seats],
            "pot": obs["pot"],
            "chips_paid": [obs["chips_paid"][s] for s in seats],
            "blow_ups": [obs["blow_ups"][s] for s in seats],
            "choosing": [index[s] for s in obs["blown_up"]],
            "mau_due": None if due is None else index[due],
            "champion": None,
        }

    def extra_to_dict(self) -> dict[str, Any]:
        return {
            "in_match": list(self.in_match),
            "left_after": list(self.left_after),
            "pot": self.pot,
            "chips_paid": list(self.chips_paid),
            "blow_ups": list(self.blow_ups),
            "choosing": list(self.choosing),
            "mau_due": self.mau_due,
            "champion": self.champion,
        }

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        self.in_match = list(data["in_match"])
        self.left_after = list(data["left_after"])
        self.pot = data["pot"]
        self.chips_paid = list(data["chips_paid"])
        self.blow_ups = list(data["blow_ups"])
        self.choosing = list(data["choosing"])
        self.mau_due = data["mau_due"]
        self.champion = data["champion"]
