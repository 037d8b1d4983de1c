"""Mao's expert bot: its card searched by the rules it knows, its speech the heuristic's, its
rules its own, and whole rounds beside heuristic bots with no search failing."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.actions import DeclareRule, Play, Say, Take
from engine.bots import make_bot
from engine.bots.expert import expert_games
from engine.bots.playouts import most_held_suit
from engine.bots.search import SearchBot
from engine.cards import Card
from engine.mao import rules as secret
from engine.mao.bots.expert import WILD_RULES, MaoExpert
from engine.mao.bots.heuristic import MaoHeuristic
from engine.mao.bots.playouts import pick
from engine.mao.bots.rules_seen import RulesSeen
from engine.mao.sampler import MaoDeal, could_not_follow, mao_sampler
from engine.turns import BotTable
from engine.views import public_fields
from tests.engine.mao.table import play, say, table


def card_played(bot, g, seat: str) -> Play:
    """The card ``bot`` plays at ``seat``'s turn (past the phrases it says first)."""
    for at in (100.0, 100.5):
        action = bot.choose(g.observation(seat), g.legal_actions(seat))
        if isinstance(action, Play):
            return action
        assert isinstance(action, Say)
        g.apply(seat, action.stamped(at))
    raise AssertionError("no card played")


def test_make_bot_gives_mao_its_expert():
    bot = make_bot("expert", "mao", 1)
    assert type(bot) is MaoExpert and isinstance(bot, SearchBot)
    assert "mao" in expert_games()


def test_mao_16_the_expert_plays_the_card_its_own_rule_makes_skip_a_seat_near_out():
    # bo holds one card, a diamond: 3D lets bo go out; ana's own rule makes a 4 skip bo
    hands = {"ana": "3D 6D 4D", "bo": "KD", "cy": "2C 5C 9C 10C"}
    rule = secret.validate({"trigger": {"kind": "play", "rank": "4"}, "effect": {"kind": "skip"}})
    plain = table(hands, top="10D")
    assert card_played(MaoHeuristic(1), plain, "ana").cards[0] != Card.parse("4D")
    g = table(hands, top="10D")
    g.rules.append({"by": 0, "rule": rule})
    bot = make_bot("expert", "mao", 1)
    assert card_played(bot, g, "ana").cards[0] == Card.parse("4D")
    assert bot.failures == 0


def test_mao_16_the_expert_reads_another_seats_skip_rule_from_the_table_and_plays_it():
    hands = {
        "ana": "9H 3D 4D",
        "bo": "4H 9C 10C KD",
        "cy": "4C 10D 2H 3H 8S",  # every card it plays below the one the heuristic would
    }
    g = table(hands, top="5H", turn="bo")
    rule = secret.validate({"trigger": {"kind": "play", "rank": "4"}, "effect": {"kind": "skip"}})
    g.rules.append({"by": 2, "rule": rule})  # cy's: nobody else is told it
    play(g, "bo", "4H", at=1)  # cy is skipped
    play(g, "ana", "9H", at=2)
    play(g, "bo", "9C", at=3)
    play(g, "cy", "4C", at=4)  # ana is skipped
    say(g, "bo", "last card", at=4.5)
    play(g, "bo", "10C", at=5)
    play(g, "cy", "10D", at=6)
    assert g.current_player() == "ana"
    seen = RulesSeen()
    seen.read(g.observation("ana"))
    assert ("rank", "4") in seen.known("skip")
    assert card_played(MaoHeuristic(1), g, "ana").cards[0] != Card.parse("4D")
    bot = make_bot("expert", "mao", 1)
    assert card_played(bot, g, "ana").cards[0] == Card.parse("4D")


def test_mao_2_a_seat_that_took_with_no_seven_pending_is_dealt_no_card_that_followed():
    g = table({"ana": "9H 2C", "bo": "3C 4C 5C", "cy": "6D 7D 8D"}, top="5H", turn="bo")
    g.apply("bo", Take().stamped(1))
    seats = list(g.seats)
    voids = could_not_follow(g.observation("ana"), seats)
    assert voids[1][0][1] == 3  # the three cards bo held when it took
    sample = mao_sampler(g.observation("ana"))
    for k in range(30):
        deal = sample(random.Random(k))
        assert len(deal.hands[1]) == 4
        followers = [c for c in deal.hands[1][:3] if c.suit == "H" or c.rank == "5"]
        assert not followers
        assert [str(c) for c in deal.hands[0]] == ["9H", "2C"]


