"""Run a bot script against the fake Discord in this process, unchanged:

    python -m tests.fakediscord.launcher --api URL --gateway URL bot.py [args...]

It points ``discord.http.Route.BASE`` at ``--api`` (e.g. ``http://127.0.0.1:PORT/api/v10``) and
``DiscordWebSocket.DEFAULT_GATEWAY`` at ``--gateway``, installs the network guard, then runs the
script as ``__main__`` with ``sys.argv = [script, *args]``. Restart tests start it, SIGKILL it
mid-game and start it again.
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys

from tests.fakediscord.guard import ClientPatch


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fakediscord.launcher")
    parser.add_argument(
        "--api", required=True, help="REST base, e.g. http://127.0.0.1:PORT/api/v10"
    )
    parser.add_argument(
        "--gateway", required=True, help="gateway URL, e.g. ws://127.0.0.1:PORT/gateway"
    )
    parser.add_argument("script", help="the bot script to run (bot.py)")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    ns = parser.parse_args(argv)
    patch = ClientPatch(ns.api, ns.gateway)
    patch.apply()
    sys.argv = [ns.script, *ns.args]
    # As ``python script.py`` would: the script's own directory comes first on sys.path.
    sys.path.insert(0, os.path.dirname(os.path.abspath(ns.script)))
    runpy.run_path(ns.script, run_name="__main__")


if __name__ == "__main__":
    main()
