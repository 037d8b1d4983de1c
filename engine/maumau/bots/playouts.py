"""The expert's playout rule for Mau-Mau (see ``engine.bots.playouts``).

``pick`` is the Mau-Mau heuristic bot (``engine.maumau.bots.heuristic``) rewritten on the
state's own fields: the same scores and the same ties, but no observation built and no card
text parsed.
Heads-up the match is valued exactly from the totals (``engine.maumau.bots.match``).
``tests/engine/test_expert_playouts.py`` checks ``pick`` against the heuristic bot.
"""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Action, Announce, Play
from engine.bots.playouts import Playouts, distinct_plays, first_out_odds, most_held_suit, searched
from engine.bots.playouts_shedding import hand_of, suit_counts
from engine.cards import pack
from engine.maumau import BLOW_UP, MAU, card_points
from engine.maumau.bots.first_out import MAUMAU_FIRST_OUT
from engine.maumau.bots.match import win_odds

SAY_MAU = Announce(word=MAU)

#: each card's Mau-Mau points (MAU-6)
POINTS = {card: card_points(card) for card in pack()}
#: a Mau-Mau card's points, on average (J 20, A 1, K and Q 10, the rest face value)
MEAN_POINTS = 95 / 13


def hand_cost(card: Any) -> float:
    """What a card still held costs when a hand ends (MAU-6): its points, and for a 2 the
    three cards it makes its holder draw."""
    points = float(card_points(card))
    return points + 3 * MEAN_POINTS if card.rank == "2" else points


@searched("maumau")
class MauMauPlayouts(Playouts):
    spread = 30.0
    per_round = 30.0
    depth = 30
    wild = "J"  # MAU-2
    # four seats, 200 playouts, the same first 50 whole matches: 15 won at 2.0, 11 at 0.5
    trust_full = 2.0
    # MAU-3 lets a player draw holding a card that plays; the heuristic never does
    taken_evidence = frozenset({"draw"})
    first_out_model = MAUMAU_FIRST_OUT

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
        """Heads-up, the match solved from the totals (``engine.maumau.bots.match``): at a
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
        odds = self.first_out_odds(game, counts, list(game.in_match))
        return [
            (1.0 - p) * sum(map(hand_cost, hand)) if live else 0.0
            for p, hand, live in zip(odds, game.hands, game.in_match, strict=True)
        ]
