"""Options of a new table opened from Discord: ``/play``'s named options and the house canon.

``/play`` takes Mao's ``turn_seconds``, ``speech_window``, ``call_window`` and ``mode`` as
options of their own (the rest of a game's options may still be typed as text); each is
accepted for a game that declares it and refused, saying whose option it is, for one that
does not. A new table of a game with a ``house_rules`` option (Mao) also starts with that
server's house canon (``data.mao_canon``); the rules go into the table's stored options, so
a table replays with the canon it began with even if the canon changes later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from data import mao_canon
from engine import GAMES
from engine.options import NAME, Listing, title_words
from engine.reasons import Words
from i18n import N_
from tables.errors import BadOptions

#: the Mao options ``/play`` offers by name
PLAY_OPTIONS = ("turn_seconds", "speech_window", "call_window", "mode")
#: the option a game holds its server's house canon in
HOUSE_RULES = "house_rules"


def for_play(
    db: sqlite_utils.Database | None,
    guild_id: int | None,
    game: str,
    chosen: Mapping[str, Any],
    named: Mapping[str, Any | None],
) -> dict[str, Any]:
    """``chosen`` (server defaults and typed options) with the named options on top and, for
    a game with house rules, the server's house canon; a named option the game does not
    declare is refused."""
    cls = GAMES[game]
    given = {k: v for k, v in named.items() if v is not None}
    foreign = sorted(k for k in given if k not in cls.defaults)
    if foreign:
        raise _not_ours(cls.title, foreign, Listing(cls.option_specs))
    out = dict(chosen)
    out.update(given)
    if HOUSE_RULES in cls.defaults and db is not None and guild_id is not None:
        house = list(out.get("house_rules") or [])
        house += [rule for rule in mao_canon.canon(db, guild_id) if rule not in house]
        if house:
            out["house_rules"] = house
    return out


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
