"""The expert's playout rule for Last Card (see ``engine.bots.playouts``).

``pick`` is the Last Card heuristic bot (``engine.lastcard.bots.heuristic``) rewritten on
the state's own fields: the same scores and the same ties, but no observation built and no
card text parsed. ``tests/engine/test_expert_playouts.py`` checks it against the heuristic bot.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.actions import Action, Announce, Play
from engine.bots.playouts import Playouts, distinct_plays, first_out_odds, searched, win_chance
from engine.bots.playouts_shedding import hand_of, suit_counts
from engine.lastcard import LAST_CARD_WORD
from engine.lastcard.actions import Vote

SAY_LAST_CARD = Announce(word=LAST_CARD_WORD)


@searched("lastcard")
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
