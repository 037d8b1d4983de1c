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
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from engine.actions import Action, Complete, Give, IllegalAction, Pass, Play
from engine.base import RECENT_EVENTS, Event, Game, rng_from_json, rng_to_json
from engine.cards import ALL_CARDS, Card, pack, shuffle
from engine.determinize import Sampler, president_sampler
from engine.events import Observation, Outcome, events_from_json, match_end
from engine.memory import Memory
from engine.options import Option

#: PRES-2: playing ranks from low to high; 2s are not among them.
PLAY_RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_STRENGTH: dict[str, int] = {r: k for k, r in enumerate(PLAY_RANKS)}
#: PRES-10: for the A-hole's forced give, 2s count above Aces.
GIVE_STRENGTH: dict[str, int] = {**RANK_STRENGTH, "2": len(PLAY_RANKS)}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
THREE_OF_CLUBS = Card("3", "C")

PRESIDENT, VICE_PRESIDENT, A_HOLE = "President", "Vice-President", "A-hole"
POINTS = {1: 2, 2: 1}

PASS = Pass()
_PLAYS: dict[tuple[Card, ...], Play] = {}
_COMPLETES: dict[tuple[Card, ...], Complete] = {}
_GIVES: dict[Card, Give] = {}


def play_of(cards: tuple[Card, ...]) -> Play:
    """The interned ``Play`` of these cards (legal_actions is the hot path of simulations)."""
    action = _PLAYS.get(cards)
    if action is None:
        action = _PLAYS[cards] = Play(cards=cards)
    return action


def complete_of(cards: tuple[Card, ...]) -> Complete:
    action = _COMPLETES.get(cards)
    if action is None:
        action = _COMPLETES[cards] = Complete(cards=cards)
    return action


def give_of(card: Card) -> Give:
    action = _GIVES.get(card)
    if action is None:
        action = _GIVES[card] = Give(card=card)
    return action


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key: low to high as President ranks them (2s last), then by suit."""
    return GIVE_STRENGTH[card.rank], SUIT_ORDER[card.suit]


#: ``hand_order`` as one number per card: sorting by it is the same, on a key looked up in C
ORDER_KEY: dict[Card, int] = {
    c: GIVE_STRENGTH[c.rank] * len(SUIT_ORDER) + SUIT_ORDER[c.suit] for c in ALL_CARDS
}


#: the cards of each rank, one of each suit
RANK_CARDS: dict[str, tuple[Card, ...]] = {
    r: tuple(c for c in ALL_CARDS if c.rank == r) for r in {c.rank for c in ALL_CARDS}
}


def by_rank(hand: list[Card]) -> dict[str, list[Card]]:
    """The hand grouped by rank, low to high, each group in suit order (C, D, H, S)."""
    groups: dict[str, list[Card]] = {}
    for card in sorted(hand, key=ORDER_KEY.__getitem__):
        group = groups.get(card.rank)
        if group is None:
            groups[card.rank] = [card]
        else:
            group.append(card)
    return groups


Offers = tuple[dict[str, list[Card]], tuple[tuple[str, int, int, Play], ...], Play | None]
_OFFERS: dict[tuple[Card, ...], Offers] = {}


_SETS: dict[tuple[Card, ...], tuple[tuple[str, int, int, Play], ...]] = {}


def sets_of(held: tuple[Card, ...]) -> tuple[tuple[str, int, int, Play], ...]:
    """The sets one rank's cards (in suit order) offer, one to four of them, as
    (rank, strength, size, play)."""
    found = _SETS.get(held)
    if found is None:
        rank = held[0].rank
        strength = RANK_STRENGTH[rank]
        found = _SETS[held] = tuple(
            (rank, strength, size, play_of(held[:size])) for size in range(1, min(len(held), 4) + 1)
        )
    return found


def offers_in(hand: list[Card]) -> Offers:
    """The hand by rank (``by_rank``); every set it could play, low rank to high and small to
    large, as (rank, strength, size, play); and its single 2, if any. Remembered by hand:
    a seat that passed holds the same hand at its next turn."""
    key = tuple(hand)
    found = _OFFERS.get(key)
    if found is not None:
        return found
    groups = by_rank(hand)
    sets: list[tuple[str, int, int, Play]] = []
    two = None
    for rank, held in groups.items():
        if rank == "2":
            two = play_of((held[0],))
        else:
            sets.extend(sets_of(tuple(held)))
    if len(_OFFERS) > 50_000:
        _OFFERS.clear()
    found = _OFFERS[key] = (groups, tuple(sets), two)
    return found


def canonical(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The offered form of a set: the same cards in suit order."""
    return tuple(sorted(cards, key=hand_order))


