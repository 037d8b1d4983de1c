"""What the expert bot's playouts share: the rollout loop and the match evaluation.

A playout runs on a state the bot built itself (``Game.determinizer``), so reading that
state's hands is no cheating: it holds the bot's guesses, not the table's cards. Each game
has its rule, a ``Playouts`` in its own package (``engine.<game>.bots.playouts``, registered
in ``PLAYOUTS`` by ``searched``); this module names no game:

- ``pick(game, seat, legal, rng)``: the move of a quick, plausible player: the game's
  heuristic bot's own rule, run on the state's cards without building an observation (so the
  rivals are modelled on it, cheaply), ties broken as the heuristic breaks them; a
  playout differs from another only by its deal and later shuffles.
- ``value(game, me, round0)``: the expected *match* result for ``me`` in [0, 1]: its
  chance to win the match (``blend``: with a tenth of weight on the share of the others it
  finishes ahead of, which orders the positions where winning is out of reach; heads-up the
  two are one). At the match's end that is exact; otherwise each seat's total is projected
  (the round still running adds its expected points: a seat with fewer cards, and no draw
  stack aimed at it, is likelier to go out first) and each rival is beaten with the normal
  probability of the projected margin over the spread of the rounds still to come
  (``margin / (spread * sqrt(rounds left))``); with several rivals, beating them all is one
  event, integrated over the seat's own luck (``win_chance``), not the mean of beating
  each. So a lead near the target is worth more than the same lead early, a seat far
  behind gambles, the points a round costs count, not only who wins it, and at a full
  table being level with the leader is worth more than being far ahead of the rest.
- ``depth``: the playout stops after that many moves (or at the round's end) and is
  evaluated there: depth-limited playouts with an evaluation, not full matches.
- ``worth_weighing(legal, observation)``: the offered actions a search weighs (the others
  are dominated, or the same move as one weighed).
- ``wild`` and ``taken_evidence``: what the bot's memory reads into a draw
  (``engine.memory``).
- ``sampler(game_cls, observation, memory)``: the states a search plays out, the game's
  determinizer unless the game's rule weighs them by what the rivals did.

Moves go through ``apply_offered`` (the engine's trusted path for an offered action), as
the rule only ever picks from ``legal_actions``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from engine.actions import Action, Play
from engine.bots.first_out import FirstOut
from engine.memory import Reading

#: how much likelier one card fewer makes a seat to go out first (a softmax weight)
TEMPO = 0.7


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def first_out_odds(counts: list[int], live: list[bool]) -> list[float]:
    """Each live seat's chance to go out first, by its card count."""
    weights = [math.exp(-TEMPO * c) if ok else 0.0 for c, ok in zip(counts, live, strict=True)]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def places_value(places: dict[str, int], me: str) -> float:
    """The share of the others ``me`` finished ahead of (a tie counts a half)."""
    mine = places[me]
    others = [p for s, p in places.items() if s != me]
    if not others:
        return 1.0
    return sum(1.0 if p > mine else 0.5 if p == mine else 0.0 for p in others) / len(others)


def outcome_value(places: dict[str, int], me: str) -> float:
    """A finished match's worth to ``me``: mostly whether it won (a win shared by ``w``
    seats counts ``1 / w``), a little the share of the others it finished ahead of."""
    if len(places) == 2:
        return places_value(places, me)  # heads-up the two are one
    mine = places[me]
    if mine != min(places.values()):
        won = 0.0
    else:
        won = 1.0 / sum(1 for p in places.values() if p == mine)
    return blend(won, places_value(places, me))


def blend(won: float, share: float) -> float:
    """The value of a chance ``won`` to win and a share ``share`` of the others beaten:
    heads-up the two are the same; at a full table winning is what counts, and the share
    only orders the positions where winning is out of reach."""
    return (1.0 - PLACES_WEIGHT) * won + PLACES_WEIGHT * share


#: ``blend``'s weight of the share of rivals beaten, beside the chance to win
PLACES_WEIGHT = 0.1
#: the grid of ``win_chance``'s integral over the seat's own luck: a standard normal's
#: points from -4 to 4, and their weights (normalised)
_GRID = [k / 4.0 for k in range(-16, 17)]
_WEIGHTS = [math.exp(-z * z / 2.0) for z in _GRID]
_GRID_WEIGHTS = [(z, w / sum(_WEIGHTS)) for z, w in zip(_GRID, _WEIGHTS, strict=True)]


