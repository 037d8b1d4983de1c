"""The bot's settings, read from the environment and an optional ``.env`` file.

Every setting has a default except the token; ``.env.example`` lists them all with one line
each. The environment wins over ``.env``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values


@dataclass(frozen=True)
class Settings:
    """What the bot needs to know at start-up."""

    discord_token: str = ""
    database_path: str = "var/chairman.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: seconds a bot waits before it plays, so people can follow the game
    bot_delay: float = 1.5
    #: seconds a human has for a turn before a bot plays it for them
    turn_timeout: float = 60.0
    #: seconds the players still holding cards have to vote on playing on (LAST-9); a human
    #: who has not voted by then is counted as voting to stop
    vote_timeout: float = 30.0
    #: least seconds between two edits of one table's message: changes in between are drawn
    #: together, the latest state winning (0 edits at every change)
    table_edit_interval: float = 1.0

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, dotenv_path: str | Path | None = ".env"
    ) -> Settings:
        """Settings from ``env`` (default ``os.environ``) over the values in ``dotenv_path``."""
        values: dict[str, str | None] = {}
        if dotenv_path is not None and Path(dotenv_path).is_file():
            values.update(dotenv_values(dotenv_path))
        values.update(os.environ if env is None else env)

        def get(name: str) -> str | None:
            value = values.get(name)
            return value.strip() if value and value.strip() else None

        def number(name: str, default: float) -> float:
            text = get(name)
            if text is None:
                return default
            try:
                value = float(text)
            except ValueError as exc:
                raise ValueError(f"{name} must be a number of seconds, not {text!r}") from exc
            if value < 0:
                raise ValueError(f"{name} cannot be negative")
            return value

        guild = get("DEV_GUILD_ID")
        if guild is not None and not guild.isdigit():
            raise ValueError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        return cls(
            discord_token=get("DISCORD_TOKEN") or "",
            database_path=get("DATABASE_PATH") or cls.database_path,
            dev_guild_id=int(guild) if guild else None,
            log_level=(get("LOG_LEVEL") or cls.log_level).upper(),
            bot_delay=number("BOT_DELAY", cls.bot_delay),
            turn_timeout=number("TURN_TIMEOUT", cls.turn_timeout),
            vote_timeout=number("VOTE_TIMEOUT", cls.vote_timeout),
            table_edit_interval=number("TABLE_EDIT_INTERVAL", cls.table_edit_interval),
        )


def load_settings() -> Settings:
    """The settings in force: the environment over ``.env`` in the working directory."""
    return Settings.from_env()
