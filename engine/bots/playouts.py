"""What the expert bot's playouts need per game: a fast move rule and a match evaluation.

A playout runs on a state the bot built itself (``Game.determinizer``), so reading that
state's hands is no cheating: it holds the bot's guesses, not the table's cards.

- ``move(game, rng)``: the next (seat, action) of a quick, plausible player: at Macao and
  President the heuristic bot's own rule on the state's cards (no observation built, so the
  rivals are modelled on it cheaply); at Mau-Mau and Last Card its habits: say "Mau" or
  "last card" when owed, pass a stack on, play rather than draw, shed as many cards as
  possible, wild cards last, naming a suit held.
- ``value(game, me, round0)``: the expected *match* result for ``me`` in [0, 1] (1: wins,
  0: last; equal to the share of the others it finishes ahead of). At the match's end that
  is exact; otherwise each seat's total is projected (the round still running adds its
  expected points: a seat with fewer cards is likelier to go out first) and each rival is
  beaten with the normal probability of the projected margin over the spread of the rounds
  still to come (``margin / (spread * sqrt(rounds left))``). So a lead near the target is
  worth more than the same lead early, and a seat far behind gambles.
- ``depth``: the playout stops after that many moves (or at the round's end) and is
  evaluated there: depth-limited playouts with an evaluation, not full matches.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, ClassVar

from engine.actions import Action, Announce
from engine.lastcard import LAST_CARD_WORD
from engine.macao import KING_OF_SPADES, STACK_OF, card_value
from engine.maumau import BLOW_UP, MAU, card_points
from engine.president import GIVE_STRENGTH, RANK_STRENGTH

HIGH = RANK_STRENGTH["K"]

SAY_MAU = Announce(word=MAU)
SAY_LAST_CARD = Announce(word=LAST_CARD_WORD)
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


class Playouts:
    """Base: the shared move skeleton and the projected-totals evaluation."""

    depth: ClassVar[int] = 40
    #: True when the lowest total wins the match
    lower_wins: ClassVar[bool] = True
    #: how far apart two seats' totals drift in one round (one standard deviation)
    spread: ClassVar[float] = 60.0
    #: points the leading total gains in a round, to guess the rounds left to the target
    per_round: ClassVar[float] = 60.0

    # --- moves ----------------------------------------------------------------------------
    def obvious(self, legal: list[Action]) -> Action | None:
        """A move the bot makes without searching (a word it owes, completing four)."""
        return next((a for a in legal if a.kind == "announce" or a.kind == "complete"), None)

    def owed_word(self, game: Any) -> tuple[str, Action] | None:
        return None

    def apply(self, game: Any, seat: str, action: Action) -> None:
        """Apply a move this rule picked from the legal actions."""
        game.apply(seat, action)

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
        plain: list[Action] = []
        wild: list[Action] = []
        other: list[Action] = []
        for action in legal:
            if action.kind == "play":
                (wild if action.suit else plain).append(action)  # type: ignore[attr-defined]
            elif action.kind != "announce":
                other.append(action)
        if plain:
            return plain[int(rng.random() * len(plain))]
        if wild:
            # name the suit of a card held at random: suits held most are named most
            hand = game.hands[game.index[seat]]
            suit = hand[int(rng.random() * len(hand))].suit if hand else ""
            return next((a for a in wild if a.suit == suit), wild[0])  # type: ignore[attr-defined]
        if other and other[0].kind in ("direction", "vote"):
            return other[int(rng.random() * len(other))]
        return other[-1] if other else legal[-1]

    # --- where to stop and what it is worth -----------------------------------------------
    def round_done(self, game: Any, round0: int) -> bool:
        return game.round != round0 or game.turn is None

    def value(self, game: Any, me: str, round0: int) -> float:
        if game.over:
            return places_value(game.outcome()["places"], me)
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
        shares = []
        for k, total in enumerate(totals):
            if k == k_me or not live[k]:
                continue
            margin = total - mine if self.lower_wins else mine - total
            shares.append(normal_cdf(margin / sigma))
        return sum(shares) / len(shares) if shares else 1.0

    def live(self, game: Any) -> list[bool]:
        return [True] * len(game.seats)

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


class MacaoPlayouts(Playouts):
    spread = 55.0
    per_round = 70.0
    depth = 24

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic bot's rule (``engine.bots.macao``) on the state's own cards, without
        building an observation: the rivals in these playouts are modelled on it."""
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return legal[0]
        k = game.index[seat]
        hand = game.hands[k]
        n = len(game.seats)
        counts = [len(h) for h in game.hands]
        others = [c for j, c in enumerate(counts) if j != k]
        fewest = min(others)
        danger = fewest <= 2
        suits = Counter(c.suit for c in hand)
        pending = game.pending
        way = game.direction

        def score(action: Any) -> float:
            card = action.cards[0]
            value = 0.0
            if action.suit is not None:
                rest = Counter(c.suit for c in hand if c != card)
                best = rest.most_common(1)[0][0] if rest else card.suit
                if action.suit != best:
                    return -100.0
                value -= 6
            stack = STACK_OF[card]
            if stack is not None:
                step = -1 if card == KING_OF_SPADES else 1
                target = counts[(k + step * way) % n]
                value += 8 - target
                if target == fewest:
                    value += 4
            if card.rank == "7":
                value -= 8 if pending is None else 3
            if card.rank == "4":
                value += 2
            if danger:
                value += card_value(card) / 10
            return value + suits[card.suit] * 0.5

        best = max(plays, key=score)
        if game.drawn is not None or pending is not None:
            return best
        if score(best) < -7 and len(hand) < 4 and not danger:
            return legal[-1]  # draw
        return best

    def round_points(self, game: Any) -> list[float]:
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None and pending["kind"] == "draw":
            counts[pending["target"]] += pending["count"]
        odds = first_out_odds(counts, [True] * len(counts))
        return [
            (1.0 - p) * sum(map(card_value, hand)) * (1.0 + 0.12 * max(count - len(hand), 0))
            for p, hand, count in zip(odds, game.hands, counts, strict=True)
        ]


