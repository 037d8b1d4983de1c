"""Games as plug-ins at the terminal: the registry is the one place that names games, no
generic module imports a game's own package (the terminal's or the engine's), a game with no
parts of its own adds nothing, and Mao's parts are found through it."""

from __future__ import annotations

from pathlib import Path

from engine import GAMES
from engine.mao import builder
from engine.words import Translations
from terminal.games.mao import MaoTerminal
from terminal.games.mao.screens import NewRuleScreen
from terminal.plugin import PlainGame
from terminal.registry import TERMINAL_GAMES, terminal_game
from terminal.shown import EN
from tests.source_imports import imported

TERMINAL = Path(__file__).resolve().parents[2] / "terminal"


def games_own(module: str) -> bool:
    """Whether ``module`` is a game's own package, at the terminal or in the engine."""
    owns = ("terminal.games", *(f"engine.{name}" for name in GAMES))
    return any(module == own or module.startswith(own + ".") for own in owns)


def test_no_generic_terminal_module_imports_a_games_package_but_the_registry():
    generic = [p for p in TERMINAL.glob("*.py") if p.name != "registry.py"]
    assert generic, "the terminal's modules are where this test looks"
    leaks = {p.name: sorted(m for m in imported(p) if games_own(m)) for p in generic}
    assert {name: found for name, found in leaks.items() if found} == {}


def test_a_module_importing_a_games_package_is_caught():
    assert games_own("engine.mao.builder")
    assert games_own("terminal.games.mao.screens")
    assert not games_own("engine.words")


def test_a_game_with_no_terminal_parts_makes_no_rules():
    plain = terminal_game("macao")
    assert isinstance(plain, PlainGame)
    assert plain.ask_rule(lambda prompt: "1", lambda line: None, EN) is None


def test_mao_is_registered_with_its_rule_builder():
    mao = terminal_game("mao")
    assert isinstance(mao, MaoTerminal)
    assert set(TERMINAL_GAMES) == {"mao"}
    assert isinstance(mao.rule_screen(EN, "en"), NewRuleScreen)


def test_mao_tells_a_rule_in_the_tables_speech():
    rule = builder.build("suit", "say", {"detail": "H", "phrase": "hearts"})
    tr: Translations = EN
    assert terminal_game("mao").rule_words(rule, tr, "en") == builder.describe(rule, tr)
