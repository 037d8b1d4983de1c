"""Generic engine code names no game: a game's differences live in its own modules, plugged
in through the registries (issue 29).

import-linter's contract "Generic engine modules import no game's own module" holds the
shared modules it lists; this test covers the modules it does not list, new ones included:
outside a game's own package, a module that imports one game's module belongs to that game
(its bot, its playout rule), and only the ``engine`` registry imports several. The games
are read from the registry, so a new game is covered without naming it here.
"""

from __future__ import annotations

import grimp
import pytest

from engine import GAMES

#: the registry that lists every game (``engine.GAMES``)
REGISTRY = "engine"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine", cache_dir=None)


def game_packages() -> set[str]:
    """Each game's own engine package or module: ``engine.<name>`` its class lives under."""
    return {".".join(cls.__module__.split(".")[:2]) for cls in GAMES.values()}


def games_imported(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """For each engine module outside the games' own, the games whose modules it imports."""
    games = game_packages()

    def game_of(module: str) -> str | None:
        # a one-module game's companions are its own too (``engine.macao_cards``)
        return next(
            (g for g in games if module == g or module.startswith((g + ".", g + "_"))), None
        )

    found: dict[str, set[str]] = {}
    for module in graph.modules:
        if game_of(module) is None:
            imported = {game_of(m) for m in graph.find_modules_directly_imported_by(module)}
            found[module] = {g for g in imported if g is not None}
    return found


def test_only_the_registry_imports_several_games(graph):
    found = games_imported(graph)
    shared = {m: sorted(g) for m, g in found.items() if len(g) > 1 and m != REGISTRY}
    assert not shared, (
        "generic modules importing several games (move each game's part into a module of "
        f"its own, plugged in through a registry): {shared}"
    )


def test_the_check_sees_the_registry_import_every_game(graph):
    # the registry is the one module that must name them all: if this check did not see
    # its imports, the one above could not fail
    assert games_imported(graph)[REGISTRY] == game_packages()
    assert len(game_packages()) >= 2
