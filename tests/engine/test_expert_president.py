"""President's expert reads the rivals' hands from their moves and the exchange: the rule it
reads them by is the playouts' rule, the true hands of heuristic rivals are never doubted,
its samples keep the seat's view and what the exchange showed, and they come nearer the
real hands than samples dealt at random."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import new_game
from engine.actions import Pass
from engine.bots import make_bot
from engine.bots.playouts import PLAYOUTS
from engine.cards import Card
from engine.memory import Memory
from engine.president import GIVE_STRENGTH
from engine.president.bots.chains import ReadingSampler, rank_counts
from engine.president.bots.reading import (
    PASS,
    TWO_PLAY,
    HandReader,
    Spot,
    heuristic_move,
    rank_of,
)
from engine.turns import BotTable

RULE = PLAYOUTS["president"]


def heuristic_match(players: int, seed: int, rounds: int = 3):
    """(game, memories) at every step of a match of heuristic bots, each seat's memory kept
    up with every observation."""
    seats = [f"p{k}" for k in range(players)]
    game = new_game("president", seats, seed=seed, options={"rounds": rounds})
    table = BotTable({s: make_bot("heuristic", "president", k) for k, s in enumerate(seats)})
    memories = {s: Memory() for s in seats}
    for _ in range(3000):
        if game.is_over:
            return
        for seat, memory in memories.items():
            memory.observe(game.observation(seat))
        yield game, memories
        if table.step(game) is None:
            return


def as_move(action) -> tuple[int, int]:
    if isinstance(action, Pass):
        return PASS
    cards = action.cards
    return (GIVE_STRENGTH[cards[0].rank], len(cards))


@pytest.mark.parametrize("players", [4, 5, 7])
def test_the_reading_rule_is_the_playout_rule_move_for_move(players):
    """The rule a rival's hand is read by (on rank counts) makes the move the playouts'
    rule, the heuristic's, makes in every position of heuristic matches."""
    compared = 0
    for seed in range(3):
        for game, _ in heuristic_match(players, seed):
            seat = game.current_player()
            if seat is None or game.phase != "play":
                continue
            legal = game.legal_actions(seat)
            k = game.index[seat]
            others = [len(h) for j, h in enumerate(game.hands) if j != k and h]
            spot = Spot(
                (),
                "turn",
                lead=not game.pile,
                first=game.first_lead,
                top=(game.top_index, game.top_size) if game.pile else PASS,
                need=game.need,
                danger=bool(others) and min(others) <= 3,
            )
            move, moves = heuristic_move(rank_counts(game.hands[k]), spot)
            assert move == as_move(RULE.pick(game, seat, legal, random.Random(0)))
            if legal[0].kind != "complete":
                assert moves == len(legal)
            compared += 1
    assert compared > 300


@pytest.mark.parametrize("players", [4, 5, 7])
def test_the_true_hands_of_heuristic_rivals_explain_every_move_they_made(players):
    """Against heuristic rivals, every recorded decision (plays, passes, not completing
    four, the President's give) is the one the rule makes with the rival's real hand."""
    read = 0
    for seed in range(2):
        for step, (game, memories) in enumerate(heuristic_match(players, seed)):
            if step % 4:
                continue
            for seat, memory in memories.items():
                reader = HandReader(game.observation(seat), memory)
                for k, spots in reader.spots.items():
                    held = tuple(rank_counts(game.hands[k]))
                    moves = sum(1 for s in spots if s.kind != "hold")
                    assert reader.log_chance(k, held) == pytest.approx(moves * reader.keep)
                    read += len(spots)
    assert read > 1000


def test_a_hand_that_would_have_led_lower_is_doubted():
    """The heuristic leads its lowest whole set: a hand holding a lower rank then than the
    one its seat led is less likely than one that does not."""
    for game, memories in heuristic_match(5, 3, rounds=1):
        memory = memories["p0"]
        reader = HandReader(game.observation("p0"), memory)
        leads = [
            (k, s) for k, spots in reader.spots.items() for s in spots if s.lead and not s.first
        ]
        if not leads:
            continue
        k, spot = leads[0]
        led = spot.move[0]
        if led in (0, TWO_PLAY[0]):
            continue
        held = rank_counts(game.hands[k])
        lower = next((r for r in range(led) if held[r] == 0), None)
        if lower is None:
            continue
        # one card of the hand swapped for a card of a rank below the lead, not held then
        swapped = list(held)
        gone = max(r for r in range(len(held)) if held[r] and r != lower)
        swapped[gone] -= 1
        swapped[lower] += 1
        assert reader.log_chance(k, tuple(swapped)) < reader.log_chance(k, tuple(held))
        return
    pytest.fail("no rival led after the first lead")


