"""Chairman's entry point.

``python bot.py`` runs the Discord bot when ``DISCORD_TOKEN`` is set (in the environment or
``.env``); without a token it says so in one line and opens a terminal practice table of
Macao, so a newcomer can play at once. Subcommands:

    python bot.py practice macao [--bots 3] [--seed N] [--level heuristic|random] [--plain]
                                 [--lang en|pt-BR|ro|es|fr|de]
    python bot.py simulate macao --games N [--players P] [--seed S]
                                 [--bots random|heuristic|LIST] [--json]
    python bot.py migrate-db [--from SQLITE_FILE] [--to POSTGRESQL_URL]
        (copies every table, action log and result; defaults: DATABASE_PATH, DATABASE_URL)
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from typing import Any

from dotenv import load_dotenv

import i18n
from engine import DEFAULT_GAME, GAMES, game_title
from engine.bots import BOT_KINDS
from i18n import N_

#: the language the command line's own errors are said in (``terminal.language``): set by
#: ``main`` from ``--lang`` or the environment before the arguments are read
TR: i18n.Catalog = i18n.get("en")


def say(message: str, **fields: Any) -> None:
    """Print one of the command line's own lines, in its language (``TR``)."""
    print(TR._(message, **fields))


def option_pair(text: str) -> tuple[str, Any]:
    """``target=300`` -> ("target", "300"): the value as typed, for the game to read in its
    option's type (``terminal.typed_words.typed_options``); a list (``house_rules=[...]``),
    which no option reads from words, is read as JSON."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(
            TR._(N_("options are written name=value, not {text}"), text=repr(text))
        )
    if raw.lstrip().startswith("["):
        try:
            return key.strip(), json.loads(raw)
        except json.JSONDecodeError:
            pass  # the game refuses it as typed
    return key.strip(), raw


def game_name(text: str) -> str:
    name = text.strip().lower()
    if name not in GAMES:
        raise argparse.ArgumentTypeError(
            TR._(
                N_("unknown game {name}; choose from {games}"),
                name=repr(text),
                games=", ".join(sorted(GAMES)),
            )
        )
    return name


def bots_arg(text: str) -> int | str:
    """``--bots``: a number of bots, or a level (``expert``) for the default number."""
    if text in BOT_KINDS:
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            TR._(
                N_("--bots takes a number or a level ({levels}), not {text}"),
                levels=", ".join(BOT_KINDS),
                text=repr(text),
            )
        ) from None


def games_help() -> str:
    """Every game with its options and their defaults, for ``practice --help``."""
    lines = ["games and their options (--option NAME=VALUE):"]
    for name in sorted(GAMES):
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in GAMES[name].defaults.items())
        lines.append(f"  {name:<9} {game_title(name)}: {options or 'no options'}")
    return "\n".join(lines)


def program() -> tuple[str, str]:
    """How this process was started, the interpreter and the script, as the player would type
    them again."""
    return shown_path(sys.executable), shown_path(sys.argv[0])


def shown_path(path: str) -> str:
    """``path`` as the player would type it here: relative under the working directory (the
    README's ``.venv/bin/python``), whole elsewhere."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if relative.startswith("..") else relative


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="bot.py", description="Chairman: a Discord bot that hosts card games."
    )
    sub = top.add_subparsers(dest="command")

    practice = sub.add_parser(
        "practice",
        help="play a game against bots in the terminal",
        description="Play a game against bots: a live table in a terminal, or line by line "
        "with --plain (and whenever input is piped).",
        epilog=games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    practice.add_argument(
        "game", type=game_name, nargs="?", default=DEFAULT_GAME,
        help=f"one of {', '.join(sorted(GAMES))} (default {DEFAULT_GAME})",
    )  # fmt: skip
    practice.add_argument(
        "--bots", type=bots_arg, default=3,
        help="how many bots (default 3), or their level: --bots expert",
    )  # fmt: skip
    practice.add_argument("--seed", type=int, default=None, help="deal from this seed")
    practice.add_argument(
        "--level", choices=BOT_KINDS, default="heuristic", help="how the bots play"
    )
    practice.add_argument(
        "--budget-ms", type=int, default=200, help="an expert bot's thinking time per move"
    )
    practice.add_argument(
        "--plain", action="store_true", help="line by line, no live table (for scripts)"
    )
    practice.add_argument(
        "--pace", type=float, default=0.8, metavar="SECONDS",
        help="the live table: seconds between bot moves (default 0.8)",
    )  # fmt: skip
    practice.add_argument(
        "--strict", action="store_true",
        help="the rules as written, with no gentler practice pace (Mao: the five-second rule)",
    )  # fmt: skip
    practice.add_argument(
        "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
        help="a game option, e.g. --option target=300 (repeatable)",
    )  # fmt: skip
    practice.add_argument(
        "--lang", default=None, metavar="LANGUAGE",
        help="the table's language: en, pt-BR, ro, es, fr or de (default: CHAIRMAN_LANG, "
        "else LC_ALL, LC_MESSAGES or LANG; anything else is English)",
    )  # fmt: skip

    simulate = sub.add_parser("simulate", help="play bot-only games and print figures")
    simulate.add_argument("game", type=game_name)
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument("--players", type=int, default=None, help="seats (default 4)")
    simulate.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    simulate.add_argument(
        "--bots",
        default="random",
        help="random, heuristic, expert, or a comma list, one kind per seat",
    )
    simulate.add_argument(
        "--budget-ms",
        type=float,
        default=200.0,
        help="an expert bot's wall-clock budget per decision (default 200)",
    )
    simulate.add_argument(
        "--playouts",
        type=int,
        default=None,
        help="an expert bot's playouts per decision instead of a time budget (reproducible)",
    )
    simulate.add_argument(
        "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
        help="a game option (repeatable)",
    )  # fmt: skip
    simulate.add_argument("--json", action="store_true", help="end with one JSON line of figures")

    migrate = sub.add_parser(
        "migrate-db", help="copy a SQLite database (tables, logs, results) to PostgreSQL"
    )
    migrate.add_argument("--from", dest="source", default=None, help="default: DATABASE_PATH")
    migrate.add_argument("--to", dest="target", default=None, help="default: DATABASE_URL")
    return top


def migrate_db(source: str | None, target: str | None) -> int:
    """``migrate-db``: copy every row from the SQLite file to the PostgreSQL database."""
    load_dotenv()
    from data.errors import StorageRefused, StorageUnavailable
    from data.transfer import copy_database

    source = source or os.environ.get("DATABASE_PATH", "").strip() or "var/chairman.sqlite3"
    target = target or os.environ.get("DATABASE_URL", "").strip()
    if not target.startswith(("postgresql://", "postgres://")):
        say(N_("Give the PostgreSQL database with --to postgresql://... or DATABASE_URL."))
        return 2
    say(N_("Copying {source} to PostgreSQL ..."), source=source)
    try:
        copied = copy_database(
            source,
            target,
            lambda t, n: print(
                "  " + TR.ngettext("{table}: {count} row", "{table}: {count} rows", n, table=t)
            ),
        )
    except (StorageRefused, StorageUnavailable) as exc:
        say(N_("Nothing copied: {reason}"), reason=exc)
        return 1
    rows = TR.ngettext("{count} row", "{count} rows", sum(copied.values()))
    tables = TR.ngettext("{count} table", "{count} tables", len(copied))
    say(N_("Done: {rows} in {tables}."), rows=rows, tables=tables)
    say(N_("Set DATABASE_URL to that database and start the bot."))
    return 0


def run_discord_or_practice() -> int:
    """``python bot.py`` with no subcommand: the Discord bot, or practice without a token."""
    load_dotenv()
    from tables import settings as startup

    tr = i18n.get(startup_language())
    if os.environ.get("DISCORD_TOKEN", "").strip():
        try:
            settings = startup.load_settings()
        except startup.BadSetting as exc:  # the owner's to fix: one line, no traceback
            print(tr._(startup.CANNOT_START, problem=exc.reason.said(tr)))
            return 2
        # imported here so the terminal commands work without the Discord side installed
        from cogs.client import run_bot

        return discord_run(run_bot, settings, tr)
    print(tr._(startup.NO_TOKEN))
    from terminal.opening import start

    return start(DEFAULT_GAME, lang=terminal_language(None), program=program())


def terminal_language(flag: str | None) -> str:
    """The practice table's language: ``--lang``, else the environment (``terminal.language``);
    one line says so when it is one Chairman does not speak."""
    from terminal.language import chosen_language

    lang, notice = chosen_language(flag, os.environ)
    if notice:
        print(notice)
    return lang


class StartUpNoise(logging.Filter):
    """Drops discord.py's start-up line that says nothing an owner acts on, so a refused token
    or no network is the one line ``discord_run`` prints."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != "logging in using static token"


def startup_language() -> str:
    """The language of what ``bot.py`` says before a table opens: ``CHAIRMAN_LANG``, else the
    system's locale (as the practice table's, without its notice for a language Chairman
    does not speak)."""
    from terminal.language import chosen_language

    return chosen_language(None, os.environ)[0]


def database_refusal(settings: Any, exc: Exception, tr: Any) -> str:
    """The one line for a database the bot cannot open as it starts (``setup_hook`` opens it,
    after the login): the SQLite file by its path and what stopped it, or PostgreSQL by
    ``DATABASE_URL``, never the URL itself, which holds the password."""
    from tables.settings import DATABASE_AWAY, SQLITE_REFUSED

    if settings.database_url:
        return str(tr._(DATABASE_AWAY))
    cause = exc.__cause__ or exc
    error = f"{type(cause).__name__}: {cause}" if str(cause) else type(cause).__name__
    return str(tr._(SQLITE_REFUSED, path=settings.database_path, error=error))


def discord_run(run_bot: Any, settings: Any, tr: Any = None) -> int:
    """Run the bot; a refused token or no network is one line (in ``tr``'s language), not a
    traceback, and so is a database that cannot be opened or a web port already taken."""
    import aiohttp
    import discord
    from discord.ext import commands

    from tables.settings import INTENT_REFUSED, NO_NETWORK, TOKEN_REFUSED, WEB_PORT_TAKEN
    from tables.storage import StorageRefused, StorageUnavailable
    from web.server import PortTaken

    tr = tr or i18n.get("en")

    # the bot never joins a voice channel: discord.py's warnings about its voice libraries
    # (PyNaCl, davey) would only be noise at every start
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    logging.getLogger("discord.client").addFilter(StartUpNoise())
    try:
        return run_bot(settings) or 0
    except discord.LoginFailure:
        print(tr._(TOKEN_REFUSED))
    except discord.PrivilegedIntentsRequired:
        print(tr._(INTENT_REFUSED))
    except (aiohttp.ClientError, OSError) as exc:
        print(tr._(NO_NETWORK, error=type(exc).__name__))
    except (StorageRefused, StorageUnavailable) as exc:
        print(database_refusal(settings, exc, tr))
        return 2
    except commands.ExtensionFailed as exc:
        # a cog that could not start: the web table's port taken is the user's to fix
        if not isinstance(exc.original, PortTaken):
            raise
        taken = exc.original
        print(tr._(WEB_PORT_TAKEN, port=taken.port, error=type(taken.error).__name__))
        return 2
    return 1


def main(argv: list[str] | None = None) -> int:
    global TR
    from terminal.language import command_language

    TR = i18n.get(command_language(sys.argv[1:] if argv is None else argv, os.environ))
    args = parser().parse_args(argv)
    if args.command is None:
        return run_discord_or_practice()
    if args.command == "migrate-db":
        return migrate_db(args.source, args.target)
    if args.command == "practice":
        from terminal.opening import start

        load_dotenv()  # CHAIRMAN_LANG may be in .env
        count, level = (3, args.bots) if isinstance(args.bots, str) else (args.bots, args.level)
        if count < 1:
            say(N_("--bots must be at least 1"))
            return 2
        cls = GAMES[args.game]
        fewest, most = max(cls.min_seats - 1, 1), cls.max_seats - 1
        if not fewest <= count <= most:
            say(
                N_("{game} is played by {low} to {high} players: --bots takes {fewest} to {most}"),
                game=TR._(game_title(args.game)),
                low=cls.min_seats,
                high=cls.max_seats,
                fewest=fewest,
                most=most,
            )
            return 2
        if not 0.05 <= args.pace <= 10:
            say(N_("--pace must be from 0.05 to 10 seconds"))
            return 2
        return start(
            args.game,
            bots=count,
            seed=args.seed,
            level=level,
            options=dict(args.option),
            plain=args.plain,
            pace=args.pace,
            budget=args.budget_ms / 1000,
            lang=terminal_language(args.lang),
            strict=args.strict,
            program=program(),
        )
    from terminal.simulate import simulate
    from terminal.simulate_report import report

    if args.games < 1:
        say(N_("--games must be at least 1"))
        return 2
    if args.playouts is not None and args.playouts < 1:
        say(N_("--playouts must be at least 1"))
        return 2
    try:  # the engine refuses a bad option, naming every option and its range
        figures = simulate(
            args.game,
            games=args.games,
            players=args.players,
            seed=args.seed,
            bots=args.bots,
            options=dict(args.option),
            budget=args.budget_ms / 1000,
            playouts=args.playouts,
        )
    except ValueError as exc:
        from terminal.language import said

        say(N_("Cannot simulate: {reason}"), reason=said(exc, TR))
        return 2
    report(figures, sys.stdout, as_json=args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
