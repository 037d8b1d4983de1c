"""The bot's settings, read from the environment and an optional ``.env`` file, and what
``bot.py`` says about them at start-up.

Every setting has a default except the token, and every value is checked against what it
may be: a bad one is refused with one line naming the variable, the value given and what is
allowed (``BadSetting``, whose reason is a template for the catalogs), before anything
starts. ``.env.example`` lists them all with one line each. The environment wins over
``.env``. The start-up sentences are marked here, with the refusals, and said in the
language of ``CHAIRMAN_LANG`` or the system's locale.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from engine.reasons import Reason
from i18n import N_

#: the levels ``LOG_LEVEL`` may name (Python's logging levels, upper or lower case)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: MESSAGE_CONTENT: ask Discord for the Message Content intent (on), never (off), or ask and
#: carry on without it if refused (auto)
MESSAGE_CONTENT = ("on", "off", "auto")

#: the seconds settings: name -> (least, most). A turn or a vote needs some time; a delay,
#: an interval or a grace may be 0; none may be endless, since each arms a timer.
SECONDS: dict[str, tuple[float, float]] = {
    "BOT_DELAY": (0.0, 60.0),
    "TURN_TIMEOUT": (1.0, 86400.0),
    "VOTE_TIMEOUT": (1.0, 86400.0),
    "EXPERT_BUDGET": (0.01, 10.0),
    "TABLE_EDIT_INTERVAL": (0.0, 60.0),
    "CLOSE_GRACE_MOVES": (0.0, 300.0),
    "CLOSE_GRACE_DISCORD": (0.0, 300.0),
}

#: the least and most ``REQUESTS_PER_SECOND``: this process's share of Discord's global limit
#: (about 50 a second for a bot, raised for a few)
REQUESTS_PER_SECOND = (1.0, 10000.0)

#: the most shards one bot may have (far beyond any bot's need; a typo is caught)
MAX_SHARDS = 4096
#: a path of Discord's URL mappings, as ACTIVITY_PATHS names one: ``/`` or ``/shard-1``
_PATH = re.compile(r"/|(/[A-Za-z0-9._~-]+)+")


#: what ``bot.py`` says at start-up (``{problem}`` is a ``BadSetting``'s reason); NO_TOKEN
#: names ``engine.DEFAULT_GAME``'s title in words, as the catalogs translate it
NO_TOKEN = N_(
    "No DISCORD_TOKEN set (environment or .env): opening a practice table of Macao instead."
)
CANNOT_START = N_("Cannot start: {problem}. Fix it in .env or the environment (see .env.example).")
TOKEN_REFUSED = N_("Discord refused the DISCORD_TOKEN: check the token in .env or the environment.")
INTENT_REFUSED = N_(
    "Discord refused the Message Content intent (MESSAGE_CONTENT=on): turn it on in the developer"
    " portal (Bot > Privileged Gateway Intents), or set MESSAGE_CONTENT=auto or off."
)
NO_NETWORK = N_("Cannot reach Discord ({error}): check the network connection.")
DATABASE_AWAY = N_(
    "Cannot start: the PostgreSQL database at DATABASE_URL could not be reached: check that it"
    " is running and that DATABASE_URL in .env or the environment names it."
)
SQLITE_REFUSED = N_(
    "Cannot start: the SQLite file {path} cannot be opened ({error}): check DATABASE_PATH in"
    " .env or the environment."
)
WEB_PORT_TAKEN = N_(
    "Cannot start: the web table cannot listen on WEB_PORT {port} ({error}): another program"
    " may be using it; choose another port in .env or the environment."
)


class BadSetting(ValueError):
    """A setting's value is not one it may take; ``str()`` is the one line that says so in
    English, ``reason`` the same for a catalog (``reason.said(catalog)``)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


def _amount(value: float) -> str:
    """60.0 -> "60", 0.01 -> "0.01": a range as a person writes it."""
    return f"{value:g}"


