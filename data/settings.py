"""Per-server settings: default table options per game, which channels may host tables, the
language new tables speak, and which servers hold a copy of the slash commands.

``/settings`` (Manage Server only) writes here; ``/play`` reads it through one call,
:func:`settings_for_play`, which says whether the channel may host a table and which
options a new table starts with (the game's defaults, overridden by the server's, then by
whatever the player asked for at /play, which the caller merges on top).

Option values are read and checked by the options the game declares (``engine.options``:
type, range, choices), so a server can never store an option the game would refuse. With
no allowed channels stored, every channel may host tables. A table in a thread is judged
by its parent channel.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlite_utils

import i18n
from engine import GAMES
from engine.options import OptionError, parse_value
from engine.reasons import Refusal, Words


def _create_tables(db: sqlite_utils.Database) -> None:
    db["guild_game_options"].create(
        {"guild_id": int, "game": str, "options": str}, pk=("guild_id", "game")
    )
    db["guild_table_channels"].create(
        {"guild_id": int, "channel_id": int}, pk=("guild_id", "channel_id")
    )


def _create_language(db: sqlite_utils.Database) -> None:
    db["guild_language"].create({"guild_id": int, "language": str}, pk="guild_id")


def _create_command_copies(db: sqlite_utils.Database) -> None:
    db["command_copies"].create({"guild_id": int}, pk="guild_id")


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("settings_001_options_and_channels", _create_tables),
    ("settings_002_language", _create_language),
    ("settings_003_command_copies", _create_command_copies),
]


class SettingError(Refusal):
    """A setting that cannot be stored; the message is fit to show the user (``why`` keeps it
    for another language, ``engine.reasons``)."""


#: options the table itself sets (Mao's ``language`` is the table's: ``/settings language``)
TABLE_SET = frozenset({"language"})


def settable_options(game: str) -> list[str]:
    """The options of ``game`` that /settings offers: those a player can type (not lists)."""
    cls = GAMES.get(game)
    return (
        sorted(o.name for o in cls.option_specs if o.typed and o.name not in TABLE_SET)
        if cls
        else []
    )


def parse_option(game: str, option: str, value: str) -> Any:
    """Turn the text a user typed into the option's own type and range, or raise
    SettingError saying what the option takes and listing the game's options."""
    cls = GAMES.get(game)
    if cls is None:
        raise SettingError("{game} is not available yet.", game=game)
    if option in TABLE_SET:  # named as the reader's /play and /settings name it
        raise SettingError(
            "{option} is not a game option: /settings {option} sets it for new tables here, "
            "/play {option}: for one table.",
            option=Words((option,), "option name"),
        )
    if option in cls.defaults and not cls.option(option).typed:
        raise SettingError(
            "{option} cannot be set with /settings.", option=Words((option,), "option name")
        )
    try:
        return parse_value(cls.title, cls.option_specs, option, value)
    except OptionError as exc:
        raise SettingError(exc.why) from None


def server_options(db: sqlite_utils.Database, guild_id: int, game: str) -> dict[str, Any]:
    """Only the options this server changed for the game."""
    row = db.execute(
        "SELECT options FROM guild_game_options WHERE guild_id = ? AND game = ?",
        [guild_id, game],
    ).fetchone()
    return json.loads(row[0]) if row else {}


def options_in_force(db: sqlite_utils.Database, guild_id: int | None, game: str) -> dict[str, Any]:
    """The game's defaults with this server's changes applied (unknown options dropped)."""
    cls = GAMES.get(game)
    merged: dict[str, Any] = dict(cls.defaults) if cls else {}
    if guild_id is not None:
        for key, value in server_options(db, guild_id, game).items():
            if cls is None or key in cls.defaults:
                merged[key] = value
    return merged


def set_option(db: sqlite_utils.Database, guild_id: int, game: str, option: str, value: str) -> Any:
    """Store a server default for one option; -> the value stored (in its own type)."""
    parsed = parse_option(game, option, value)
    options = server_options(db, guild_id, game)
    options[option] = parsed
    GAMES[game].check_options(options)
    _write_options(db, guild_id, game, options)
    return parsed


def reset_options(
    db: sqlite_utils.Database, guild_id: int, game: str, option: str | None = None
) -> None:
    """Forget one option (or all of them) for a game, back to the game's default; raise
    SettingError, as ``parse_option`` does, for an option the game does not have."""
    cls = GAMES.get(game)
    if option and (cls is None or option not in cls.defaults):
        parse_option(game, option, "")  # refuses the name, listing the game's options
    options = server_options(db, guild_id, game) if option else {}
    options.pop(option or "", None)
    _write_options(db, guild_id, game, options)


