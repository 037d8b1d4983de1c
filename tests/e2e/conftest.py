"""Fixtures the Discord scenarios share: how Mao's players speak (``speech``)."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["chat", "say"])
def speech(request: pytest.FixtureRequest) -> str:
    """How the players speak: in the thread, or through the hand's Say form (a scenario that
    asks for it is played both ways)."""
    return str(request.param)
