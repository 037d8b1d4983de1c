"""The expert's playout rules for Macao, Mau-Mau and Last Card (see ``engine.bots.playouts``).

Each ``pick`` is its game's heuristic bot (``engine.bots.macao``, ``.maumau``,
``.lastcard``) rewritten on the state's own fields: the same scores and the same ties, but
no observation built and no card text parsed, so a playout move costs a few microseconds.
The rivals in a playout are thus modelled on the heuristic, and so are the bot's own later
moves. ``tests/engine/test_expert_playouts.py`` checks each against its heuristic bot.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import Any

from engine.actions import Action, Announce, Play, Vote
from engine.bots.maumau_match import win_odds
from engine.bots.playouts import (
    Playouts,
    blend,
    distinct_plays,
    first_out_odds,
    most_held_suit,
    normal_cdf,
    win_chance,
)
from engine.cards import Card, pack
from engine.lastcard import LAST_CARD_WORD
from engine.macao import KING_OF_SPADES, STACK_OF, card_value
from engine.maumau import BLOW_UP, MAU, card_points

SAY_MAU = Announce(word=MAU)
SAY_LAST_CARD = Announce(word=LAST_CARD_WORD)


def hand_of(observation: Any) -> list[Card]:
    return [Card.parse(c) for c in observation["hand"]]


def suit_counts(cards: Iterable[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    return counts


#: a Macao card's value, on average (the pack is worth 900, MACAO-15)
MEAN_VALUE = 900 / 52


class MacaoPlayouts(Playouts):
    spread = 55.0
    per_round = 70.0
    depth = 12
    # four seats, 200 playouts, the same 200 whole matches: 34.0% won at 1.5, 31.2% at 0.5
    trust_full = 1.5

    def rollout(self, game: Any, rng: random.Random, round0: int) -> None:
        # only the seat on turn ever acts at Macao: the loop needs no owed words
        # and the playout needs no event log: ``perform_offered`` is the trusted path
        # without it, for an action ``legal_actions`` offered
        seats = game.seats
        pick = self.pick_for
        perform = game.perform_offered
        offers = game.legal_actions
        for _ in range(self.depth):
            i = game.turn
            if i is None or game.over or game.round != round0:
                return
            perform(i, pick(game, i, offers(seats[i])))

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        return self.pick_for(game, game.index[seat], legal)

    @staticmethod
    def pick_for(game: Any, k: int, legal: list[Action]) -> Action:
        """``MacaoHeuristic.choose`` on the state of seat ``k``."""
        last = legal[-1]  # DRAW, TAKE or PASS
        if len(legal) == 1:
            return last
        hand = game.hands[k]
        n = len(game.seats)
        counts = list(map(len, game.hands))
        fewest = min(counts[:k] + counts[k + 1 :])
        danger = fewest <= 2
        suits = suit_counts(hand)
        pending = game.pending
        way = game.direction
        named: dict[Any, str] = {}
        best: Play | None = None
        top = -1e9
        for action in legal:
            if not isinstance(action, Play):
                continue
            card = action.cards[0]
            value = 0.0
            suit = action.suit
            if suit is not None:
                wanted = named.get(card)
                if wanted is None:
                    wanted = named[card] = most_held_suit(hand, card)
                if suit != wanted:
                    value = -100.0
                    if value > top:
                        best, top = action, value
                    continue
                value -= 6
            if STACK_OF[card] is not None:
                target = counts[(k + (-way if card == KING_OF_SPADES else way)) % n]
                value += 8 - target
                if target == fewest:
                    value += 4
            rank = card.rank
            if rank == "7":
                value -= 8 if pending is None else 3
            elif rank == "4":
                value += 2
            if danger:
                value += card_value(card) / 10
            value += suits[card.suit] * 0.5
            if value > top:
                best, top = action, value
        if best is None:
            return legal[0]
        if game.drawn is not None or pending is not None:
            return best
        if top < -7 and len(hand) < 4 and not danger and last.kind == "draw":
            return last
        return best

    def value(self, game: Any, me: str, round0: int) -> float:
        """As ``Playouts.value``, but when the round still running may end the match (its
        last round by the option ``rounds``, or a total that its hand would carry to the
        target) it weighs who goes out first: each way the round can end, every other seat
        adding its hand (MACAO-15), either ends the match, valued exactly (MACAO-16), or is
        projected over the rounds to come. There the chance of going out first and the
        exact points left decide, not the expected points of the round."""
        if game.over or self.round_done(game, round0):
            return super().value(game, me, round0)
        limit = self.round_limit(game)
        last = bool(limit) and round0 >= limit
        target = self.target(game)
        scores = game.scores
        values = [float(sum(map(card_value, h))) for h in game.hands]
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None and pending["kind"] == "draw":
            counts[pending["target"]] += pending["count"]
            values[pending["target"]] += MEAN_VALUE * pending["count"]
        top = max(t + v for t, v in zip(scores, values, strict=True))
        if not last and top < target:
            return super().value(game, me, round0)  # no way this round ends the match
        n = len(scores)
        k_me = game.index[me]
        result = 0.0
        for j, odds in enumerate(first_out_odds(counts, [True] * n)):
            finals = [
                t + (0.0 if k == j else v)
                for k, (t, v) in enumerate(zip(scores, values, strict=True))
            ]
            mine = finals[k_me]
            rivals = finals[:k_me] + finals[k_me + 1 :]
            if last or max(finals) >= target:
                # the match ends with this round: the lowest total wins (MACAO-16)
                shares = [1.0 if f > mine else 0.5 if f == mine else 0.0 for f in rivals]
                low = min(rivals)
                won = 0.0 if low < mine else 1.0 / (1 + rivals.count(mine))
            else:
                left = max(self.rounds_left(game, finals, round0), 0.25)
                sigma = self.spread * math.sqrt(left)
                margins = [f - mine for f in rivals]
                shares = [normal_cdf(m / sigma) for m in margins]
                won = win_chance(margins, sigma)
            result += odds * (won if n == 2 else blend(won, sum(shares) / (n - 1)))
        return result

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


#: each card's Mau-Mau points (MAU-6)
POINTS = {card: card_points(card) for card in pack()}
#: a Mau-Mau card's points, on average (J 20, A 1, K and Q 10, the rest face value)
MEAN_POINTS = 95 / 13


def hand_cost(card: Any) -> float:
    """What a card still held costs when a hand ends (MAU-6): its points, and for a 2 the
    three cards it makes its holder draw."""
    points = float(card_points(card))
    return points + 3 * MEAN_POINTS if card.rank == "2" else points


class MauMauPlayouts(Playouts):
    spread = 30.0
    per_round = 30.0
    depth = 30
    wild = "J"  # MAU-2
    # four seats, 200 playouts, the same first 50 whole matches: 15 won at 2.0, 11 at 0.5
    trust_full = 2.0
    # MAU-3 lets a player draw holding a card that plays; the heuristic never does
    taken_evidence = frozenset({"draw"})

    def worth_weighing(self, legal: list[Action], observation: Any) -> list[Action]:
        """Not a draw while a card plays: at Mau-Mau drawing keeps the turn (MAU-3), so a
        playout after it plays anyway, a card heavier; weighed against playing now, each
        draw looks about as good, and drawing again and again would swell the hand. A Jack
        names only suits still held (``distinct_plays``)."""
        if any(a.kind == "play" for a in legal):
            legal = [a for a in legal if a.kind != "draw"]
        return distinct_plays(legal, hand_of(observation))

    def owed_word(self, game: Any) -> tuple[str, Action] | None:
        due = game.mau_due
        return None if due is None else (game.seats[due], SAY_MAU)

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """``MauMauHeuristic.choose`` on the state's cards (the rebuy choice ends a playout:
        see ``round_done``)."""
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next((a for a in legal if a.kind == "take"), None) or next(
                (a for a in legal if a.kind == "draw"), legal[0]
            )
        k = game.index[seat]
        hand = game.hands[k]
        if len(hand) == 1:
            return plays[0]  # going out
        counts = [len(h) for h in game.hands]
        live = game.in_match
        others = [c for j, c in enumerate(counts) if j != k and live[j]]
        shed = 4 if min(others) <= 2 else 12  # shed points faster when someone is close
        nxt = counts[game.next_seat(k, 1)]
        prev = counts[game.next_seat(k, -1)]
        suits = suit_counts(hand)
        named: dict[Any, str] = {}  # a Jack's plays differ only by the suit named
        best = plays[0]  # as the first play's value sets it
        top = -1e9
        for action in plays:
            card = action.cards[0]
            rank = card.rank
            value = 0.0
            if rank == "J":
                wanted = named.get(card)
                if wanted is None:
                    wanted = named[card] = most_held_suit(hand, card)
                if action.suit != wanted:
                    if top < -100.0:
                        best, top = action, -100.0
                    continue
                value -= 10
            elif rank == "2":
                value += 6 + (3 if nxt <= 3 else 0)
            elif rank == "A":
                value += 3 + (2 if nxt <= 3 else 0)
            elif rank == "10":
                value += 2 if prev > nxt else -1
            value += suits[card.suit] * 0.7
            value += POINTS[card] / shed
            if value > top:
                best, top = action, value
        return best

    def round_done(self, game: Any, round0: int) -> bool:
        return game.round != round0 or game.turn is None or bool(game.choosing)

    def live(self, game: Any) -> list[bool]:
        return list(game.in_match)

    def target(self, game: Any) -> float:
        return float(BLOW_UP)

    def value(self, game: Any, me: str, round0: int) -> float:
        """Heads-up, the match solved from the totals (``engine.bots.maumau_match``): at a
        hand's end exactly, mid-hand over who goes out first and what the other then holds.
        With more seats in, or a ``rounds`` limit, the projected totals of the base rule."""
        live = game.in_match
        if game.over or len(live) - live.count(False) != 2 or game.options.get("rounds"):
            return super().value(game, me, round0)
        k = game.index[me]
        j = next(i for i, still in enumerate(live) if still and i != k)
        mine, theirs = game.scores[k], game.scores[j]
        if self.round_done(game, round0):
            return win_odds(mine, theirs)
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None:
            counts[pending["target"]] += pending["count"]
        first = first_out_odds([counts[k], counts[j]], [True, True])[0]
        cost_me = sum(map(hand_cost, game.hands[k]))
        cost_them = sum(map(hand_cost, game.hands[j]))
        if pending is not None:
            cost_me += pending["count"] * MEAN_POINTS * (pending["target"] == k)
            cost_them += pending["count"] * MEAN_POINTS * (pending["target"] == j)
        return first * win_odds(mine, theirs + cost_them) + (1.0 - first) * win_odds(
            mine + cost_me, theirs
        )

    def round_points(self, game: Any) -> list[float]:
        counts = [len(h) for h in game.hands]
        pending = game.pending
        if pending is not None:
            counts[pending["target"]] += pending["count"]
        odds = first_out_odds(counts, list(game.in_match))
        return [
            (1.0 - p) * sum(map(hand_cost, hand)) if live else 0.0
            for p, hand, live in zip(odds, game.hands, game.in_match, strict=True)
        ]


class LastCardPlayouts(Playouts):
    lower_wins = False
    spread = 0.5
    per_round = 1.0
    # four seats, 200 playouts, the same first 75 matches: 21 won at 2.0, 22-24 at 0.5
    # 20 moves, then the evaluation: a heads-up game from the deal lasts about 30 moves, so
    # 40 played most out, win or loss, the noisiest value there is (on the same 75 heads-up
    # matches at 400 playouts the expert won 64% at depth 20, 59% at 12)
    depth = 20
    # LAST-7 lets a player keep a drawn card that plays; the heuristic never does
    taken_evidence = frozenset({"pass"})

    def worth_weighing(self, legal: list[Action], observation: Any) -> list[Action]:
        """One order per multiple and suit left in force, suits named or ended on that the
        hand still holds (``distinct_plays``); heads-up, the dealer's direction is no choice
        (COMMON-3)."""
        if len(observation["seats"]) == 2 and all(a.kind == "direction" for a in legal):
            return legal[:1]
        return distinct_plays(legal, hand_of(observation))

    def owed_word(self, game: Any) -> tuple[str, Action] | None:
        due = game.last_card_due
        return None if due is None else (game.seats[due], SAY_LAST_CARD)

    def pick(self, game: Any, seat: str, legal: list[Action], rng: random.Random) -> Action:
        """``LastCardHeuristic.choose`` on the state's cards."""
        k = game.index[seat]
        phase = game.phase
        if phase == "direction":
            return legal[0]
        counts = [len(h) for h in game.hands]
        if phase == "vote":
            others = [counts[j] for j in game.voters if j != k] or [0]
            want = "continue" if counts[k] <= sum(others) / len(others) else "stop"
            return next(a for a in legal if isinstance(a, Vote) and a.choice == want)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next(a for a in legal if a.kind != "play" and a.kind != "announce")
        hand = game.hands[k]
        next_count = counts[game.next_seat(k, 1)]
        before = counts[game.next_seat(k, -1)]
        pending = game.pending is not None
        threat = max(0, 6 - next_count)
        # what is left after a play, from the hand's counts less the play's (a play is of
        # one rank, LAST-4), instead of building each play's leftover hand
        size = len(hand)
        suits = suit_counts(hand)
        ranks: dict[str, int] = {}
        for c in hand:
            ranks[c.rank] = ranks.get(c.rank, 0) + 1
        kinds = len(ranks)
        most_left: dict[Any, int] = {}  # an Ace's plays differ only by the suit named
        best = plays[0]  # as the first play's value sets it
        top = -1e9
        for action in plays:
            cards = action.cards
            played = len(cards)
            if played == size:
                return action
            rank = cards[0].rank
            value = 10.0 * played
            if kinds - (ranks[rank] == played) == 1:
                value += 60  # one play from empty
            gone = {cards[0].suit: 1} if played == 1 else suit_counts(cards)
            suit = action.suit
            force = suit or cards[-1].suit
            value += 3 * (suits.get(force, 0) - gone.get(force, 0))
            if suit is not None:
                most = most_left.get(cards)
                if most is None:
                    most = most_left[cards] = max(n - gone.get(s, 0) for s, n in suits.items())
                if suits.get(suit, 0) - gone.get(suit, 0) < most:
                    value = -100.0
                    if value > top:
                        best, top = action, value
                    continue
                if not pending:
                    value -= 25
            if rank == "5" or rank == "2":
                value += 2 + 3 * threat
            elif rank == "10":
                value += 1 + 3 * threat
            elif rank == "7" and played % 2:
                value += 3 * (before - next_count)
            if value > top:
                best, top = action, value
        return best

    def target(self, game: Any) -> float:
        return 1e9  # a match is a number of games

    def value(self, game: Any, me: str, round0: int) -> float:
        """With three seats or more, while the game that was running goes on: over who goes
        out first (LAST-9; certain once a seat is out), each way it ends either ends the
        match, where the most games won wins, or leaves the games still to come, projected
        as the base rule does. Heads-up the base rule (the heads-up figures' value)."""
        n = len(game.seats)
        if n == 2 or game.over or self.round_done(game, round0):
            return super().value(game, me, round0)
        k_me = game.index[me]
        if game.finished:
            odds = [1.0 if k == game.finished[0] else 0.0 for k in range(n)]
        else:
            odds = self.round_points(game)
        left = float(self.round_limit(game) - round0)
        sigma = self.spread * math.sqrt(max(left, 0.25))
        result = 0.0
        for j, p in enumerate(odds):
            if not p:
                continue
            finals = [float(t) + (k == j) for k, t in enumerate(game.scores)]
            mine = finals[k_me]
            rivals = finals[:k_me] + finals[k_me + 1 :]
            if left <= 0:  # the match's last game: the most games won wins
                won = 0.0 if max(rivals) > mine else 1.0 / (1 + rivals.count(mine))
            else:
                won = win_chance([mine - f for f in rivals], sigma)
            result += p * won
        return result

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
