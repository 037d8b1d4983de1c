"""Last Card: LAST-1..9 of the rule spec, on the shedding core.

- 2-20 players; one pack for 2-4 players and one more for every further four (LAST-1).
- Five cards each. The dealer's first action of every game is choosing the direction
  (``direction cw`` / ``direction ccw``); only then is the starter turned, and a special
  starter (A, 2, 5, 7, 10) is shuffled back into the stock and another turned (LAST-2). The
  first player is the one after the dealer in the chosen direction.
- Follow suit or rank; an Ace plays on anything while nothing is pending and names the suit
  (LAST-3).
- Several cards of one rank make one play, ``play 5S 5H``: the first card must be legal, the
  last becomes the top card, and every card's effect applies -- two 10s skip two players,
  two 7s reverse twice, two 5s add ten (LAST-4).
- 5 and 2 start a draw stack on the next player, who answers with cards of the same rank
  (adding 5 or 2 each) or takes the whole stack, which ends their turn (LAST-5). With the
  option ``mix_twos_on_fives`` (default off) 2s and 5s answer each other's stacks.
- 10 skips the next player, 7 reverses the direction (LAST-6).
- A player who cannot play draws one card; if it can be played it may be played at once,
  alone, or kept (``pass``); otherwise the turn ends (LAST-7).
- "Last card" (LAST-8): a play that leaves a hand all of one rank obliges its player to say
  ``announce last card`` before anyone's next action; otherwise they draw 2 just before that
  action is carried out.
- The first player out wins. The seats still holding cards then vote ``vote continue`` or
  ``vote stop``; a strict majority to continue plays on for places, a tie stops. The winner
  deals the next game and chooses its direction (LAST-9).

Choices recorded here, where the spec is silent:

- ``legal_actions`` lists every distinct play: each single card, and for each set of
  same-rank cards in hand (any two or more of them: keeping one 5 back is allowed) each legal
  first card followed by the rest in hand order with each possible last card at the end. Only
  the middle of a play of four or more cards has no effect, so ``apply`` accepts any order of
  the middle cards although ``legal_actions`` lists one (hand order).
- Only a player who cannot play may draw (LAST-7 read as written: the seed has a player draw
  "if he can not play"); a player who can play must.
- Skips pass over other players only: a run of 10s that skips everyone else gives the player
  another turn (COMMON-3 for two players) and 10s beyond that are spent.
- The effects of the play that goes out still apply when the others play on.
- The vote is decided as soon as its result is certain; one vote per game, after the first
  player is out. ``current_player()`` names the next seat yet to vote, in turn order from
  the winner, but any seat still to vote may vote first. The table service casts ``vote
  stop`` for a seat that has not voted after 30 seconds (the engine reads no clock). If they
  stop, everyone still holding cards shares second place.
- The first game's dealer is the first seat. A game stopped by the turn limit (option
  ``max_turns``, default 0 = none) or by nobody being able to play or draw ends with the seats
  still in placed by fewest cards held; the next game's dealer is then the seat after the
  last dealer.
- A match is option ``games`` games (default 1). Its places rank by games won, then by the
  sum of places over the games; ``scores`` counts games won.
"""

from itertools import chain
from typing import Any, ClassVar

from engine.actions import Action
from engine.base import Event
from engine.cards import Card, pack, shuffle
from engine.lastcard.checks import LastCardChecks
from engine.lastcard.plays import (
    ANNOUNCE,
    DIRECTIONS,
    DRAW_COUNTS,
    DRAW_RANKS,
    LAST_CARD_PENALTY,
    LAST_CARD_WORD,
    RANK_OF,
    SPECIAL_RANKS,
    VOTES,
    answer_offers,
    decks_for,
    follow_offers,
    multiples_in,
    one_rank,
)
from engine.options import Option
from engine.shedding import CARD_TEXT, DRAW, PASS, PLAY_ONE, PLAY_WILD, TAKE


