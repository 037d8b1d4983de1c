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

- ``legal_actions`` lists every distinct play: each single card (those of the suit in force
  by rank, then the others by suit and rank, as ``engine.lastcard.codes`` reads them off the
  hand's code), and for each set of same-rank cards in hand (any two or more of them:
  keeping one 5 back is allowed; ranks in order, 2 to A) each legal first card followed by
  the rest in suit order (C, D, H, S) with each possible last card at the end. Only the
  middle of a play of four or more cards has no effect, so ``apply`` accepts any order of
  the middle cards although ``legal_actions`` lists one (suit order).
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

from __future__ import annotations

from collections.abc import Mapping
from math import floor
from typing import Any, ClassVar, cast

from engine.actions import Action, Direction, Play, Vote
from engine.base import RECENT_EVENTS, Event
from engine.cards import Card, pack, shuffle
from engine.lastcard.codes import ANSWER, ANSWER_MIXED, FOLLOW, HELD_TWICE, SINGLES, TWICE
from engine.lastcard.effects import LastCardEffects
from engine.lastcard.plays import (
    ANNOUNCE,
    DIRECTIONS,
    DRAWN_OFFERS,
    LAST_CARD_PENALTY,
    LAST_CARD_WORD,
    SPECIAL_RANKS,
    VOTES,
    decks_for,
)
from engine.options import Option
from engine.reasons import Reason
from engine.shedding import CARD_TEXT, DRAW, TAKE
from engine.words import N_

#: the event log's length at which ``Game.log`` trims it
LOG_LIMIT = 2 * RECENT_EVENTS


