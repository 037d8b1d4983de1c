"""The deployment files agree with the project: no Docker engine runs here, so these checks
stand in for a build (compose.yaml is also accepted by ``docker-compose config``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_image_holds_every_package_the_project_installs():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = [p.rstrip("*") for p in config["tool"]["setuptools"]["packages"]["find"]["include"]]
    copied = set(re.findall(r"^COPY (\S+)", (ROOT / "Dockerfile").read_text(), re.M))
    assert {*packages, "bot.py", "pyproject.toml"} <= copied


def test_secrets_and_local_databases_stay_out_of_the_image():
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".env", "var", "*.sqlite3", ".venv"} <= set(ignored)


def test_compose_runs_every_shard_once_over_postgresql():
    compose = (ROOT / "compose.yaml").read_text()
    count = int(re.search(r'SHARD_COUNT: "(\d+)"', compose)[1])
    shards = sorted(int(s) for ids in re.findall(r'SHARD_IDS: "([\d,]+)"', compose)
                    for s in ids.split(","))  # fmt: skip
    assert shards == list(range(count))
    assert "DATABASE_URL: postgresql://" in compose and "image: postgres:" in compose


def _example_variables() -> set[str]:
    text = (ROOT / ".env.example").read_text()
    return set(re.findall(r"^([A-Z][A-Z0-9_]*)=", text, re.M))


def test_env_example_lists_every_variable_the_bot_and_compose_read():
    """The bot's settings (tables/settings.py), the terminal's language and every ${...} of
    compose.yaml are each in .env.example, which an owner copies to .env."""
    settings = (ROOT / "tables" / "settings.py").read_text()
    readers = "get|seconds|whole|rate|refuse|of_shards|one_of"  # what reads a setting there
    read = set(re.findall(rf'\b(?:{readers})\(\s*"([A-Z][A-Z0-9_]*)"', settings))
    read |= set(re.findall(r'^\s+"([A-Z][A-Z0-9_]*)": \(', settings, re.M))  # SECONDS' names
    compose = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", (ROOT / "compose.yaml").read_text()))
    scanned = {"DISCORD_TOKEN", "BOT_DELAY", "LOG_LEVEL", "SHARD_IDS", "ACTIVITY_PATHS"}
    assert scanned <= read  # the scan works
    missing = (read | compose | {"CHAIRMAN_LANG"}) - _example_variables()
    assert not missing, f"not in .env.example: {sorted(missing)}"


def test_every_bot_process_reads_the_whole_env_file():
    """compose passes .env to each bot process whole (env_file), so a setting in .env is never
    silently dropped; only what compose decides itself is set under `environment`."""
    compose = (ROOT / "compose.yaml").read_text()
    anchor = compose.split("x-bot: &bot", 1)[1].split("\nservices:", 1)[0]
    assert re.search(r"^  env_file: \.env$", anchor, re.M)
    bots = re.findall(r"^  (bot-[\w-]+):\n    <<: \*bot$", compose, re.M)
    assert bots == ["bot-shard-0", "bot-shard-1"]
    set_by_compose = set(re.findall(r"^\s+([A-Z][A-Z0-9_]*):", compose, re.M))
    assert set_by_compose <= _example_variables() | {"POSTGRES_USER", "POSTGRES_DB"}


def test_the_database_password_has_no_default():
    compose = (ROOT / "compose.yaml").read_text()
    uses = re.findall(r"\$\{POSTGRES_PASSWORD([^}]*)\}", compose)
    assert uses and all(u.startswith(":?") for u in uses)


def test_docker_stops_the_bot_the_ordinary_way():
    """The image and compose.yaml stop the bot with Ctrl+C's SIGINT (SIGTERM closes it the
    same way, tests/e2e/test_stop_signal.py) and give it longer than its grace periods to
    finish the moves under way and send what it owes Discord (the ordinary stop)."""
    assert re.search(r"^STOPSIGNAL SIGINT$", (ROOT / "Dockerfile").read_text(), re.M)
    anchor = (ROOT / "compose.yaml").read_text().split("\nservices:", 1)[0]
    assert re.search(r"^  stop_signal: SIGINT$", anchor, re.M)
    grace = int(re.search(r"^  stop_grace_period: (\d+)s$", anchor, re.M)[1])
    assert grace > 5 + 5  # CLOSE_GRACE_MOVES + CLOSE_GRACE_DISCORD at their defaults
