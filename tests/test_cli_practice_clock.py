"""Practice's clock and moves out of turn: a timed game ticked on an injected clock, bots not
due asked out of turn first, and the table clock paused while the human thinks out of turn.
"""

from __future__ import annotations

import io
from typing import Any, cast

import pytest

from engine import new_game
from engine.actions import Draw, IllegalAction, Pass, Say
from engine.bots import Bot, make_bot
from engine.events import Event
from engine.macao import Macao
from engine.turns import BotTable
from terminal.practice import HUMAN, Practice
from tests.practice_seats import SEATS


class TimedMacao(Macao):
    """Macao with a clock, as Mao will have: a deadline at 30 s that ``tick`` clears."""

    def extra_to_dict(self) -> dict[str, Any]:
        return {"ticked": getattr(self, "ticked", [])}

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        self.ticked = list(data.get("ticked", []))

    def next_deadline(self) -> float | None:
        return None if self.ticked else 30.0

    def tick(self, now: float) -> list[Event]:
        self.ticked.append(now)
        # an event of this test game's own, which no real game has: hence the cast
        return [cast(Event, {"type": "clock", "now": now})]


class FakeClock:
    def __init__(self, start: float) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


class SlowTyping(io.StringIO):
    """Input that takes ``seconds`` of the fake clock to type each line."""

    def __init__(self, text: str, clock: FakeClock, seconds: float) -> None:
        super().__init__(text)
        self.clock = clock
        self.seconds = seconds

    def readline(self, *args: Any) -> str:
        self.clock.t += self.seconds
        return super().readline(*args)


def test_practice_ticks_a_timed_game_on_its_injected_clock_before_a_late_move():
    game = TimedMacao.from_dict(new_game("macao", SEATS, seed=5).to_dict())
    clock = FakeClock(100.0)
    bots = {s: make_bot("heuristic", "macao", k) for k, s in enumerate(SEATS) if k}
    out = io.StringIO()
    table = Practice(game, HUMAN, bots, SlowTyping("draw\n", clock, 31.0), out, clock=clock)
    table.run()
    assert game.ticked == [31.0]  # seconds since the table opened, once the deadline passed
    text = out.getvalue()
    assert text.index("Clock: now 31.0") < text.index("you drew 1 card")


def test_practice_waits_for_a_deadline_when_nobody_can_act():
    class Waiting(TimedMacao):
        def legal_actions(self, seat: str) -> list:
            return [] if not self.ticked else super().legal_actions(seat)

    game = Waiting.from_dict(new_game("macao", SEATS, seed=5).to_dict())
    clock = FakeClock(0.0)
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.t += seconds

    out = io.StringIO()
    Practice(game, HUMAN, {}, io.StringIO(""), out, clock=clock, sleep=sleep).run()
    assert slept == [30.0] and game.ticked == [30.0]


class ScriptedBot(Bot):
    def __init__(self, script: list[Any], out_of_turn: Any = None) -> None:
        super().__init__(0)
        self.script = script
        self.out_of_turn = out_of_turn
        self.asked: list[str] = []

    def choose(self, observation, legal):
        self.asked.append("choose")
        return self.script.pop(0) if self.script else legal[0]


class ReactingBot(ScriptedBot):
    def react(self, observation, legal):
        self.asked.append("react")
        return None


class OutOfTurnMacao(Macao):
    """Offers seat 2 a 'say' out of turn, as Mao or Mau-Mau offer announcements. It keeps
    the engine contract as the real games do: ``apply_checked`` refuses what is not offered,
    then ``perform_offered`` (the trusted path, ``apply_offered``) carries it out."""

    def legal_actions(self, seat: str) -> list:
        legal = super().legal_actions(seat)
        if seat == self.seats[2] and not self.over and self.turn != 2:
            legal = [*legal, Say(text="hello")]
        return legal

    def apply_checked(self, i: int, action) -> list[Event]:
        if action.kind == "say":
            if action not in self.legal_actions(self.seats[i]):
                raise IllegalAction("you cannot say that now")
            return self.perform_offered(i, action)
        return super().apply_checked(i, action)

    def perform_offered(self, i: int, action) -> list[Event]:
        if action.kind == "say":
            # an event of this test game's own, which no real game has: hence the cast
            return [cast(Event, {"type": "said", "seat": self.seats[i], "text": action.text})]
        return super().perform_offered(i, action)


def test_the_out_of_turn_test_game_keeps_the_engine_contract():
    """Both paths agree on the offered 'say', and ``apply`` refuses one nobody offered."""
    game = OutOfTurnMacao.from_dict(new_game("macao", ["a", "b", "c"], seed=1).to_dict())
    checked = OutOfTurnMacao.from_dict(game.to_dict())
    assert Say(text="hello") in game.legal_actions("c")
    assert game.apply_offered("c", Say(text="hello")) == checked.apply("c", Say(text="hello"))
    assert game.to_dict() == checked.to_dict()
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply("b", Say(text="hello"))  # b is offered no 'say'
    assert game.to_dict() == before


def test_bots_not_due_are_asked_out_of_turn_first_once_per_change():
    game = OutOfTurnMacao.from_dict(new_game("macao", ["a", "b", "c"], seed=1).to_dict())
    talker = ScriptedBot([])
    table = BotTable({"a": ScriptedBot([Draw(), Pass()]), "b": ScriptedBot([]), "c": talker})
    seat, action, _events = table.step(game)
    assert (seat, action) == ("c", Say(text="hello"))  # before a, whose turn it is
    seat, action, _events = table.step(game)
    assert seat == "c"  # the game changed (version), so c is asked again
    assert talker.asked == ["choose", "choose"]
    table.out_of_turn = BotTable.MAX_OUT_OF_TURN  # a talker cannot stall play for ever
    seat, _action, _events = table.step(game)
    assert seat == "a"


def test_a_bot_with_react_is_asked_through_react_out_of_turn():
    game = OutOfTurnMacao.from_dict(new_game("macao", ["a", "b", "c"], seed=1).to_dict())
    watcher = ReactingBot([])
    table = BotTable({"a": ScriptedBot([Draw(), Pass()]), "c": watcher})
    seat, _action, _events = table.step(game)
    assert seat == "a" and watcher.asked == ["react"]


class TimedOutOfTurnMacao(OutOfTurnMacao, TimedMacao):
    """A timed game where the human (seat 2) may speak out of turn."""


def test_practice_pauses_the_table_clock_while_the_human_thinks_out_of_turn():
    seats = ["ada", "bruno", "you"]
    game = TimedOutOfTurnMacao.from_dict(new_game("macao", seats, seed=1).to_dict())
    clock = FakeClock(0.0)
    bots = {"ada": ScriptedBot([]), "bruno": ScriptedBot([])}
    out = io.StringIO()
    # every line takes 40 s to type: past the 30 s deadline, had the clock been running
    typing = SlowTyping("say hello\nquit\n", clock, 40.0)
    Practice(game, "you", bots, typing, out, clock=clock).run()
    assert "Said: seat you, text hello" in out.getvalue()
    assert game.ticked == []


def test_practice_keeps_the_table_clock_running_while_the_human_is_due():
    game = TimedMacao.from_dict(new_game("macao", SEATS, seed=5).to_dict())
    clock = FakeClock(0.0)
    out = io.StringIO()
    Practice(game, HUMAN, {}, SlowTyping("draw\nquit\n", clock, 40.0), out, clock=clock).run()
    assert game.ticked == [40.0]
