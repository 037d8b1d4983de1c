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
    #: ``postgresql://user:pass@host:5432/db`` selects PostgreSQL instead of the SQLite file
    database_url: str = ""
    #: how many gateway shards the bot has in all (None: one process, discord.py decides)
    shard_count: int | None = None
    #: the shards this process runs (None: all of them)
    shard_ids: tuple[int, ...] | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: seconds a bot waits before it plays, so people can follow the game
    bot_delay: float = 1.5
    #: seconds a human has for a turn before a bot plays it for them
    turn_timeout: float = 60.0
    #: seconds the players still holding cards have to vote on playing on (LAST-9); a human
    #: who has not voted by then is counted as voting to stop
    vote_timeout: float = 30.0
    #: seconds of wall clock an expert bot thinks per move (on top of ``bot_delay``)
    expert_budget: float = 0.2
    #: least seconds between two edits of one table's message: changes in between are drawn
    #: together, the latest state winning (0 edits at every change)
    table_edit_interval: float = 1.0
    #: seconds a stop waits for moves under way (a bot's move being applied and logged)
    #: before cancelling them (``tables.scheduler``)
    close_grace_moves: float = 5.0
    #: seconds a stop waits for what is owed to Discord (table edits, hand DMs, answers to
    #: presses and commands already under way) before cancelling it (``cogs.publish``)
    close_grace_discord: float = 5.0

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

        url = get("DATABASE_URL") or ""
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise ValueError(f"DATABASE_URL must start with postgresql://, not {url[:20]!r}")
        count_text, ids_text = get("SHARD_COUNT"), get("SHARD_IDS")
        if (count_text is not None and not count_text.isdigit()) or count_text == "0":
            raise ValueError(f"SHARD_COUNT must be a whole number of shards, not {count_text!r}")
        shard_count = int(count_text) if count_text else None
        shard_ids = None
        if ids_text is not None:
            if shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
            parts = [p.strip() for p in ids_text.split(",") if p.strip()]
            if not parts or not all(p.isdigit() for p in parts):
                raise ValueError(f"SHARD_IDS must be shard numbers like 0,1, not {ids_text!r}")
            shard_ids = tuple(sorted({int(p) for p in parts}))
            if shard_ids[-1] >= shard_count:
                raise ValueError(f"SHARD_IDS go from 0 to {shard_count - 1} (SHARD_COUNT)")
        guild = get("DEV_GUILD_ID")
        if guild is not None and not guild.isdigit():
            raise ValueError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        return cls(
            discord_token=get("DISCORD_TOKEN") or "",
            database_path=get("DATABASE_PATH") or cls.database_path,
            database_url=url,
            shard_count=shard_count,
            shard_ids=shard_ids,
            dev_guild_id=int(guild) if guild else None,
            log_level=(get("LOG_LEVEL") or cls.log_level).upper(),
            bot_delay=number("BOT_DELAY", cls.bot_delay),
            turn_timeout=number("TURN_TIMEOUT", cls.turn_timeout),
            vote_timeout=number("VOTE_TIMEOUT", cls.vote_timeout),
            expert_budget=number("EXPERT_BUDGET", cls.expert_budget),
            table_edit_interval=number("TABLE_EDIT_INTERVAL", cls.table_edit_interval),
            close_grace_moves=number("CLOSE_GRACE_MOVES", cls.close_grace_moves),
            close_grace_discord=number("CLOSE_GRACE_DISCORD", cls.close_grace_discord),
        )

    @property
    def database(self) -> str:
        """Where the data lives: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def runs_every_shard(self) -> bool:
        """Whether this process runs all the bot's shards (one process for the whole bot)."""
        return self.shard_ids is None or len(self.shard_ids) == self.shard_count

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the tables of ``guild_id``: its guild is on one of this
        process's shards (tables outside a server go with DMs, to shard 0)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The gateway shard that gets ``guild_id``'s events (Discord's rule); DMs are shard 0's."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def load_settings() -> Settings:
    """The settings in force: the environment over ``.env`` in the working directory."""
    return Settings.from_env()