def win_chance(margins: list[float], sigma: float) -> float:
    """The chance to finish ahead of every rival when each is ``margins[k]`` ahead of it
    (positive: the seat leads) and two seats' finals drift apart with standard deviation
    ``sigma``: every seat's final is its projection plus its own independent normal luck,
    so the rivals' chances are correlated through the seat's own, integrated over a grid.
    With one rival it is ``normal_cdf(margin / sigma)``."""
    if not margins:
        return 1.0
    if len(margins) == 1:
        return normal_cdf(margins[0] / sigma)
    own = sigma / math.sqrt(2.0)  # each seat's own share of the drift between two
    scaled = [m / own for m in margins]
    low = min(scaled)
    total = 0.0
    for z, weight in _GRID_WEIGHTS:
        if low - z < -6.0:
            continue  # too far behind one rival for this luck to count
        product = weight
        for m in scaled:
            product *= normal_cdf(m - z)
        total += product
    return total


def distinct_plays(legal: list[Action], hand: list[Any]) -> list[Action]:
    """The plays of ``legal`` that differ in what they leave: one per set of cards and suit
    left in force (the order of a multiple of one rank matters only by its last card's
    suit, LAST-4), and a wild card or a multiple only ending on a suit the hand still holds,
    unless no variant does. Searching every order and every suit named would spread the
    samples over moves that are the same, or hopeless (a suit named that the hand lacks)."""
    groups: dict[Any, dict[str, Action]] = {}
    out: list[Action] = []
    for action in legal:
        if not isinstance(action, Play):
            out.append(action)
            continue
        cards = action.cards
        key = tuple(sorted(cards))
        force = action.suit or cards[-1].suit
        variants = groups.get(key)
        if variants is None:
            variants = groups[key] = {}
            out.append(action)  # holds the group's place in the order
        variants.setdefault(force, action)
    kept: list[Action] = []
    for action in out:
        if not isinstance(action, Play):
            kept.append(action)
            continue
        key = tuple(sorted(action.cards))
        variants = groups[key]
        if len(variants) == 1:
            kept.append(action)
            continue
        left = list(hand)
        for card in key:
            left.remove(card)
        held = {c.suit for c in left}
        chosen = [a for force, a in variants.items() if force in held]
        kept.extend(chosen or [action])
    return kept


def most_held_suit(hand: list[Any], playing: Any) -> str:
    """The suit held most, not counting (one copy of) ``playing``; its own suit if none.
    Ties go to the suit met first in the hand, as ``Counter.most_common`` breaks them."""
    counts: dict[str, int] = {}
    skipped = False
    for card in hand:
        if not skipped and card == playing:
            skipped = True
            continue
        counts[card.suit] = counts.get(card.suit, 0) + 1
    if not counts:
        return str(playing.suit)
    return max(counts, key=counts.__getitem__)