class MauMauPlayouts(Playouts):
    spread = 30.0
    per_round = 30.0

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """Play rather than draw, Jacks last, and a 2 or an Ace (a lost turn) first."""
        plain = [a for a in legal if a.kind == "play" and not a.suit]  # type: ignore[attr-defined]
        if plain:
            hits = [a for a in plain if a.cards[0].rank in ("2", "A")]  # type: ignore[attr-defined]
            if hits and rng.random() < 0.6:
                return hits[int(rng.random() * len(hits))]
            return plain[int(rng.random() * len(plain))]
        return super().pick(game, seat, legal, rng)

    def owed_word(self, game: Any) -> tuple[str, Action] | None:
        due = game.mau_due
        return None if due is None else (game.seats[due], SAY_MAU)

    def round_done(self, game: Any, round0: int) -> bool:
        return game.round != round0 or game.turn is None or bool(game.choosing)

    def live(self, game: Any) -> list[bool]:
        return list(game.in_match)

    def target(self, game: Any) -> float:
        return float(BLOW_UP)

    def round_points(self, game: Any) -> list[float]:
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None:
            counts[pending["target"]] += pending["count"]
        odds = first_out_odds(counts, list(game.in_match))
        return [
            (1.0 - p) * sum(map(card_points, hand)) if live else 0.0
            for p, hand, live in zip(odds, game.hands, game.in_match, strict=True)
        ]


