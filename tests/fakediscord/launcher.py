"""Run a bot script against the fake Discord in this process, unchanged:

    python -m tests.fakediscord.launcher --api URL --gateway URL [--settle MODULE:FUNCTION]
        bot.py [args...]

It points ``discord.http.Route.BASE`` at ``--api`` (e.g. ``http://127.0.0.1:PORT/api/v10``) and
``DiscordWebSocket.DEFAULT_GATEWAY`` at ``--gateway``, installs the network guard, then runs the
script as ``__main__`` with ``sys.argv = [script, *args]``. Restart tests start it, SIGKILL it
mid-game and start it again.

With ``--settle``, a test can ask the running bot whether it has caught up, instead of
guessing from a gap of silence on the wire: each line ``settle N`` on stdin runs
``FUNC(client)`` (an async function of the script's ``discord.Client``, e.g. one that waits
until every edit the bot owes is sent) on the client's loop, and ``fakediscord: settled N``
is written to stdout when it returns (``BotProcess.settled``).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import runpy
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any

import discord

from tests.fakediscord.guard import ClientPatch

SETTLED = "fakediscord: settled"


def serve_settles(hook: Callable[[Any], Any]) -> None:
    """Answer ``settle N`` lines on stdin once ``hook(client)`` has returned (a thread)."""
    clients: list[discord.Client] = []
    original_init = discord.Client.__init__

    def init(self: discord.Client, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        clients.append(self)

    # setattr, as mypy refuses plain assignment to a method: this counts every client made
    setattr(discord.Client, "__init__", init)  # noqa: B010

    def serve() -> None:
        for line in sys.stdin:
            word, _, n = line.strip().partition(" ")
            if word != "settle" or not clients:
                continue
            client = clients[-1]
            try:
                asyncio.run_coroutine_threadsafe(hook(client), client.loop).result()
            except Exception:  # the test sees the traceback (a problem line) and times out
                traceback.print_exc()
                continue
            # one write, so a log line from another thread cannot split it
            os.write(sys.stdout.fileno(), f"{SETTLED} {n}\n".encode())

    threading.Thread(target=serve, name="fakediscord-settle", daemon=True).start()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fakediscord.launcher")
    parser.add_argument(
        "--api", required=True, help="REST base, e.g. http://127.0.0.1:PORT/api/v10"
    )
    parser.add_argument(
        "--gateway", required=True, help="gateway URL, e.g. ws://127.0.0.1:PORT/gateway"
    )
    parser.add_argument(
        "--settle", help="MODULE:FUNCTION, an async function of the client (see above)"
    )
    parser.add_argument("script", help="the bot script to run (bot.py)")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    ns = parser.parse_args(argv)
    patch = ClientPatch(ns.api, ns.gateway)
    patch.apply()
    sys.argv = [ns.script, *ns.args]
    # As ``python script.py`` would: the script's own directory comes first on sys.path.
    sys.path.insert(0, os.path.dirname(os.path.abspath(ns.script)))
    if ns.settle:
        module, _, name = ns.settle.partition(":")
        serve_settles(getattr(importlib.import_module(module), name))
    runpy.run_path(ns.script, run_name="__main__")


if __name__ == "__main__":
    main()
