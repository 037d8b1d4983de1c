"""The President game: its state (plain fields, in slots) and the contract's hot paths,
with the rest in its stateless parts, each handed the game it works on (``engine.president``
has the rules):

- ``DERIVED`` (``engine.president.derived``): the fields the hot paths read instead of
  searching the hands and the pile, built and kept up to date;
- ``ROUNDS`` (``engine.president.rounds``): dealing, the exchange, the lead, scoring;
- ``PLAYS`` (``engine.president.play``): what a seat may do off the hot path, and carrying
  out gives, clears and the turn moving on;
- ``REFUSALS`` (``engine.president.refusals``): why an action is refused;
- ``VIEWS`` (``engine.president.views``): observations and the saved form.

What the parts may read and change of the game is ``engine.president.state.PresidentState``;
its rules in brief, its options and how its match is won are ``engine.president.telling``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, repeat
from operator import is_
from typing import Any, ClassVar, cast

from engine.actions import Action, IllegalAction, Pass, Play
from engine.base import RECENT_EVENTS, Game
from engine.cards import Card
from engine.determinize import Sampler
from engine.events import Event, Outcome, Shapes
from engine.memory import Memory
from engine.options import Option
from engine.president import describe as sentences
from engine.president import telling
from engine.president.actions import Complete, Give
from engine.president.derived import PresidentDerived
from engine.president.groups import AFTER, KEYS_AT, PLAYS_AT, SETS_AT
from engine.president.play import PresidentPlays
from engine.president.refusals import PresidentRefusals
from engine.president.rounds import PresidentRounds
from engine.president.sampler import president_sampler
from engine.president.sets import LEAD, SELECT, SET_FACTS, TWO
from engine.president.shapes import SHAPES, PresidentEvent, PresidentObservation
from engine.president.state import BELOW, NOBODY, holding
from engine.president.views import PresidentViews
from engine.reasons import Reason
from engine.words import Describer

#: ``Game.log`` keeps the recent events, trimmed when twice as many have gathered
LOG_LIMIT = 2 * RECENT_EVENTS

#: the game's parts, shared by every game: they hold no state (a copy needs none of its
#: own), and a module's name is read faster than a class attribute through an instance
DERIVED = PresidentDerived()
ROUNDS = PresidentRounds(DERIVED)
PLAYS = PresidentPlays(DERIVED, ROUNDS)
REFUSALS = PresidentRefusals(PLAYS)
VIEWS = PresidentViews(ROUNDS)


class President(Game):
    """President; see ``engine.president`` for the rules it implements."""

    #: its own events in words: the exchange, leads, fours (``engine.president.describe``)
    describer: ClassVar[Describer | None] = sentences
    shapes: ClassVar[Shapes] = SHAPES

    name: ClassVar[str] = "president"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 10
    determinizable: ClassVar[bool] = True
    rules_summary: ClassVar[str] = telling.RULES_SUMMARY
    #: the observation's hand is by rank, 3 up to 2: a pair or a triple sits together
    hand_in_order: ClassVar[bool] = True
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "play 9C 9D", "pass")
    figure_labels: ClassVar[dict[str, str]] = telling.FIGURE_LABELS
    option_specs: ClassVar[tuple[Option, ...]] = telling.OPTIONS

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """PRES-9 (``engine.president.telling``)."""
        return telling.match_rule(options)

    #: the seat on turn always has an action (in play it holds cards, so it may pass or
    #: lead; in the exchange it gives): drivers ask the seats that may complete four out of
    #: turn before listing its actions (``engine.turns``)
    current_always_acts: ClassVar[bool] = True

    __slots__ = (
        "a_hole_rounds",
        "cleared",
        "codes",
        "counts",
        "dealer",
        "derived",
        "events",
        "exchange",
        "first_lead",
        "hands",
        "holders",
        "index",
        "keys",
        "last_places",
        "last_player",
        "least",
        "need",
        "nexts",
        "options",
        "over",
        "passes",
        "phase",
        "pile",
        "playing",
        "plays",
        "presidencies",
        "rng",
        "round",
        "run_size",
        "scores",
        "seats",
        "seed",
        "stuck",
        "top_index",
        "top_size",
        "turn",
        "version",
        "vice_presidencies",
        "went_out",
    )

    def __init__(self) -> None:
        Game.__init__(self)
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
        # What the hot paths read instead of searching hands and the pile, kept up to date
        # by every change and never saved: ``derive`` builds them from the hands and the pile
        # whenever ``derived`` is False (a new deal, a loaded or sampled state).
        self.derived = False
        #: derived, and in play with a seat on turn: the hot paths' one test (``derive``,
        #: ``start_play`` and ``finish_round`` keep it)
        self.playing = False
        #: by seat: the hand's code of each rank (``engine.president.groups``: how many of
        #: each suit it holds), 13 bytes
        self.codes: list[bytearray] = []
        #: by seat: the actions in play its hand offers (``engine.president.sets``: each rank's
        #: sets low to high, small to large, a lone 2, the pass), as their keys (a
        #: ``bytearray``, so that a selector translates them) and, in the same order, the
        #: actions; a play rewrites only its rank's stretch (``replace_sets``)
        self.keys: list[bytearray] = []
        self.plays: list[list[Action]] = []
        #: which of its actions the seat on turn may take now: the index in ``SELECT`` of the
        #: selector (the top set's ``beat_key``, ``LEAD`` or ``FIRST_LEAD``)
        self.least = LEAD
        #: ``run()``, the rank index of the pile's top card (-1 on an empty pile), and
        #: ``completing_count()``
        self.run_size = 0
        self.top_index = -1
        self.need = 0
        #: by seat, the seat after it clockwise
        self.nexts: tuple[int, ...] = ()
        #: by rank, by seat: how many cards of the rank the seat holds
        self.counts: list[bytearray] = []
        #: the seats holding the cards that complete four (PRES-6): ``find_holders`` whenever
        #: the pile or a count changes
        self.holders: tuple[int, ...] = NOBODY

    def forget_derived(self) -> None:
        # a copy made one level down shares each seat's codes, keys and counts (bytearrays),
        # which play changes in place: copied, not rebuilt (a playout's hot path). The rest
        # is copied deep enough: each seat's plays were copied, holders is replaced whole.
        if self.derived:
            self.codes = list(map(bytearray.copy, self.codes))
            self.keys = list(map(bytearray.copy, self.keys))
            self.counts = list(map(bytearray.copy, self.counts))

    def derive(self) -> None:
        """Build the derived fields (see ``__init__``) from the hands and the pile."""
        DERIVED.derive(self)

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

    def start_round(self, dealer: int, events: list[Event]) -> None:
        ROUNDS.start_round(self, dealer, events)

    # --- seats and the match --------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        return self.seats[self.turn]

    def still_in(self, k: int) -> bool:
        return k not in self.went_out and k not in self.stuck

    @property
    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return ROUNDS.outcome(self)

    # --- what may be done: every simulated decision asks ------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        k = self.index.get(seat, -1)
        if k != self.turn or not self.playing:
            return PLAYS.legal_otherwise(self, seat)
        return PLAYS.turn_actions(self, k)

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        """``Game.lone_offers`` from the state: in play, unless a seat not on turn holds the
        cards that complete four, the seat on turn and its actions (``turn_actions``), with
        no list of who may act built first (every simulated decision asks this)."""
        if not self.playing:
            return Game.lone_offers(self)
        k = self.turn
        assert k is not None  # a round in play always has a seat on turn
        holders = self.holders
        if holders:
            if len(holders) > 1 or holders[0] != k:
                return None  # others may complete four out of turn: drivers ask them
            return self.seats[k], PLAYS.completing_offers(self, k)
        # ``turn_actions``, written out
        least = self.least
        if least == LEAD:  # all but the pass, which is the last: a copy costs a fifth
            return self.seats[k], self.plays[k][:-1]
        return self.seats[k], [*compress(self.plays[k], self.keys[k].translate(SELECT[least]))]

    def seats_that_may_act(self) -> list[str]:
        """The two seats of the exchange; else the turn's seat, and, when the top rank can
        be completed to four, every seat holding the cards that do it (PRES-6)."""
        if not self.playing:
            return PLAYS.may_act_otherwise(self)
        turn = self.turn
        holders = self.holders
        if holders and (len(holders) > 1 or holders[0] != turn):
            # the seat on turn holds cards (``playing``)
            return [seat for k, seat in enumerate(self.seats) if k in holders or k == turn]
        assert turn is not None  # a round in play always has a seat on turn
        return [self.seats[turn]]

    # --- applying -------------------------------------------------------------------------
    def apply_offered(self, seat: str, action: Action) -> list[Event]:
        """``Game.apply_offered``: an action ``legal_actions(seat)`` has just offered, carried
        out without looking it up again (the drivers, and the expert bot's playouts, which
        spend half their time on that check otherwise). Anything else goes through ``apply``.

        Every simulated decision comes here, so a play or a completion (PRES-3..6: its cards
        are the first of their rank in the seat's hand, as ``legal_actions`` offers no
        others) and a pass (PRES-7) are carried out in this one call."""
        k = self.index[seat]
        if not self.derived:
            DERIVED.derive(self)
        # the class, not ``kind``: a class attribute read through an instance is a slow lookup
        # in Python 3.11, ``type`` a fast call
        cls = type(action)
        if cls is Pass:  # the turn moves on, and may come back round
            self.passes.append(k)
            events: list[Event] = [{"type": "pass", "seat": seat}]
            # ``advance`` when the next seat is simply on turn, written out
            j = self.nexts[k]
            if j == self.last_player:  # back round to the top set's player (PRES-7)
                PLAYS.clear(self, j, "all passed", events)
            elif j in self.went_out or j in self.stuck:
                PLAYS.advance(self, k, 0, events)
            else:
                self.turn = j
        elif cls is Give:
            assert isinstance(action, Give) and action.card is not None
            events = []
            PLAYS.give(self, k, action.card, events)
        else:
            cards = cast("Play | Complete", action).cards  # neither Pass nor Give
            completing = cls is Complete
            r, size, least, first, texts = SET_FACTS[cards]
            hand = self.hands[k]
            for card in cards:
                hand.remove(card)
            codes = self.codes[k]
            code = codes[r]
            rest = codes[r] = AFTER[size][code]
            counts = self.counts[r]
            counts[k] -= size
            if r != TWO:  # the rank's stretch of the seat's actions (``replace_sets``)
                keys = self.keys[k]
                start = keys.index(first)
                end = start + SETS_AT[code]
                keys[start:end] = KEYS_AT[r][rest]
                self.plays[k][start:end] = PLAYS_AT[r][rest]
            else:
                DERIVED.twos_slot(self, k)
            self.pile += cards
            self.last_player = k
            self.passes = []
            self.first_lead = False
            if completing:
                event: PresidentEvent = {"type": "complete", "seat": seat, "cards": [*texts]}
                if k != self.turn:
                    event["out_of_turn"] = True
            else:
                event = {"type": "play", "seat": seat, "cards": [*texts]}
            events = [event]
            skips = 0
            if r == self.top_index:  # (never a 2: a 2 clears the pile)
                if size == self.top_size and not completing:
                    skips = 1  # PRES-4: equalling the top set skips the next player still in
                run = self.run_size = self.run_size + size
            else:
                run = self.run_size = size
                self.top_index = r
            self.top_size = size
            self.least = least  # (a 2 clears the pile, just below)
            # a hand left empty or holding only 2s leaves the round, which may end it
            if len(hand) == self.counts[TWO][k] and PLAYS.leaves(self, k, events):
                self.need = 0
                self.holders = NOBODY
                ROUNDS.finish_round(self, events)
            elif run >= 4 or completing or r == TWO:
                PLAYS.clear(self, k, "two" if r == TWO else "four", events)
            else:
                need = self.need = 4 - run
                self.holders = holding(counts, need) if counts.strip(BELOW[need]) else NOBODY
                # ``advance`` when the next seat is simply on turn, written out
                j = self.nexts[k]
                if skips or j in self.went_out or j in self.stuck:  # k played last: j != k
                    PLAYS.advance(self, k, skips, events)
                else:
                    self.turn = j
        self.version += 1
        log = self.events
        log += events  # Game.log, written out
        if len(log) > LOG_LIMIT:
            del log[:-RECENT_EVENTS]
        return events

    def perform_offered(self, k: int, action: Action) -> list[Event]:
        """Carry out an action ``legal_actions`` offered seat ``k`` at this version."""
        return self.apply_offered(self.seats[k], action)

    # --- applying, checked ----------------------------------------------------------------
    def apply(self, seat: str, action: Action | str | dict[str, Any]) -> list[Event]:
        k, action = self.accept(seat, action)
        legal = self.legal_actions(seat)  # a new list, not one a driver was given
        # offered actions are interned: an identity test (in C) finds a bot's choice without
        # comparing dataclasses field by field; a parsed action is compared as before
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalAction(REFUSALS.why_illegal(self, k, action))
        return self.perform_offered(k, action)

    # --- views, determinization (engine.determinize) and the saved form ---------------------
    def observation(self, seat: str | None) -> PresidentObservation:
        """What ``seat`` may see; ``None`` gives the spectators' (public) view."""
        return VIEWS.observation(self, seat)

    @classmethod
    def determinizer(cls, observation: Mapping[str, Any], memory: Memory) -> Sampler:
        return president_sampler(cls, observation, memory)

    def to_dict(self) -> dict[str, Any]:
        return VIEWS.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        game = cls()
        VIEWS.load(game, data)
        return game
