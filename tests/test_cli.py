"""The terminal front-end: practice driven through piped stdin, simulate's figures, and
``python bot.py`` with and without a Discord token."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any, cast

import pytest

import bot
from engine import new_game
from engine.actions import Draw, IllegalAction, Pass, Say
from engine.bots import Bot, make_bot
from engine.events import Event
from engine.macao import Macao
from engine.words import show_card
from terminal.driving import BotTable
from terminal.opening import start
from terminal.practice import HUMAN, Practice, bot_names
from terminal.render import event_text, table_lines
from terminal.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SEATS = [HUMAN, *bot_names(3)]


def practice(lines: str, seed: int = 5, **kwargs: Any) -> tuple[int, str]:
    out = io.StringIO()
    code = start("macao", seed=seed, stdin=io.StringIO(lines), stdout=out, **kwargs)
    return code, out.getvalue()


def human_hand(seed: int) -> list[str]:
    return new_game("macao", SEATS, seed=seed).observation(HUMAN)["hand"]


def seed_where(test) -> int:
    for seed in range(500):
        if test(new_game("macao", SEATS, seed=seed)):
            return seed
    raise AssertionError("no seed fits")


# --- practice -------------------------------------------------------------------------------
def test_practice_plays_a_whole_match_from_piped_input():
    # "1" takes the first move offered, and the first suit when an Ace asks for one
    code, out = practice("1\n" * 6000, options={"target": 300})
    assert code == 0
    assert "Match over" in out and ("Winner:" in out or "Draw between" in out)
    assert "Round 2 dealt" in out  # more than one round was played
    assert "Bye." not in out  # it ended with the match, not the input


def test_practice_shows_the_table_and_numbered_moves():
    _code, out = practice("")
    assert "Top: " in out and "suit in force" in out and "Seats: *you (5 cards, 0 pts)" in out
    assert "Your hand: " in out and "   1. " in out and "draw" in out
    assert "Your move" in out


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("fly away", "I don't understand 'fly away'"),
        ("99", "There is no move 99"),
        ("play 9X", "I don't understand"),
        ("take", "Not allowed"),
    ],
)
def test_practice_bad_input_gets_one_line_and_the_same_prompt(typed, says):
    _code, out = practice(typed + "\n")
    after = out.split(f"Your move (number or action, ? for help): {typed}\n", 1)[1]
    first, second = after.splitlines()[:2]
    assert says in first
    assert second == "Your move (number or action, ? for help): "  # then the input ended
    assert out.count("Your hand:") == 1  # nothing changed, so the table was not shown again


def test_practice_refuses_a_card_not_held_and_an_illegal_card():
    seed = 5
    game = new_game("macao", SEATS, seed=seed)
    hand = human_hand(seed)
    missing = next(c for c in ("9C", "9D", "9H", "9S", "5C", "5D") if c not in hand)
    legal = {str(a) for a in game.legal_actions(HUMAN)}
    illegal = [c for c in hand if f"play {c}" not in legal and not c.startswith("A")]
    _code, out = practice(f"play {missing}\n" + "".join(f"play {c}\n" for c in illegal))
    assert f"Not allowed: you do not hold {show_card(missing)}" in out  # as the table shows it
    assert out.count("Not allowed:") == 1 + len(illegal)
    assert out.count("Your hand:") == 1


def test_practice_asks_the_suit_when_an_ace_is_typed_without_one():
    seed = seed_where(lambda g: any(c.startswith("A") for c in g.observation(HUMAN)["hand"]))
    ace = next(c for c in human_hand(seed) if c.startswith("A"))
    _code, out = practice(f"play {ace}\nblue\n7\nspades\n", seed=seed)
    assert "Name the suit for play" in out
    assert "'blue' is not a suit you may name" in out
    assert "'7' is not a suit you may name" in out
    assert "named ♠ spades" in out


def test_practice_suit_prompt_takes_a_number_and_enter_goes_back():
    seed = seed_where(lambda g: any(c.startswith("A") for c in g.observation(HUMAN)["hand"]))
    ace = next(c for c in human_hand(seed) if c.startswith("A"))
    _code, out = practice(f"play {ace}\n\nplay {ace}\n2\n", seed=seed)
    assert out.count("Name the suit for play") == 2
    assert "named ♦ diamonds" in out and out.count("you played") == 1


def test_practice_ends_cleanly_on_quit_and_on_end_of_input():
    code, out = practice("quit\n")
    assert code == 0 and out.rstrip().endswith("Bye.")
    code, out = practice("")
    assert code == 0 and out.rstrip().endswith("Bye.")


def test_practice_names_the_seats_you_and_the_bots():
    _code, out = practice("", bots=2)
    assert "you against 2 heuristic bots (ada, bruno)" in out


def test_practice_refuses_a_table_the_game_cannot_seat():
    code, out = practice("", bots=9)
    assert code == 2 and "2-6" in out


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


# --- render ---------------------------------------------------------------------------------
def test_render_shows_the_contract_fields_and_no_raw_engine_field():
    obs = new_game("macao", SEATS, seed=5).observation(HUMAN)
    obs["chips"] = {"you": 2, "ada": 0}
    obs["pending"] = {"kind": "draw", "rank": "2", "count": 4, "target": HUMAN}
    text = "\n".join(table_lines(obs))
    assert "Pending: you must answer or take 4 cards" in text
    assert "hips" not in text  # a field the renderer does not know is not dumped
    assert event_text({"type": "surprise", "seat": "ada", "card": "10H"}) == (
        "Surprise: seat ada, card 10♥"
    )
    assert event_text({"type": "play", "seat": "you", "cards": ["AS"], "suit": "H"}, "you") == (
        "you played A♠ and named ♥ hearts"
    )


# --- simulate -------------------------------------------------------------------------------
def test_simulate_reports_the_figures_and_is_deterministic():
    a = simulate("macao", 30, players=3, seed=4, bots="random")
    b = simulate("macao", 30, players=3, seed=4, bots="random")
    for figures in (a, b):
        figures.pop("seconds")
        figures.pop("decisions_per_s")
    assert a == b
    assert a["games"] == 30 and a["rounds"] == 30 and a["options"] == {"rounds": 1}
    assert sum(a["wins_per_seat"].values()) + a["no_winner"] == 30
    assert a["avg_turns_per_round"] > 0 and a["decisions"] > 30


def test_the_heuristic_bot_beats_three_random_bots():
    """The full figure over seeds 0..1999 is in docs/benchmarks.md; a smaller sample must agree."""
    figures = simulate("macao", 200, seed=0, bots="heuristic,random,random,random")
    assert figures["win_rate_per_seat_of_kind"]["heuristic"] > 0.25
    assert figures["wins_per_kind"]["heuristic"] > 3 * figures["wins_per_kind"]["random"] / 3


def test_simulate_command_prints_one_json_object_last(capsys):
    assert bot.main(["simulate", "macao", "--games", "5", "--players", "2", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    figures = json.loads(last)
    for key in ("games", "decisions", "seconds", "decisions_per_s", "avg_turns_per_round"):
        assert key in figures
    assert set(figures["wins_per_seat"]) == {"p0", "p1"} and "wins_per_kind" in figures


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "macao", "--games", "2", "--bots", "genius"],
        ["simulate", "macao", "--games", "2", "--players", "3", "--bots", "random,heuristic"],
        ["simulate", "macao", "--games", "2", "--players", "9"],
    ],
)
def test_simulate_refuses_bad_arguments_in_one_line(argv, capsys):
    assert bot.main(argv) == 2
    assert capsys.readouterr().out.count("\n") == 1


# --- python bot.py --------------------------------------------------------------------------
def run_bot_py(*args: str, stdin: str = "", env: dict[str, str] | None = None):
    environment = {**os.environ, "DISCORD_TOKEN": "", **(env or {})}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )


def test_bot_py_without_a_token_says_so_in_one_line_and_opens_practice():
    result = run_bot_py(stdin="quit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "DISCORD_TOKEN" in lines[0] and "practice" in lines[0]
    assert lines[1].startswith("Practice macao: you against 3 heuristic bots")
    assert lines[-1] == "Bye."


def test_bot_py_practice_subcommand_over_a_pipe():
    result = run_bot_py("practice", "macao", "--bots", "1", "--seed", "3", "--level", "random",
                        stdin="1\nh\n" * 3000)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "you against 1 random bot (ada), seed 3" in result.stdout
    assert "Match over" in result.stdout


def test_bot_py_with_a_token_runs_the_discord_bot(monkeypatch):
    started: list[Any] = []
    client = types.ModuleType("cogs.client")
    client.run_bot = lambda settings: started.append(settings)
    monkeypatch.setitem(sys.modules, "cogs.client", client)
    monkeypatch.setattr("tables.settings.load_settings", lambda: {"token": "abc"})
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    assert bot.main([]) == 0
    assert started == [{"token": "abc"}]


def test_a_bad_setting_at_start_up_is_one_line_naming_it_not_a_traceback():
    result = run_bot_py(env={"DISCORD_TOKEN": "not.a.token", "BOT_DELAY": "soon"})
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "Cannot start: BOT_DELAY=soon is not allowed (seconds from 0 to 60). "
        "Fix it in .env or the environment (see .env.example)."
    ]


def test_make_run_calls_bot_py():
    makefile = (ROOT / "Makefile").read_text()
    run_recipe = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "bot.py" in run_recipe


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


# --- options ---------------------------------------------------------------------------------
def test_practice_refuses_an_option_outside_its_range(capsys):
    assert bot.main(["practice", "macao", "--option", "target=-5"]) == 2
    out = capsys.readouterr().out
    assert out.startswith(
        "Cannot open the table: Option target must be a whole number from 1 to 100000, not -5. "
        "Macao options: target=500 (1-100000)"
    )


def test_simulate_refuses_an_unknown_option_listing_the_games_options(capsys):
    argv = ["simulate", "maumau", "--games", "1", "--option", "colour=red"]
    assert bot.main(argv) == 2
    out = capsys.readouterr().out
    assert out.startswith("Cannot simulate: Mau-Mau has no option 'colour'. Mau-Mau options: ")
    assert "twos_stack=off (on/off), rounds=0 (0-10000)" in out