@pytest.mark.parametrize("players", [4, 5])
def test_reading_samples_show_the_seat_exactly_what_it_saw(players):
    checked = 0
    for step, (game, memories) in enumerate(heuristic_match(players, 7)):
        if step % 6 or game.phase != "play":
            continue
        for seat, memory in memories.items():
            seen = game.observation(seat)
            sampler = RULE.sampler(type(game), seen, memory)
            assert isinstance(sampler, ReadingSampler)
            rng = random.Random(step)
            for _ in range(3):
                sample = sampler(random.Random(rng.getrandbits(32)))
                shown = sample.observation(seat)
                assert {k: v for k, v in shown.items() if k != "events"} == {
                    k: v for k, v in seen.items() if k != "events"
                }
                assert sample.legal_actions(seat) == game.legal_actions(seat)
                everything = Counter(c for h in sample.hands for c in h)
                everything.update(sample.pile + sample.cleared)
                real = Counter(c for h in game.hands for c in h)
                real.update(game.pile + game.cleared)
                assert everything == real
                checked += 1
    assert checked > 50


def test_pres_10_a_sample_never_gives_the_a_hole_a_card_above_the_one_it_gave():
    """PRES-10: the A-hole gives the President its highest card, so from the President's
    seat the A-hole holds nothing higher, bar the card the President gave back."""
    checked = 0
    for seed in range(4):
        for game, memories in heuristic_match(5, seed):
            exchange = game.exchange
            if exchange is None or exchange["to_president"] is None:
                continue
            president = game.seats[exchange["president"]]
            seen = game.observation(president)
            view = seen["exchange"]
            limit = GIVE_STRENGTH[Card.parse(view["received"]).rank]
            back = view.get("gave")
            sampler = RULE.sampler(type(game), seen, memories[president])
            rng = random.Random(seed)
            for _ in range(40):
                sample = sampler(random.Random(rng.getrandbits(32)))
                higher = [
                    str(c)
                    for c in sample.hands[exchange["a_hole"]]
                    if GIVE_STRENGTH[c.rank] > limit and str(c) != back
                ]
                assert higher == []
            checked += 1
    assert checked > 10


def test_reading_brings_the_samples_nearer_the_real_hands():
    """Against heuristic rivals, the ranks the reading sampler deals each rival match its
    real hand's more often than the ranks of a deal at random."""
    matched = {"random": 0, "read": 0}
    for seed in range(4):
        for step, (game, memories) in enumerate(heuristic_match(5, seed, rounds=1)):
            if step % 5 or game.current_player() != "p0":
                continue
            seen = game.observation("p0")
            plain = type(game).determinizer(seen, memories["p0"])
            read = RULE.sampler(type(game), seen, memories["p0"])
            for name, sampler in (("random", plain), ("read", read)):
                rng = random.Random(seed)
                for _ in range(20):
                    sample = sampler(random.Random(rng.getrandbits(32)))
                    for k in range(1, 5):
                        real = Counter(rank_of(str(c)) for c in game.hands[k])
                        dealt = Counter(rank_of(str(c)) for c in sample.hands[k])
                        matched[name] += sum((real & dealt).values())
    assert matched["read"] > 1.1 * matched["random"]


def test_with_no_move_to_read_the_samples_are_fresh_deals():
    """At the round's first lead no rival has moved: every sample is a deal of its own, not
    one of a few chains' deals again."""
    game, memories = next(heuristic_match(5, 2, rounds=1))
    seat = game.current_player()
    seen = game.observation(seat)
    sampler = RULE.sampler(type(game), seen, memories[seat])
    assert isinstance(sampler, ReadingSampler) and not sampler.reads
    rng = random.Random(1)
    deals = {
        tuple(tuple(sorted(map(str, h))) for h in sampler(random.Random(rng.getrandbits(32))).hands)
        for _ in range(30)
    }
    assert len(deals) == 30
