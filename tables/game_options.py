"""A game's options read from text or a dict, checked by the game, defaults filled; a problem
is refused with a sentence naming the game's options and ranges (``engine.options``). Also
the options a new table opened from Discord starts with (``for_play``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from engine import GAMES, Game
from engine.options import NAME, Listing, OptionError, title_words
from engine.reasons import Reason, Sentence, Words
from i18n import N_
from tables.errors import BadOptions
from tables.registry import table_game


def parse_option_text(game: str, text: str | None) -> dict[str, Any]:
    """``target=300 twos_stack=on`` -> ``{"target": 300, "twos_stack": True}``: the options
    given, each read in the type and range the game declares (``engine.options``).

    Raise ``BadOptions`` naming the problem and listing the game's options and ranges.
    """
    cls = _game_class(game)
    try:
        return cls.parse_options(text)
    except OptionError as exc:
        if exc.malformed is None:
            raise BadOptions("{reason}", reason=exc.why) from exc
        raise BadOptions(
            N_(
                "Write options as name=value separated by spaces; {word} is not. "
                "{game} options: {known}."
            ),
            word=repr(exc.malformed),
            game=title_words(cls.title),
            known=Listing(cls.option_specs),
        ) from exc
    except ValueError as exc:
        raise BadOptions("{reason}", reason=_why(exc)) from exc


def _why(error: Exception) -> Reason:
    """The engine's reason for ``error`` (English text when it kept none), as a sentence."""
    why = getattr(error, "why", None)
    return Sentence(why if why is not None else Reason(str(error)))


def parse_options(game: str, text: str | dict[str, Any] | None) -> dict[str, Any]:
    """Options for ``game`` from option text (or a dict), checked by the game, defaults filled.

    Raise ``BadOptions`` with a sentence naming the game's options when anything is off.
    """
    cls = _game_class(game)
    raw = dict(text) if isinstance(text, dict) else parse_option_text(game, text)
    try:
        return cls.check_options(raw)
    except OptionError as exc:
        raise BadOptions("{reason}", reason=exc.why) from exc
    except ValueError as exc:
        raise BadOptions(
            N_("{reason} {game} options: {known}."),
            reason=_why(exc),
            game=title_words(cls.title),
            known=Listing(cls.option_specs),
        ) from exc


def _game_class(game: str) -> type[Game]:
    cls = GAMES.get(game)
    if cls is None:
        raise BadOptions(N_("There is no game called {game}."), game=repr(game))
    return cls


def for_play(
    db: sqlite_utils.Database | None,
    guild_id: int | None,
    game: str,
    chosen: Mapping[str, Any],
    named: Mapping[str, Any | None],
) -> dict[str, Any]:
    """``chosen`` (server defaults and typed options) with the named options ``/play`` takes
    on top (a game's options offered by name, such as Mao's ``turn_seconds``), and what the
    game adds to a new table in that server (Mao's house canon, ``TableGame``); a named
    option the game does not declare is refused, saying whose option it is."""
    cls = GAMES[game]
    given = {k: v for k, v in named.items() if v is not None}
    foreign = sorted(k for k in given if k not in cls.defaults)
    if foreign:
        raise _not_ours(cls.title, foreign, Listing(cls.option_specs))
    out = dict(chosen)
    out.update(given)
    return table_game(game).new_table_options(db, guild_id, out)


def _not_ours(title: str, names: list[str], options: Listing) -> BadOptions:
    """``mode is a Mao option, not a Macao one. Macao options: ...``"""
    owners = sorted({g.title for g in GAMES.values() for n in names if n in g.defaults})
    fields = {
        "names": Words(names, NAME),
        "whose": Words(owners, sep=" / "),
        "game": title_words(title),
    }
    if not owners:
        message = N_("{names} is not a {game} option. {game} options: {known}.")
    elif len(names) == 1:
        message = N_("{names} is a {whose} option, not a {game} one. {game} options: {known}.")
    else:
        message = N_("{names} are {whose} options, not {game} ones. {game} options: {known}.")
    return BadOptions(message, known=options, **fields)
