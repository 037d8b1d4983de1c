"""Mao's playouts: the card play of a round on a sampled position, every seat moving as the
Mao heuristic does, by the rules the searching seat knows.

A playout runs on a ``engine.mao.sampler.MaoDeal`` the bot sampled itself, so reading its
hands is no cheating: they hold the bot's guesses. It plays cards only: the heuristic bots
say every phrase a play owes (``engine.mao.bots.heuristic``), so a sensible play costs no penalty,
and speech is not played out. The rules applied are the base rules (MAO-2..6: a 7 chain, an
8 reverses, a Queen skips, a Jack names a suit) and the secret rules the seat knows
(``Knowledge``: its own, and those it read from what the Chairman did at the table,
``engine.mao.bots.rules_seen``): a known rule's skip, reverse or cards given happen to
whoever plays its card; a wild card is played on anything only by a seat known to know it.

- ``pick``: the heuristic's card (``MaoBot.prefer``, on the position's cards): the suit held
  most, a Jack kept, a 7 or a Queen when a rival is near out, one phrase fewer; a Jack names
  the suit held most; no card that plays, a take.
- ``rollout``: plays on until a seat goes out, or ``depth`` moves.
- ``value``: what the round is worth to the seat: going out first counts most, and the
  cards it carries beside the rivals' (a tenth: it orders the rounds not won). At the depth
  limit going out first is the softmax of the card counts (``first_out_odds``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.bots.playouts import first_out_odds, most_held_suit
from engine.cards import Card
from engine.mao import rules as secret
from engine.mao.sampler import MaoDeal

#: moves a playout plays before it is evaluated
DEPTH = 60
#: the weight of the cards carried beside the rivals', beside going out first
CARDS_WEIGHT = 0.1
#: a rule's effects on a card: (skips, reverses, cards given to the next seat)
Effects = tuple[int, int, int]
NO_EFFECT: Effects = (0, 0, 0)


class Knowledge:
    """The secret rules a seat knows, ready for playouts: the effects the Chairman carries out
    on a card's play, and the cards each seat is known to play on anything."""

    __slots__ = ("effects", "wild")

    def __init__(self, seats: int) -> None:
        self.effects: dict[Card, Effects] = {}
        self.wild: list[frozenset[Card]] = [frozenset()] * seats

    def add_rules(self, rules: Iterable[Mapping[str, Any]], owner: int | None) -> None:
        """Rules whose text the seat knows (its own, ``owner`` its index; or a house rule)."""
        fired, wild = secret.compiled([dict(r) for r in rules])
        for cards, _took, _count, kind, said in fired:
            for card in cards:
                if kind == "skip":
                    self.add_effect(card, (1, 0, 0))
                elif kind == "reverse":
                    self.add_effect(card, (0, 1, 0))
                elif kind == "draw":
                    self.add_effect(card, (0, 0, int(said[0])))
        if wild and owner is not None:
            self.wild[owner] = self.wild[owner] | wild

    def add_effect(self, card: Card, effect: Effects) -> None:
        skips, flips, draws = self.effects.get(card, NO_EFFECT)
        self.effects[card] = (skips + effect[0], flips + effect[1], draws + effect[2])

    def add_wild(self, seat: int, cards: Iterable[Card]) -> None:
        self.wild[seat] = self.wild[seat] | frozenset(cards)


def playable(deal: MaoDeal, card: Card, wild: frozenset[Card]) -> bool:
    """MAO-2, MAO-3: a 7 on a pending chain; else the suit in force, the top's rank, or a wild
    card the seat knows."""
    if deal.chain:
        return card.rank == "7"
    return card.suit == deal.suit or card.rank == deal.top.rank or card in wild