def _write_options(
    db: sqlite_utils.Database, guild_id: int, game: str, options: dict[str, Any]
) -> None:
    with db.atomic():
        db.execute(
            "DELETE FROM guild_game_options WHERE guild_id = ? AND game = ?", [guild_id, game]
        )
        if options:
            db.execute(
                "INSERT INTO guild_game_options (guild_id, game, options) VALUES (?, ?, ?)",
                [guild_id, game, json.dumps(options, sort_keys=True)],
            )


def table_channels(db: sqlite_utils.Database, guild_id: int) -> list[int]:
    """Channels allowed to host tables; empty means every channel."""
    return [
        row[0]
        for row in db.execute(
            "SELECT channel_id FROM guild_table_channels WHERE guild_id = ? ORDER BY channel_id",
            [guild_id],
        )
    ]


def allow_channel(db: sqlite_utils.Database, guild_id: int, channel_id: int) -> None:
    with db.atomic():
        db.execute(
            "INSERT INTO guild_table_channels (guild_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT DO NOTHING",
            [guild_id, channel_id],
        )


def disallow_channel(db: sqlite_utils.Database, guild_id: int, channel_id: int) -> None:
    with db.atomic():
        db.execute(
            "DELETE FROM guild_table_channels WHERE guild_id = ? AND channel_id = ?",
            [guild_id, channel_id],
        )


def server_language(db: sqlite_utils.Database, guild_id: int | None) -> str | None:
    """The language this server chose for its tables (``/settings language``), if any."""
    if guild_id is None:
        return None
    row = db.execute(
        "SELECT language FROM guild_language WHERE guild_id = ?", [guild_id]
    ).fetchone()
    return row[0] if row else None


def set_language(db: sqlite_utils.Database, guild_id: int, language: str | None) -> None:
    """Store the server's table language; None forgets it (back to the server's locale)."""
    with db.atomic():
        db.execute("DELETE FROM guild_language WHERE guild_id = ?", [guild_id])
        if language is not None:
            db.execute(
                "INSERT INTO guild_language (guild_id, language) VALUES (?, ?)",
                [guild_id, language],
            )


def command_copies(db: sqlite_utils.Database) -> list[int]:
    """The servers holding a copy of the slash commands synced there alone (``DEV_GUILD_ID``)."""
    rows = db.execute("SELECT guild_id FROM command_copies ORDER BY guild_id").fetchall()
    return [row[0] for row in rows]


def set_command_copy(db: sqlite_utils.Database, guild_id: int, held: bool) -> None:
    """Record that server ``guild_id`` holds a copy of the commands, or no longer does
    (processes starting together may both record it: the second changes nothing)."""
    with db.atomic():
        if held:
            db.execute(
                "INSERT INTO command_copies (guild_id) VALUES (?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                [guild_id],
            )
        else:
            db.execute("DELETE FROM command_copies WHERE guild_id = ?", [guild_id])


def table_language(
    db: sqlite_utils.Database, guild_id: int | None, chosen: str | None, guild_locale: Any
) -> str:
    """The language of a new table: the one chosen at /play, else the server's setting,
    else the server's Discord locale (``i18n.resolve``: English when Chairman lacks it)."""
    if chosen:
        return i18n.resolve(chosen)
    return server_language(db, guild_id) or i18n.resolve(guild_locale)


@dataclass(frozen=True)
class PlaySettings:
    """What /play needs to know before opening a table."""

    allowed: bool  # may this channel host a table?
    allowed_channels: list[int]  # empty: every channel; for the refusal message otherwise
    options: dict[str, Any]  # the options a new table of this game starts with

    @property
    def channels(self) -> list[int]:
        """Same as ``allowed_channels`` (the name /play reads)."""
        return self.allowed_channels


def settings_for_play(
    db: sqlite_utils.Database,
    guild_id: int | None,
    game: str,
    channel_id: int,
    parent_id: int | None = None,
) -> PlaySettings:
    """For /play: may ``channel_id`` (or, for a thread, its ``parent_id``) host a table,
    and the server's default options for ``game``. Outside a server everything is allowed
    and the game's own defaults apply."""
    if guild_id is None:
        return PlaySettings(True, [], options_in_force(db, None, game))
    channels = table_channels(db, guild_id)
    allowed = not channels or channel_id in channels or parent_id in channels
    return PlaySettings(allowed, channels, options_in_force(db, guild_id, game))