def decks_for(players: int) -> int:
    """PRES-1: one pack for up to 7 players, two from 8."""
    return 1 if players <= 7 else 2


def title_for(place: int, players: int) -> str | None:
    """PRES-9: the title a finishing place earns."""
    if place == 1:
        return PRESIDENT
    if place == 2:
        return VICE_PRESIDENT
    if place == players:
        return A_HOLE
    return None


class President(Game):
    """President; see the module docstring for the rules it implements."""

    name: ClassVar[str] = "president"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 10
    determinizable: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("target", 11, 1, 10_000, "the total that ends the match (highest wins)"),
        Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: play to the target)"),
    )

    def __init__(self) -> None:
        self.seats: list[str] = []
        self.index: dict[str, int] = {}
        self.options: dict[str, Any] = {}
        self.seed = 0
        self.rng = random.Random(0)
        self.hands: list[list[Card]] = []
        #: the live pile, bottom first; the top set is its last ``top_size`` cards
        self.pile: list[Card] = []
        self.top_size = 0
        #: who played the top set (PRES-7), None on an empty pile
        self.last_player: int | None = None
        #: seats that passed since the top set was played, in order
        self.passes: list[int] = []
        #: cards cleared off the pile (or shed by a hand of 2s) this round, out of play
        self.cleared: list[Card] = []
        self.turn: int | None = None
        #: "exchange" (PRES-10 gives), "play", or "over"
        self.phase = "play"
        #: this round's exchange: {"a_hole", "president", "to_president", "to_a_hole"}
        self.exchange: dict[str, Any] | None = None
        self.dealer = 0
        #: PRES-10: the first round's first lead must include 3C
        self.first_lead = False
        #: seats in the order they went out (places 1, 2, ...)
        self.went_out: list[int] = []
        #: seats sent to the bottom holding only 2s (places n, n-1, ...)
        self.stuck: list[int] = []
        #: places of the last finished round, by seat
        self.last_places: list[int] | None = None
        self.scores: list[int] = []
        self.presidencies: list[int] = []
        self.vice_presidencies: list[int] = []
        self.a_hole_rounds: list[int] = []
        self.round = 0
        self.over = False
        self.events: list[Event] = []
        self.version = 0
        #: legal actions found at ``memo_version``, by seat (never saved: it is recomputed)
        self.memo_version = -1
        self.memo: dict[int, tuple[Action, ...]] = {}

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, seats: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Game:
        game = cls.seated(seats, seed, options)
        n = len(seats)
        game.scores = [0] * n
        game.presidencies = [0] * n
        game.vice_presidencies = [0] * n
        game.a_hole_rounds = [0] * n
        events: list[Event] = []
        game.start_round(0, events)
        game.log(*events)
        return game

    @property
    def decks(self) -> int:
        return decks_for(len(self.seats))

    def start_round(self, dealer: int, events: list[Event]) -> None:
        """PRES-1: shuffle and deal everything from the dealer's left; then exchange or lead."""
        n = len(self.seats)
        self.round += 1
        self.dealer = dealer
        deck = pack(self.decks)
        shuffle(deck, self.rng)
        self.hands = [[] for _ in range(n)]
        k = (dealer + 1) % n
        while deck:
            self.hands[k].append(deck.pop())
            k = (k + 1) % n
        self.pile = []
        self.top_size = 0
        self.last_player = None
        self.passes = []
        self.cleared = []
        self.went_out = []
        self.stuck = []
        self.exchange = None
        self.first_lead = False
        if self.last_places is None:
            # PRES-10: the first holder of 3C from the dealer's left leads, and must play it
            leader = next(
                (dealer + 1 + j) % n
                for j in range(n)
                if THREE_OF_CLUBS in self.hands[(dealer + 1 + j) % n]
            )
        else:
            leader = self.last_places.index(1)  # the President leads, after the exchange
        events.append(
            {
                "type": "deal",
                "round": self.round,
                "dealer": self.seats[dealer],
                "first": self.seats[leader],
                "counts": {s: len(h) for s, h in zip(self.seats, self.hands, strict=True)},
            }
        )
        if self.last_places is None:
            self.first_lead = True
            self.start_play(leader, "holds the three of clubs", events)
            return
        a_hole = self.last_places.index(n)
        self.exchange = {
            "a_hole": a_hole,
            "president": leader,
            "to_president": None,
            "to_a_hole": None,
        }
        self.phase = "exchange"
        self.turn = a_hole
        events.append(
            {"type": "exchange", "a_hole": self.seats[a_hole], "president": self.seats[leader]}
        )

    def start_play(self, leader: int, reason: str, events: list[Event]) -> None:
        self.phase = "play"
        for k in range(len(self.seats)):
            self.check_only_twos(k, events)
        if self.round_is_done():
            self.finish_round(events)
            return
        if not self.still_in(leader):
            leader = self.next_in(leader)
        self.turn = leader
        events.append({"type": "lead", "seat": self.seats[leader], "reason": reason})

    # --- seats ----------------------------------------------------------------------------
    def still_in(self, k: int) -> bool:
        return k not in self.went_out and k not in self.stuck

    def in_count(self) -> int:
        return len(self.seats) - len(self.went_out) - len(self.stuck)

    def next_in(self, k: int) -> int:
        """The next seat after ``k`` that is still in the round."""
        n = len(self.seats)
        for step in range(1, n + 1):
            j = (k + step) % n
            if self.still_in(j):
                return j
        raise AssertionError("nobody is left in the round")

    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        return self.seats[self.turn]

    def place_of(self, k: int) -> int | None:
        if k in self.went_out:
            return self.went_out.index(k) + 1
        if k in self.stuck:
            return len(self.seats) - self.stuck.index(k)
        return None

    # --- the pile -------------------------------------------------------------------------
    @property
    def top_set(self) -> list[Card]:
        return self.pile[-self.top_size :] if self.top_size else []

    @property
    def top_rank(self) -> str | None:
        return self.pile[-1].rank if self.pile else None

    def run(self) -> int:
        """PRES-6: how many cards of the top rank lie together on top of the pile."""
        if not self.pile:
            return 0
        rank = self.pile[-1].rank
        count = 0
        for card in reversed(self.pile):
            if card.rank != rank:
                break
            count += 1
        return count

    def beats_or_equals(self, rank: str, size: int) -> bool:
        """PRES-3: whether a set of ``size`` cards of ``rank`` may go on the top set."""
        if not self.top_size:
            return True
        if size != self.top_size:
            return size > self.top_size
        top_rank = self.top_rank
        assert top_rank is not None
        return RANK_STRENGTH[rank] >= RANK_STRENGTH[top_rank]

    def completing_count(self) -> int:
        """Cards of the top rank that would complete four on the pile; 0 if none can."""
        run = self.run()
        return 4 - run if 0 < run < 4 else 0

    # --- what may be done -----------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        k = self.seat_index(seat)
        # drivers ask a seat's actions and then apply one, which checks it against them
        # again: remember this version's answers (a copy goes out, the caller may change it)
        if self.memo_version != self.version:
            self.memo_version = self.version
            self.memo = {}
        else:
            known = self.memo.get(k)
            if known is not None:
                return list(known)
        out = self.find_legal(k)
        self.memo[k] = tuple(out)
        return out

    def find_legal(self, k: int) -> list[Action]:
        if self.over:
            return []
        if self.phase == "exchange":
            return self.legal_gives(k)
        hand = self.hands[k]
        if not hand:  # out of the round: nothing left to play
            return []
        need = self.completing_count()
        top_rank = self.top_rank
        if k != self.turn:
            # out of turn only completing four is allowed (PRES-6); keep this path cheap,
            # every seat may be asked after every action
            if not need:
                return []
            held = [c for c in hand if c.rank == top_rank]
            if len(held) < need:
                return []
            held.sort(key=ORDER_KEY.__getitem__)
            return [complete_of(tuple(held[:need]))]
        groups, sets, two = offers_in(hand)
        out: list[Action] = []
        if need:
            held = groups.get(top_rank, [])  # type: ignore[arg-type]
            if len(held) >= need:
                out.append(complete_of(tuple(held[:need])))
        if self.first_lead:
            threes = groups["3"]
            for size in range(1, min(len(threes), 4) + 1):
                out.append(play_of(tuple(threes[:size])))
            return out
        # beats_or_equals, unrolled: this loop is the hot path of every simulation
        top_size = self.top_size
        top_strength = RANK_STRENGTH.get(top_rank, len(PLAY_RANKS)) if top_size else 0  # type: ignore[arg-type]
        for rank, strength, size, play in sets:
            if rank == top_rank and size == need:
                continue  # offered above as Complete
            if not top_size or size > top_size or (size == top_size and strength >= top_strength):
                out.append(play)
        if two is not None and len(hand) > 1:
            out.append(two)  # PRES-5/8: a 2 goes alone, and never as the last card
        if self.pile:
            out.append(PASS)
        return out

    def seats_that_may_act(self) -> list[str]:
        """The two seats of the exchange; else the turn's seat, and, when the top rank can
        be completed to four, every seat still holding cards (PRES-6)."""
        if self.over:
            return []
        if self.phase == "exchange":
            exchange = self.exchange
            assert exchange is not None
            return [self.seats[k] for k in sorted({exchange["a_hole"], exchange["president"]})]
        turn = self.turn
        need = self.completing_count()
        if need:
            # out of turn, only a seat holding the cards that complete four (PRES-6)
            rank_cards = RANK_CARDS[self.pile[-1].rank]
            return [
                self.seats[k]
                for k, hand in enumerate(self.hands)
                if hand and (k == turn or sum(map(hand.count, rank_cards)) >= need)
            ]
        return [] if turn is None or not self.hands[turn] else [self.seats[turn]]

    def legal_gives(self, k: int) -> list[Action]:
        exchange = self.exchange
        assert exchange is not None
        hand = self.hands[k]
        if exchange["to_president"] is None:
            if k != exchange["a_hole"]:
                return []
            # PRES-10: the highest card, 2s first, then A, K, ...; any suit of it
            best = max(GIVE_STRENGTH[c.rank] for c in hand)
            return [
                give_of(c)
                for c in sorted(set(hand), key=hand_order)
                if GIVE_STRENGTH[c.rank] == best
            ]
        if k != exchange["president"]:
            return []
        return [give_of(held[0]) for held in by_rank(hand).values()]

    # --- applying -------------------------------------------------------------------------
    def apply(self, seat: str, action: Action | str | dict[str, Any]) -> list[Event]:
        k, action = self.accept(seat, action)
        legal = self.legal_actions(seat)
        # offered actions are interned: an identity test (in C) finds a bot's choice without
        # comparing dataclasses field by field; a parsed action is compared as before
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalAction(self.why_illegal(k, action))
        return self.perform_offered(k, action)

    def apply_offered(self, seat: str, action: Action) -> list[Event]:
        """``Game.apply_offered``: an action ``legal_actions(seat)`` has just offered, carried
        out without looking it up again (the drivers, and the expert bot's playouts, which
        spend half their time on that check otherwise). Anything else goes through ``apply``."""
        return self.perform_offered(self.index[seat], action)

    def perform_offered(self, k: int, action: Action) -> list[Event]:
        """Carry out an action ``legal_actions`` offered seat ``k`` at this version."""
        events: list[Event] = []
        if isinstance(action, Give):
            self.give(k, action.card, events)  # type: ignore[arg-type]
        elif isinstance(action, Pass):
            self.pass_turn(k, events)
        elif isinstance(action, Complete):
            self.play_set(k, action.cards, events, completing=True)
        else:
            assert isinstance(action, Play)
            self.play_set(k, action.cards, events, completing=False)
        self.version += 1
        self.log(*events)
        return events

    def give(self, k: int, card: Card, events: list[Event]) -> None:
        """PRES-10: one side of the exchange; the card is private to the two seats."""
        exchange = self.exchange
        assert exchange is not None
        self.hands[k].remove(card)
        if k == exchange["a_hole"] and exchange["to_president"] is None:
            to = exchange["president"]
            exchange["to_president"] = str(card)
        else:
            to = exchange["a_hole"]
            exchange["to_a_hole"] = str(card)
        self.hands[to].append(card)
        events.append({"type": "give", "seat": self.seats[k], "to": self.seats[to]})
        if exchange["to_a_hole"] is None:
            self.turn = to
            return
        self.start_play(exchange["president"], "President", events)

    def pass_turn(self, k: int, events: list[Event]) -> None:
        """PRES-7: pass; the turn moves on, and may come back round to the last player."""
        self.passes.append(k)
        events.append({"type": "pass", "seat": self.seats[k]})
        self.advance(k, 0, events)

    def play_set(
        self, k: int, cards: tuple[Card, ...], events: list[Event], *, completing: bool
    ) -> None:
        """Perform a play or a completion already found legal."""
        seat = self.seats[k]
        rank = cards[0].rank
        equals = (
            not completing and rank != "2" and len(cards) == self.top_size and rank == self.top_rank
        )
        hand = self.hands[k]
        for card in cards:
            hand.remove(card)
        self.pile.extend(cards)
        self.top_size = len(cards)
        self.last_player = k
        self.passes = []
        self.first_lead = False
        event: Event = {"type": "complete" if completing else "play", "seat": seat}
        event["cards"] = [str(c) for c in cards]
        if completing and k != self.turn:
            event["out_of_turn"] = True
        events.append(event)
        if not hand:
            self.went_out.append(k)
            place = len(self.went_out)
            events.append(
                {
                    "type": "out",
                    "seat": seat,
                    "place": place,
                    "title": title_for(place, len(self.seats)),
                }
            )
        self.check_only_twos(k, events)
        if rank == "2":
            reason = "two"
        elif completing or self.run() >= 4:
            reason = "four"
        else:
            reason = None
        if self.round_is_done():
            self.finish_round(events)
            return
        if reason is not None:
            self.clear(k, reason, events)
            return
        self.advance(k, 1 if equals else 0, events)

    def check_only_twos(self, k: int, events: list[Event]) -> None:
        """PRES-8: a hand of nothing but 2s is out at once, placed last among those still in."""
        hand = self.hands[k]
        if not hand or any(c.rank != "2" for c in hand) or not self.still_in(k):
            return
        place = self.in_count() + len(self.went_out)
        self.stuck.append(k)
        self.cleared.extend(hand)
        events.append(
            {
                "type": "stuck",
                "seat": self.seats[k],
                "twos": len(hand),
                "place": place,
                "title": title_for(place, len(self.seats)),
            }
        )
        hand.clear()

    def clear(self, k: int, reason: str, events: list[Event]) -> None:
        """Clear the pile; seat ``k`` leads, or the next still in if ``k`` went out."""
        self.cleared.extend(self.pile)
        self.pile = []
        self.top_size = 0
        self.last_player = None
        self.passes = []
        leader = k if self.still_in(k) else self.next_in(k)
        self.turn = leader
        events.append({"type": "clear", "reason": reason, "leader": self.seats[leader]})

    def advance(self, k: int, skips: int, events: list[Event]) -> None:
        """Move the turn on from ``k`` past ``skips`` players still in (PRES-4).

        Reaching the seat of whoever played the top set, with no play since, clears the
        pile (PRES-7); that seat may have gone out, and then the next still in leads.
        """
        n = len(self.seats)
        j = k
        for _ in range(2 * n):
            j = (j + 1) % n
            if j == self.last_player:
                self.clear(j, "all passed", events)
                return
            if not self.still_in(j):
                continue
            if skips:
                skips -= 1
                events.append({"type": "skip", "seat": self.seats[j]})
                continue
            self.turn = j
            return
        raise AssertionError("the turn found nobody to go to")

    # --- rounds and the match -------------------------------------------------------------
    def round_is_done(self) -> bool:
        return self.in_count() <= 1

    def finish_round(self, events: list[Event]) -> None:
        """PRES-9: place the last player, score, then end the match or deal again."""
        n = len(self.seats)
        for k in range(n):
            if self.still_in(k):
                self.went_out.append(k)  # the one left holding cards takes the last free place
        places = [self.place_of(k) or 0 for k in range(n)]
        points = [POINTS.get(p, 0) for p in places]
        for k in range(n):
            self.scores[k] += points[k]
        self.presidencies[places.index(1)] += 1
        self.vice_presidencies[places.index(2)] += 1
        self.a_hole_rounds[places.index(n)] += 1
        self.last_places = places
        self.turn = None
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": self.seats[places.index(1)],
                "places": dict(zip(self.seats, places, strict=True)),
                "titles": self.titles(),
                "points": dict(zip(self.seats, points, strict=True)),
                "scores": dict(zip(self.seats, self.scores, strict=True)),
            }
        )
        rounds = self.options["rounds"]
        if max(self.scores) >= self.options["target"] or (rounds and self.round >= rounds):
            self.over = True
            self.phase = "over"
            events.append(match_end(self.outcome()))
            return
        self.start_round(places.index(n), events)  # PRES-10: the A-hole deals

    def titles(self) -> dict[str, str]:
        """Titles earned in the last finished round, by seat."""
        if self.last_places is None:
            return {}
        n = len(self.seats)
        out = {}
        for k, place in enumerate(self.last_places):
            title = title_for(place, n)
            if title:
                out[self.seats[k]] = title
        return out

    @property
    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        """Places by total, highest first; at the target, the better last-round place wins."""
        n = len(self.seats)
        target = self.options["target"]
        last = self.last_places or [0] * n

        def key(k: int) -> tuple[int, int]:
            return -self.scores[k], last[k] if self.scores[k] >= target else 0

        order = sorted(range(n), key=key)
        places: dict[str, int] = {}
        for pos, k in enumerate(order):
            if pos and key(k) == key(order[pos - 1]):
                places[self.seats[k]] = places[self.seats[order[pos - 1]]]
            else:
                places[self.seats[k]] = pos + 1
        winners = [s for s in self.seats if places[s] == 1]
        return {
            "places": places,
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": {
                "rounds": self.round,
                "presidencies": dict(zip(self.seats, self.presidencies, strict=True)),
                "vice_presidencies": dict(zip(self.seats, self.vice_presidencies, strict=True)),
                "a_hole_rounds": dict(zip(self.seats, self.a_hole_rounds, strict=True)),
            },
        }

    # --- refusals -------------------------------------------------------------------------
    def why_illegal(self, k: int, action: Action) -> str:
        """A sentence saying why ``action`` is refused (it is not among the legal ones)."""
        kind = action.kind
        hand = self.hands[k]
        if self.phase == "exchange":
            exchange = self.exchange
            assert exchange is not None
            first = exchange["to_president"] is None
            giver = exchange["a_hole"] if first else exchange["president"]
            if k != giver:
                return f"waiting for {self.seats[giver]} to give a card"
            if kind != "give":
                return "the round starts with the card exchange: give a card"
            offered = ", ".join(str(a) for a in self.legal_gives(k))
            if first:
                return f"the A-hole gives their highest card: {offered}"
            return f"give one card you hold (one per rank is offered): {offered}"
        if kind == "give":
            return "there is no card exchange now"
        if not self.still_in(k):
            return "you are out of this round"
        cards: tuple[Card, ...] = getattr(action, "cards", ())
        for card in set(cards):
            if cards.count(card) > hand.count(card):
                return f"you do not hold {card}"
        if kind == "complete":
            need = self.completing_count()
            if not need:
                return "there is nothing on the pile to complete"
            if len({c.rank for c in cards}) != 1 or cards[0].rank != self.top_rank:
                return f"completing four needs cards of rank {self.top_rank}"
            if len(cards) != need:
                return f"{need} card(s) of rank {self.top_rank} complete four, not {len(cards)}"
            complete = complete_of(tuple(by_rank(hand)[cards[0].rank][:need]))
            return f"suits do not matter, so each set is offered once: {complete}"
        if k != self.turn:
            who = self.current_player()
            return f"it is {who}'s turn (only completing four may be played out of turn)"
        if kind == "pass":
            return "you lead this pile: play a set to start it"
        if kind != "play":
            return f"you cannot {kind} in President"
        if not cards:
            return "play at least one card"
        if len({c.rank for c in cards}) != 1:
            return "a play is cards of one rank"
        rank = cards[0].rank
        if len(cards) > 4:
            return "a play is one to four cards"
        if self.first_lead and THREE_OF_CLUBS not in cards:
            return "the first lead of the match must include 3C"
        if rank == "2":
            if len(cards) > 1:
                return "a 2 clears alone: play 2s one at a time"
            return "you may not go out on a 2"
        if rank == self.top_rank and len(cards) == self.completing_count():
            return f"that completes four: {complete_of(canonical(cards))}"
        if not self.beats_or_equals(rank, len(cards)):
            top = " ".join(str(c) for c in self.top_set)
            return f"{' '.join(map(str, cards))} neither beats nor equals {top}"
        play = play_of(tuple(by_rank(hand)[rank][: len(cards)]))
        return f"suits do not matter, so each set is offered once: {play}"

    # --- what seats may see ---------------------------------------------------------------
    def observation(self, seat: str | None) -> Observation:
        """What ``seat`` may see; ``None`` gives the spectators' (public) view."""
        k = None if seat is None else self.seat_index(seat)
        n = len(self.seats)
        out = {}
        for j in range(n):
            place = self.place_of(j)
            if place is not None:
                out[self.seats[j]] = {"place": place, "title": title_for(place, n)}
        return {
            "game": self.name,
            "seat": seat,
            "seats": list(self.seats),
            "hand": [] if k is None else [str(c) for c in sorted(self.hands[k], key=hand_order)],
            "phase": self.phase,
            "turn": self.current_player(),
            "dealer": self.seats[self.dealer],
            "top": [str(c) for c in self.top_set] or None,
            "top_seat": None if self.last_player is None else self.seats[self.last_player],
            "run": self.run(),
            "pile": len(self.pile),
            "passes": [self.seats[j] for j in self.passes],
            "first_lead": self.first_lead,
            "counts": {s: len(h) for s, h in zip(self.seats, self.hands, strict=True)},
            "out": out,
            "titles": self.titles(),
            "exchange": self.exchange_view(k),
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "target": self.options["target"],
            "round": self.round,
            "over": self.over,
            "options": dict(self.options),
            "events": self.events[-RECENT_EVENTS:],
            # the contract's shedding fields, constant here (there is no stock at all)
            "suit": None,
            "direction": "clockwise",
            "pending": None,
        }

    def exchange_view(self, k: int | None) -> dict[str, Any] | None:
        """The exchange as everyone sees it, plus the cards for the two seats in it."""
        exchange = self.exchange
        if exchange is None:
            return None
        a_hole, president = exchange["a_hole"], exchange["president"]
        view: dict[str, Any] = {
            "a_hole": self.seats[a_hole],
            "president": self.seats[president],
            "done": exchange["to_a_hole"] is not None,
        }
        if k == a_hole:
            view["gave"], view["received"] = exchange["to_president"], exchange["to_a_hole"]
        elif k == president:
            view["gave"], view["received"] = exchange["to_a_hole"], exchange["to_president"]
        return view

    # --- determinization (engine.determinize) ---------------------------------------------
    @classmethod
    def determinizer(cls, observation: Mapping[str, Any], memory: Memory) -> Sampler:
        return president_sampler(cls, observation, memory)

    # --- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "hands": [[str(c) for c in h] for h in self.hands],
            "pile": [str(c) for c in self.pile],
            "top_size": self.top_size,
            "last_player": self.last_player,
            "passes": list(self.passes),
            "cleared": [str(c) for c in self.cleared],
            "turn": self.turn,
            "phase": self.phase,
            "exchange": None if self.exchange is None else dict(self.exchange),
            "dealer": self.dealer,
            "first_lead": self.first_lead,
            "went_out": list(self.went_out),
            "stuck": list(self.stuck),
            "last_places": None if self.last_places is None else list(self.last_places),
            "scores": list(self.scores),
            "presidencies": list(self.presidencies),
            "vice_presidencies": list(self.vice_presidencies),
            "a_hole_rounds": list(self.a_hole_rounds),
            "round": self.round,
            "over": self.over,
            "events": [dict(e) for e in self.events],
            "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        parse = Card.parse
        game = cls()
        game.seats = list(data["seats"])
        game.index = {s: k for k, s in enumerate(game.seats)}
        game.options = dict(data["options"])
        game.seed = data["seed"]
        game.rng = rng_from_json(data["rng"])
        game.hands = [[parse(c) for c in h] for h in data["hands"]]
        game.pile = [parse(c) for c in data["pile"]]
        game.top_size = data["top_size"]
        game.last_player = data["last_player"]
        game.passes = list(data["passes"])
        game.cleared = [parse(c) for c in data["cleared"]]
        game.turn = data["turn"]
        game.phase = data["phase"]
        game.exchange = None if data["exchange"] is None else dict(data["exchange"])
        game.dealer = data["dealer"]
        game.first_lead = data["first_lead"]
        game.went_out = list(data["went_out"])
        game.stuck = list(data["stuck"])
        game.last_places = None if data["last_places"] is None else list(data["last_places"])
        game.scores = list(data["scores"])
        game.presidencies = list(data["presidencies"])
        game.vice_presidencies = list(data["vice_presidencies"])
        game.a_hole_rounds = list(data["a_hole_rounds"])
        game.round = data["round"]
        game.over = data["over"]
        game.events = events_from_json(data["events"])
        game.version = data["version"]
        return game