class Playouts:
    """Base: the rollout loop and the projected-totals evaluation."""

    depth: ClassVar[int] = 40
    #: True when the lowest total wins the match
    lower_wins: ClassVar[bool] = True
    #: how far apart two seats' totals drift in one round (one standard deviation)
    spread: ClassVar[float] = 60.0
    #: points the leading total gains in a round, to guess the rounds left to the target
    per_round: ClassVar[float] = 60.0
    #: the rank that plays on anything (what a draw says nothing of: ``Memory.follows``)
    wild: ClassVar[str] = "A"
    #: events the bot takes as showing a seat could not follow, beyond those the game's
    #: rules make certain (``Game.void_evidence``): where a player may draw holding a card
    #: that plays, the heuristic never does, and most players rarely
    taken_evidence: ClassVar[frozenset[str]] = frozenset()
    #: ranks a player who draws may still hold: the heuristic's rule keeps them for later
    kept: ClassVar[frozenset[str]] = frozenset()
    #: at three seats or more, how many standard errors another move must beat the
    #: heuristic's by (``ExpertBot``; heads-up ``TRUST_SE``): every playout there deals
    #: more hidden hands and plays more rivals, so where the heuristic's habits are sound
    #: an edge of half a standard error is more often luck than a better move
    trust_full: ClassVar[float] = 0.5
    #: the game's fitted first-out odds (``engine.bots.first_out``), where it has them
    first_out_model: ClassVar[FirstOut | None] = None
    #: the first-out odds its playouts value states by: None, the card counts' softmax (the
    #: fitted odds predict better but measured no stronger: ``bot_strength.py
    #: --learned-odds`` sets them, docs/benchmarks.md)
    first_out: FirstOut | None = None

    # --- the samples -----------------------------------------------------------------------
    def reading(self, game_cls: Any) -> Reading:
        """How a searching seat's memory reads ``game_cls``'s events (``engine.memory``)."""
        return Reading(
            game_cls.void_evidence | self.taken_evidence, self.wild, self.kept, game_cls.stacks
        )

    def sampler(self, game_cls: Any, observation: Any, memory: Any) -> Any:
        """The sampler of states a search plays out: the game's determinizer."""
        return game_cls.determinizer(observation, memory)

    # --- moves ----------------------------------------------------------------------------
    def obvious(self, legal: list[Action]) -> Action | None:
        """A move the bot makes without searching (a word it owes, completing four)."""
        return next((a for a in legal if a.obvious), None)

    def worth_weighing(self, legal: list[Action], observation: Any) -> list[Action]:
        """The offered actions worth a search: all, unless the game knows some dominated."""
        return legal

    def owed_word(self, game: Any) -> tuple[str, Action] | None:
        """A word some seat owes now and says before anything else (Mau, last card)."""
        return None

    def move(self, game: Any, rng: random.Random) -> tuple[str, Action] | None:
        owed = self.owed_word(game)
        if owed is not None:
            return owed
        seat = game.current_player()
        if seat is None:
            return None
        legal = game.legal_actions(seat)
        if not legal:
            return None
        return seat, self.pick(game, seat, legal, rng)

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def rollout(self, game: Any, rng: random.Random, round0: int) -> None:
        """Play on from ``game`` for ``depth`` moves, or to the round's or match's end."""
        for _ in range(self.depth):
            if game.over or self.round_done(game, round0):
                return
            move = self.move(game, rng)
            if move is None:
                return
            game.apply_offered(*move)

    # --- where to stop and what it is worth -----------------------------------------------
    def round_done(self, game: Any, round0: int) -> bool:
        return game.round != round0 or game.turn is None

    def value(self, game: Any, me: str, round0: int) -> float:
        if game.over:
            return outcome_value(game.outcome()["places"], me)
        totals = [float(t) for t in game.scores]
        running = not self.round_done(game, round0)
        if running:
            for k, points in enumerate(self.round_points(game)):
                totals[k] += points
        live = self.live(game)
        left = self.rounds_left(game, totals, round0) + (1.0 if running else 0.0)
        sigma = self.spread * math.sqrt(max(left, 0.25))
        k_me = game.index[me]
        mine = totals[k_me]
        margins = [
            (total - mine if self.lower_wins else mine - total)
            for k, total in enumerate(totals)
            if k != k_me and live[k]
        ]
        if len(margins) <= 1:
            return win_chance(margins, sigma)
        share = sum(normal_cdf(m / sigma) for m in margins) / len(margins)
        return blend(win_chance(margins, sigma), share)

    def live(self, game: Any) -> list[bool]:
        return [True] * len(game.seats)

    def first_out_odds(self, game: Any, counts: list[int], live: list[bool]) -> list[float]:
        """Each seat's chance to go out first: the learned odds in use (``first_out``)
        where they were fitted for this many seats, else the softmax of ``counts``."""
        learned = self.first_out
        odds = learned.odds(game, live) if learned is not None else None
        return odds if odds is not None else first_out_odds(counts, live)

    def rounds_left(self, game: Any, totals: list[float], round0: int) -> float:
        """Rounds to come after the one running when the playout began: until a total
        reaches the target, or the option that limits the rounds."""
        left = max(self.target(game) - max(totals), 0.0) / self.per_round
        limit = self.round_limit(game)
        if limit:
            left = min(left, float(limit - round0))
        return max(left, 0.0)

    def round_limit(self, game: Any) -> int:
        return int(game.options.get("rounds") or 0)

    def target(self, game: Any) -> float:
        return float(game.options.get("target", 0) or 1e9)

    def round_points(self, game: Any) -> list[float]:
        """Expected points each seat scores in the round still running."""
        raise NotImplementedError


#: each searched game's playout rule by the game's name: the games the expert level plays by
#: this search (``engine.bots.expert``); each game's rule registers itself (``searched``)
PLAYOUTS: dict[str, Playouts] = {}
P = TypeVar("P", bound=Playouts)


def searched(game: str) -> Callable[[type[P]], type[P]]:
    """Register the decorated rule (one instance of it) as ``game``'s playout rule."""

    def register(cls: type[P]) -> type[P]:
        PLAYOUTS[game] = cls()
        return cls

    return register