class LastCardPlayouts(Playouts):
    lower_wins = False
    spread = 0.5
    per_round = 1.0

    def owed_word(self, game: Any) -> tuple[str, Action] | None:
        due = game.last_card_due
        return None if due is None else (game.seats[due], SAY_LAST_CARD)

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic's habits, cheaply: go out when a play empties the hand, pass a
        stack on, shed as many cards at once as it can, keep Aces for when nothing plays."""
        if game.phase != "play":
            return super().pick(game, seat, legal, rng)
        held = len(game.hands[game.index[seat]])
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return super().pick(game, seat, legal, rng)
        best: list[Action] = []
        size = 0
        for action in plays:
            cards = action.cards  # type: ignore[attr-defined]
            if len(cards) == held:
                return action
            if cards[0].rank == "A":
                continue
            if len(cards) > size:
                best, size = [action], len(cards)
            elif len(cards) == size:
                best.append(action)
        if best:
            return best[int(rng.random() * len(best))]
        return super().pick(game, seat, legal, rng)  # Aces only: name a suit held

    def target(self, game: Any) -> float:
        return 1e9  # a match is a number of games

    def round_limit(self, game: Any) -> int:
        return int(game.options["games"])

    def round_points(self, game: Any) -> list[float]:
        if game.finished:
            return [1.0 if k == game.finished[0] else 0.0 for k in range(len(game.seats))]
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None:
            counts[pending["target"]] += pending["count"]
        return first_out_odds(counts, [not out for out in game.out])


class PresidentPlayouts(Playouts):
    lower_wins = False
    spread = 0.9
    per_round = 1.3
    depth = 200  # rounds are short: play them out

    def apply(self, game: Any, seat: str, action: Action) -> None:
        game.apply_offered(seat, action)  # just offered: no second check

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic bot's rule (``engine.bots.president``) on the state's own cards,
        without building an observation: the rivals in these playouts are modelled on it."""
        first = legal[0]
        if first.kind == "complete":
            return first
        k = game.index[seat]
        hand = game.hands[k]
        if first.kind == "give":
            if len(legal) == 1:
                return first
            held_all = Counter(c.rank for c in hand)
            return min(
                legal,
                key=lambda a: (
                    held_all[a.card.rank] > 1 or a.card.rank == "2",  # type: ignore[attr-defined]
                    GIVE_STRENGTH[a.card.rank],  # type: ignore[attr-defined]
                ),
            )
        held = Counter(c.rank for c in hand)
        twos = held.pop("2", 0)
        plays = [a for a in legal if a.kind == "play"]
        two_plays = [a for a in plays if a.cards[0].rank == "2"]  # type: ignore[attr-defined]
        set_plays = [a for a in plays if a.cards[0].rank != "2"]  # type: ignore[attr-defined]
        rivals = [len(h) for j, h in enumerate(game.hands) if j != k and h]
        danger = bool(rivals) and min(rivals) <= 3
        size = len(hand)
        safe = [a for a in set_plays if not (twos and len(a.cards) == size - twos)]  # type: ignore[attr-defined]
        if not game.pile:
            if two_plays and (len(held) <= 1 or not safe):
                return two_plays[0]
            choices = safe or set_plays or two_plays

            def lead_cost(a: Any) -> tuple[int, int]:
                rank = a.cards[0].rank
                return held[rank] - len(a.cards), RANK_STRENGTH.get(rank, 12)

            return min(choices, key=lead_cost) if choices else first
        whole = [a for a in safe if len(a.cards) == held[a.cards[0].rank]]  # type: ignore[attr-defined]
        if whole:
            best = min(whole, key=lambda a: RANK_STRENGTH[a.cards[0].rank])  # type: ignore[attr-defined]
            if RANK_STRENGTH[best.cards[0].rank] < HIGH or size <= 5 or danger:  # type: ignore[attr-defined]
                return best
        if safe and (danger or size <= 4):
            return min(safe, key=lambda a: RANK_STRENGTH[a.cards[0].rank])  # type: ignore[attr-defined]
        if two_plays and (danger or len(held) <= 1 or twos >= size - twos):
            return two_plays[0]
        if legal[-1].kind == "pass":
            return legal[-1]
        return min(plays, key=lambda a: GIVE_STRENGTH[a.cards[0].rank])  # type: ignore[attr-defined]

    def round_done(self, game: Any, round0: int) -> bool:
        return game.round != round0 or game.turn is None

    def round_points(self, game: Any) -> list[float]:
        n = len(game.seats)
        points = [0.0] * n
        taken = len(game.went_out)
        for place, k in enumerate(game.went_out, start=1):
            points[k] = {1: 2.0, 2: 1.0}.get(place, 0.0)
        live = [game.still_in(k) for k in range(n)]
        if taken >= 2:
            return points
        # a seat with few cards and high ones goes out early
        strength = [
            len(h) - 0.15 * sum(RANK_STRENGTH.get(c.rank, 12) for c in h) / max(len(h), 1)
            for h in game.hands
        ]
        odds = first_out_odds([round(s) for s in strength], live)
        for k in range(n):
            if live[k]:
                points[k] += (2.0 if taken == 0 else 1.0) * odds[k]
                if taken == 0:
                    points[k] += (1.0 - odds[k]) * odds[k]  # second place, roughly
        return points


PLAYOUTS: dict[str, Playouts] = {
    "macao": MacaoPlayouts(),
    "maumau": MauMauPlayouts(),
    "lastcard": LastCardPlayouts(),
    "president": PresidentPlayouts(),
}
