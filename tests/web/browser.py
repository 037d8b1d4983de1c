"""A real headless browser for the web table's tests: Playwright for Python driving Debian's
Chromium (``/usr/bin/chromium``, installed by ``make test``; Playwright's own browser builds
are never downloaded)."""

from __future__ import annotations

import os
import socket
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, async_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


#: ports the web tests serve on: below the kernel's ephemeral range (32768 up on Linux), so no
#: outgoing connection takes one between ``free_port`` and the server's bind, and cut in one
#: block per pytest-xdist worker, so no two workers pick the same one
PORTS_FROM = 20_000
PORTS_PER_WORKER = 1_000
_next_port = [0]


def free_port() -> int:
    """A loopback port nothing listens on now, never handed out before in this process."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = PORTS_FROM + PORTS_PER_WORKER * (int(worker) if worker.isdigit() else 0)
    while _next_port[0] < PORTS_PER_WORKER:
        port = first + _next_port[0]
        _next_port[0] += 1
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # something else holds it: the next one
            return port
    raise RuntimeError("the web tests ran out of ports")


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as p:
        launched = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            await launched.close()