def pick(deal: MaoDeal, i: int, wild: frozenset[Card]) -> Card | None:
    """Seat ``i``'s card as the heuristic picks it (``MaoBot.prefer``); None: it takes."""
    hand = deal.hands[i]
    plays = [c for c in hand if playable(deal, c, wild)]
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    suits: dict[str, int] = {}
    for c in hand:
        suits[c.suit] = suits.get(c.suit, 0) + 1
    others = [len(h) for j, h in enumerate(deal.hands) if j != i and h]
    danger = bool(others) and min(others) <= 2
    best: Card | None = None
    best_score = -1e9
    for card in plays:
        score = card_score(card, suits, danger)
        if score > best_score:
            best, best_score = card, score
    return best


def card_score(card: Card, suits: Mapping[str, int], danger: bool) -> float:
    """How much the heuristic likes to play ``card`` (``MaoBot.prefer``) with ``suits`` held
    (cards by suit) and a rival near out or not (``danger``)."""
    score = suits[card.suit] * 0.5
    rank = card.rank
    if rank == "J":
        score -= 3
    elif rank == "7" or rank == "Q":
        score += 4 if danger else 1
    if card.suit == "S":
        score -= 0.5
    return score


def play(deal: MaoDeal, i: int, card: Card, named: str | None, know: Knowledge) -> None:
    """Seat ``i`` plays ``card`` (a Jack naming ``named``, or the suit it holds most)."""
    hand = deal.hands[i]
    if card.rank == "J" and named is None:
        named = most_held_suit(hand, card)
    hand.remove(card)
    deal.under.append(deal.top)
    deal.top = card
    deal.suit = named or card.suit
    if not hand:
        deal.out = i
        return
    skips, flips, draws = know.effects.get(card, NO_EFFECT)
    if card.rank == "8":
        flips += 1
    elif card.rank == "Q":
        skips += 1
    chain = deal.chain + 1 if card.rank == "7" else 0
    finish(deal, i, skips, flips, draws, chain)


def take(deal: MaoDeal, i: int) -> None:
    """Seat ``i`` takes one card, or the pending 7 chain's (MAO-2, MAO-3)."""
    deal.draw(i, deal.chain or 1)
    finish(deal, i, 0, 0, 0, 0)


def finish(deal: MaoDeal, i: int, skips: int, flips: int, draws: int, chain: int) -> None:
    """Direction, cards given, skips and the next turn (``Moves.finish_action``)."""
    if flips % 2:
        deal.direction = -deal.direction
    after = deal.next_holder(i)
    if draws and after is not None:
        deal.draw(after, draws)
    for _ in range(skips):
        if after is None:
            break
        after = deal.next_holder(after)
    deal.chain = chain if after is not None else 0
    deal.turn = i if after is None else after


def rollout(deal: MaoDeal, know: Knowledge, depth: int = DEPTH) -> None:
    """Play on until a seat goes out or ``depth`` moves are played."""
    wild = know.wild
    for _ in range(depth):
        if deal.out is not None:
            return
        i = deal.turn
        card = pick(deal, i, wild[i])
        if card is None:
            take(deal, i)
        else:
            play(deal, i, card, None, know)


def value(deal: MaoDeal, me: int) -> float:
    """The round's worth to ``me``: going out first, and the cards it carries beside the
    rivals' (each rival holding more counts one, as many a half)."""
    counts = [len(h) for h in deal.hands]
    mine = counts[me]
    rivals = [c for k, c in enumerate(counts) if k != me]
    share = (
        sum(1.0 if c > mine else 0.5 if c == mine else 0.0 for c in rivals) / len(rivals)
        if rivals
        else 1.0
    )
    if deal.out is not None:
        first = 1.0 if deal.out == me else 0.0
    else:
        first = first_out_odds(counts, [c > 0 for c in counts])[me]
    return (1.0 - CARDS_WEIGHT) * first + CARDS_WEIGHT * share


def playout(deal: MaoDeal, me: int, card: Card | None, named: str | None, know: Knowledge) -> float:
    """Apply ``me``'s move (a card, or None to take) to ``deal``, play on, evaluate."""
    if card is None:
        take(deal, me)
    else:
        play(deal, me, card, named, know)
    rollout(deal, know)
    return value(deal, me)