@dataclass(frozen=True)
class Settings:
    """What the bot needs to know at start-up."""

    discord_token: str = ""
    #: whether to ask for Discord's Message Content intent, Mao's chat's (``MESSAGE_CONTENT``)
    message_content: str = "auto"
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
    #: this process's share of Discord's global limit, requests a second: the bots slow down
    #: as the process nears it (``cogs.budget``); its part of 50 when processes share a bot
    requests_per_second: float = 50.0
    #: the port the web table listens on (``web``); None: no web server
    web_port: int | None = None
    #: the address people reach the web table at, for links (``https://cards.example.org``);
    #: empty: ``http://localhost:<WEB_PORT>``
    public_url: str = ""
    #: the application's OAuth2 client secret, for the Discord Activity's code exchange
    discord_client_secret: str = ""
    #: for a bot run as several processes: the path of Discord's URL mapping by which the
    #: Activity reaches the process running each shard (``/``, ``/shard-1``), shard by shard;
    #: None: the Activity reaches this process only
    activity_paths: tuple[str, ...] | None = None

    @property
    def web_url(self) -> str:
        """Where links to the web table point (no trailing slash)."""
        return (self.public_url or f"http://localhost:{self.web_port}").rstrip("/")

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, dotenv_path: str | Path | None = ".env"
    ) -> Settings:
        """Settings from ``env`` (default ``os.environ``) over the values in ``dotenv_path``;
        ``BadSetting`` for the first value that is not allowed."""
        values: dict[str, str | None] = {}
        if dotenv_path is not None and Path(dotenv_path).is_file():
            values.update(dotenv_values(dotenv_path))
        values.update(os.environ if env is None else env)

        def get(name: str) -> str | None:
            value = values.get(name)
            return value.strip() if value and value.strip() else None

        def refuse(name: str, text: str, allowed: Reason) -> BadSetting:
            return BadSetting(
                Reason(
                    "{name}={value} is not allowed ({allowed})",
                    name=name,
                    value=text,
                    allowed=allowed,
                )
            )

        def number(name: str, default: float, bounds: tuple[float, float], unit: str) -> float:
            """The setting as a number within ``bounds``, said in ``unit`` when refused."""
            text = get(name)
            if text is None:
                return default
            least, most = bounds
            allowed = Reason(unit, least=_amount(least), most=_amount(most))
            try:
                value = float(text)
            except ValueError:
                raise refuse(name, text, allowed) from None
            # float() reads "inf" and "nan" too; neither arms a timer nor paces requests
            if not math.isfinite(value) or not least <= value <= most:
                raise refuse(name, text, allowed)
            return value

        def seconds(name: str, default: float) -> float:
            return number(name, default, SECONDS[name], N_("seconds from {least} to {most}"))

        def rate(name: str, default: float) -> float:
            return number(
                name, default, REQUESTS_PER_SECOND, N_("requests a second from {least} to {most}")
            )

        def whole(name: str, least: int, most: int, allowed: Reason) -> int | None:
            text = get(name)
            if text is None:
                return None
            if not (text.isascii() and text.isdigit()) or not least <= int(text) <= most:
                raise refuse(name, text, allowed)
            return int(text)

        url = get("DATABASE_URL") or ""
        if url and not url.startswith(("postgresql://", "postgres://")):
            # the URL may carry a password: show only its start
            raise refuse(
                "DATABASE_URL",
                url[:12] + "...",
                Reason("a postgresql://... URL, or empty for SQLite"),
            )
        shard_count = whole(
            "SHARD_COUNT",
            1,
            MAX_SHARDS,
            Reason("a whole number of shards from 1 to {most}", most=MAX_SHARDS),
        )

        def of_shards(name: str) -> str | None:
            """A setting about the shards: its text, refused where SHARD_COUNT is not set."""
            text = get(name)
            if text is not None and shard_count is None:
                raise refuse(
                    name, text, Reason("it needs SHARD_COUNT, the number of shards in all")
                )
            return text

        ids_text, shard_ids = of_shards("SHARD_IDS"), None
        if ids_text is not None and shard_count is not None:
            allowed = Reason("shard numbers from 0 to {most}, like 0,1", most=shard_count - 1)
            parts = [p.strip() for p in ids_text.split(",") if p.strip()]
            if not parts or not all(p.isascii() and p.isdigit() for p in parts):
                raise refuse("SHARD_IDS", ids_text, allowed)
            shard_ids = tuple(sorted({int(p) for p in parts}))
            if shard_ids[-1] >= shard_count:
                raise refuse("SHARD_IDS", ids_text, allowed)
        guild = whole("DEV_GUILD_ID", 1, 2**64 - 1, Reason("a server id (digits), or empty"))
        web_port = whole("WEB_PORT", 1, 65535, Reason("a port from 1 to 65535, or empty for none"))
        public_url = (get("PUBLIC_URL") or "").rstrip("/")
        if public_url and (not public_url.startswith(("http://", "https://")) or " " in public_url):
            raise refuse(
                "PUBLIC_URL", public_url, Reason("an http:// or https:// address, or empty")
            )
        if public_url and web_port is None:
            raise refuse("PUBLIC_URL", public_url, Reason("it needs WEB_PORT, the web port"))
        paths_text, activity_paths = of_shards("ACTIVITY_PATHS"), None
        if paths_text is not None and shard_count is not None:
            activity_paths = tuple(p.strip() for p in paths_text.split(","))
            if len(activity_paths) != shard_count or not all(map(_PATH.fullmatch, activity_paths)):
                raise refuse(
                    "ACTIVITY_PATHS",
                    paths_text,
                    Reason(
                        "a path for each of the {count} shards, like /,/shard-1",
                        count=shard_count,
                    ),
                )

        def one_of(name: str, default: str, choices: tuple[str, ...]) -> str:
            """One of ``choices``, however it is capitalised; ``default`` where unset."""
            text = get(name)
            chosen = [c for c in choices if c.lower() == (text or default).lower()]
            if not chosen:
                raise refuse(
                    name, text or "", Reason("one of {choices}", choices=", ".join(choices))
                )
            return chosen[0]

        level = one_of("LOG_LEVEL", cls.log_level, LOG_LEVELS)
        content = one_of("MESSAGE_CONTENT", cls.message_content, MESSAGE_CONTENT)
        partial = shard_ids is not None and shard_count is not None and len(shard_ids) < shard_count
        if ids_text is not None and shard_count is not None and partial and not url:
            raise refuse("SHARD_IDS", ids_text, sqlite_refusal(shard_count))
        return cls(
            discord_token=get("DISCORD_TOKEN") or "",
            message_content=content,
            database_path=get("DATABASE_PATH") or cls.database_path,
            database_url=url,
            shard_count=shard_count,
            shard_ids=shard_ids,
            dev_guild_id=guild,
            log_level=level,
            bot_delay=seconds("BOT_DELAY", cls.bot_delay),
            turn_timeout=seconds("TURN_TIMEOUT", cls.turn_timeout),
            vote_timeout=seconds("VOTE_TIMEOUT", cls.vote_timeout),
            expert_budget=seconds("EXPERT_BUDGET", cls.expert_budget),
            table_edit_interval=seconds("TABLE_EDIT_INTERVAL", cls.table_edit_interval),
            close_grace_moves=seconds("CLOSE_GRACE_MOVES", cls.close_grace_moves),
            close_grace_discord=seconds("CLOSE_GRACE_DISCORD", cls.close_grace_discord),
            requests_per_second=rate("REQUESTS_PER_SECOND", cls.requests_per_second),
            web_port=web_port,
            public_url=public_url,
            discord_client_secret=get("DISCORD_CLIENT_SECRET") or "",
            activity_paths=activity_paths,
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

    def activity_path(self, guild_id: int | None) -> str | None:
        """The path by which the Activity reaches the process running ``guild_id``'s tables
        (``ACTIVITY_PATHS``), or None where none is set."""
        if self.activity_paths is None or self.shard_count is None:
            return None
        return self.activity_paths[shard_of(guild_id, self.shard_count)]


def sqlite_refusal(shard_count: int) -> Reason:
    """Why a process running only some of ``shard_count`` shards may not use SQLite."""
    return Reason(
        "it runs only some of the {count} shards, and the processes running the others cannot"
        " share a SQLite file: set DATABASE_URL to a PostgreSQL database (bot.py"
        " migrate-db copies the SQLite data over), or leave SHARD_IDS unset",
        count=shard_count,
    )


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The gateway shard that gets ``guild_id``'s events (Discord's rule); DMs are shard 0's."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def load_settings() -> Settings:
    """The settings in force: the environment over ``.env`` in the working directory."""
    return Settings.from_env()
