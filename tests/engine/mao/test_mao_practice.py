"""``python bot.py practice mao``: the human's typed speech and cards, the bots calling.

Driven through the terminal practice loop with piped input and a fake clock on which each
typed line takes a second, so the Chairman's clocks run as they would at the terminal.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from engine import new_game
from engine.bots import make_bot
from engine.mao import Mao
from terminal.practice import HUMAN, Practice, bot_names

ROOT = Path(__file__).resolve().parents[3]
SEATS = [HUMAN, *bot_names(2)]
SEED = 5  # the human holds 7D on a 10D, and leads


class Typing(io.StringIO):
    """Piped input on a fake clock: every line takes ``seconds`` to type."""

    def __init__(self, text: str, seconds: float = 1.0) -> None:
        super().__init__(text)
        self.t = 0.0
        self.seconds = seconds

    def clock(self) -> float:
        return self.t

    def readline(self, size: int = -1, /) -> str:
        self.t += self.seconds
        return super().readline(size)


def run(lines: str) -> tuple[Mao, str]:
    game = new_game("mao", SEATS, seed=SEED)
    assert isinstance(game, Mao)
    bots = {s: make_bot("heuristic", "mao", SEED * 100 + k) for k, s in enumerate(SEATS) if k}
    typing = Typing(lines)
    out = io.StringIO()
    Practice(game, HUMAN, bots, typing, out, clock=typing.clock, sleep=lambda s: None).run()
    return game, out.getvalue()


def test_practice_mao_the_human_speaks_and_plays_and_a_bot_calls_the_talk():
    assert "7D" in new_game("mao", SEATS, seed=SEED).observation(HUMAN)["hand"]
    game, text = run("say have a nice day\nplay 7D\n\nsay hello everyone\n\nquit\n")
    assert "you played 7♦" in text
    assert game.stats[0]["penalties"] == {"Talking": 1}  # the hello, not the 7
    callers = [e["by"] for e in game.events if e["type"] == "penalty"]
    assert callers and set(callers) <= set(SEATS[1:])


def test_practice_mao_a_bad_card_typed_is_called_by_a_bot():
    hand = new_game("mao", SEATS, seed=SEED).observation(HUMAN)["hand"]
    assert "8H" in hand  # on 10D, neither suit nor rank
    game, text = run("play 8H\ntake\n\nquit\n")
    assert game.stats[0]["penalties"] == {"Bad card": 1}
    assert game.stats[1]["calls"] + game.stats[2]["calls"] == 1
    assert "Bye." in text


def test_bot_py_practice_mao_over_a_pipe():
    done = subprocess.run(
        [sys.executable, "bot.py", "practice", "mao", "--seed", str(SEED), "--bots", "2"],
        input="say have a nice day\nplay 7D\n\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Practice Mao" in done.stdout and "you played 7♦" in done.stdout