def test_mao_16_a_winning_expert_declares_cards_wild_for_itself():
    bot = make_bot("expert", "mao", 1)
    assert isinstance(bot, MaoExpert)
    g = table({"ana": "9H 2C", "bo": "3C 4C 5C", "cy": "6D 7D 8D"}, top="5H", turn="bo")
    g.credits[0] = 1
    action = bot.react(g.observation("ana"), g.legal_actions("ana"))
    assert action == DeclareRule(rule=WILD_RULES[0])


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_mao_match_between_an_expert_and_heuristic_bots_completes(players):
    seats = [f"p{k}" for k in range(players)]
    game = new_game("mao", seats, seed=2, options={"rounds": 2})
    bots = {s: make_bot("heuristic", "mao", k) for k, s in enumerate(seats)}
    expert = make_bot("expert", "mao", 3)
    assert isinstance(expert, MaoExpert)
    expert.playouts = 30
    bots["p0"] = expert
    table_ = BotTable(bots)
    now = 0.0
    searched = 0
    for _ in range(4000):
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            if game.is_over:
                break
            game.tick(now)
            continue
        expert.last = {}
        moved = table_.step(game, now)
        if moved is None:
            if game.is_over or deadline is None:
                break
            now = deadline
            continue
        searched += bool(expert.last.get("playouts"))
        now += 1.0
    assert game.is_over
    assert expert.failures == 0 and searched > 0
    assert game.stats[0]["penalties_taken"] == 0


def test_playouts_pick_the_card_the_heuristic_bot_plays():
    """The playouts model every seat on the heuristic: the same card, the same suit named."""
    compared = 0
    for seed in range(3):
        game = new_game("mao", ["p0", "p1", "p2", "p3"], seed=seed, options={"rounds": 1})
        bots = {s: MaoHeuristic(k) for k, s in enumerate(game.seats)}
        table_ = BotTable(bots)
        now = 0.0
        for _ in range(400):
            if game.is_over:
                break
            seat = game.current_player()
            if seat is not None and game.hands[game.seats.index(seat)]:
                i = game.seats.index(seat)
                deal = MaoDeal(
                    [h[:] for h in game.hands],
                    game.stock[:],
                    game.pile[:-1],
                    game.pile[-1],
                    game.suit,
                    game.direction,
                    i,
                    game.pending["count"] if game.pending else 0,
                )
                observation = game.observation(seat)
                action = MaoHeuristic(0).pick(
                    observation, game.legal_actions(seat), [], public_fields(observation)
                )
                card = pick(deal, i, frozenset())
                if card is None:
                    assert isinstance(action, Take)
                else:
                    assert isinstance(action, Play) and action.cards[0] == card
                    if card.rank == "J":
                        assert action.suit == most_held_suit(game.hands[i], card)
                compared += 1
            deadline = game.next_deadline()
            if deadline is not None and deadline <= now:
                game.tick(now)
                continue
            if table_.step(game, now) is None:
                if deadline is None:
                    break
                now = deadline
                continue
            now += 1.0
    assert compared > 50


def test_the_mao_search_stops_when_the_injected_clock_says_the_budget_is_spent():
    g = table({"ana": "3D 6D 4D 9H", "bo": "KD 2C", "cy": "2S 5C 9C 10C"}, top="10D")
    ticks = iter(range(10_000))
    bot = make_bot("expert", "mao", 1)
    assert isinstance(bot, MaoExpert)
    bot.use_clock(lambda: next(ticks) * 0.01, seconds=0.1)  # each look at the clock: 10 ms
    legal = g.legal_actions("ana")
    assert bot.search(g.observation("ana"), legal) in legal
    # a look per playout after the first sample: about ten playouts fit in the budget
    assert 0 < bot.last["playouts"] <= 12
