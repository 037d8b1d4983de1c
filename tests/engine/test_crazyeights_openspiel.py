"""Crazy Eights against OpenSpiel's ``crazy_eights``, decision for decision (EIGHTS-1..9).

With ``draw_limit=5 specials=on reshuffle=on`` our game is OpenSpiel's with
``use_special_cards=true reshuffle=true``. Each random game is played in both engines at
once: the same deal (OpenSpiel's chance outcomes are chosen to be our dealer, our cards in
our dealing order, our starter and every card we draw, each checked to be one OpenSpiel
could deal then), and at every decision the same seat to act and the same set of legal
moves; the move our random player picks is then made in both. At the end of the round both
are over at once, with the same hands left, and the same returns.

Moves map one to one, but for two differences of form: our ``play 8x suit=S`` is
OpenSpiel's play of 8x followed by its "nominate suit S", and our ``take`` (of the cards the
twos owe) is its ``Draw`` with the twos pending. Scores: OpenSpiel charges every seat the
cards it holds, by its own count (see ``openspiel_count``), where we give the player who
went out the others' cards by ours (EIGHTS-8); both are compared, each by its own rule, on
the same hands.

OpenSpiel comes with the developer tools (``make test`` installs the ``dev`` extra), so every
run of the suite plays it; it is never skipped.
"""

from __future__ import annotations

import random
from typing import Any  # pyspiel ships no types: its states are Any

import pyspiel  # the dev extra installs OpenSpiel: this test runs in CI, never skipped
import pytest

from engine import new_game
from engine.actions import Action, Play
from engine.cards import RANKS, SUITS, Card
from engine.crazyeights import CrazyEights, card_points

GAMES = 300
# OpenSpiel stops a game in its own way (after 100 card plays): ours is not called off
OURS = {
    "draw_limit": 5,
    "specials": True,
    "reshuffle": True,
    "target": 100_000,
    "max_turns": 0,
}
#: OpenSpiel's action ids: a card is rank * 4 + suit (2..A, C D H S), then these
DRAW, PASS, NOMINATE = 52, 53, 54


def card_id(card: Card) -> int:
    return RANKS.index(card.rank) * 4 + SUITS.index(card.suit)


def openspiel_action(action: Action) -> int:
    """The first OpenSpiel move of ours: a card, ``Draw`` (for draw and take) or ``Pass``."""
    if isinstance(action, Play):
        return card_id(action.cards[0])
    return {"draw": DRAW, "take": DRAW, "pass": PASS}[action.kind]


def openspiel_count(card: Card) -> int:
    """What OpenSpiel charges for a card left in hand: an eight 50, J Q K A 10, any other
    card its action id plus two (its score line adds the id where the rank was meant, so a
    2 of clubs counts 2 but a 2 of spades 5: a difference from every rule book)."""
    if card.rank == "8":
        return 50
    if card.rank in ("J", "Q", "K", "A"):
        return 10
    return card_id(card) + 2


def deal_chance(state, action: int) -> None:
    assert state.is_chance_node()
    dealable = {a for a, _ in state.chance_outcomes()}
    assert action in dealable, f"OpenSpiel could not deal {action} here"
    state.apply_action(action)


def start_both(seed: int, players: int, options: dict) -> tuple[CrazyEights, Any]:
    """Our game from ``seed`` and OpenSpiel's dealt the same cards the same way."""
    ours = new_game("crazyeights", [f"p{k}" for k in range(players)], seed=seed, options=options)
    assert isinstance(ours, CrazyEights)
    game = pyspiel.load_game(
        "crazy_eights",
        {
            "players": players,
            "max_draw_cards": 5,
            "use_special_cards": options["specials"],
            "reshuffle": options["reshuffle"],
            "max_turns": 1_000_000,  # OpenSpiel's cap on plays; the rules have none
        },
    )
    state = game.new_initial_state()
    first = ours.round_first
    dealer = f"Player {(first - 1) % players} to be the dealer"  # OpenSpiel draws its dealer
    chosen = [a for a, _ in state.chance_outcomes() if state.action_to_string(a).endswith(dealer)]
    deal_chance(state, chosen[0])
    for r in range(ours.dealt()):
        for k in range(players):
            deal_chance(state, card_id(ours.hands[(first + k) % players][r]))
    for event in ours.events:
        if event["type"] in ("starter_returned", "starter"):
            deal_chance(state, card_id(Card.parse(event["card"])))
    return ours, state


def play_both(seed: int, players: int, options: dict = OURS) -> tuple[int, str | None]:
    """One random round in both engines; returns the decisions compared and its winner."""
    ours, state = start_both(seed, players, options)
    rng = random.Random(seed)
    decisions = 0
    while True:
        assert not state.is_chance_node()
        seat = ours.current_player()
        assert seat is not None
        i = ours.index[seat]
        assert state.current_player() == i
        legal = ours.legal_actions(seat)
        assert sorted({openspiel_action(a) for a in legal}) == sorted(state.legal_actions()), (
            f"seed {seed}, decision {decisions}"
        )
        decisions += 1
        action = legal[int(rng.random() * len(legal))]
        before = len(ours.hands[i])
        round_ = ours.round
        hands = [list(h) for h in ours.hands]
        ours.apply(seat, action)
        state.apply_action(openspiel_action(action))
        ended = ours.round != round_ or ours.is_over
        if isinstance(action, Play):
            hands[i].remove(action.cards[0])
            if action.cards[0].rank == "8" and not state.is_terminal():
                state.apply_action(NOMINATE + SUITS.index(action.suit or ""))
        elif not ended:
            for card in ours.hands[i][before:]:  # every card drawn or taken, in order
                deal_chance(state, card_id(card))
            if action.kind == "take" and state.is_chance_node():
                pytest.fail("OpenSpiel owes more cards than we dealt")
        if ended:
            assert state.is_terminal(), f"seed {seed}: our round ended, OpenSpiel's did not"
            return decisions, check_scores(ours, state, hands)
        assert not state.is_terminal(), f"seed {seed}: OpenSpiel's game ended, ours did not"


def check_scores(ours: CrazyEights, state, hands: list[list[Card]]) -> str | None:
    """The same returns: OpenSpiel's count of each final hand, and ours of the round (its
    winner, None for a blocked round)."""
    returns = state.returns()
    for k, hand in enumerate(hands):
        assert returns[k] == -sum(map(openspiel_count, hand))
    end = next(e for e in reversed(ours.events) if e["type"] == "round_end" and e["round"] == 1)
    winner = end["winner"]
    if winner is not None:  # EIGHTS-8: the others' cards, by our count
        w = ours.index[winner]
        assert hands[w] == [] and returns[w] == 0
        expected = sum(card_points(c) for k, h in enumerate(hands) if k != w for c in h)
        assert end["points"][winner] == expected
    return winner


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 8])
def test_eights_same_moves_and_returns_as_openspiel(players):
    """At every decision of 300 random games (50 for each table size) the same legal moves
    as OpenSpiel's crazy_eights, then the same returns."""
    decisions = sum(play_both(seed, players)[0] for seed in range(GAMES // 6))
    assert decisions > GAMES // 6


def test_eights_same_moves_without_specials_or_reshuffle():
    """OpenSpiel's default rules too: with no reshuffle the stock runs dry, players pass, and
    rounds end blocked (EIGHTS-5, EIGHTS-7)."""
    plain = {**OURS, "specials": False, "reshuffle": False}
    winners = [play_both(seed, 2 + seed % 4, plain)[1] for seed in range(60)]
    assert None in winners  # some rounds were blocked
