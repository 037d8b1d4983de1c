"""What a source file imports, read from its text: for the tests that hold a layer's generic
modules to importing no game's own package."""

from __future__ import annotations

import ast
from pathlib import Path


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import stands (a late import inside a
    function included), with ``module.name`` for each name taken from a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found
