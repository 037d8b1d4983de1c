"""An expert search runs off the screen's loop: the live table keeps drawing and taking keys.

The expert bots' clock is a gate the test holds: a search asks it the time, plays its first
samples, then waits at the gate until the test lets it go. Meanwhile the test types in the
chat line; only then does it open the gate and see the bot's move land.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import cast

import pytest

from engine import new_game
from engine.actions import Action, Draw, Play
from engine.bots import Bot, make_bot
from engine.bots.expert import ExpertBot
from engine.bots.search import SearchBot
from engine.events import Observation
from terminal.live import LiveTable
from terminal.practice import HUMAN
from terminal.thinking import Job, Thinker, Thinking, thinking_apart
from tests.terminal.test_live import SIZE, Clock
from tests.terminal.waiting import PATIENCE, until


class Gate:
    """A search's clock: the first reading is the start, later ones wait for ``open``."""

    def __init__(self) -> None:
        self.searching = threading.Event()  # a search is past its first samples
        self.opened = threading.Event()
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        if self.readings == 1:
            return 0.0
        self.searching.set()
        self.opened.wait(PATIENCE)
        return float("inf")


async def test_keys_are_handled_while_an_expert_search_is_under_way():
    app = LiveTable("macao", bots=3, seed=4, level="expert", pace=0, clock=Clock())
    gate = Gate()
    experts = [b for b in app.bots.bots.values() if isinstance(b, ExpertBot)]
    assert len(experts) == 3
    for bot in experts:
        bot.use_clock(gate, 0.2)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):  # the human plays until a bot's decision needs a search
            if gate.searching.is_set():
                break
            version = app.game.version
            await pilot.press("1")
            await until(
                pilot,
                lambda v=version: gate.searching.is_set() or app.game.version != v,
                "the move to be made",
            )
        assert gate.searching.is_set(), "no bot searched"
        version = app.game.version
        chat = app.query_one("#chat")
        await pilot.press("f3")
        await until(pilot, lambda: app.focused is chat, "the chat line to take the focus")
        await pilot.press(*"hello")
        await until(pilot, lambda: chat.value == "hello", "the keys typed during the search")
        # the keys were taken while the search still waits at the gate: nothing moved yet
        assert app.thinker.running and app.game.version == version
        gate.opened.set()
        await until(pilot, lambda: app.game.version != version, "the searching bot's move")
        await until(pilot, lambda: not app.thinker.running, "the searches to end")
        assert app.game.current_player() == HUMAN or app.game.is_over or app.busy()


class Slow(ExpertBot):
    """An expert bot whose decision is the first offered action."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        return legal[0]


def asked_once(at: object) -> tuple[Thinker, Bot, list[Action], Job, Callable[[Action], None]]:
    """A bot thinking apart, asked once at state ``at``: the job its worker was handed."""
    jobs: list[tuple[Job, Callable[[Action], None]]] = []
    thinker = Thinker(lambda job, found: jobs.append((job, found)))
    bot = thinking_apart(Slow(0, "macao"), thinker)
    legal: list[Action] = [Draw(), Play(cards=())]
    thinker.at = at
    with pytest.raises(Thinking):  # nothing decided on the loop
        bot.choose(cast(Observation, {"seat": "bot1"}), legal)  # a slow bot reads none of it
    assert thinker.running
    job, found = jobs.pop()
    return thinker, bot, legal, job, found


def test_an_answer_found_for_a_game_that_changed_since_is_dropped():
    thinker, bot, _legal, job, found = asked_once(1)
    thinker.at = 2  # the game changed while the worker searched
    found(job())
    assert not thinker.running and thinker.ready(bot) is None


def test_an_answer_found_for_the_game_as_it_is_is_the_bots_move():
    thinker, bot, legal, job, found = asked_once(1)
    found(job())
    assert bot.choose({"seat": "bot1"}, legal) is legal[0]
    assert thinker.ready(bot) is None  # taken once


def test_mao_expert_bots_and_the_stand_in_search_in_the_worker():
    app = LiveTable("mao", bots=3, seed=4, level="expert", pace=0, clock=Clock())
    searching = [*app.bots.bots.values(), app.stand_in]
    assert len(searching) == 4
    for bot in searching:
        assert isinstance(bot, SearchBot) and vars(bot)["thinker"] is app.thinker
    # asked on its turn, it hands its decision to the worker: nothing decided on the loop
    jobs: list[Job] = []
    thinker = Thinker(lambda job, found: jobs.append(job))
    bot = thinking_apart(make_bot("expert", "mao", 1), thinker)
    game = new_game("mao", ["a", "b", "c"], seed=2)
    seat = game.current_player()
    assert seat is not None
    legal = game.legal_actions(seat)
    with pytest.raises(Thinking):
        bot.choose(game.observation(seat), legal)
    assert jobs and jobs[0]() is not None
