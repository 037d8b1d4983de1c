"""Options of a new Mao table opened from Discord: the ``/play`` choices and the house canon.

``/play game:mao`` takes ``turn_seconds``, ``speech_window``, ``call_window`` and ``mode`` as
options of their own (the rest of the engine's options may still be typed as text). A new
Mao table in a server also starts with that server's house canon (``data.mao_canon``) as its
``house_rules``; the rules go into the table's stored options, so a table replays with the
canon it began with even if the canon changes later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from data import mao_canon
from tables.errors import BadOptions

#: the Mao options ``/play`` offers by name
PLAY_OPTIONS = ("turn_seconds", "speech_window", "call_window", "mode")


def for_play(
    db: sqlite_utils.Database | None,
    guild_id: int | None,
    game: str,
    chosen: Mapping[str, Any],
    named: Mapping[str, Any | None],
) -> dict[str, Any]:
    """``chosen`` (server defaults and typed options) with the named Mao options on top and,
    for Mao, the server's house canon; a named Mao option for another game is refused."""
    given = {k: v for k, v in named.items() if v is not None}
    out = dict(chosen)
    if game != "mao":
        if given:
            names = ", ".join(sorted(given))
            what = "is a Mao option" if len(given) == 1 else "are Mao options"
            raise BadOptions(f"{names} {what}.")
        return out
    out.update(given)
    if db is not None and guild_id is not None:
        house = list(out.get("house_rules") or [])
        house += [rule for rule in mao_canon.canon(db, guild_id) if rule not in house]
        if house:
            out["house_rules"] = house
    return out
