"""A server's and a table's standing choices, for a front-end: default options per game,
the channels tables may open in, the language, whether tables show card pictures, and which
servers hold the copy of the slash commands a test server is given (``DEV_GUILD_ID``).

Read from and written to storage (``data.settings``, ``data.images``); values are checked
there against the game's own options (``SettingError`` when refused).
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from data import images, settings
from data.settings import PlaySettings, SettingError, settable_options

__all__ = ["PlaySettings", "Preferences", "SettingError", "settable_options"]


class Preferences:
    """Server and table settings over one database."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    # --- options -------------------------------------------------------------------------
    def server_options(self, guild_id: int, game: str) -> dict[str, Any]:
        """The server's own defaults for ``game`` (only those it changed)."""
        return settings.server_options(self.db, guild_id, game)

    def options_in_force(self, guild_id: int | None, game: str) -> dict[str, Any]:
        """The options a new table of ``game`` starts with here."""
        return settings.options_in_force(self.db, guild_id, game)

    def set_option(self, guild_id: int, game: str, option: str, value: str) -> Any:
        """Store a server default for one option; -> the value stored."""
        return settings.set_option(self.db, guild_id, game, option, value)

    def reset_options(self, guild_id: int, game: str, option: str | None = None) -> None:
        """Forget one option (or all of them) for a game."""
        settings.reset_options(self.db, guild_id, game, option)

    def for_play(
        self, guild_id: int | None, game: str, channel_id: int, parent_id: int | None = None
    ) -> PlaySettings:
        """For a new table: may it open here, and the server's default options."""
        return settings.settings_for_play(self.db, guild_id, game, channel_id, parent_id)

    # --- channels ------------------------------------------------------------------------
    def table_channels(self, guild_id: int) -> list[int]:
        return settings.table_channels(self.db, guild_id)

    def allow_channel(self, guild_id: int, channel_id: int) -> None:
        settings.allow_channel(self.db, guild_id, channel_id)

    def disallow_channel(self, guild_id: int, channel_id: int) -> None:
        settings.disallow_channel(self.db, guild_id, channel_id)

    # --- language ------------------------------------------------------------------------
    def server_language(self, guild_id: int | None) -> str | None:
        return settings.server_language(self.db, guild_id)

    def set_language(self, guild_id: int, language: str | None) -> None:
        settings.set_language(self.db, guild_id, language)

    def table_language(self, guild_id: int | None, chosen: str | None, guild_locale: Any) -> str:
        """The language of a new table: the one chosen, else the server's, else its locale."""
        return settings.table_language(self.db, guild_id, chosen, guild_locale)

    # --- card pictures -------------------------------------------------------------------
    def server_images(self, guild_id: int | None) -> bool:
        return images.server_images(self.db, guild_id)

    def set_server_images(self, guild_id: int, on: bool) -> None:
        images.set_server_images(self.db, guild_id, on)

    def set_table_images(self, table_id: int, on: bool) -> None:
        images.set_table_images(self.db, table_id, on)

    def images_for(self, guild_id: int | None, table_id: int) -> bool:
        """Whether a table shows card pictures: its own choice, else its server's."""
        return images.images_for(self.db, guild_id, table_id)

    # --- the slash commands' server copies ------------------------------------------------
    def command_copies(self) -> list[int]:
        """The servers given a copy of the slash commands of their own (``DEV_GUILD_ID``)."""
        return settings.command_copies(self.db)

    def set_command_copy(self, guild_id: int, held: bool) -> None:
        """Remember that server ``guild_id`` holds such a copy, or forget it once cleared."""
        settings.set_command_copy(self.db, guild_id, held)
