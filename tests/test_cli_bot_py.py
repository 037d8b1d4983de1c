"""``python bot.py`` with and without a Discord token: practice when there is none, the
discord bot when there is, a bad setting or a database it cannot open in one line, and
``make run`` calling it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import bot
from tables.settings import DATABASE_AWAY

ROOT = Path(__file__).resolve().parent.parent


# --- python bot.py --------------------------------------------------------------------------
def run_bot_py(*args: str, stdin: str = "", env: dict[str, str] | None = None):
    environment = {**os.environ, "DISCORD_TOKEN": "", **(env or {})}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )


def test_the_line_without_a_token_names_the_game_it_opens():
    from engine import DEFAULT_GAME, game_title
    from tables.settings import NO_TOKEN

    assert f"a practice table of {game_title(DEFAULT_GAME)} instead" in NO_TOKEN


def test_bot_py_without_a_token_says_so_in_one_line_and_opens_practice():
    result = run_bot_py(stdin="quit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "DISCORD_TOKEN" in lines[0] and "practice" in lines[0]
    assert lines[1].startswith("Practice Macao: you against 3 heuristic bots")
    assert lines[-1] == "Bye."
    python = os.path.relpath(sys.executable, ROOT)
    assert f"{python} bot.py practice macao" in lines[-2]


def test_bot_py_practice_subcommand_over_a_pipe():
    result = run_bot_py("practice", "macao", "--bots", "1", "--seed", "3", "--level", "random",
                        stdin="1\nh\n" * 3000)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "you against 1 random bot (ada), seed 3" in result.stdout
    assert "Match over" in result.stdout


def test_quitting_practice_names_the_command_that_started_it_in_the_tables_language():
    result = run_bot_py("practice", "macao", "--bots", "1", "--option", "ziel=300", "--lang",
                        "de", stdin="quit\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    python = os.path.relpath(sys.executable, ROOT)
    command = f"{python} bot.py practice macao --bots 1 --option ziel=300 --lang de"
    assert command in result.stdout
    assert "Play again with" not in result.stdout  # said in German


def test_bot_py_with_a_token_runs_the_discord_bot(monkeypatch):
    started: list[Any] = []
    client = types.ModuleType("cogs.client")
    client.run_bot = lambda settings: started.append(settings)
    monkeypatch.setitem(sys.modules, "cogs.client", client)
    monkeypatch.setattr("tables.settings.load_settings", lambda: {"token": "abc"})
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    assert bot.main([]) == 0
    assert started == [{"token": "abc"}]


def test_a_bad_setting_at_start_up_is_one_line_naming_it_not_a_traceback():
    result = run_bot_py(env={"DISCORD_TOKEN": "not.a.token", "BOT_DELAY": "soon"})
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "Cannot start: BOT_DELAY=soon is not allowed (seconds from 0 to 60). "
        "Fix it in .env or the environment (see .env.example)."
    ]


# --- a database the bot cannot open: setup_hook opens it after the login -----------------------
def sqlite_problems(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """DATABASE_PATH values the bot cannot open, with the error each one meets."""
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 100)
    return {
        "under a file": (afile / "chairman.sqlite3", "FileExistsError"),
        "a folder": (tmp_path, "OperationalError: unable to open database file"),
        "not a database": (notes, "DatabaseError: file is not a database"),
    }


@pytest.mark.parametrize("case", ["under a file", "a folder", "not a database"])
async def test_a_sqlite_file_that_cannot_be_opened_is_one_line_naming_it(
    fake_discord, tmp_path, case
):
    path, error = sqlite_problems(tmp_path)[case]
    proc = await fake_discord.spawn_bot("bot.py", env={"DATABASE_PATH": str(path)})
    assert await proc.wait() == 2, proc.output
    assert not any("Traceback" in line for line in proc.lines), proc.output
    [line] = [line for line in proc.lines if line.startswith("Cannot start")]
    assert line.startswith(f"Cannot start: the SQLite file {path} cannot be opened ({error}")
    assert line.endswith("): check DATABASE_PATH in .env or the environment.")


@pytest.mark.long
async def test_a_postgresql_database_out_of_reach_is_one_line_without_its_password(fake_discord):
    # a loopback port nobody listens on: the pool gives up after its 10 s
    url = "postgresql://chairman:secret@127.0.0.1:9/chairman"
    proc = await fake_discord.spawn_bot("bot.py", env={"DATABASE_URL": url})
    assert await proc.wait(60) == 2, proc.output
    assert not any("Traceback" in line for line in proc.lines), proc.output
    assert "secret" not in proc.output
    assert proc.lines[-1] == DATABASE_AWAY


async def test_a_web_port_already_taken_is_one_line_naming_it(fake_discord):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = await fake_discord.spawn_bot("bot.py", env={"WEB_PORT": str(port)})
        assert await proc.wait() == 2, proc.output
    assert not any("Traceback" in line for line in proc.lines), proc.output
    [line] = [line for line in proc.lines if line.startswith("Cannot start")]
    assert line.startswith(f"Cannot start: the web table cannot listen on WEB_PORT {port} (")


def test_make_run_calls_bot_py():
    makefile = (ROOT / "Makefile").read_text()
    run_recipe = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "bot.py" in run_recipe
