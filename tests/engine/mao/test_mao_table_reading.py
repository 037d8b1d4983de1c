"""The bots of a table share one reading of its public events (``engine.mao.bots.table``): a bot
at a shared reading calls exactly as one reading the table alone, and a phrase only one bot
could learn (from its own bad adjudication) is learned by that bot alone."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.actions import Say
from engine.bots import make_bot
from engine.mao import Mao
from engine.mao.bots.heuristic import MaoHeuristic
from engine.mao.bots.table import TableReading
from engine.mao.bots.watch import MaoWatcher
from engine.turns import BotTable
from tests.engine.clock import on_the_clock
from tests.engine.mao.table import call, play, say, table

SHINE = {"trigger": {"kind": "play", "suit": "D"}, "effect": {"kind": "say", "phrase": "shine"}}


def shining_table() -> Mao:
    """ana made a secret rule: whoever plays a diamond says "shine"."""
    g = table(
        {"ana": "6D 2C 3C", "bo": "9H 2H 3H", "cy": "9S 2S 3S", "di": "9C 2D 3D"},
        top="5D",
        seats=("ana", "bo", "cy", "di"),
    )
    g.rules.append({"by": 0, "rule": SHINE})
    g._vocabulary = None
    return g


def react(g: Mao, seat: str, bot: MaoWatcher, at: float) -> object:
    action = bot.react(g.observation(seat), g.legal_actions(seat))
    if action is not None:
        g.apply(seat, action.stamped(at))
    return action


def test_a_bot_learns_a_phrase_from_its_own_bad_adjudication_alone_at_a_shared_table() -> None:
    g = shining_table()
    cy, di = MaoHeuristic(1), MaoHeuristic(2)
    watch = MaoWatcher.table_watch({"cy": cy, "di": di})
    assert watch is not None and cy.table is di.table
    play(g, "ana", "6D", at=1)
    say(g, "ana", "Shine", at=1.2)  # a phrase to ana, talk to anyone who does not know it
    assert react(g, "cy", cy, at=1.5) == Say(text="Talking", mentions=("ana",))
    call(g, "ana", "Bad adjudication", "cy", at=2)
    assert react(g, "di", di, at=2.5) == Say(text="Talking", mentions=("ana",))
    assert cy.table is not di.table  # cy goes on with a reading of its own
    say(g, "ana", "Shine", at=4)
    assert react(g, "cy", cy, at=4.5) is None  # cy knows it now
    assert react(g, "di", di, at=4.6) == Say(text="Talking", mentions=("ana",))


def test_bots_at_a_shared_reading_call_as_bots_reading_alone() -> None:
    shared = {"cy": MaoHeuristic(1), "di": MaoHeuristic(2)}
    alone = {"cy": MaoHeuristic(1), "di": MaoHeuristic(2)}
    assert MaoWatcher.table_watch(shared) is not None
    g = shining_table()
    said: dict[str, list[Any]] = {"shared": [], "alone": []}
    moves = [
        lambda t: play(g, "ana", "6D", at=t),
        lambda t: say(g, "ana", "Shine", at=t),
        lambda t: call(g, "ana", "Bad adjudication", "cy", at=t),
        lambda t: say(g, "di", "nice weather", at=t),
        lambda t: say(g, "ana", "Shine", at=t),
    ]
    t = 1.0
    for move in moves:
        move(t)
        for seat in ("cy", "di"):
            for kind, bots in (("shared", shared), ("alone", alone)):
                bot = bots[seat]
                said[kind].append(bot.react(g.observation(seat), g.legal_actions(seat)))
            if said["shared"][-1] is not None:
                g.apply(seat, said["shared"][-1].stamped(t + 0.1))
        t += 1.0
    assert said["shared"] == said["alone"]
    assert any(a is not None for a in said["shared"])


def test_a_reading_of_one_event_at_a_time_sees_what_a_reading_of_several_sees() -> None:
    # one new event is read with the view's card counts (``TableReading.read``, counted);
    # several are read with counts kept event by event: both must see the same slips
    seats = ["p0", "p1", "p2", "p3"]
    sightings = 0
    for seed in range(4):
        game = new_game("mao", seats, seed=seed, options={"rounds": 1})
        drive = BotTable({s: make_bot("random", "mao", seed * 10 + k) for k, s in enumerate(seats)})
        each, every_third = TableReading(), TableReading()
        for step, _ in enumerate(on_the_clock(game, drive, 400)):
            view = game.observation("p0")
            each.update(view)
            assert each.counts == view["counts"]
            if step % 3 == 0:
                every_third.update(view)
                assert every_third.sightings == each.sightings
                assert every_third.counts == each.counts
        sightings += len(each.sightings)
    assert sightings  # slips were seen, so the readings were compared on something
