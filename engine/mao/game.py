"""The ``Mao`` game: its state, its parts, and the engine contract it answers.

``Mao`` holds every field of a table (the shedding ones, and Mao's own listed in
``engine.mao.state.FIELDS``) and the small helpers each part uses: dealing from a pool that
is the pile turned over (COMMON-2), the next seat that holds cards, the vocabulary the
Chairman hears, whether a card plays (MAO-2, MAO-4). It lists the legal actions (every card
held, whoever's turn it is: MAO-13), and hands the rest to the parts it makes, each of one
concern and given the game and the parts it calls (see the class); its options are
declared in ``engine.mao.options``. The rules it plays are in the package's docstring
(``engine.mao``).
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, cast

from engine.actions import Action, Play
from engine.cards import Card
from engine.events import Event, Observation, Outcome, Shapes
from engine.mao import calls as adjudication
from engine.mao import describe as sentences
from engine.mao import rules as secret
from engine.mao import rulings, saving
from engine.mao.actions import Back
from engine.mao.clock import Due
from engine.mao.deadlines import Clock
from engine.mao.languages import SPEECH
from engine.mao.options import (
    OPTIONS,
    PRACTICE_NOTE,
    PRACTICE_OPTIONS,
    with_house_rules_checked,
)
from engine.mao.penalties import Penalties
from engine.mao.phrases import Vocabulary, vocabulary_for
from engine.mao.referee import Referee
from engine.mao.rounds import Rounds
from engine.mao.shapes import SHAPES, MaoView, mao_event
from engine.mao.speech import Speech
from engine.mao.state import (
    BACK,
    FIELDS,
    REJOIN,
    SEATS_PER_DECK,
)
from engine.mao.turn import Moves
from engine.mao.view import SeatView
from engine.options import Option
from engine.reasons import N_
from engine.shedding.game import PLAY_ONE, PLAY_WILD, TAKE, SheddingGame
from engine.words import NP_, Describer

__all__ = ["Back", "Mao"]

#: the plays a card held offers (``legal_actions``): a Jack one per suit it may name
#: (MAO-4), or played bare at a table where anyone names the suit (``jack_suit=anyone``)
PLAYS: dict[Card, tuple[Play, ...]] = {
    c: PLAY_WILD[c] if c.rank == "J" else (PLAY_ONE[c],) for c in PLAY_ONE
}
PLAYS_ANYONE: dict[Card, tuple[Play, ...]] = {c: (PLAY_ONE[c],) for c in PLAY_ONE}


class Mao(SheddingGame):
    """Mao with the bot as Chairman (``engine.mao``).

    The game holds the state (its fields, ``engine.mao.state.FIELDS`` beside the shedding
    ones) and the helpers every part uses, and answers the engine contract; each concern is
    a part it makes and owns, which receives the game and the parts it calls: ``penalties``
    (infractions, calls, penalty cards), ``speech`` (messages, speech windows, the Point of
    Order), ``moves`` (playing, taking, rejoining, new rules), ``rounds`` (going out, the
    end of a round, the outcome), ``clock`` (what falls due) and ``views`` (what a seat may
    see), and ``referee`` (an action's path: what falls due first, the action, the
    round settled, the events recorded). ``engine.mao.saving`` copies and saves the state.
    """

    name: ClassVar[str] = "mao"
    timed: ClassVar[bool] = True
    reads_chat: ClassVar[bool] = True
    any_seat_any_moment: ClassVar[bool] = True
    #: the rules are never explained (MAO-1): front-ends show no pending penalty or reason
    secret_rules: ClassVar[bool] = True
    players_make_rules: ClassVar[bool] = True
    results_per_round: ClassVar[bool] = True
    #: a seat's score is the rounds it has won (MAO-17)
    score_words: ClassVar[tuple[str, str]] = NP_("{count} round won", "{count} rounds won")
    #: its events told as facts, and the Chairman's announcements (``engine.mao.describe``)
    describer: ClassVar[Describer | None] = sentences
    shapes: ClassVar[Shapes] = SHAPES
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    hand_size: ClassVar[int] = 5
    rules_summary: ClassVar[str] = N_("The object of the game is to get rid of all your cards.")
    practice_options: ClassVar[dict[str, Any]] = PRACTICE_OPTIONS
    practice_note: ClassVar[str] = PRACTICE_NOTE
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "take")
    figure_labels: ClassVar[dict[str, str]] = {
        "wins": N_("rounds won"),
        "penalties": N_("penalties"),
        "penalties_taken": N_("penalties taken"),
        "calls": N_("good calls"),
        "bad_adjudications": N_("bad adjudications"),
        "bad_calls": N_("bad calls"),
        "overturned": N_("rulings overturned"),
    }
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS

    # Mao's fields and its parts in slots: the shedding fields are then few enough for
    # CPython's shared attribute tables (``engine.mao.state.FIELDS``)
    __slots__ = (*FIELDS, "clock", "moves", "penalties", "referee", "rounds", "speech", "views")

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.turn_since = 0.0
        self.streak: list[int] = []
        self.away: list[bool] = []
        self.going_out: list[bool] = []
        self.out_order: list[int] = []
        self.windows: list[dict[str, Any]] = []
        self.presaid: list[str] = []
        self.presaid_calls: list[list[Any]] = []
        self.infractions: list[dict[str, Any]] = []
        self.next_id = 1
        self.point_of_order: dict[str, Any] | None = None
        self.rules: list[dict[str, Any]] = []
        self.credits: list[int] = []
        self.declared_at: list[float | None] = []
        self.stats: list[dict[str, Any]] = []
        self.event_count = 0
        self.rulings: list[dict[str, Any]] = []
        self.naming = False
        self.history: list[Event] = []
        #: the round ``history`` is of (``Referee.record``)
        self.history_round = 0
        self.utterance: set[tuple[int, tuple[str, ...]]] | None = None
        self._vocabulary: Vocabulary | None = None
        #: (version, the public fields every bot reads then): ``SeatView.bot_view``
        self.busy_view: tuple[int, dict[str, Any]] | None = None
        #: ``due_at()`` as ``next_deadline`` last found it, at version ``due_version``
        self.due_seen: float | None = None
        self.due_version = -1
        #: seat -> (its index, its hand, the plays and take offered for it), kept against
        #: a copy of the hand: ``legal_actions``
        self.offered: dict[str, tuple[int, list[Card], list[Action]]] = {}
        #: (the rules, how many, them ready to test): ``rule_set``
        self.fired: tuple[list[Any], int, secret.Compiled] | None = None
        #: (the rules, how many, each seat's view of them): ``engine.mao.view.kept_rules``
        self.shown_rules: tuple[list[Any], int, dict[int | None, list[Any]]] | None = None
        #: (the plays each card offers, whether one deck is in play): ``plays_and_take``
        self.listing: tuple[dict[Card, tuple[Any, ...]], bool] | None = None

        # the parts, each given the game and the parts it calls
        self.penalties = Penalties(self)
        self.speech = Speech(self, self.penalties)
        self.moves = Moves(self, self.penalties, self.speech)
        self.rounds = Rounds(self, self.speech)
        self.clock = Clock(self, self.penalties, self.speech, self.rounds)
        self.views = SeatView(self)
        self.referee = Referee(self, self.moves, self.speech, self.rounds, self.clock)

    # --- options and set-up ---------------------------------------------------------------
    @classmethod
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        return with_house_rules_checked(super().check_options(options))

    def setup_match(self) -> None:
        n = len(self.seats)
        self.streak = [0] * n
        self.away = [False] * n
        self.going_out = [False] * n
        self.credits = [0] * n
        self.declared_at = [None] * n
        self.stats = [adjudication.empty_stats() for _ in range(n)]
        self.rules = [{"by": None, "rule": rule} for rule in self.options["house_rules"]]

    def deck_count(self) -> int:
        """MAO-1: one deck for up to five players, one more per five more."""
        return self.options["decks"] or math.ceil(len(self.seats) / SEATS_PER_DECK)

    def start_round(self, first: int, events: list[Event]) -> None:
        mark = len(events)
        super().start_round(first, events)
        self.stamp(events[mark:])
        self.going_out = [False] * len(self.seats)
        self.out_order = []
        self.windows = []
        self.presaid = []
        self.presaid_calls = []
        self.streak = [0] * len(self.seats)
        self.point_of_order = None
        self.turn_since = self.now
        self.rulings = []
        self.naming = False

    # --- small helpers --------------------------------------------------------------------
    def event(self, kind: str, **fields: Any) -> Event:
        """``engine.events.event`` with the clock's time (written out: it is hot)."""
        fields["at"] = self.now
        return cast(Event, {"type": kind, **fields})

    def stamp(self, events: list[Event]) -> None:
        for e in events:
            mao_event(e).setdefault("at", self.now)

    def deal(self, i: int, count: int, events: list[Event]) -> int:
        """Give seat ``i`` up to ``count`` cards from the pool (COMMON-2); how many it got."""
        mark = len(events)
        got = self.draw_cards(i, count, events)
        self.stamp(events[mark:])
        return len(got)

    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]:
        """COMMON-2 for Mao: an empty pool is the pile but its top card, turned over (so its
        oldest card comes first), or shuffled with option ``pool=shuffle``."""
        if self.options["pool"] == "shuffle":
            return super().draw_cards(i, count, events)
        got: list[Card] = []
        hand = self.hands[i]
        # the offers listed for this very hand (``legal_actions``), with one deck, gain the
        # new cards': the seat's next turn need not list its hand again (hot path)
        kept = self.offered.get(self.seats[i])
        listing = self.listing
        plays = None
        if kept is not None and listing is not None and listing[1] and kept[1] == hand:
            _, held, offered = kept
            plays = listing[0]
        for _ in range(count):
            if not self.stock:
                if len(self.pile) < 2:
                    break
                self.stock = self.pile[-2::-1]  # face down: the pile's bottom card on top
                self.pile = self.pile[-1:]
                events.append({"type": "reshuffle", "count": len(self.stock)})
            card = self.stock.pop()
            hand.append(card)
            got.append(card)
            if plays is not None:
                held.append(card)
                offered[-1:-1] = plays[card]  # before take, which ends the listing
        return got

    def next_holder(self, i: int) -> int | None:
        """The next seat after ``i`` that holds cards (``i`` itself if it is the only one)."""
        hands = self.hands
        n = len(hands)
        direction = self.direction
        j = (i + direction) % n
        if hands[j]:  # the usual case: the next seat
            return j
        for step in range(2, n + 1):
            j = (i + step * direction) % n
            if hands[j]:
                return j
        return None

    def pass_turn(self, j: int | None) -> None:
        self.turn = j
        self.turn_since = self.now
        self.presaid = []
        self.presaid_calls = []  # the turn passed with its words unjudged: nothing to uphold

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            phrases, calls = secret.known_words([r["rule"] for r in self.rules])
            speech = SPEECH[self.options.get("language", "en")]
            self._vocabulary = vocabulary_for(phrases, calls, speech)
        return self._vocabulary

    def rule_set(self) -> secret.Compiled:
        """The secret rules ready to test (``engine.mao.rules.compiled``), made again when a
        rule is added or the list replaced."""
        # hot path: once per play or take, and per card that might be wild
        rules = self.rules
        kept = self.fired
        if kept is None or kept[0] is not rules or kept[1] != len(rules):
            kept = self.fired = (rules, len(rules), secret.compiled([e["rule"] for e in rules]))
        return kept[2]

    def playable(self, card: Card) -> bool:
        """MAO-2, MAO-4: suit in force or rank on top, or a card a secret rule made wild."""
        return card.suit == self.suit or card.rank == self.pile[-1].rank or self.wild(card)

    def wild(self, card: Card) -> bool:
        """Whether a secret rule makes ``card`` wild (MAO-16)."""
        return bool(self.rules) and card in self.rule_set()[1]

    # --- the contract ---------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every card held (Jacks once per suit) and take; rejoin when out; back when away.

        ``say`` and ``declare_rule`` are free-form and always accepted from a seated player
        (a rule only from one who has a win to spend), so they are not listed.
        """
        # most hands are as they were the version before: the drivers ask every seat
        kept = self.offered.get(seat)
        if kept is not None:
            k, held, offered = kept
            if held == self.hands[k] and not self.over:
                return [*offered, BACK] if self.away[k] else offered[:]
        i = self.index.get(seat)
        if i is None:
            i = self.seat_index(seat)  # raises: not seated here
        if self.over:
            return []
        hand = self.hands[i]
        if hand:
            offered = self.plays_and_take(hand)
            self.offered[seat] = (i, hand[:], offered)
            return [*offered, BACK] if self.away[i] else offered[:]
        out: list[Action] = [] if self.going_out[i] else [REJOIN]
        if self.away[i]:
            out.append(BACK)
        return out

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        return None  # any seat holding cards may play out of turn (MAO-13)

    def plays_and_take(self, hand: list[Card]) -> list[Action]:
        """Every card held, once (a Jack once per suit, unless anyone names the suit), then
        take."""
        listing = self.listing
        if listing is None:  # from the options and the seats, which never change in a game
            options = self.options
            decks = options["decks"]
            listing = self.listing = (
                PLAYS_ANYONE if options["jack_suit"] == "anyone" else PLAYS,
                # with one deck no card is held twice: hashing each card to drop repeats
                # costs as much as the rest of the listing
                decks == 1 or (not decks and len(self.seats) <= SEATS_PER_DECK),
            )
        plays, one_deck = listing
        out: list[Action] = []
        for card in hand if one_deck else dict.fromkeys(hand):
            out += plays[card]
        out.append(TAKE)
        return out

    def apply(
        self, seat: str, action: Action | str | dict[str, Any], at: float | None = None
    ) -> list[Event]:
        """``Game.apply``; ``at``, if given, is the time the action was taken, instead of
        its own ``at`` (``apply_at``, which drivers call): ``Referee.apply``."""
        return self.referee.apply(seat, action, at)

    apply_at = apply

    def moderate(self, action: dict[str, Any]) -> list[Event]:
        """A moderator's decision, logged like any action (``Referee.moderate``)."""
        return self.referee.moderate(action)

    def tick(self, now: float) -> list[Event]:
        return self.referee.tick(now)

    def next_deadline(self) -> float | None:
        # hot path: once per decision, straight to the clock's ``due_at``
        return self.clock.due_at()

    def next_due(self) -> Due | None:
        """The first thing the clock will do (``Clock.next_due``)."""
        return self.clock.next_due()

    def log(self, *events: Event) -> None:
        self.referee.record(list(events))

    def declared_rules(self) -> list[dict[str, Any]]:
        return [entry["rule"] for entry in self.rules]

    def public_rulings(self) -> list[dict[str, Any]]:
        """This round's rulings without their cards, for a moderator (``/table rulings``)."""
        return rulings.listing(self.rulings, self.seats)

    # --- rounds and the outcome (``Rounds``) ----------------------------------------------
    def score_round(self, winner: int | None, events: list[Event]) -> list[int]:
        return [0] * len(self.seats)  # Mao keeps no points: wins are counted in settle

    def match_is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return self.rounds.outcome()

    def public_stats(self) -> dict[str, Any]:
        return self.rounds.public_stats()

    # --- what seats may see (``SeatView``) ------------------------------------------------
    def public_options(self) -> dict[str, Any]:
        return self.views.public_options()

    def extra_observation(self, i: int | None) -> MaoView:
        return self.views.extra_observation(i)

    def bot_view(self, seat: str) -> Observation:
        return self.views.bot_view(seat)

    # --- copies and saving (``engine.mao.saving``) ----------------------------------------
    def extra_to_dict(self) -> dict[str, Any]:
        return saving.extra_to_dict(self)

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        saving.extra_from_dict(self, data)
