"""No import circle in the project's packages, counting every import: at module level, inside a
function (a late import) and under ``TYPE_CHECKING``.

import-linter's contracts hold the floors apart; a circle within one floor (two modules that
each import the other, however late) is what they let through, and what a late or
``TYPE_CHECKING`` import hides from Python but not from a reader. The packages are
import-linter's own (``root_packages`` in ``pyproject.toml``); grimp, which import-linter is
built on, reads every import statement of a module, wherever it stands. The tests are held
to the same rule: their helpers (the loopback Discord above all) are code a contributor reads.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent


def root_packages() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return list(config["tool"]["importlinter"]["root_packages"])


def import_circles(*packages: str) -> list[list[str]]:
    """Each set of modules that import each other, directly or through others, sorted."""
    graph = grimp.build_graph(*packages, cache_dir=None)
    importers = {m: graph.find_downstream_modules(m) for m in graph.modules}
    circles: list[list[str]] = []
    placed: set[str] = set()
    for module in sorted(graph.modules):
        if module in placed:
            continue
        # a module is in a circle with each module it imports that imports it back
        circle = {m for m in importers[module] if module in importers[m]}
        if circle:
            circles.append(sorted({module, *circle}))
            placed.update(circle)
    return circles


def test_no_package_has_an_import_circle():
    circles = import_circles(*root_packages())
    assert not circles, "modules that import each other (move the shared part down):\n" + (
        "\n".join(" <-> ".join(circle) for circle in circles)
    )


def test_the_tests_have_no_import_circle():
    circles = import_circles("tests")
    assert not circles, "test modules that import each other (move the shared part down):\n" + (
        "\n".join(" <-> ".join(circle) for circle in circles)
    )


@pytest.fixture
def circled(tmp_path, monkeypatch):
    """A package ``circled``: ``a`` and ``b`` import each other, ``b`` only when type
    checking; ``c`` and ``d`` too, ``d`` only inside a function; ``e`` imports ``a`` and is
    imported by no one."""
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from circled import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from circled import a\n"
    )
    (package / "c.py").write_text("import circled.d\n")
    (package / "d.py").write_text("def late():\n    from circled import c\n\n    return c\n")
    (package / "e.py").write_text("from circled import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "circled"


def test_the_check_counts_type_checking_and_late_imports(circled):
    assert import_circles(circled) == [["circled.a", "circled.b"], ["circled.c", "circled.d"]]
