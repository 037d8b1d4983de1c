"""Invariants over random Mao play with speech, calls, rules and a fake clock (hypothesis).

Random seats act: a card from the hand (any, in or out of turn), take, rejoin, back, a
phrase, a call naming a random seat, free talk, a Point of Order and its end, a new rule.
Whatever happens: the decks are all there, the game survives a JSON round trip and replays
alike, nothing outside the offered actions is accepted, no observation shows another seat's
cards, and the same timed actions give the same game however the clock is ticked.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalAction, new_game
from engine.actions import Action, DeclareRule, Draw, Play, Say
from engine.cards import ALL_CARDS
from engine.mao import Back, Mao
from engine.mao.actions import Rejoin
from tests.engine.invariants import (
    check_card_conservation,
    check_events_public,
    check_illegal_refused,
    check_no_leaks,
    check_round_trip,
)

SPEECH = [
    "have a nice day",
    "have a very nice day",
    "penalty card",
    "penalty card penalty card",
    "three of spades",
    "last card",
    "mao",
    "new rule",
    "point of order",
    "end of point of order",
    "hello there",
    "talkin",
    "hooray",
    "clubs",
    "hearts please",
]
CALLS = [
    "Talking",
    "Bad card",
    "Playing out of turn",
    "Failure to play within five seconds",
    "Failure to say 'Last card'",
    "Failure to say 'Have a nice day'",
    "Failure to name our Glorious Leader",
    "Bad adjudication",
    "Bad call",
    "Failure to say 'Hooray'",
]
RULES = [
    {"trigger": {"kind": "play", "suit": "H"}, "effect": {"kind": "say", "phrase": "hooray"}},
    {"trigger": {"kind": "take"}, "effect": {"kind": "skip"}},
    {"trigger": {"kind": "play", "rank": "5"}, "effect": {"kind": "reverse"}},
    {"trigger": {"kind": "hand", "count": 4}, "effect": {"kind": "draw", "count": 1}},
    {"trigger": {"kind": "play", "class": "face"}, "effect": {"kind": "wild"}},
    {
        "trigger": {"kind": "play", "colour": "black"},
        "effect": {"kind": "silence", "phrase": "last card"},
    },
]


def choose(game: Mao, rng: random.Random) -> tuple[str, Action]:
    seat = game.seats[int(rng.random() * len(game.seats))]
    roll = rng.random()
    if roll < 0.55:
        legal = game.legal_actions(seat)
        return seat, legal[int(rng.random() * len(legal))]
    if roll < 0.75:
        return seat, Say(text=SPEECH[int(rng.random() * len(SPEECH))])
    if roll < 0.9:
        target = game.seats[int(rng.random() * len(game.seats))]
        return seat, Say(text=CALLS[int(rng.random() * len(CALLS))], mentions=(target,))
    if game.credits[game.index[seat]]:
        rule = RULES[int(rng.random() * len(RULES))]
        return seat, DeclareRule(rule=json.dumps(rule))
    return seat, Say(text="ok")


def options_of(mode: str) -> dict[str, Any]:
    """``anyone``: the Chairman's mode with the seed's Jack (MAO-4) and a shuffled pool."""
    if mode == "anyone":
        return {"mode": "chairman", "jack_suit": "anyone", "pool": "shuffle"}
    return {"mode": mode}


def timed_playout(
    players: int, seed: int, chooser: int, mode: str, steps: int
) -> Iterator[tuple[Mao, str | None, Action | dict[str, Any] | None, list, dict]]:
    game = new_game("mao", [f"p{k}" for k in range(players)], seed=seed, options=options_of(mode))
    assert isinstance(game, Mao)
    rng = random.Random(chooser)
    now = 0.0
    for _ in range(steps):
        if game.is_over:
            return
        now += rng.choice((0.2, 0.7, 1.5, 4.0))
        if rng.random() < 0.2:
            before = game.to_dict()
            yield game, None, None, game.tick(now), before
            continue
        standing = [r for r in game.rulings if not r["overturned"]]
        if standing and rng.random() < 0.05:  # a moderator overturns a ruling
            decision = {"kind": "overturn", "ruling": standing[-1]["id"], "at": now}
            before = game.to_dict()
            try:
                events = game.moderate(decision)
            except IllegalAction:
                assert game.to_dict() == before
                continue
            yield game, None, decision, events, before
            continue
        seat, action = choose(game, rng)
        before = game.to_dict()
        try:
            events = game.apply(seat, action.stamped(now))
        except IllegalAction:
            assert game.to_dict() == before
            continue
        yield game, seat, action.stamped(now), events, before


SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
CASES = dict(
    players=st.integers(2, 7),
    seed=st.integers(0, 10**6),
    chooser=st.integers(0, 10**6),
    mode=st.sampled_from(["chairman", "players", "anyone"]),
)


@SETTINGS
@given(**CASES)
def test_cards_are_conserved_and_events_show_only_cards_that_were_shown(
    players, seed, chooser, mode
):
    for game, seat, _action, events, before in timed_playout(players, seed, chooser, mode, 150):
        check_card_conservation(game, game.deck_count())
        check_events_public(before, game, seat, events)
        json.dumps(events)


@SETTINGS
@given(**CASES)
def test_round_trip_and_no_leaks_in_every_state(players, seed, chooser, mode):
    for k, (game, *_rest) in enumerate(timed_playout(players, seed, chooser, mode, 120)):
        if k % 10 == 0:
            check_round_trip(game, replay_steps=6, seed=k)
            check_no_leaks(game)


@SETTINGS
@given(**CASES)
def test_nothing_outside_the_offered_actions_is_accepted(players, seed, chooser, mode):
    rng = random.Random(seed)
    for k, (game, *_rest) in enumerate(timed_playout(players, seed, chooser, mode, 100)):
        if k % 7:
            continue
        seat = game.seats[int(rng.random() * len(game.seats))]
        i = game.index[seat]
        held = set(game.hands[i])
        # later: the clock has work to do first, which must be undone with the refusal
        later = game.now + rng.choice((0.0, 12.0, 40.0))
        missing = next(c for c in ALL_CARDS if c not in held)
        check_illegal_refused(game, seat, Play(cards=(missing,)).stamped(game.now))
        check_illegal_refused(game, seat, Draw().stamped(later))
        check_illegal_refused(game, seat, Play(cards=tuple(ALL_CARDS[:2])).stamped(later))
        if held:
            check_illegal_refused(game, seat, Rejoin().stamped(later))
        if not game.away[i]:
            check_illegal_refused(game, seat, Back().stamped(game.now))
        offered = game.legal_actions(seat)
        for action in (Play(cards=(c,)) for c in held if c.rank == "J" and mode != "anyone"):
            assert action not in offered  # a Jack is offered only with a suit
            check_illegal_refused(game, seat, action)


@SETTINGS
@given(**CASES)
def test_the_same_timed_actions_give_the_same_game_whatever_the_ticks(players, seed, chooser, mode):
    log = []
    final = None
    for game, seat, action, _events, _before in timed_playout(players, seed, chooser, mode, 120):
        if action is not None:
            log.append((seat, action))
        final = game
    assert final is not None
    # replay the actions alone, with no ticks at all, then catch up to the same time
    replay = new_game("mao", list(final.seats), seed=seed, options=options_of(mode))
    for seat, action in log:
        replay.apply(seat, action) if seat is not None else replay.moderate(action)
    replay.tick(final.now)
    final.tick(final.now)
    strip = lambda g: {k: v for k, v in g.to_dict().items() if k != "version"}  # noqa: E731
    assert strip(replay) == strip(final)
    again = new_game("mao", list(final.seats), seed=seed, options=options_of(mode))
    for seat, action in log:
        again.apply(seat, action) if seat is not None else again.moderate(action)
    again.tick(final.now)
    assert again.to_dict() == replay.to_dict()
