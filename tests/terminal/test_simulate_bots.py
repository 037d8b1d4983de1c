"""simulate's bots for a run of games: the random bots are made once and handed each game's
generator, every other bot is made again per game, and a game plays the same either way."""

from __future__ import annotations

import pytest

from engine.bots import RandomBot, make_bot
from terminal.simulate import SeatBots, bots_generator, play_one, seat_kinds


def test_random_bots_are_made_once_for_a_run_and_given_each_games_generator():
    seat_bots = SeatBots("lastcard", seat_kinds("random", None, "lastcard"))
    first = seat_bots.for_game(3)
    first_bots = list(first.values())
    second = seat_bots.for_game(4)
    assert list(second.values()) == first_bots
    assert all(a is b for a, b in zip(second.values(), first_bots, strict=True))
    generators = {id(bot.rng) for bot in second.values()}
    assert len(generators) == 1  # the seats share the game's generator
    assert second["p0"].rng.getstate() == bots_generator(4).getstate()


def test_a_bot_that_may_keep_state_is_made_again_for_every_game():
    kinds = ["heuristic", "random", "heuristic", "random"]
    seat_bots = SeatBots("macao", kinds)
    first = dict(seat_bots.for_game(1))
    assert first["p0"].rng is first["p1"].rng  # made or kept, they share the generator
    second = seat_bots.for_game(2)
    assert first["p0"] is not second["p0"] and first["p2"] is not second["p2"]
    assert first["p1"] is second["p1"] and first["p3"] is second["p3"]


def test_only_a_bot_class_that_says_so_itself_is_stateless():
    class Noting(RandomBot):
        def react(self, observation, legal):
            self.seen = observation
            return None

    class Forgetting(RandomBot):
        stateless = True

    assert RandomBot.stateless and Forgetting.stateless
    assert not Noting.stateless
    assert not make_bot("heuristic", "lastcard", 0).stateless
    assert not make_bot("random", "mao", 0).stateless  # Mao's random level notes rules


@pytest.mark.parametrize(
    ("game", "bots", "options"),
    [
        ("lastcard", "random", {}),
        ("president", "random", {"rounds": 1}),
        ("macao", "heuristic,random,random", {"rounds": 1}),
        ("maumau", "random", {"rounds": 2}),
    ],
)
def test_a_game_of_a_run_plays_as_the_same_game_played_alone(game, bots, options):
    kinds = seat_kinds(bots, None, game)
    seat_bots = SeatBots(game, kinds)
    for seed in range(12):
        in_run = play_one(game, kinds, seed, options, seat_bots=seat_bots)
        alone = play_one(game, kinds, seed, options)
        assert in_run == alone
