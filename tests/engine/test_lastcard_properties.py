"""Properties of Last Card over random games: seed, 2-20 players and the chooser's seed vary.

Every reachable state keeps the right number of packs (LAST-1) and each hand's code
(``engine.lastcard.codes``) in step with the hand, round-trips through JSON,
refuses every action not offered (changing nothing) -- except a reordering of the middle of
a multiple, which plays exactly like the order offered -- offers each action once, shows no
seat another's cards or the stock order, and names only shown cards in its events; the same
seed and actions always give the same game.

Besides ``random_playout`` (uniform over seats with an action, so "last card" out of turn is
sometimes said and sometimes forgotten) these tests use ``mixed_playout``: the heuristic
bot's choice, or one time in three a random one, which reaches votes, playing on and later
games of a match within a test's budget.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.actions import Announce, Draw, Pass, Play, Take
from engine.bots import make_bot
from engine.cards import ALL_CARDS, SUITS, Card
from engine.determinize import clone
from engine.lastcard import decks_for
from engine.lastcard.actions import Direction, Vote
from engine.lastcard.codes import hand_code
from engine.memory import Memory
from tests.engine import invariants
from tests.engine.invariants import (
    Step,
    acting_seats,
    check_card_conservation,
    check_events_public,
    check_illegal_refused,
    check_log_replays_alike,
    check_no_leaks,
    check_round_trips_along,
    random_playout,
)
from tests.engine.playthrough import (
    check_golden,
    golden_path,
    record_playthrough,
    replay_golden,
)
from tests.engine.positions import position

PROPERTY = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**31)
players = st.sampled_from([2, 3, 4, 5, 6, 9, 13, 20])
game_counts = st.integers(min_value=1, max_value=3)


def mixed_playout(
    seed: int, n: int, chooser: int, options: dict | None = None, max_steps: int = 1500
) -> Iterator[Step]:
    """``invariants.mixed_playout`` for Last Card."""
    return invariants.mixed_playout("lastcard", seed, n, chooser, options, max_steps)


def shown_events(events):
    """Events less the special starters sent back: those were turned face up for all to see."""
    return [e for e in events if e["type"] != "starter_returned"]


def same_rank_groups(hand: list[Card]) -> list[list[Card]]:
    groups: dict[str, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    return [g for g in groups.values() if len(g) >= 2]


def candidate_actions(game, seat, rng):
    """Actions worth trying: the seat's own cards every way, a few it lacks, and the rest."""
    hand = [Card.parse(c) for c in game.observation(seat)["hand"]]
    lacking = [c for c in ALL_CARDS if c not in hand]
    out = [
        Draw(),
        Take(),
        Pass(),
        Announce(word="last card"),
        Announce(word="uno"),
        Vote(choice="continue"),
        Vote(choice="stop"),
        Vote(choice="maybe"),
        Direction(way="cw"),
        Direction(way="ccw"),
        Direction(way="up"),
    ]
    for card in [*hand[:8], *rng.sample(lacking, 3)]:
        out.append(Play(cards=(card,)))
        out.extend(Play(cards=(card,), suit=s) for s in SUITS)
    for group in same_rank_groups(hand):
        for _ in range(3):
            picked = rng.sample(group, rng.randint(2, len(group)))
            suit = rng.choice(SUITS) if picked[0].rank == "A" else None
            out.append(Play(cards=tuple(picked), suit=suit))
    if len(hand) >= 2:
        out.append(Play(cards=(hand[0], hand[1])))
    if hand:
        out.append(Play(cards=(hand[0], hand[0])))
    return out


def canonical(action: Play, hand: list[Card]) -> Play:
    """The order ``legal_actions`` lists: same first and last card, the middle in suit order
    (C, D, H, S), whatever the order in ``hand``."""
    middle = sorted(action.cards[1:-1], key=lambda c: SUITS.index(c.suit))
    return Play(cards=(action.cards[0], *middle, action.cards[-1]), suit=action.suit)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds, games=game_counts)
