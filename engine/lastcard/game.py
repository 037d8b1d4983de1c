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
- The first game's dealer is the first seat; a game may be stopped by a turn limit (option
  ``max_turns``, default 0 = none). The vote, the end of a game and the match's places are
  ``engine.lastcard.match``'s, with the choices made there.

The game holds the state as plain fields, answers who may act and dispatches an action to
its five stateless parts, each handed the game it works on: ``OFFERS`` (what a seat may
do, ``engine.lastcard.offers``), ``DEAL`` (the deal and the direction,
``engine.lastcard.deal``), ``CHECKS`` (why an action is refused), ``EFFECTS`` (what a
play, a take, a draw and "last card" do) and ``MATCH`` (the vote, the end of a game and of
the match, views and JSON). What they may read and change of it is
``engine.lastcard.state.LastCardState``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from engine.actions import Action, Play
from engine.base import RECENT_EVENTS
from engine.cards import Card
from engine.events import Event, Outcome, Shapes
from engine.lastcard import describe as sentences
from engine.lastcard.actions import Direction, Vote
from engine.lastcard.checks import LastCardChecks
from engine.lastcard.codes import (
    CODE,
    hand_code,
)
from engine.lastcard.deal import LastCardDeal
from engine.lastcard.effects import LastCardEffects
from engine.lastcard.match import LastCardMatch
from engine.lastcard.offers import LastCardOffers
from engine.lastcard.plays import (
    ANNOUNCE,
    DRAWN_OFFERS,
    decks_for,
)
from engine.lastcard.shapes import SHAPES, LastCardView
from engine.memory import Memory
from engine.options import Option
from engine.reasons import Reason
from engine.shedding.game import SheddingGame, seat_passing_over
from engine.words import N_, NC_, NP_, Describer

#: the event log's length at which ``Game.log`` trims it
LOG_LIMIT = 2 * RECENT_EVENTS


#: the game's parts, shared by every game: they hold no state (a copy needs none of its
#: own), and a module's name is read faster than a class attribute through an instance
MATCH = LastCardMatch()
CHECKS = LastCardChecks()
EFFECTS = LastCardEffects(MATCH)
DEAL = LastCardDeal()
OFFERS = LastCardOffers()

#: the option names a player types, marked for the catalogs beside their declaration
OPTION_NAMES = (
    NC_("option name", "games"),
    NC_("option name", "mix_twos_on_fives"),
    NC_("option name", "max_turns"),
)


