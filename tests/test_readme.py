"""The README is the front door: short, with pictures that exist and stay small, and a
command table naming every slash command the bot syncs (read from the bot itself through
the fake Discord, so a new command cannot be left out)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

from tests.e2e.chairman import start_bot

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_the_readme_is_at_most_about_300_lines():
    assert README.count("\n") <= 300


def test_every_picture_the_readme_shows_is_committed_and_small():
    shown = re.findall(r'src="([^"]+)"|!\[[^\]]*\]\(([^)]+)\)', README)
    paths = [a or b for a, b in shown]
    assert {"docs/discord-lobby.png", "docs/discord-hand.png"} <= set(paths)
    for path in paths:
        picture = ROOT / path
        assert picture.is_file(), path
        assert picture.stat().st_size < 300 * 1024, f"{path} is over 300 KiB"


def command_paths(commands: list[dict[str, Any]]) -> set[str]:
    """``/table rules keep`` and the like: every command with its groups."""
    paths: set[str] = set()

    def walk(prefix: str, options: list[dict[str, Any]]) -> bool:
        subs = [o for o in options if o.get("type") in (1, 2)]  # subcommand, group
        for sub in subs:
            if not walk(f"{prefix} {sub['name']}", sub.get("options") or []):
                paths.add(f"{prefix} {sub['name']}")
        return bool(subs)

    for command in commands:
        if not walk("/" + command["name"], command.get("options") or []):
            paths.add("/" + command["name"])
    return paths


def table_rows() -> list[str]:
    section = README.split("## Commands", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| `/")]


def named_in_table(path: str, rows: list[str]) -> bool:
    """``/settings reset`` is named by a row ``/settings show` / `option` / `reset``."""
    *group, last = path.split(" ")
    for row in rows:
        cell = row.split("|")[1]
        if f"`{path}`" in cell:
            return True
        if cell.strip().startswith(f"`{' '.join(group)} ") and f"`{last}`" in cell:
            return True
    return False


async def test_the_command_table_names_every_slash_command(fake_discord, tmp_path):
    await start_bot(fake_discord, tmp_path)
    paths = command_paths(fake_discord.commands(guild=True))
    assert {"/play", "/table status", "/table rules keep", "/settings images"} <= paths
    rows = table_rows()
    missing = sorted(p for p in paths if not named_in_table(p, rows))
    assert not missing, f"commands missing from the README's table: {missing}"


def test_no_file_speaks_of_how_the_project_was_made():
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    pattern = re.compile(r"\bsessions? [0-9]|\blast\s+session\b", re.I)
    found = []
    for name in files:
        path = ROOT / name
        if path.suffix in {".png", ".mo", ".svg"} or not path.is_file():
            continue
        text = path.read_text(errors="ignore")
        found += [f"{name}: {m.group(0)}" for m in pattern.finditer(text)]
    assert not found, found


def test_the_readme_shows_the_web_table_and_how_to_turn_it_on():
    shown = re.findall(r'src="([^"]+)"', README)
    assert "docs/web-table.png" in shown
    assert "docs/web-phone.png" in README
    settings = README.split("## Setting up the bot on Discord", 1)[1].split("\n## ", 1)[0]
    assert "`WEB_PORT`" in settings and "`PUBLIC_URL`" in settings
    assert "`DISCORD_CLIENT_SECRET`" in settings and "(docs/web.md)" in settings
