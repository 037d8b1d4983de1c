"""Bots after a restart: a Mao bot rebuilt from nothing but its observation, after the table is
replayed from its log, makes the same calls as one that never stopped, because the observation
carries what a player at the table would remember (the round's public ``history``)."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.actions import DeclareRule, Say
from engine.bots import make_bot
from engine.mao.bots.heuristic import MaoHeuristic
from engine.mao.phrases import parse
from tests.engine.invariants import acting_seats
from tests.engine.mao.table import play, say, table

SEATS = ["p0", "p1", "p2"]
KINDS = {"p0": "heuristic", "p1": "random", "p2": "random"}
WATCHED = "p0"


def bots(seed: int) -> dict[str, Any]:
    return {s: make_bot(KINDS[s], "mao", seed * 100 + k) for k, s in enumerate(SEATS)}


def decision(action: Any) -> Any:
    """What is compared: a new rule's content comes from the bot's own dice, not its memory."""
    return "declare_rule" if isinstance(action, DeclareRule) else action


def is_call(action: Any) -> bool:
    return isinstance(action, Say) and any(t.kind == "call" for t in parse(action.text))


def run(seed: int, restart_at: int, steps: int) -> tuple[list, list, int]:
    """Play ``steps`` steps; at ``restart_at`` replay the log into a new game and build a new
    bot for ``WATCHED``; from then on ask both bots the same questions. -> (what the bot that
    kept running did, what the restarted one did, how many of them were calls)."""
    game = new_game("mao", SEATS, seed=seed, options={"rounds": 1})
    players = bots(seed)
    log: list[tuple[str | None, Any]] = []
    kept: list[Any] = []
    rebuilt_said: list[Any] = []
    rebuilt = None
    now = 0.0
    for step in range(steps):
        if game.is_over:
            break
        if step == restart_at:
            game = new_game("mao", SEATS, seed=seed, options={"rounds": 1})
            for seat, entry in log:
                game.tick(entry) if seat is None else game.apply(seat, entry)
            rebuilt = make_bot(KINDS[WATCHED], "mao", seed * 100)  # seeded as the service does
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            game.tick(now)
            log.append((None, now))
            continue
        movers = dict(acting_seats(game))
        chosen: tuple[str, Any] | None = None
        for seat in SEATS:  # every bot is asked, in seat order; the first to act acts
            if seat not in movers:
                continue
            observation = game.observation(seat)
            action = players[seat].react(observation, movers[seat])
            if seat == WATCHED and rebuilt is not None:
                kept.append(decision(action))
                rebuilt_said.append(decision(rebuilt.react(observation, movers[seat])))
            if action is not None and chosen is None:
                chosen = (seat, action)
        if chosen is None:
            seat = game.current_player() or next(iter(movers))
            observation = game.observation(seat)
            action = players[seat].choose(observation, movers[seat])
            if seat == WATCHED and rebuilt is not None:
                kept.append(decision(action))
                rebuilt_said.append(decision(rebuilt.choose(observation, movers[seat])))
            chosen = (seat, action)
        seat, action = chosen
        stamped = action.stamped(now)
        game.apply(seat, stamped)
        log.append((seat, stamped))
        now += 0.7
    calls = sum(1 for a in kept if is_call(a))
    return kept, rebuilt_said, calls


def test_a_bot_rebuilt_after_a_replay_calls_as_one_that_never_restarted():
    compared = calls = 0
    for seed, restart_at in [(1, 25), (2, 40), (3, 60), (4, 33)]:
        kept, rebuilt, made = run(seed, restart_at, steps=restart_at + 60)
        assert rebuilt == kept, f"seed {seed}: the restarted bot acted differently"
        compared += len(kept)
        calls += made
    assert compared > 100 and calls > 0  # the comparison covered calls, not only silence


def test_a_restarted_bot_remembers_a_slip_older_than_the_recent_events():
    """bo talks, then fumbles out of turn 25 times within the call window: the slip is no
    longer among the recent events, but a player would remember it and call it first."""
    g = table({"ana": "6H 2C 3C", "bo": "9D 9S 9C 4D"}, top="5H", options={"call_window": 6})
    kept = MaoHeuristic(5)
    kept.watch(g.observation("cy"))
    say(g, "bo", "hello", at=1)
    kept.watch(g.observation("cy"))
    for k in range(25):
        play(g, "bo", "9D", at=1.1 + k * 0.01)  # out of turn: refused, the card stays
        kept.watch(g.observation("cy"))
    observation = g.observation("cy")
    assert not any(e["type"] == "say" for e in observation["events"])
    expected = Say(text="Talking", mentions=("bo",))
    assert kept.react(observation, g.legal_actions("cy")) == expected
    assert MaoHeuristic(5).react(g.observation("cy"), g.legal_actions("cy")) == expected
    forgetful = {k: v for k, v in g.observation("cy").items() if k != "history"}
    assert MaoHeuristic(5).react(forgetful, g.legal_actions("cy")) != expected
