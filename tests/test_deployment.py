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
