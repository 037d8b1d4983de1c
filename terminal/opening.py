"""``python bot.py practice <game>`` opening: which bots play, which table opens (the live one
in a terminal, the line-by-line ``terminal.practice`` loop otherwise), and "play again"."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from engine import GAMES, new_game
from engine.actions import Action
from engine.base import Game, game_title
from engine.bots import HEURISTICS, Bot, make_bot
from engine.bots.expert import DEFAULT_BUDGET, ExpertBot, expert_games
from engine.events import Observation
from engine.words import language
from terminal.language import catalog, level_words, said
from terminal.practice import HUMAN, Practice, _isatty, bot_names
from terminal.rules_text import pace_note, practice_options
from terminal.typed_words import QUIT, word


def open_table(
    game_name: str,
    bots: int,
    seed: int,
    level: str,
    options: Mapping[str, Any] | None,
    budget: float = DEFAULT_BUDGET,
    lang: str = "en",
    strict: bool = False,
) -> tuple[Game, dict[str, Any]]:
    """A new game with the human in the first seat and its bots; ValueError says why not.

    Expert bots get the wall clock and ``budget`` seconds per move. A game that speaks a
    language (its ``language`` option: Mao's Chairman and bots) speaks the table's, unless
    the options say otherwise, as a Discord table does. The table plays at the game's
    gentler practice pace unless ``strict`` (``terminal.rules_text``)."""
    # the engine refuses a bad option itself, naming every option and its range
    seats = [HUMAN, *bot_names(bots)]
    chosen = practice_options(game_name, options, strict)
    if lang != "en" and "language" in getattr(GAMES.get(game_name), "defaults", {}):
        chosen.setdefault("language", lang)
    game = new_game(game_name, seats, seed=seed, options=chosen)
    players = {
        s: player(level, game_name, seed * 100 + k, budget) for k, s in enumerate(seats) if k
    }
    return game, players


def stand_in(level: str, game_name: str, seed: int, budget: float = DEFAULT_BUDGET) -> Any:
    """The bot that plays the human's seat while the game marks it away: a bot of ``level``
    that plays and speaks for them but never spends their win on a new rule (theirs to
    make, as on Discord)."""
    return without_new_rules(player(level, game_name, seed, budget))


def without_new_rules(bot: Bot) -> Bot:
    """``bot``, its out-of-turn moves made without a new rule (the class is swapped for a
    subclass of it, so the drivers see the same kind of bot)."""
    if type(bot).react is not Bot.react:  # a bot that acts out of turn (Mao's)
        bot.__class__ = _keeping_rules(type(bot))
    return bot


#: each bot class, made a stand-in once
_STAND_INS: dict[type[Bot], type[Bot]] = {}


def _keeping_rules(cls: type[Bot]) -> type[Bot]:
    """``cls`` whose out-of-turn moves leave out a new rule."""
    if cls in _STAND_INS:
        return _STAND_INS[cls]

    class StandIn(cls):  # type: ignore[valid-type,misc]
        def react(self, observation: Observation, legal: list[Action]) -> Action | None:
            action = super().react(observation, legal)
            return None if action is not None and action.kind == "declare_rule" else action

    StandIn.__name__ = StandIn.__qualname__ = f"StandIn{cls.__name__}"
    _STAND_INS[cls] = StandIn
    return StandIn


def player(level: str, game_name: str, seed: int, budget: float = DEFAULT_BUDGET) -> Any:
    """A bot of ``level`` for a seat (the human's too: the one that plays while they are
    away); an expert gets the wall clock and ``budget`` seconds per move."""
    bot = make_bot(level, game_name, seed)
    if isinstance(bot, ExpertBot):
        bot.use_clock(time.perf_counter, budget)
    return bot


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
) -> int:
    """Open a practice table and play it to the end; returns the process exit code.

    The live table (``terminal.live``) opens when both streams are a terminal and ``plain``
    is not asked for; otherwise play goes line by line, and "play again" deals a new match.
    Expert bots think for ``budget`` seconds of wall clock per move; everything is said in
    ``lang`` (``terminal.language``). ``strict``: the rules as written, with no gentler
    practice pace.
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
    try:
        game, players = open_table(game_name, bots, seed, level, options, budget, lang, strict)
    except ValueError as exc:
        stdout.write(tr._("Cannot open the table: {reason}", reason=said(exc, tr)) + "\n")
        return 2
    if not plain and _isatty(stdin) and _isatty(stdout):
        from terminal.live import LiveTable

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
        stdout.write(live.leaving_text() + "\n")
        return 0
    # English names the game as it was typed (``practice macao``); another language by the
    # game's title in it, as the table's header does
    shown_game = game_name if language(tr) == "en" else tr._(game_title(game_name))
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
        table = Practice(game, HUMAN, players, stdin, stdout, clock=clock, sleep=sleep, lang=lang)
        code = table.run()
        if not game.is_over:
            return code
        stdout.write(tr._("Play again? (y to deal a new match, anything else leaves): "))
        stdout.flush()
        answer = stdin.readline()
        if table.echo and answer:
            stdout.write(answer if answer.endswith("\n") else answer + "\n")
        if answer.strip().lower() not in ("y", "yes"):
            if not answer:
                stdout.write("\n")
            return code
        seed += 1
        game, players = open_table(game_name, bots, seed, level, options, budget, lang, strict)
