"""The engine contract every game implements (``Game``), and ``GAMES``, which each game's
class joins by subclassing it (the ``engine`` package imports every game and starts them:
``engine.new_game``).

A game is a plain object holding its whole state, including its own seeded
``random.Random``; it does no I/O and never reads a clock. Everything outside ``engine/``
drives a game through these methods only::

    g = new_game("macao", ["ana", "bo", "cy"], seed=7, options={"target": 500})
    g.current_player()      # seat whose turn it is, or None between rounds / at match end
    g.legal_actions("bo")   # every action this seat may take right now
    g.apply("bo", action)   # -> public events; raises IllegalAction and changes nothing
    g.observation("bo")     # JSON-safe dict of what that seat may see
    g.to_dict(); type(g).from_dict(d)

Events returned by ``apply`` and ``tick`` are public: they never hold a card that only one
seat may see (a drawn card is in the drawer's observation, not in the event).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from engine import checked_options
from engine import options as option_rules
from engine.actions import Action, IllegalAction, parse_action
from engine.checked_options import Kept
from engine.events import Event, Observation, Outcome, Shapes
from engine.memory import Memory, Stacks
from engine.options import Option
from engine.reasons import N_, Reason, Refusal
from engine.rng import seeded
from engine.words import NP_, Describer

GAMES: dict[str, type[Game]] = {}
G = TypeVar("G", bound="Game")

#: a blank game's generator until it gets its own seeded one (a new one costs microseconds)
UNSEEDED = random.Random(0)

#: How many recent public events an observation carries.
RECENT_EVENTS = 20


class Game:
    """Base class: registry, option handling, equality by state and the optional clock API.

    What sets one game apart from another for the front-ends is declared here as class
    attributes (as python-chess declares a variant's differences), so that the table
    service, the cogs and the terminal read a capability and never test a game's name.
    """

    name: ClassVar[str] = ""
    #: the game's name for people ("Mau-Mau"); defaults to the capitalised ``name``
    title: ClassVar[str] = ""
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10

    # --- capabilities ---------------------------------------------------------------------
    #: the game reads time: timed actions carry ``at`` (``Action.stamped``), and ``tick``
    #: must be called at ``next_deadline`` (Mao's five-second rule and speech windows)
    timed: ClassVar[bool] = False
    #: what players write at the table is part of play: a front-end turns each message into
    #: a ``Say`` action for the engine to judge
    reads_chat: ClassVar[bool] = False
    #: the rules in force are partly secret: players learn them by penalty, so no front-end
    #: lists them (or the options holding them) to the players
    secret_rules: ClassVar[bool] = False
    #: a round's winner may add a rule to the game (``declare_rule``), which a server may
    #: keep as its house canon for new tables
    players_make_rules: ClassVar[bool] = False
    #: True when every round is a result of its own (Mao runs until its host ends it), so
    #: the match as a whole is not recorded again at its end
    results_per_round: ClassVar[bool] = False
    #: the figure a seat's match score is recorded as in its results (Macao's scores are
    #: the points it took: ``"points_taken"``); None when the score is no figure of its own
    score_figure: ClassVar[str | None] = None
    #: how a seat's score is said beside its name, singular and plural with ``{count}`` the
    #: score (``NP_``, read with ``ngettext``): points, unless the game counts something else
    #: (Mao's rounds won)
    score_words: ClassVar[tuple[str, str]] = NP_("{count} pt", "{count} pts")
    #: what players read for the figures its results keep (``outcome()["stats"]``' keys and
    #: ``score_figure``), marked ``N_``: ``/stats`` says them in the reader's language
    figure_labels: ClassVar[dict[str, str]] = {}
    #: moves a front-end shows as examples of what to type, in the engine's text form: the
    #: game's own kinds of move (a suit named with a wild card, a pair, a pass)
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "draw")
    #: the lowest total leads the match (Macao, Mau-Mau); otherwise the highest does
    lowest_wins: ClassVar[bool] = False
    #: the hand in an observation is already in the order its players hold it (President's:
    #: by rank, so a pair sits together), and front-ends show it as it comes; otherwise they
    #: sort it by suit, then rank (``engine.describe.sort_hand``)
    hand_in_order: ClassVar[bool] = False
    #: the game's own event sentences, asked before the shared ones of ``engine.describe``
    #: (Mao's: ``engine.mao.describe``); None when the shared sentences tell all its events
    describer: ClassVar[Describer | None] = None
    #: the types of its observations, events and outcomes, with the keys of its own, and its
    #: own kinds of event (``engine.events.Shapes``, declared in its package)
    shapes: ClassVar[Shapes] = Shapes()
    #: every seat may act at every moment, whoever's turn it is (Mao's speech and calls):
    #: drivers ask the turn's seat first and never look for one seat offered a move alone
    #: (``Game.lone_offers``); a game whose out-of-turn moves are occasional (a "Mau", a
    #: completed four) leaves this off and says who may act (``seats_that_may_act``)
    any_seat_any_moment: ClassVar[bool] = False
    #: the seat ``current_player`` names always has a legal action while the match goes on
    #: (so it is the seat play waits on): drivers then ask the others' reactions before
    #: listing its actions, which a reaction would change (Last Card)
    current_always_acts: ClassVar[bool] = False
    #: the rules in a few sentences, in players' words (``**`` marks what to stress): what
    #: ``/rules`` and the terminal's rules screen show, in the reader's language
    rules_summary: ClassVar[str] = ""
    #: option values a practice table starts with unless its player asks for the rules as
    #: written (a gentler pace: Mao's turn clock), and the sentence that says so on screen,
    #: formatted with those values
    practice_options: ClassVar[dict[str, Any]] = {}
    practice_note: ClassVar[str] = ""
    #: the game's options: name, type, range, default and help (``engine.options``)
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: option name -> default, derived from ``option_specs``
    defaults: ClassVar[dict[str, Any]] = {}
    #: ``check_options``' answers by the options given, each class its own; None for a
    #: class with a list option (``engine.checked_options``)
    checked_options: ClassVar[Kept | None] = None

    seats: list[str]
    options: dict[str, Any]

    def __init__(self) -> None:
        # the blank core every game starts from before ``seated`` or ``from_dict`` fills it
        self.seats = []
        self.index = {}
        self.options = {}
        self.seed = 0
        self.rng = UNSEEDED  # every way to a game seeds its own (``seated``, ``from_dict``)
        self.over = False
        self.events = []
        self.version = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "option_specs" in cls.__dict__:
            cls.defaults = option_rules.defaults(cls.option_specs)
        cls.checked_options = checked_options.kept_for(cls.option_specs)
        if cls.__dict__.get("name"):
            if not cls.__dict__.get("title"):
                cls.title = cls.name.title()
            GAMES[cls.name] = cls
        if "legal_actions" in cls.__dict__ and "seats_that_may_act" not in cls.__dict__:
            # who may act follows from the legal actions: a class that changes them without
            # saying who may act now falls back to every seat, which is always right
            fallback = Game.seats_that_may_act
            cls.seats_that_may_act = fallback  # type: ignore[method-assign]  # chosen per class
        if (
            "legal_actions" in cls.__dict__ or "seats_that_may_act" in cls.__dict__
        ) and "lone_offers" not in cls.__dict__:
            # the same for the shortcut of both: it falls back to asking them
            cls.lone_offers = Game.lone_offers  # type: ignore[method-assign]  # chosen per class
        if (
            "legal_actions" in cls.__dict__ or "current_player" in cls.__dict__
        ) and "current_always_acts" not in cls.__dict__:
            cls.current_always_acts = False  # a promise about them, not made again

    @classmethod
    def option(cls, name: str) -> Option:
        """The declaration of one of this game's options; KeyError if it has none such."""
        for spec in cls.option_specs:
            if spec.name == name:
                return spec
        raise KeyError(name)

    # --- the contract -------------------------------------------------------------------
    @classmethod
    def new(cls, seats: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Game:
        raise NotImplementedError(f"{cls.__name__} must define new")

    def current_player(self) -> str | None:
        raise NotImplementedError(f"{type(self).__name__} must define current_player")

    @classmethod
    def match_rule(cls, options: Mapping[str, Any]) -> Reason | None:
        """How the match is won, as the round summaries tell players beside the totals
        (``engine.standing.describe_standing``); None when there is nothing to tell (a game
        whose rules are secret)."""
        return None

    def legal_actions(self, seat: str) -> list[Action]:
        raise NotImplementedError(f"{type(self).__name__} must define legal_actions")

    def apply(self, seat: str, action: Action | str | dict[str, Any]) -> list[Event]:
        raise NotImplementedError(f"{type(self).__name__} must define apply")

    def apply_at(self, seat: str, action: Action, at: float) -> list[Event]:
        """``apply(seat, action.stamped(at))``: a timed game's ``action`` taken at table time
        ``at`` (which wins over any ``at`` it carries). A game may take the time as given,
        without the copy ``stamped`` makes (Mao does); drivers that stamp nothing else call
        this, and a front-end that logs the action stamps it itself (``tables.play``)."""
        return self.apply(seat, action.stamped(at))

    def apply_offered(self, seat: str, action: Action) -> list[Event]:
        """Apply ``action``, one of the very objects ``legal_actions(seat)`` offered at this
        version: the trusted path of drivers, which validate by picking from the offered
        actions. The legal-action generator is the one source of what is legal, so a game
        may skip re-deriving it here (``apply`` still checks); the default is ``apply``.
        """
        return self.apply(seat, action)

    def observation(self, seat: str | None) -> Observation:
        raise NotImplementedError(f"{type(self).__name__} must define observation")

    def bot_view(self, seat: str) -> Observation:
        """What a bot at ``seat`` decides from: ``observation(seat)``, which a game may build
        field by field as the bot reads it (``engine.views``; Mao does). Read it before the
        game changes; drivers hand it only to a bot that does (``Bot.reads_in_call``)."""
        return self.observation(seat)

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError(f"{type(self).__name__} must define to_dict")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        raise NotImplementedError(f"{cls.__name__} must define from_dict")

    # --- match end ----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the match has ended; nothing more may be applied."""
        raise NotImplementedError(f"{type(self).__name__} must define is_over")

    def outcome(self) -> Outcome:
        """At match end: ``{"places": {seat: 1..n}, "scores": {seat: n}, "winners": [...]}``.

        Equal places mean a tie. Games add their own figures under ``"stats"``.
        """
        raise NotImplementedError(f"{type(self).__name__} must define outcome")

    def round_turns(self, round_: object) -> int | None:
        """The turns counted in round ``round_`` while it is still the round in play (the
        round a match ended with), else None; None too for a game that counts no turns.

        ``simulate`` asks at every round's end; a game reads its own count rather than
        building the spectators' view (which cost as much as ten decisions)."""
        return None

    # --- determinization (the expert bot searches states it builds from one seat's view) ----
    #: the public events after which a seat's memory notes what the actor did not hold
    #: (``engine.memory``): "draw" (it could not follow), "take" (it could not answer the
    #: draw stack), "lose_turns" (nor the 4). Last Card's draw is a rule (LAST-7); where
    #: drawing and taking are choices (Macao) it is a guess about sensible players
    void_evidence: ClassVar[frozenset[str]] = frozenset()
    #: its stacks of draws or lost turns as a seat's memory reads them (``engine.memory``)
    stacks: ClassVar[Stacks | None] = None
    #: whether ``determinizer`` builds states of this game (a subclass of a game that can
    #: may keep state the sampler knows nothing of, so each game says so itself)
    determinizable: ClassVar[bool] = False

    @classmethod
    def determinizer(
        cls, observation: Mapping[str, Any], memory: Memory
    ) -> Callable[[random.Random], Game]:
        """A sampler of whole states consistent with ``observation`` (one seat's) and that
        seat's ``memory``: hidden cards dealt at random, everything seen kept. It reads the
        observation and the memory only, never a real state (``engine.determinize``)."""
        raise NotImplementedError(f"{cls.name} cannot be determinized")

    @classmethod
    def determinize(
        cls, observation: Mapping[str, Any], memory: Memory, rng: random.Random
    ) -> Game:
        """One state consistent with ``observation`` and ``memory`` (see ``determinizer``)."""
        return cls.determinizer(observation, memory)(rng)

    @classmethod
    def can_determinize(cls) -> bool:
        return cls.determinizable

    def forget_derived(self) -> None:
        """Rebuild or drop what is derived from the state and not saved (caches), on a copy
        made field by field (``engine.determinize.clone``): such a copy shares what lies
        deeper than one level, and a cache playing on must not change the original's."""

    # --- rules players made (``players_make_rules``) -----------------------------------------
    def declared_rules(self) -> list[dict[str, Any]]:
        """Every rule in force that a player (or the house) added, in canonical form."""
        return []

    # --- who may act (a cheap hint for drivers) -------------------------------------------
    def seats_that_may_act(self) -> list[str]:
        """The seats that may have a legal action now, in seat order.

        Every seat with one must be listed; listing a seat with none is harmless. Drivers
        ask ``legal_actions`` of these seats only, so a game whose out-of-turn moves are
        rare (a "Mau", completing four) answers from its own state in a few steps instead
        of every seat being polled after every move. The default, every seat, is always
        right.
        """
        return self.seats

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        """The one seat that may act now and its legal actions (not empty), when no other
        seat may: what ``seats_that_may_act`` and ``legal_actions`` say, in one call (the
        usual moment of a turn). None otherwise, and drivers ask those two. The default
        asks them; a game may answer from its own state in fewer steps (Last Card)."""
        may_act = self.seats_that_may_act()
        if len(may_act) == 1:
            actions = self.legal_actions(may_act[0])
            if actions:
                return may_act[0], actions
        return None

    # --- time (only Mao uses it; other games never need waking) ---------------------------
    def next_deadline(self) -> float | None:
        """Table-clock seconds at which ``tick`` must next be called, or None."""
        return None

    def tick(self, now: float) -> list[Event]:
        """Apply whatever fell due by ``now`` (table-clock seconds)."""
        return []

    # --- helpers ------------------------------------------------------------------------
    @classmethod
    def seated(cls: type[G], seats: list[str], seed: int, options: dict[str, Any] | None) -> G:
        """A blank game of this class with its seats, checked options and seeded RNG: the
        start every ``new`` shares before dealing."""
        cls.check_seats(seats)
        game = cls()
        game.seats = list(seats)
        game.index = {s: i for i, s in enumerate(game.seats)}
        game.options = cls.check_options(options)
        game.seed = seed
        game.rng = seeded(seed)
        return game

    index: dict[str, int]
    seed: int
    rng: random.Random
    #: bumped by every change; the table service stamps buttons with it
    version: int
    over: bool
    events: list[Event]

    def seat_index(self, seat: str) -> int:
        i = self.index.get(seat)
        if i is None:
            raise IllegalAction("{seat} is not seated at this table", seat=seat)
        return i

    def accept(self, seat: str, action: Action | str | dict[str, Any]) -> tuple[int, Action]:
        """The checks every ``apply`` starts with: a well-formed action, from a seat at this
        table, while the match goes on. Returns the seat's index and the parsed action."""
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from exc
        i = self.seat_index(seat)
        if self.over:
            raise IllegalAction("the match is over")
        return i, action

    def log(self, *events: Event) -> None:
        """Keep the recent public events (observations show the last ``RECENT_EVENTS``)."""
        self.events.extend(events)
        if len(self.events) > 2 * RECENT_EVENTS:
            del self.events[:-RECENT_EVENTS]

    @classmethod
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options checked against ``option_specs``, defaults filled in; raise
        ``OptionError`` (a ValueError) naming the problem and listing every option. The class
        keeps the answer for each options value of plain values (``engine.checked_options``)."""
        return checked_options.check(cls.title, cls.option_specs, cls.checked_options, options)

    @classmethod
    def parse_options(cls, text: str | None) -> dict[str, Any]:
        """Options typed as ``name=value`` words, each read in its declared type and range
        (only those given; ``check_options`` fills in the rest)."""
        return option_rules.parse_text(cls.title, cls.option_specs, text)

    @classmethod
    def check_seats(cls, seats: list[str]) -> None:
        if not cls.min_seats <= len(seats) <= cls.max_seats:
            raise Refusal(
                N_("{game} is played by {low} to {high} players"),
                game=Reason(cls.title),  # the game's name, said in the reader's language
                low=cls.min_seats,
                high=cls.max_seats,
            )
        if len(set(seats)) != len(seats):
            raise ValueError("seat names must be different")

    # equal by value and mutable: no hash (a class that defines __eq__ alone has none)
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and type(self) is type(other)
            and (self.to_dict() == other.to_dict())
        )

    def copy(self) -> Game:
        return type(self).from_dict(self.to_dict())


__all__ = ["GAMES", "RECENT_EVENTS", "Game"]