class LastCard(SheddingGame):
    """Last Card; see the module docstring for the rules and choices it implements."""

    #: its own events in words: the direction chosen, the vote (``engine.lastcard.describe``)
    describer: ClassVar[Describer | None] = sentences
    shapes: ClassVar[Shapes] = SHAPES

    # slots: an instance keeps its attributes inline (every read and every method lookup
    # on it specialised by CPython 3.11) only up to 29 of them in its __dict__; with 30 it
    # gets a dict of its own, which makes each attribute read and method lookup slower
    __slots__ = ("codes", "results")

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
        Option.number("games", 1, 1, 1_000, "games in the match").saying(
            *NP_("A match is **{count}** game.", "A match is **{count}** games.")
        ),
        Option.flag("mix_twos_on_fives", False, "2s and 5s answer each other's draws").saying(
            N_("Putting a 2 on a 5 is **{value}**.")
        ),
        Option.number("max_turns", 0, 0, 100_000, "turns before a game stops (0: no limit)").saying(
            N_("A game stops after **{value}** turns, its players placed by the fewest cards held.")
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        #: each hand's code (``engine.lastcard.codes``), changed with the hand
        self.codes: list[int] = []
        self.phase = "direction"  # "direction", "play" or "vote"
        self.out: list[bool] = []
        self.finished: list[int] = []  # seats out this game, in the order they went out
        self.votes: dict[int, str] = {}
        self.voters: list[int] = []
        self.called: list[bool] = []  # announced "last card" for the hand as it stands
        self.last_card_due: int | None = None
        self.results: list[dict[str, Any]] = []

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """LAST-9: a point for each game won; the most points after the last game win."""
        games = int(options.get("games", 1))
        if games <= 1:
            return Reason(N_("The first player out wins the match"))
        return Reason(N_("The match is {games} games; the most games won wins it"), games=games)

    def deck_count(self) -> int:
        return decks_for(len(self.seats))

    def set_hands(self, hands: list[list[Card]]) -> None:
        """Replace every hand (a deal, a saved or sampled state), their codes with them."""
        self.hands = hands
        self.codes = list(map(hand_code, hands))

    # --- dealing --------------------------------------------------------------------------
    def start_round(self, first: int, events: list[Event]) -> None:
        DEAL.start_round(self, first, events)

    # --- seats ----------------------------------------------------------------------------
    def next_seat(self, i: int, step: int = 1) -> int:
        """The seat ``step`` places on in the direction of play, passing over seats out."""
        if not self.finished:
            return (i + step * self.direction) % len(self.seats)
        way = self.direction if step > 0 else -self.direction
        return seat_passing_over(self.out, True, i, way, abs(step))

    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        if self.phase == "vote":
            for k in MATCH.vote_order(self):
                if k not in self.votes:
                    return self.seats[k]
            return None
        return self.seats[self.turn]

    def legal_actions(self, seat: str) -> list[Action]:
        i = self.index.get(seat)
        if i is None or i != self.turn or self.drawn is not None or self.phase != "play":
            if i is None:
                i = self.seat_index(seat)  # raises: not seated here
            return OFFERS.off_the_lead(self, i)
        if self.over:
            return []
        return OFFERS.lead_offers(self, i)

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        """The turn's seat and its actions while no other seat owes "last card" (none may
        act then), in play; None otherwise."""
        turn = self.turn
        due = self.last_card_due
        if (due is not None and due != turn) or self.phase != "play" or turn is None or self.over:
            return None
        drawn = self.drawn
        out = list(DRAWN_OFFERS[drawn]) if drawn is not None else OFFERS.lead_plays(self, turn)
        if due is not None:  # the turn's own seat owes it
            out.insert(0, ANNOUNCE)
        return self.seats[turn], out

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

    def apply_checked(self, i: int, action: Action) -> list[Event]:
        CHECKS.validate(self, i, action)
        return self.perform_offered(i, action)

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Carry out an action ``validate`` (or ``legal_actions``) found legal."""
        events: list[Event] = []
        if self.last_card_due is None and self.phase == "play":  # the usual case
            kind = action.kind
            if kind == "play":
                play = cast(Play, action)
                EFFECTS.play(self, i, play.cards, play.suit, events)
                return events
            if kind == "draw":
                EFFECTS.draw_turn(self, i, events)
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
                EFFECTS.play(self, i, play.cards, play.suit, events)
            elif kind == "draw":
                EFFECTS.draw_turn(self, i, events)
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
            EFFECTS.announce(self, i, events)
            return events
        phase = self.phase
        if self.last_card_due is not None:
            EFFECTS.last_card_penalty(self, events)
        if phase == "direction":
            DEAL.choose_direction(self, i, cast(Direction, action).way, events)
        elif phase == "vote":
            MATCH.vote(self, i, cast(Vote, action).choice, events)
        elif kind == "play":
            play = cast(Play, action)
            EFFECTS.play(self, i, play.cards, play.suit, events)
        elif kind == "pass":
            events.append({"type": "pass", "seat": self.seats[i]})
            self.end_turn(i, events)
        elif kind == "take":
            EFFECTS.take_pending(self, i, events)
        else:
            EFFECTS.draw_turn(self, i, events)
        return events

    # --- the shedding core's steps, as Last Card takes them ----------------------------------
    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]:
        """The core's ``draw_cards``, the hand's code changed with it."""
        got = super().draw_cards(i, count, events)
        self.codes[i] += sum(map(CODE.__getitem__, got))
        return got

    def end_turn(self, i: int, events: list[Event]) -> None:
        """The core's ``end_turn`` without lost turns, which Last Card never gives."""
        self.drawn = None
        self.turns += 1
        # round_should_stop can only stop a game with a turn limit or a seat stuck
        if (self.idle or self.options["max_turns"]) and self.round_should_stop(events):
            return
        way, n = self.direction, len(self.seats)  # next_seat(i), written out
        j = (i + way) % n
        if self.finished:
            out = self.out
            while out[j]:
                j = (j + way) % n
        self.turn = j

    def round_should_stop(self, events: list[Event]) -> bool:
        limit = self.options["max_turns"]
        stuck = self.idle >= len(self.seats) - len(self.finished)
        if (limit and self.turns >= limit) or stuck:
            events.append(
                {"type": "stalemate", "reason": "no seat can play or draw" if stuck else "turns"}
            )
            MATCH.finish_game(self, events, stalemate=True)
            return True
        return False

    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        MATCH.finish_game(self, events, stalemate=True)

    def outcome(self) -> Outcome:
        return MATCH.outcome(self)

    def extra_observation(self, i: int | None) -> LastCardView:
        return MATCH.extra_observation(self, i)

    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        voter = MATCH.next_voter(observation, index)
        return super().turn_from_observation(observation, index) if voter is None else voter

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        return MATCH.extra_from_observation(observation, memory, index)

    def extra_to_dict(self) -> dict[str, Any]:
        return MATCH.extra_to_dict(self)

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        MATCH.extra_from_dict(self, data)