class LastCard(LastCardChecks):
    """Last Card; see the module docstring for the rules and choices it implements."""

    name: ClassVar[str] = "lastcard"
    title: ClassVar[str] = "Last Card"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 20
    hand_size: ClassVar[int] = 5
    void_evidence: ClassVar[frozenset[str]] = frozenset({"draw"})  # LAST-7: only a player
    # who cannot play draws
    determinizable: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("games", 1, 1, 1_000, "games in the match"),
        Option.flag("mix_twos_on_fives", False, "2s and 5s answer each other's draws"),
        Option.number("max_turns", 0, 0, 100_000, "turns before a game stops (0: no limit)"),
    )

    def deck_count(self) -> int:
        return decks_for(len(self.seats))

    # --- dealing --------------------------------------------------------------------------
    def start_round(self, first: int, events: list[Event]) -> None:
        """Deal a game; ``first`` is its dealer, who must choose the direction (LAST-2)."""
        n = len(self.seats)
        self.round += 1
        self.round_first = first
        self.turns = 0
        self.idle = 0
        self.pending = None
        self.drawn = None
        self.direction = 1
        self.lost_turns = [0] * n
        self.out = [False] * n
        self.finished = []
        self.votes = {}
        self.voters = []
        self.called = [False] * n
        self.last_card_due = None
        deck = self.deal_deck()
        self.hands = [[] for _ in range(n)]
        for _ in range(self.hand_size):
            for k in range(1, n + 1):
                self.hands[(first + k) % n].append(deck.pop())
        self.stock = deck
        self.pile = []
        self.suit = ""
        self.turn = first
        self.phase = "direction"
        # "first" is who acts first: the dealer, choosing the direction
        dealer = self.seats[first]
        events.append({"type": "deal", "round": self.round, "dealer": dealer, "first": dealer})

    def deal_deck(self) -> list[Card]:
        deck = pack(self.deck_count())
        shuffle(deck, self.rng)
        return deck

    def turn_up(self, events: list[Event]) -> Card:
        """LAST-2: a special starter goes back into the stock, which is shuffled again."""
        stock = self.stock
        card = stock.pop()
        while card.rank in SPECIAL_RANKS:
            events.append({"type": "starter_returned", "card": str(card)})
            stock.append(card)
            shuffle(stock, self.rng)
            card = stock.pop()
        return card

    # --- seats ----------------------------------------------------------------------------
    def next_seat(self, i: int, step: int = 1) -> int:
        """The seat ``step`` places on in the direction of play, passing over seats out."""
        n = len(self.seats)
        if not self.finished:
            return (i + step * self.direction) % n
        way = self.direction if step > 0 else -self.direction
        out = self.out
        for _ in range(abs(step)):
            i = (i + way) % n
            while out[i]:
                i = (i + way) % n
        return i

    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        if self.phase == "vote":
            for k in self.vote_order():
                if k not in self.votes:
                    return self.seats[k]
            return None
        return self.seats[self.turn]

    def legal_actions(self, seat: str) -> list[Action]:
        i = self.seat_index(seat)
        if self.over:
            return []
        phase = self.phase
        if phase == "direction":
            return list(DIRECTIONS) if i == self.turn else []
        out: list[Action] = [ANNOUNCE] if self.last_card_due == i else []
        if phase == "vote":
            if i in self.voters and i not in self.votes:
                out.extend(VOTES)
            return out
        if i != self.turn:
            return out
        drawn = self.drawn
        if drawn is not None:
            out.extend(PLAY_WILD[drawn] if drawn.rank == "A" else (PLAY_ONE[drawn],))
            out.append(PASS)
            return out
        hand = self.hands[i]
        start = len(out)
        pending = self.pending
        if pending is not None:
            ranks = DRAW_RANKS if self.options["mix_twos_on_fives"] else (pending["rank"],)
            lead_key: Any = frozenset(ranks)
            offers = answer_offers(lead_key)
        else:
            lead_key = (self.suit, self.pile[-1].rank)
            offers = follow_offers(*lead_key)
        # the hottest path of every simulation: the test per card is a lookup, and with two
        # packs or more (over four players) a card held twice is offered once
        leading = [
            c for c in (hand if len(self.seats) <= 4 else dict.fromkeys(hand)) if c in offers
        ]
        out.extend(chain.from_iterable(map(offers.__getitem__, leading)))
        if leading and len(set(map(RANK_OF, hand))) < len(hand):  # a rank held twice
            lead_ranks = set(map(RANK_OF, leading))
            out.extend(multiples_in(hand, lead_ranks, self.may_lead, offers, lead_key))
        if pending is not None:
            out.append(TAKE)
        elif len(out) == start:
            out.append(DRAW)  # LAST-7: only a player who cannot play draws
        return out

    def seats_that_may_act(self) -> list[str]:
        """The turn's seat (or the voters still to vote) and one owing "last card"."""
        if self.over:
            return []
        turn, due = self.turn, self.last_card_due
        if self.phase != "vote" and (due is None or due == turn):
            return [] if turn is None else [self.seats[turn]]  # the usual case
        if self.phase == "vote":
            acting = {k for k in self.voters if k not in self.votes}
        else:
            acting = set() if turn is None else {turn}
        if self.last_card_due is not None:
            acting.add(self.last_card_due)
        return [self.seats[k] for k in sorted(acting)]

    def may_lead(self, card: Card) -> bool:
        return self.answers(card) if self.pending is not None else self.playable(card)

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        events: list[Event] = []
        kind = action.kind
        if kind == "announce":
            self.last_card_due = None
            self.called[i] = True
            events.append({"type": "announce", "seat": self.seats[i], "word": LAST_CARD_WORD})
            return events
        phase = self.phase
        # LAST-8: whoever acts next closes the window for saying "last card"
        due = self.last_card_due
        if due is not None:
            self.last_card_due = None
            got = self.draw_cards(due, LAST_CARD_PENALTY, events)
            events.append(
                {"type": "penalty", "seat": self.seats[due], "count": len(got), "for": "last card"}
            )
            self.called[due] = False
        if phase == "direction":
            self.choose_direction(i, action.way, events)  # type: ignore[attr-defined]
        elif phase == "vote":
            self.vote(i, action.choice, events)  # type: ignore[attr-defined]
        elif kind == "play":
            self.play(i, action.cards, action.suit, events)  # type: ignore[attr-defined]
        elif kind == "pass":
            events.append({"type": "pass", "seat": self.seats[i]})
            self.end_turn(i, events)
        elif kind == "take":
            self.take_pending(i, events)
        else:
            self.draw_turn(i, events)
        return events

    # --- performing -----------------------------------------------------------------------
    def choose_direction(self, i: int, way: str, events: list[Event]) -> None:
        """LAST-2: the dealer's direction, then the starter, then the next player's turn."""
        self.direction = 1 if way == "cw" else -1
        events.append({"type": "direction", "seat": self.seats[i], "way": way})
        starter = self.turn_up(events)
        self.pile = [starter]
        self.suit = starter.suit
        events.append({"type": "starter", "card": str(starter)})
        self.phase = "play"
        self.turn = self.next_seat(i)

    def play(self, i: int, cards: tuple[Card, ...], named: str | None, events: list[Event]) -> None:
        """Perform a play already found legal (LAST-3..6, 8, 9)."""
        hand = self.hands[i]
        for card in cards:
            hand.remove(card)
        self.pile.extend(cards)
        self.suit = named or cards[-1].suit
        self.drawn = None
        self.idle = 0
        self.turns += 1
        seat = self.seats[i]
        texts = list(map(CARD_TEXT.__getitem__, cards))
        event: Event = {"type": "play", "seat": seat, "cards": texts}
        if named:
            event["suit"] = named
        events.append(event)
        gone_out = not hand
        if gone_out:
            self.out[i] = True
            self.finished.append(i)
            events.append({"type": "out", "seat": seat, "place": len(self.finished)})
            if len(self.finished) == len(self.seats) - 1:
                self.finish_game(events)
                return
        elif one_rank(hand):
            if not self.called[i]:
                self.last_card_due = i
        else:
            self.called[i] = False
        rank, k = cards[0].rank, len(cards)
        pending = self.pending
        if rank in DRAW_COUNTS:
            count = DRAW_COUNTS[rank] * k + (pending["count"] if pending else 0)
            target = self.next_seat(i)
            self.pending = {"kind": "draw", "rank": rank, "count": count, "target": target}
            self.turn = target
        elif rank == "10":
            others = len(self.seats) - len(self.finished) - (0 if gone_out else 1)
            skips = min(k, others if not gone_out else others - 1)
            j = i
            skipped = []
            for _ in range(skips):
                j = self.next_seat(j)
                skipped.append(self.seats[j])
            events.append({"type": "skip", "seats": skipped})
            self.turn = self.next_seat(j)
        else:
            if rank == "7":
                if k % 2:
                    self.direction = -self.direction
                events.append(
                    {
                        "type": "reverse",
                        "times": k,
                        "direction": "clockwise" if self.direction == 1 else "counterclockwise",
                    }
                )
            self.turn = self.next_seat(i)
        if gone_out and len(self.finished) == 1:
            self.open_vote(events)
        elif self.options["max_turns"]:
            self.round_should_stop(events)

    def take_pending(self, i: int, events: list[Event]) -> None:
        """LAST-5: take the whole stack; the turn is over."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        got = self.draw_cards(i, pending["count"], events)
        events.append({"type": "take", "seat": self.seats[i], "count": len(got)})
        self.idle = 0
        self.keep_call(i)
        self.end_turn(i, events)

    def draw_turn(self, i: int, events: list[Event]) -> None:
        """LAST-7: take one card; keep the turn only if it can be played at once."""
        got = self.draw_cards(i, 1, events)
        events.append({"type": "draw", "seat": self.seats[i], "count": len(got)})
        self.keep_call(i)
        if got and self.playable(got[0]):
            self.drawn = got[0]
            self.idle = 0
            return
        # nothing to draw and nothing to play: the seat is stuck this turn
        self.idle = 0 if got else self.idle + 1
        self.end_turn(i, events)

    def keep_call(self, i: int) -> None:
        """A "last card" said stands only while the hand stays one play from empty."""
        if self.called[i] and not one_rank(self.hands[i]):
            self.called[i] = False

    def round_should_stop(self, events: list[Event]) -> bool:
        limit = self.options["max_turns"]
        stuck = self.idle >= len(self.seats) - len(self.finished)
        if (limit and self.turns >= limit) or stuck:
            events.append(
                {"type": "stalemate", "reason": "no seat can play or draw" if stuck else "turns"}
            )
            self.finish_game(events, stalemate=True)
            return True
        return False