class LastCard(LastCardEffects):
    """Last Card; see the module docstring for the rules and choices it implements."""

    name: ClassVar[str] = "lastcard"
    title: ClassVar[str] = "Last Card"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 20
    hand_size: ClassVar[int] = 5
    void_evidence: ClassVar[frozenset[str]] = frozenset({"draw"})  # LAST-7: only a player
    # who cannot play draws
    determinizable: ClassVar[bool] = True
    # the turn's seat, the dealer choosing the direction or the next voter: each has one
    current_always_acts: ClassVar[bool] = True
    rules_summary: ClassVar[str] = N_(
        "Five cards each, one pack per four players. Follow suit or rank; **Aces** go on "
        "anything and name the suit. You may play several cards of one rank at once.\n"
        "• **5** makes the next player draw five, **2** makes them draw two, unless they add "
        "more of the same to pass the pile on.\n"
        "• **10** skips the next player, **7** reverses.\n"
        "• Can't play? Draw one, and play it if it fits.\n"
        "• When your hand can go in one more play, announce **Last card** that turn or draw "
        "two.\n"
        "First player out wins the game; the rest may vote to play on for the places."
    )
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "play AS suit=H", "draw")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("games", 1, 1, 1_000, "games in the match"),
        Option.flag("mix_twos_on_fives", False, "2s and 5s answer each other's draws"),
        Option.number("max_turns", 0, 0, 100_000, "turns before a game stops (0: no limit)"),
    )

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """LAST-9: a point for each game won; the most points after the last game win."""
        games = int(options.get("games", 1))
        if games <= 1:
            return Reason(N_("The first player out wins the match"))
        return Reason(N_("The match is {games} games; the most games won wins it"), games=games)

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
        # one card at a time from the top (the end of the list), starting after the dealer:
        # the k-th card popped goes to seat first + 1 + k % n, so each seat's hand is a
        # stride of the dealt cards in the order they were popped
        dealt = len(deck) - self.hand_size * n
        popped = deck[: dealt - 1 : -1] if dealt else deck[::-1]
        del deck[dealt:]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(first + 1 + k) % n] = popped[k::n]
        self.set_hands(hands)
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
        """LAST-2: a special starter goes back into the stock, which is shuffled again. Nobody
        has seen the stock, whose order is uniformly random already, so the card goes to a
        uniformly random place in it: the stock is then as a shuffle of it all leaves it,
        for one draw instead of one a card."""
        stock = self.stock
        card = stock.pop()
        while card[0] in SPECIAL_RANKS:
            events.append({"type": "starter_returned", "card": CARD_TEXT[card]})
            stock.insert(floor(self.rng.random() * (len(stock) + 1)), card)
            card = stock.pop()
        return card

    # --- seats ----------------------------------------------------------------------------
    def next_seat(self, i: int, step: int = 1) -> int:
        """The seat ``step`` places on in the direction of play, passing over seats out."""
        if not self.finished:
            return (i + step * self.direction) % len(self.seats)
        n = len(self.seats)
        way = self.direction if step > 0 else -self.direction
        out = self.out
        if step == 1:  # the usual case, without the loop's range
            i = (i + way) % n
            while out[i]:
                i = (i + way) % n
            return i
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
        i = self.index.get(seat)
        if i is None or i != self.turn or self.drawn is not None or self.phase != "play":
            return self.legal_off_the_lead(seat, i)
        if self.over:
            return []
        return self.lead_offers(i)

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        """The turn's seat and its actions while no other seat owes "last card" (none may
        act then), in play; None otherwise."""
        turn = self.turn
        due = self.last_card_due
        if (due is not None and due != turn) or self.phase != "play" or turn is None or self.over:
            return None
        drawn = self.drawn
        if drawn is not None:
            out = list(DRAWN_OFFERS[drawn])
        else:  # lead_plays(turn), written out: the hottest path of every simulation
            code = self.codes[turn]
            pending = self.pending
            if pending is None:
                lead = FOLLOW[self.suit][self.pile[-1][0]]
            elif self.options["mix_twos_on_fives"]:
                lead = ANSWER_MIXED
            else:
                lead = ANSWER[pending["rank"]]
            out = [*SINGLES[code & lead.suited], *SINGLES[code & lead.others]]
            if not out:  # LAST-7: only one who cannot play draws
                out.append(DRAW if pending is None else TAKE)
            else:
                twice = code & TWICE
                if twice:  # a rank held twice: its group's plays, by its bits
                    groups = lead.groups
                    for held in HELD_TWICE[twice]:
                        out += groups[code & held]
                if pending is not None:
                    out.append(TAKE)
        if due is not None:  # the turn's own seat owes it
            out.insert(0, ANNOUNCE)
        return self.seats[turn], out

    def lead_offers(self, i: int) -> list[Action]:
        """The legal actions of seat ``i``, on turn to lead a play in a match going on."""
        out = self.lead_plays(i)
        if self.last_card_due == i:
            out.insert(0, ANNOUNCE)
        return out

    def lead_plays(self, i: int) -> list[Action]:
        """``lead_offers`` but the announcement: the single cards that may lead (those of
        the suit in force by rank, then the others by suit and rank), then the multiples
        rank by rank, read off the hand's code
        (``engine.lastcard.codes``) without a pass over the hand; else the draw or the take.
        The hottest path of every simulation."""
        code = self.codes[i]
        pending = self.pending
        if pending is None:
            lead = FOLLOW[self.suit][self.pile[-1][0]]
        else:
            lead = ANSWER_MIXED if self.options["mix_twos_on_fives"] else ANSWER[pending["rank"]]
        out: list[Action] = [*SINGLES[code & lead.suited], *SINGLES[code & lead.others]]
        if not out:  # LAST-7: only one who cannot play draws
            return [DRAW if pending is None else TAKE]
        twice = code & TWICE
        if twice:  # a rank held twice: its group's plays, by its bits
            groups = lead.groups
            for held in HELD_TWICE[twice]:
                out += groups[code & held]
        if pending is not None:
            out.append(TAKE)
        return out

    def legal_off_the_lead(self, seat: str, i: int | None) -> list[Action]:
        """``legal_actions`` but for the seat on turn to lead: a seat not on turn, the card
        just drawn, the direction, the vote."""
        if i is None:
            i = self.seat_index(seat)  # raises: not seated here
        if self.over:
            return []
        phase = self.phase
        if phase != "play":
            return self.legal_between_plays(i, phase)
        out: list[Action] = [ANNOUNCE] if self.last_card_due == i else []
        drawn = self.drawn
        if i == self.turn and drawn is not None:
            out.extend(DRAWN_OFFERS[drawn])
        return out

    def legal_between_plays(self, i: int, phase: str) -> list[Action]:
        """The dealer's choice of direction, or the vote (and a "last card" still due)."""
        if phase == "direction":
            return list(DIRECTIONS) if i == self.turn else []
        out: list[Action] = [ANNOUNCE] if self.last_card_due == i else []
        if i in self.voters and i not in self.votes:
            out.extend(VOTES)
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
        elif turn is not None and due is not None:  # a seat owing "last card" besides
            seats = self.seats
            return [seats[turn], seats[due]] if turn < due else [seats[due], seats[turn]]
        else:
            acting = set() if turn is None else {turn}
        if self.last_card_due is not None:
            acting.add(self.last_card_due)
        return [self.seats[k] for k in sorted(acting)]

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        events: list[Event] = []
        if self.last_card_due is None and self.phase == "play":  # the usual case
            kind = action.kind
            if kind == "play":
                play = cast(Play, action)
                self.play(i, play.cards, play.suit, events)
                return events
            if kind == "draw":
                self.draw_turn(i, events)
                return events
        return self.perform_other(i, action, events)

    def apply_offered(self, seat: str, action: Action) -> list[Event]:
        """``SheddingGame.apply_performed`` with ``perform_offered`` written in: this runs
        once per decision of every simulation."""
        i = self.index[seat]
        events: list[Event] = []
        if self.last_card_due is None and self.phase == "play":  # perform_offered's case
            kind = action.kind
            if kind == "play":
                play = cast(Play, action)
                self.play(i, play.cards, play.suit, events)
            elif kind == "draw":
                self.draw_turn(i, events)
            else:
                self.perform_other(i, action, events)
        else:
            self.perform_other(i, action, events)
        self.version += 1
        log = self.events
        log += events
        if len(log) > LOG_LIMIT:
            del log[:-RECENT_EVENTS]
        return events

    def perform_other(self, i: int, action: Action, events: list[Event]) -> list[Event]:
        """``perform_offered`` for an announcement, a penalty due, the direction, the vote,
        a pass and a take."""
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
            self.choose_direction(i, cast(Direction, action).way, events)
        elif phase == "vote":
            self.vote(i, cast(Vote, action).choice, events)
        elif kind == "play":
            play = cast(Play, action)
            self.play(i, play.cards, play.suit, events)
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
