"""The shedding core shared by Macao, Mau-Mau, Last Card, Crazy Eights and Mao.

It owns what those games have in common: the stock and the pile, dealing, drawing with the
stock rebuilt from the pile (COMMON-2), seat order and direction (COMMON-3), the suit in
force, a pending stack or lost turns aimed at one seat, the card a player just drew and may
still play, turn counting, rounds and match totals (COMMON-4), the public event log and
what each seat may see. Its saved form, the JSON round trip, is ``engine.shedding.saving``.
A game subclass supplies the rules: what plays on what, what each card does, how a hand
ends and how it is scored.

Seats are kept as indexes internally and shown by name in observations and events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from engine.actions import Action, Draw, IllegalAction, Pass, Play, Take
from engine.base import RECENT_EVENTS, Game
from engine.cards import ALL_CARDS, SUITS, Card, pack, shuffle
from engine.determinize import Sampler
from engine.events import Event, GameView, Observation, Pending, match_end
from engine.memory import Memory
from engine.places import places_by
from engine.reasons import Reason
from engine.shedding import saving
from engine.shedding.sampler import sampler

#: each card's text, looked up in C when an observation lists a hand
CARD_TEXT: dict[Card, str] = {c: str(c) for c in ALL_CARDS}

# Interned actions: legal_actions is the hottest path of every simulation, and building
# fresh frozen dataclasses for every offer would dominate it.
PLAY_ONE: dict[Card, Play] = {c: Play(cards=(c,)) for c in ALL_CARDS}
PLAY_WILD: dict[Card, tuple[Play, ...]] = {
    c: tuple(Play(cards=(c,), suit=s) for s in SUITS) for c in ALL_CARDS
}
DRAW = Draw()
TAKE = Take()
PASS = Pass()


def one_held(cards: tuple[Card, ...], hand: list[Card], one_at_a_time: str) -> Card:
    """The card of a play of one card, checked: refused with ``one_at_a_time`` (the game's
    own words, marked ``N_``) for more or fewer cards, and refused for a card not held."""
    if len(cards) != 1:
        raise IllegalAction(one_at_a_time)
    card = cards[0]
    if card not in hand:
        raise IllegalAction("you do not hold {card}", card=card)
    return card


def does_not_follow(card: Card, suit: str, pile: list[Card]) -> Reason:
    """The refusal of ``card``, which follows neither the suit in force nor the rank on top
    of ``pile`` (each game's own wild cards are its own to check first)."""
    return Reason(
        "{card} does not follow {suit} or {rank}", card=card, suit=suit, rank=pile[-1].rank
    )


def seat_passing_over(flags: list[bool], away: bool, i: int, way: int, steps: int) -> int:
    """The seat ``steps`` places on from ``i`` going ``way`` (1 or -1), passing over each
    seat whose flag is ``away``: a game whose seats can drop out keeps one flag a seat."""
    n = len(flags)
    for _ in range(steps):
        i = (i + way) % n
        while flags[i] == away:
            i = (i + way) % n
    return i


class SheddingGame(Game):
    """State and bookkeeping of a shedding game; subclasses add the rules."""

    decks: ClassVar[int] = 1
    hand_size: ClassVar[int] = 5

    def __init__(self) -> None:
        Game.__init__(self)
        self.hands: list[list[Card]] = []
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.suit = ""
        self.direction = 1
        self.turn: int | None = None
        self.pending: dict[str, Any] | None = None
        self.lost_turns: list[int] = []
        self.drawn: Card | None = None
        self.scores: list[int] = []
        self.round = 0
        self.round_first = 0
        self.turns = 0
        self.idle = 0

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, seats: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Game:
        game = cls.seated(seats, seed, options)
        game.scores = [0] * len(seats)
        game.lost_turns = [0] * len(seats)
        game.setup_match()
        events: list[Event] = []
        game.start_round(0, events)
        game.log(*events)
        return game

    def setup_match(self) -> None:
        """Hook: set game-specific match state before the first deal."""

    def deck_count(self) -> int:
        return self.decks

    def begin_round(self, first: int) -> None:
        """A new round's count and first seat, and its turn-keeping fresh: no turns yet,
        nothing pending or drawn, play clockwise, no lost turns (every game's deal starts so)."""
        self.round += 1
        self.round_first = first
        self.turns = 0
        self.idle = 0
        self.pending = None
        self.drawn = None
        self.direction = 1
        self.lost_turns = [0] * len(self.seats)

    def start_round(self, first: int, events: list[Event]) -> None:
        """Shuffle, deal, turn up the starter and give the turn to ``first``."""
        self.begin_round(first)
        deck = pack(self.deck_count())
        shuffle(deck, self.rng)
        n = len(self.seats)
        self.hands = [[] for _ in range(n)]
        for _ in range(self.hand_size):
            for k in range(n):
                self.hands[(first + k) % n].append(deck.pop())
        self.stock = deck
        self.pile = [self.turn_up_starter()]
        self.suit = self.pile[-1].suit
        self.turn = first
        events.append({"type": "deal", "round": self.round, "first": self.seats[first]})
        self.after_deal(events)

    def turn_up_starter(self) -> Card:
        """Hook: turn the first pile card (games bury or reshuffle special starters)."""
        return self.stock.pop()

    def after_deal(self, events: list[Event]) -> None:
        """Hook: apply the starter's effect, if the game gives it one."""

    # --- seats and turns ------------------------------------------------------------------
    def next_seat(self, i: int, step: int = 1) -> int:
        return (i + step * self.direction) % len(self.seats)

    def current_player(self) -> str | None:
        if self.over or self.turn is None:
            return None
        return self.seats[self.turn]

    def end_turn(self, i: int, events: list[Event]) -> None:
        """The turn of seat ``i`` is over: pass it on, skipping seats that owe lost turns."""
        self.drawn = None
        self.turns += 1
        if self.round_should_stop(events):
            return
        j = self.next_seat(i)
        while self.lost_turns[j] > 0:
            self.lost_turns[j] -= 1
            events.append({"type": "turn_lost", "seat": self.seats[j]})
            self.turns += 1
            if self.round_should_stop(events):
                return
            j = self.next_seat(j)
        self.turn = j

    def round_should_stop(self, events: list[Event]) -> bool:
        """End the round with no winner after ``max_turns`` turns or when nobody can move."""
        limit = self.options.get("max_turns", 0)
        stuck = self.idle >= len(self.seats)
        if (limit and self.turns >= limit) or stuck:
            events.append(
                {"type": "stalemate", "reason": "no seat can play or draw" if stuck else "turns"}
            )
            self.finish_round(None, events)
            return True
        return False

    # --- cards ----------------------------------------------------------------------------
    @property
    def top(self) -> Card:
        return self.pile[-1]

    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]:
        """Move up to ``count`` cards from the stock to seat ``i``'s hand (COMMON-2)."""
        got: list[Card] = []
        hand = self.hands[i]
        for _ in range(count):
            if not self.stock:
                if len(self.pile) < 2:
                    break
                self.stock = self.pile[:-1]
                self.pile = self.pile[-1:]
                shuffle(self.stock, self.rng)
                events.append({"type": "reshuffle", "count": len(self.stock)})
            card = self.stock.pop()
            hand.append(card)
            got.append(card)
        return got

    def draw_one(self, i: int, events: list[Event]) -> Card | None:
        """A turn's draw of one card for seat ``i``, with its public ``draw`` event: the
        stock's top, or the pile turned over first (COMMON-2); None when nothing is left."""
        stock = self.stock
        card: Card | None
        if stock:  # draw_cards(i, 1, ...), for the usual case of a card in the stock
            card = stock.pop()
            self.hands[i].append(card)
        else:
            got = self.draw_cards(i, 1, events)
            card = got[0] if got else None
        events.append({"type": "draw", "seat": self.seats[i], "count": 0 if card is None else 1})
        return card

    # --- applying -------------------------------------------------------------------------
    def apply(self, seat: str, action: Action | str | dict[str, Any]) -> list[Event]:
        i = self.index.get(seat)
        if i is None or self.over or not isinstance(action, Action):
            i, action = self.accept(seat, action)  # parses, or raises the reason
        events = self.apply_checked(i, action)
        self.version += 1
        self.log(*events)
        return events

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # a game that splits its checks from its effects gets the trusted path; one with an
        # ``apply`` of its own (Mao) keeps the default, ``apply``
        if "perform_offered" in cls.__dict__ and "apply_offered" not in cls.__dict__:
            trusted = SheddingGame.apply_performed
            cls.apply_offered = trusted  # type: ignore[method-assign,assignment]  # chosen per class

    def apply_performed(self, seat: str, action: Action) -> list[Event]:
        """``Game.apply_offered`` for a game with ``perform_offered``: an offered action,
        carried out without checking it again."""
        events = self.perform_offered(self.index[seat], action)
        self.version += 1
        # Game.log, written out: this runs once per decision of every simulation
        log = self.events
        log += events
        if len(log) > 2 * RECENT_EVENTS:
            del log[:-RECENT_EVENTS]
        return events

    def apply_checked(self, i: int, action: Action) -> list[Event]:
        """Validate ``action`` for seat ``i`` and, only if it is legal, perform it."""
        raise NotImplementedError(f"{type(self).__name__} must define apply_checked")

    def perform_offered(self, i: int, action: Action) -> list[Event]:
        """Perform an action ``legal_actions`` offered seat ``i`` at this version, skipping
        the checks of ``apply_checked`` (a game that splits them overrides this)."""
        return self.apply_checked(i, action)

    # --- rounds and the match -------------------------------------------------------------
    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        """Score the round, then end the match or deal the next round."""
        points = self.score_round(winner, events)
        for k, p in enumerate(points):
            self.scores[k] += p
        self.turn = None
        self.drawn = None
        self.pending = None
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": None if winner is None else self.seats[winner],
                "points": dict(zip(self.seats, points, strict=True)),
                "scores": dict(zip(self.seats, self.scores, strict=True)),
            }
        )
        rounds = self.options.get("rounds", 0)
        if self.match_is_over() or (rounds and self.round >= rounds):
            self.over = True
            events.append(match_end(self.outcome()))
            return
        self.start_round(self.next_round_first(winner), events)

    def score_round(self, winner: int | None, events: list[Event]) -> list[int]:
        """Hook: each seat's points for the round ``winner`` ended (None: nobody went out)."""
        raise NotImplementedError(f"{type(self).__name__} must define score_round")

    def match_is_over(self) -> bool:
        """Hook: whether the match ends after the round just scored."""
        raise NotImplementedError(f"{type(self).__name__} must define match_is_over")

    def next_round_first(self, winner: int | None) -> int:
        return (self.round_first + 1) % len(self.seats)

    @property
    def is_over(self) -> bool:
        return self.over

    def places_by_lowest_total(self) -> dict[str, int]:
        """Place 1 for the lowest total; equal totals share a place."""
        return places_by(self.seats, self.scores)

    # --- what seats may see ---------------------------------------------------------------
    def public_pending(self) -> Pending | None:
        if self.pending is None:
            return None
        return cast(Pending, {**self.pending, "target": self.seats[self.pending["target"]]})

    def observation(self, seat: str | None) -> Observation:
        """What ``seat`` may see; ``None`` gives the spectators' (public) view."""
        i = None if seat is None else self.seat_index(seat)
        seats = self.seats
        lost = self.lost_turns
        # built in C where it can be: simulate reads one at every round's end
        return {
            "game": self.name,
            "seat": seat,
            "seats": list(seats),
            "hand": [] if i is None else list(map(CARD_TEXT.__getitem__, self.hands[i])),
            "drawn": CARD_TEXT[self.drawn] if self.drawn is not None and i == self.turn else None,
            "top": CARD_TEXT[self.pile[-1]] if self.pile else None,
            "suit": self.suit,
            "turn": self.current_player(),
            "direction": "clockwise" if self.direction == 1 else "counterclockwise",
            "pending": self.public_pending(),
            "lost_turns": {seats[k]: n for k, n in enumerate(lost) if n} if any(lost) else {},
            "counts": dict(zip(seats, map(len, self.hands), strict=True)),
            "stock": len(self.stock),
            "pile": len(self.pile),
            "scores": dict(zip(seats, self.scores, strict=True)),
            "round": self.round,
            "turns": self.turns,
            "over": self.over,
            "options": self.public_options(),
            "events": self.events[-RECENT_EVENTS:],
            # the shared keys it has beside these, and its own (``Game.shapes``)
            **self.extra_observation(i),
        }

    def round_turns(self, round_: object) -> int | None:
        """The ``turns`` every view shows, while ``round_`` is the round they show."""
        return self.turns if self.round == round_ else None

    def public_options(self) -> dict[str, Any]:
        """Hook: the options every seat may see (Mao keeps its house rules secret)."""
        return dict(self.options)

    def extra_observation(self, i: int | None) -> GameView:
        """Hook: game-specific public fields (and ``i``'s own private ones)."""
        return {}

    # --- the saved form (engine.shedding.saving) ------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return saving.saved(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        game = cls()
        saving.restore(game, data)
        return game

    # --- determinization (engine.shedding.sampler) -----------------------------------------
    @classmethod
    def determinizer(cls, observation: Mapping[str, Any], memory: Memory) -> Sampler:
        if not cls.determinizable:
            raise NotImplementedError(f"{cls.name} cannot be determinized")
        return sampler(cls, observation, memory)

    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        """Hook: the ``turn`` index a state showing ``observation`` has."""
        turn = observation["turn"]
        return None if turn is None else index[turn]

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        """Hook: what ``extra_from_dict`` needs, as far as ``observation`` shows it (plus
        ``round_first``)."""
        return {}

    def extra_to_dict(self) -> dict[str, Any]:
        """Hook: game-specific state, JSON-safe."""
        return {}

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        """Hook: restore what ``extra_to_dict`` wrote."""
