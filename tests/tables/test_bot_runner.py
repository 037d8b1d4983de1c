"""tables.bot_runner: expert bots get the wall clock and think in a worker thread; the
budget comes from EXPERT_BUDGET."""

from __future__ import annotations

import threading

from engine import new_game
from engine.bots import make_bot
from tables import bot_runner
from tables.settings import Settings


def test_prepare_gives_an_expert_the_clock_and_budget_and_leaves_others_alone():
    expert = bot_runner.prepare(make_bot("expert", "macao", 1), 0.05)
    assert expert.clock is not None and expert.budget == 0.05
    heuristic = make_bot("heuristic", "macao", 1)
    assert bot_runner.prepare(heuristic, 0.05) is heuristic and not bot_runner.is_slow(heuristic)


async def test_an_expert_decides_in_a_worker_thread_a_heuristic_on_the_loop():
    game = new_game("macao", ["a", "b"], seed=2)
    seat = game.current_player()
    seen = []

    class Spy:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, observation, legal):
            seen.append(threading.current_thread() is threading.main_thread())
            return self.bot.choose(observation, legal)

    expert = bot_runner.prepare(make_bot("expert", "macao", 1), 0.002)
    expert.choose = Spy(make_bot("expert", "macao", 1)).choose
    legal = game.legal_actions(seat)
    assert await bot_runner.decide(expert, game.observation(seat), legal) in legal
    heuristic = Spy(make_bot("heuristic", "macao", 1))
    assert await bot_runner.decide(heuristic, game.observation(seat), legal) in legal
    assert seen == [False, True]


def test_expert_budget_setting_reads_seconds():
    assert Settings.from_env({}, dotenv_path=None).expert_budget == 0.2
    assert Settings.from_env({"EXPERT_BUDGET": "0.05"}, dotenv_path=None).expert_budget == 0.05