def test_every_state_keeps_its_packs_hides_hands_and_names_only_shown_cards(
    seed, n, chooser, games
):
    steps = 0
    walks = [
        random_playout("lastcard", n, seed, chooser, max_steps=150),
        mixed_playout(
            seed, n, chooser, {"games": games, "mix_twos_on_fives": bool(games % 2)}, 500
        ),
    ]
    for walk in walks:
        for step in walk:
            steps += 1
            check_card_conservation(step.game, decks=decks_for(n))
            assert step.game.codes == list(map(hand_code, step.game.hands))  # kept with them
            if steps % 5 == 0:
                check_no_leaks(step.game)
            check_events_public(step.before, step.game, step.seat, shown_events(step.events))
    assert steps > 0


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_every_action_not_offered_is_refused_but_a_reordered_middle_plays_alike(seed, n, chooser):
    rng = random.Random(chooser)
    for k, step in enumerate(mixed_playout(seed, n, chooser, {"games": 2}, 600)):
        if k % 31:
            continue
        game = step.game
        idle = [s for s in game.seats if not game.legal_actions(s)]
        busy = [s for s in game.seats if s not in idle]
        for seat in busy + rng.sample(idle, min(3, len(idle))):
            legal = game.legal_actions(seat)
            assert len(set(legal)) == len(legal), "an action is offered twice"
            candidates = candidate_actions(game, seat, rng)
            if not legal:  # a seat with nothing to do: a sample is enough
                candidates = rng.sample(candidates, 5)
            hand = [Card.parse(c) for c in game.observation(seat)["hand"]]
            for action in candidates:
                if action in legal:
                    continue
                if isinstance(action, Play) and canonical(action, hand) in legal:
                    a, b = game.copy(), game.copy()
                    a.apply(seat, canonical(action, hand))
                    b.apply(seat, action)
                    assert a.observation(seat)["hand"] == b.observation(seat)["hand"]
                    assert a.observation(None)["top"] == b.observation(None)["top"]
                    continue
                check_illegal_refused(game, seat, action)


@settings(max_examples=40, deadline=None)
@given(
    rank=st.sampled_from(["4", "9", "K", "A"]),
    copies=st.tuples(*[st.integers(0, 2)] * 4).filter(lambda c: sum(c) >= 4),
    top_suit=st.sampled_from(SUITS),
    order=st.randoms(use_true_random=False),
)
def test_any_order_of_a_multiple_plays_like_its_listed_order_when_its_first_card_is_legal(
    rank, copies, top_suit, order
):
    """Big multiples, which random games hardly reach: five seats, so two packs of each card."""
    held = [Card(rank, s) for s, n in zip(SUITS, copies, strict=True) for _ in range(n)]
    order.shuffle(held)
    top = Card("Q" if rank != "Q" else "J", top_suit)
    g = position(
        "lastcard",
        [f"p{k}" for k in range(5)],
        hands={"p0": " ".join(map(str, held))},
        top=str(top),
        turn="p0",
    )
    data = g.to_dict()
    data["extra"]["phase"] = "play"
    g = type(g).from_dict(data)
    legal = g.legal_actions("p0")
    picked = list(held)
    order.shuffle(picked)
    picked = picked[: order.randint(2, len(picked))]
    action = Play(cards=tuple(picked), suit="H" if rank == "A" else None)
    if action in legal:
        return
    listed = canonical(action, held)
    if listed not in legal:
        assert picked[0].rank != "A" and picked[0].suit != top_suit
        check_illegal_refused(g, "p0", action)
        return
    a, b = g.copy(), g.copy()
    events_a, events_b = a.apply("p0", listed), b.apply("p0", action)
    assert events_a[1:] == events_b[1:]
    assert a.observation("p0") | {"events": None} == b.observation("p0") | {"events": None}


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_states_round_trip_and_replay_alike(seed, n, chooser):
    check_round_trips_along(mixed_playout(seed, n, chooser, {"games": 2}, 600), every=41)


@PROPERTY
@given(seed=seeds, n=players, chooser=seeds)
def test_the_same_seed_and_actions_give_the_same_game(seed, n, chooser):
    options = {"games": 2, "mix_twos_on_fives": True}
    steps = mixed_playout(seed, n, chooser, options, 800)
    check_log_replays_alike("lastcard", n, seed, options, steps)


