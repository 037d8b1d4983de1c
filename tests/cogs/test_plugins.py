"""Games as plug-ins on Discord, for every game the engine registers (a game added later
included, which the import contracts' lists in ``pyproject.toml`` name one by one): no generic
cog imports a game's engine package, and a game's own Discord package imports no other
game's."""

from __future__ import annotations

from pathlib import Path

from engine import GAMES
from tests.source_imports import imported

COGS = Path(__file__).resolve().parents[2] / "cogs"


def engine_games_in(path: Path) -> set[str]:
    """The games whose engine package ``path`` imports."""
    found = set()
    for module in imported(path):
        parts = module.split(".")
        if len(parts) > 1 and parts[0] == "engine" and parts[1] in GAMES:
            found.add(parts[1])
    return found


def test_no_generic_cog_imports_a_games_engine_package():
    generic = [p for p in COGS.rglob("*.py") if "games" not in p.relative_to(COGS).parts]
    assert generic, "the cogs are where this test looks"
    leaks = {str(p.relative_to(COGS)): engine_games_in(p) for p in generic}
    assert {name: found for name, found in leaks.items() if found} == {}


def test_a_games_discord_package_imports_its_own_engine_package_alone():
    for package in (p for p in (COGS / "games").iterdir() if p.is_dir()):
        for path in package.rglob("*.py"):
            assert engine_games_in(path) <= {package.name}, path


def test_an_import_of_a_games_engine_package_is_caught(tmp_path):
    planted = tmp_path / "leak.py"
    planted.write_text("from engine.crazyeights.game import CrazyEights\nimport engine.words\n")
    assert engine_games_in(planted) == {"crazyeights"}
