"""``python bot.py practice <game>`` opening: which table opens (the live one in a terminal,
the line-by-line ``terminal.practice`` loop otherwise), what it says first, and "play again".
The game and its bots are dealt by ``terminal.seating``."""

from __future__ import annotations

import json
import random
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from engine import game_title
from engine.bots import HEURISTICS
from engine.bots.expert import expert_games
from engine.bots.search import DEFAULT_BUDGET
from terminal.language import catalog, level_words, said
from terminal.live import LiveTable
from terminal.practice import HUMAN, Practice, _isatty
from terminal.rules_text import pace_note
from terminal.seating import open_table
from terminal.typed_words import QUIT, printable, word

#: how the README runs the practice table, for "play again with" when no other is given
DEFAULT_PROGRAM = (".venv/bin/python", "bot.py")


def again_command(
    program: Sequence[str],
    game_name: str,
    bots: int,
    level: str,
    options: Mapping[str, Any],
    lang: str,
    strict: bool,
    budget: float = DEFAULT_BUDGET,
) -> str:
    """The command that opens this table again, its deal aside: what the player typed, less
    the seed (a new match) and what only changes the screen; shell-quoted to paste as it is."""
    words = [*program, "practice", game_name]
    if bots != 3:
        words += ["--bots", str(bots)]
    if level != "heuristic":
        words += ["--level", level]
    if level == "expert" and budget != DEFAULT_BUDGET:
        words += ["--budget-ms", str(round(budget * 1000))]
    for name, value in options.items():
        words += ["--option", f"{name}={_typed(value)}"]
    if strict:
        words.append("--strict")
    if lang != "en":
        words += ["--lang", lang]
    return shlex.join(words)


def _typed(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return json.dumps(list(value))
    return str(value)


def start(
    game_name: str,
    bots: int = 3,
    seed: int | None = None,
    level: str = "heuristic",
    options: Mapping[str, Any] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    plain: bool | None = None,
    pace: float = 0.8,
    budget: float = DEFAULT_BUDGET,
    lang: str = "en",
    strict: bool = False,
    program: Sequence[str] = DEFAULT_PROGRAM,
) -> int:
    """Open a practice table and play it to the end; returns the process exit code.

    The live table (``terminal.live``) opens when both streams are a terminal and ``plain``
    is not asked for; otherwise play goes line by line, and "play again" deals a new match.
    Expert bots think for ``budget`` seconds of wall clock per move; everything is said in
    ``lang`` (``terminal.language``). ``strict``: the rules as written, with no gentler
    practice pace. ``program``: how this process was started (the interpreter and script),
    for the command that plays again.
    """
    import sys

    tr = catalog(lang)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    if level == "expert" and game_name not in expert_games():
        stdout.write(
            tr._("There is no expert bot for {game} yet: the heuristic bots play.", game=game_name)
            + "\n"
        )
        level = "heuristic"
    if level == "heuristic" and game_name not in HEURISTICS:
        stdout.write(
            tr._(
                "There is no heuristic bot for {game} yet: the bots play at random.", game=game_name
            )
            + "\n"
        )
        level = "random"
    again = again_command(program, game_name, bots, level, options or {}, lang, strict, budget)
    try:
        game, players = open_table(game_name, bots, seed, level, options, budget, lang, strict)
    except ValueError as exc:
        stdout.write(tr._("Cannot open the table: {reason}", reason=said(exc, tr)) + "\n")
        return 2
    if not plain and _isatty(stdin) and _isatty(stdout):
        live = LiveTable(
            game_name,
            bots=bots,
            seed=seed,
            level=level,
            options=options,
            pace=pace,
            budget=budget,
            lang=lang,
            strict=strict,
        )
        live.run()
        stdout.write(live.leaving_text() + " " + tr._("Play again with: {command}", command=again))
        stdout.write("\n")
        return 0
    # the game by its title in the table's language, as the table's header names it
    shown_game = tr._(game_title(game_name))
    while True:
        opening = tr.ngettext(
            "Practice {game}: you against {count} {level} bot ({names}), seed {seed}. "
            "Type {quit} to leave.",
            "Practice {game}: you against {count} {level} bots ({names}), seed {seed}. "
            "Type {quit} to leave.",
            bots,
            game=shown_game,
            level=level_words(level, tr),
            names=", ".join(game.seats[1:]),
            seed=seed,
            quit=word(tr, QUIT),
        )
        stdout.write(opening + "\n")
        note = pace_note(game, tr)
        if note:
            stdout.write(note + "\n")
        table = Practice(
            game, HUMAN, players, stdin, stdout, clock=clock, sleep=sleep, lang=lang, again=again
        )
        code = table.run()
        if not game.is_over:
            return code
        stdout.write(tr._("Play again? (y to deal a new match, anything else leaves): "))
        stdout.flush()
        answer = stdin.readline()
        typed = printable(answer)
        if table.echo and answer:
            stdout.write(typed + "\n")
        if typed.lower() not in ("y", "yes"):
            if not answer:
                stdout.write("\n")
            return code
        seed += 1
        game, players = open_table(game_name, bots, seed, level, options, budget, lang, strict)