@PROPERTY
@given(seed=seeds, n=st.integers(min_value=2, max_value=8), chooser=seeds, games=game_counts)
def test_matches_end_with_places_for_all_and_a_record_of_every_game(seed, n, chooser, games):
    final = None
    for step in mixed_playout(seed, n, chooser, {"games": games}, 8000):
        final = step.game
    assert final is not None and final.is_over
    out = final.outcome()
    assert sorted(out["places"]) == sorted(final.seats)
    assert min(out["places"].values()) == 1
    assert len(out["games"]) == games
    for record in out["games"]:
        assert sorted(record["places"]) == sorted(final.seats)
        if record["winner"] is not None:
            assert record["places"][record["winner"]] == 1
    assert sum(out["scores"].values()) == sum(r["winner"] is not None for r in out["games"])


@PROPERTY
@given(seed=seeds, n=players)
def test_bots_always_choose_an_offered_action(seed, n):
    seats = [f"p{k}" for k in range(n)]
    game = new_game("lastcard", seats, seed=seed, options={"games": 2})
    bots = {
        s: make_bot("heuristic" if k % 2 else "random", "lastcard", seed + k)
        for k, s in enumerate(seats)
    }
    for _ in range(300):
        if game.is_over:
            break
        movers = acting_seats(game)
        for seat, legal in movers:
            assert bots[seat].choose(game.observation(seat), legal) in legal
            reaction = bots[seat].react(game.observation(seat), legal)
            assert reaction is None or reaction in legal
        seat, legal = movers[0]
        game.apply(seat, bots[seat].choose(game.observation(seat), legal))


# --- the golden playthrough ------------------------------------------------------------------
GOLDEN_SEED = 2
GOLDEN_PLAYERS = 4
GOLDEN_OPTIONS = {"games": 2}


def test_lastcard_golden_playthrough():
    """A two-game four-player match of heuristic bots (directions, "last card", a vote, the
    winner dealing again), diffed against ``tests/playthroughs/lastcard_4p_seed2.txt``."""
    text = record_playthrough("lastcard", GOLDEN_PLAYERS, GOLDEN_SEED, options=GOLDEN_OPTIONS)
    assert text.rstrip().splitlines()[-1].startswith("outcome ")
    for kind in ("direction", "announce", "vote_open", "vote_result"):
        assert f'"type":"{kind}"' in text
    check_golden(golden_path("lastcard", GOLDEN_PLAYERS, GOLDEN_SEED), text)


def test_lastcard_golden_playthrough_replays_from_its_action_lines():
    game, lines = replay_golden("lastcard", GOLDEN_PLAYERS, GOLDEN_SEED, GOLDEN_OPTIONS)
    assert game.is_over
    outcome = json.dumps(game.outcome(), sort_keys=True, separators=(",", ":"))
    assert lines[-1] == "outcome " + outcome


def test_the_heuristic_bot_beats_three_random_bots_clearly():
    """A small fixed sample of docs/benchmarks.md's measurement (2,000 games there, about 40%)."""
    from terminal.simulate import simulate

    figures = simulate("lastcard", 60, seed=0, bots="heuristic,random,random,random")
    assert figures["unfinished"] == 0
    assert figures["wins_per_kind"]["heuristic"] >= 20  # 25% would be 15


@PROPERTY
@given(seed=seeds, n=st.sampled_from([2, 4, 6]), chooser=seeds)
def test_sampled_and_cloned_states_keep_each_hands_code_in_step(seed, n, chooser):
    """The expert's states (engine.determinize): a sample from a seat's view and a clone of
    it played on; the clone's codes follow its hands and the sample's stay as they were."""
    rng = random.Random(chooser)
    for k, step in enumerate(mixed_playout(seed, n, chooser, {"games": 2}, 300)):
        if k % 23 or step.game.is_over:
            continue
        seat = step.game.seats[k % n]
        sample = type(step.game).determinize(step.game.observation(seat), Memory(), rng)
        assert sample.codes == list(map(hand_code, sample.hands))
        kept = list(sample.codes)
        twin = clone(sample, random.Random(k))
        for _ in range(20):
            acting = [(s, a) for s in twin.seats for a in twin.legal_actions(s)]
            if not acting:
                break
            twin.apply_offered(*rng.choice(acting))
            assert twin.codes == list(map(hand_code, twin.hands))
        assert sample.codes == kept
