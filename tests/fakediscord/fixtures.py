"""pytest fixture ``fake_discord``: a started ``FakeDiscord`` with discord.py pointed at it.

Registered from ``tests/conftest.py`` (``pytest_plugins``). At teardown it waits (up to the
interaction deadline) for interactions still unanswered, closes every bot started with
``fake.run_bot`` and every process from ``fake.spawn_bot``, stops the server, undoes the patches,
and then fails the test if any of these happened during it:

- an ERROR (or worse) log record from any logger (discord.py logs handler exceptions as
  "Ignoring exception in ..." and carries on, so this is the only way they surface);
- an interaction the bot never answered (Discord shows "This interaction failed"), or left
  "thinking" (deferred with a message to come that never came);
- a traceback or ERROR line in a spawned bot process's output;
- a connection attempt to a non-loopback host (network guard);
- a REST route the fake does not implement.

A test that provokes one of these on purpose adds a regex to ``fake.ignore_errors`` or sets
``fake.allow_unanswered = True``.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator

import pytest

from .driver import FakeDiscord
from .guard import VIOLATIONS
from .interactions import FakeInteraction


class ErrorCapture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def problems(self, ignore: list[str]) -> list[str]:
        patterns = [re.compile(p) for p in ignore]
        out = []
        for record in self.records:
            text = record.getMessage()
            if record.exc_info:
                text += "\n" + logging.Formatter().formatException(record.exc_info)
            if any(p.search(text) for p in patterns):
                continue
            out.append(f"{record.levelname} from {record.name}: {text}")
        return out


#: seconds a test's last "thinking" interactions get to show their message at teardown
THINKING_GRACE = 5.0


def _thinking(i: FakeInteraction) -> bool:
    original = i.original
    return bool(i.response and i.response["type"] == 5 and original and original.loading)


async def _settle_interactions(fake: FakeDiscord) -> None:
    """Give interactions sent near the end of a test their full deadline to be answered, and
    those still thinking a moment to show what they were thinking about."""
    pending = [i for i in fake.interactions if i.response is None or _thinking(i)]
    if not pending or not fake.connected:
        return
    end = max(i.created for i in pending) + fake.interaction_deadline
    end = max(end, fake.loop_time() + THINKING_GRACE) if any(map(_thinking, pending)) else end
    while fake.loop_time() < end and any(i.response is None or _thinking(i) for i in pending):
        await asyncio.sleep(0.01)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    capture = ErrorCapture()
    root = logging.getLogger()
    root.addHandler(capture)
    violations_before = len(VIOLATIONS)
    patch = fake.patch_client()
    patch.apply()
    problems: list[str] = []
    try:
        yield fake
        if not fake.allow_unanswered:
            await _settle_interactions(fake)
            problems += [
                f"interaction never answered (the user sees 'This interaction failed'): {i!r}"
                for i in fake.interactions
                if i.response is None
            ]
            problems += [
                f"interaction left thinking (its message never came): {i!r}"
                for i in fake.interactions
                if _thinking(i)
            ]
    finally:
        processes = fake.processes
        await fake.stop()
        patch.undo()
        root.removeHandler(capture)
    problems += capture.problems(fake.ignore_errors)
    for proc in processes:
        problems += [
            f"bot process {proc.script}: {line}" for line in proc.problems(fake.ignore_errors)
        ]
    problems += VIOLATIONS[violations_before:]
    problems += [f"fake discord does not implement {route}" for route in fake.unsupported]
    if problems:
        pytest.fail("fake_discord found problems:\n" + "\n".join(problems), pytrace=False)
