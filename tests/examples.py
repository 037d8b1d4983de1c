"""The check every test of a module's examples (its doctests) shares: they are found, and
they hold."""

from __future__ import annotations

import doctest
from types import ModuleType


def assert_examples_hold(module: ModuleType) -> None:
    """``module``'s examples run and hold; a module whose examples are no longer read as
    examples (a lost ``>>>``) fails, as one whose examples are wrong does."""
    examples = doctest.testmod(module)
    assert examples.attempted > 0, f"{module.__name__} has no examples to run"
    assert examples.failed == 0
