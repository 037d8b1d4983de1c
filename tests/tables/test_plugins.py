"""Games as plug-ins at the table layer: the registry is the one place that names games, a
game with no parts of its own adds nothing, and Mao's parts are found through it."""

from __future__ import annotations

from pathlib import Path

from engine import new_game
from engine.actions import Draw
from tables.games.mao import MaoTable
from tables.plugin import PlainGame
from tables.registry import TABLE_GAMES, table_game
from tests.source_imports import imported

TABLES = Path(__file__).resolve().parents[2] / "tables"


def test_no_generic_table_module_imports_a_games_package_but_the_registry():
    generic = [p for p in TABLES.glob("*.py") if p.name != "registry.py"]
    assert generic, "the table layer's modules are where this test looks"
    leaks = {
        p.name: sorted(
            m for m in imported(p) if m == "tables.games" or m.startswith("tables.games.")
        )
        for p in generic
    }
    assert {name: found for name, found in leaks.items() if found} == {}


def test_a_game_with_no_table_parts_adds_nothing():
    plain = table_game("macao")
    game = new_game("macao", ["a", "b"], seed=3)
    assert isinstance(plain, PlainGame)
    assert plain.bot_patience(game, 12.0, 1.5) == 1.5
    assert plain.new_table_options(None, 5, {"target": 300}) == {"target": 300}
    assert plain.back_first(game, "a", Draw()) is None


def test_mao_is_registered_with_its_table_parts():
    assert isinstance(table_game("mao"), MaoTable)
    assert set(TABLE_GAMES) == {"mao"}
