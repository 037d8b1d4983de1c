"""Generic engine code names no game: a game's differences live in its own package, plugged
in through the registries.

import-linter's contract "Generic engine modules import no game's own module" holds the
shared modules it lists; this test covers the modules it does not list, new ones included:
outside a game's own package, no module imports a game's module but the registries:
``engine``, which lists the games, and ``engine.bots``, which loads each game's bots. The games
are read from the registry, so a new game is covered without naming it here.
"""

from __future__ import annotations

import grimp
import pytest

from engine import GAMES

#: the registries: the one that lists every game (``engine.GAMES``), and the one that loads
#: every game's bots (``engine.<game>.bots``)
REGISTRIES = ("engine", "engine.bots")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine", cache_dir=None)


def game_packages() -> set[str]:
    """Each game's own engine package: ``engine.<name>``, which its class lives under."""
    return {".".join(cls.__module__.split(".")[:2]) for cls in GAMES.values()}


def games_imported(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """For each engine module outside the games' own, the games whose modules it imports."""
    games = game_packages()

    def game_of(module: str) -> str | None:
        return next((g for g in games if module == g or module.startswith(g + ".")), None)

    found: dict[str, set[str]] = {}
    for module in graph.modules:
        if game_of(module) is None:
            imported = {game_of(m) for m in graph.find_modules_directly_imported_by(module)}
            found[module] = {g for g in imported if g is not None}
    return found


def test_no_generic_module_imports_a_game(graph):
    found = games_imported(graph)
    naming = {m: sorted(g) for m, g in found.items() if g and m not in REGISTRIES}
    assert not naming, (
        "generic modules importing a game's own (move the game's part into its package, "
        f"plugged in through a registry): {naming}"
    )


def test_the_check_sees_the_registries_import_every_game(graph):
    # the registries are the modules that must name them all: if this check did not see
    # their imports, the one above could not fail
    found = games_imported(graph)
    for registry in REGISTRIES:
        assert found[registry] == game_packages(), registry
    assert len(game_packages()) >= 2
