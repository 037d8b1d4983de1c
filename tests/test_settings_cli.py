"""Settings as a server owner meets them: ``python bot.py`` with a bad value in the
environment stops before connecting, with one line naming the variable, the value and what
is allowed, in the language of CHAIRMAN_LANG or the system's locale; a refused connection is
one line too. Each case runs bot.py as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIX = "Fix it in .env or the environment (see .env.example)."


def run_bot_py(env: dict[str, str], *launcher: str) -> subprocess.CompletedProcess[str]:
    """``python bot.py`` with a token and ``env`` (``launcher``: run it through another module
    first, e.g. the fake Discord's redirects)."""
    english = {"CHAIRMAN_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    environment = {**os.environ, **english, "DISCORD_TOKEN": "not.a.token", **env}
    return subprocess.run(
        [sys.executable, "-W", "ignore::RuntimeWarning", *launcher, str(ROOT / "bot.py")],
        input="",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("TURN_TIMEOUT", "0", "seconds from 1 to 86400"),
        ("TURN_TIMEOUT", "-5", "seconds from 1 to 86400"),
        ("BOT_DELAY", "inf", "seconds from 0 to 60"),
        ("BOT_DELAY", "61", "seconds from 0 to 60"),
        ("VOTE_TIMEOUT", "later", "seconds from 1 to 86400"),
        ("EXPERT_BUDGET", "nan", "seconds from 0.01 to 10"),
        ("EXPERT_BUDGET", "0", "seconds from 0.01 to 10"),
        ("TABLE_EDIT_INTERVAL", "1e9", "seconds from 0 to 60"),
        ("CLOSE_GRACE_MOVES", "-inf", "seconds from 0 to 300"),
        ("CLOSE_GRACE_DISCORD", "five", "seconds from 0 to 300"),
        ("REQUESTS_PER_SECOND", "0", "requests a second from 1 to 10000"),
        ("LOG_LEVEL", "LOUD", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("SHARD_COUNT", "0", "a whole number of shards from 1 to 4096"),
        ("SHARD_COUNT", "two", "a whole number of shards from 1 to 4096"),
        ("DEV_GUILD_ID", "my server", "a server id (digits), or empty"),
        ("MESSAGE_CONTENT", "sometimes", "one of on, off, auto"),
    ],
)
def test_a_bad_setting_stops_the_bot_with_one_line_naming_it(name, value, allowed):
    result = run_bot_py({name: value})
    assert result.returncode == 2, result.stderr
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        f"Cannot start: {name}={value} is not allowed ({allowed}). {FIX}"
    ]


def test_shard_ids_are_checked_against_the_shard_count():
    result = run_bot_py({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"})
    assert result.returncode == 2, result.stderr
    assert result.stdout.splitlines() == [
        f"Cannot start: SHARD_IDS=0,2 is not allowed (shard numbers from 0 to 1, like 0,1). {FIX}"
    ]


def test_some_shards_over_sqlite_are_refused_saying_what_to_set():
    result = run_bot_py({"SHARD_COUNT": "2", "SHARD_IDS": "1"})
    assert result.returncode == 2, result.stderr
    assert result.stdout.splitlines() == [
        "Cannot start: SHARD_IDS=1 is not allowed (it runs only some of the 2 shards, and the"
        " processes running the others cannot share a SQLite file: set DATABASE_URL to a"
        " PostgreSQL database (bot.py migrate-db copies the SQLite data over), or leave"
        f" SHARD_IDS unset). {FIX}"
    ]


def test_a_database_url_that_is_not_postgresql_is_refused_without_its_password():
    result = run_bot_py({"DATABASE_URL": "mysql://chairman:secret@db/chairman"})
    assert result.returncode == 2, result.stderr
    [line] = result.stdout.splitlines()
    assert line.startswith("Cannot start: DATABASE_URL=mysql://chai... is not allowed")
    assert "secret" not in line


def test_no_network_is_one_line():
    """Discord out of reach (here a loopback port nobody listens on): one line, no log lines
    about voice support or logging in, no traceback."""
    closed = "http://127.0.0.1:9/api/v10"
    launcher = (
        "-m",
        "tests.fakediscord.launcher",
        "--api",
        closed,
        "--gateway",
        "ws://127.0.0.1:9",
    )
    result = run_bot_py({"LOG_LEVEL": "INFO"}, *launcher)
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        "Cannot reach Discord (ClientConnectorError): check the network connection."
    ]


@pytest.mark.parametrize(
    ("env", "line"),
    [
        (
            {"CHAIRMAN_LANG": "ro", "TURN_TIMEOUT": "0"},
            "Nu pot porni: TURN_TIMEOUT=0 nu este permis (secunde de la 1 la 86400). "
            "Corectează în .env sau în mediu (vezi .env.example).",
        ),
        (
            {"LANG": "pt_BR.UTF-8", "LOG_LEVEL": "LOUD"},
            "Não foi possível iniciar: LOG_LEVEL=LOUD não é permitido "
            "(um destes: DEBUG, INFO, WARNING, ERROR, CRITICAL). "
            "Corrija no .env ou no ambiente (veja .env.example).",
        ),
    ],
)
def test_a_bad_setting_is_told_in_the_owners_language(env, line):
    result = run_bot_py(env)
    assert result.returncode == 2, result.stderr
    assert result.stdout.splitlines() == [line]


def test_no_network_is_told_in_the_owners_language():
    closed = "http://127.0.0.1:9/api/v10"
    launcher = (
        "-m",
        "tests.fakediscord.launcher",
        "--api",
        closed,
        "--gateway",
        "ws://127.0.0.1:9",
    )
    result = run_bot_py({"CHAIRMAN_LANG": "pt-BR"}, *launcher)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        "Não foi possível conectar ao Discord (ClientConnectorError): verifique a conexão de rede."
    ]
