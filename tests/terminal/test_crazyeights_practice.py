"""Crazy Eights at the terminal: a practice match played to its end, line by line, and
``bot.py simulate crazyeights``, with nothing of the game's own in the terminal."""

from __future__ import annotations

import io

import bot
from terminal.opening import start


def test_a_practice_match_of_crazy_eights_plays_to_the_end():
    out = io.StringIO()
    code = start(
        "crazyeights",
        seed=9,
        stdin=io.StringIO("1\n" * 3000),
        stdout=out,
        options={"target": 60, "specials": True},
    )
    text = out.getvalue()
    assert code == 0
    assert "*** Match over." in text
    assert "named" in text  # an eight named its suit, told in the shared words


def test_simulate_plays_crazy_eights_with_every_bot_kind(capsys):
    argv = ["simulate", "crazyeights", "--games", "2", "--bots", "random,heuristic,expert"]
    assert bot.main(argv) == 0
    out = capsys.readouterr().out
    assert "Crazy Eights: 2 games" in out and "expert" in out
