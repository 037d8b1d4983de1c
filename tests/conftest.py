"""Shared pytest setup: the fake Discord fixture (``fake_discord``), both storage backends
(``storage``, ``pg_url``: see ``tests.storage``), and the order pytest-xdist's workers take
the tests in (the ``long`` mark)."""

from __future__ import annotations

import pytest

pytest_plugins = ["tests.fakediscord.fixtures", "tests.storage"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On pytest-xdist's workers, tests marked ``long`` come first (otherwise in their usual
    order): xdist hands tests out in this order, and a long one handed out last would keep
    one worker busy while the other has nothing left. Every worker sorts alike, as xdist
    requires; a run in one process keeps the usual order."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("long") is None)
