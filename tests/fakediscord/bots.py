"""Running bots against the fake: in the test's own event loop (``run_bot``) or in a process
of their own through the launcher (``spawn_bot``, ``BotProcess``), and closing them all at the
end of the test. A process's output is kept so the fixture can fail the test on a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .launcher import SETTLED
from .own_time import PATIENCE

if TYPE_CHECKING:
    from collections.abc import Callable

    import discord

REPO_ROOT = Path(__file__).resolve().parents[2]


class BotHost(Protocol):
    """What a bot under test is pointed at: the fake's token and addresses, and its wait."""

    token: str
    api_base: str
    gateway_url: str

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = PATIENCE, what: str = ""
    ) -> Any: ...


class BotRunner:
    """The bots a test started, in this loop and in processes; ``stop`` closes every one."""

    def __init__(self, host: BotHost) -> None:
        self.host = host
        self._bots: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self._processes: list[BotProcess] = []

    async def run_bot(self, bot: discord.Client, *, timeout: float = PATIENCE) -> discord.Client:
        """Start ``bot`` on this loop with the fake's token and wait until it is ready (its
        ``setup_hook`` has run and READY + the guild arrived). Closed by ``close_bots``."""
        if getattr(bot._connection, "guild_ready_timeout", 0) > 1.0:
            warnings.warn(
                "construct bots under test with a small guild_ready_timeout (e.g. 0.01): "
                "on_ready waits that long after the last GUILD_CREATE",
                stacklevel=3,  # the test that called FakeDiscord.run_bot
            )
        task = asyncio.create_task(
            bot.start(self.host.token), name=f"fakediscord-bot-{len(self._bots)}"
        )
        self._bots.append((bot, task))
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not bot.is_ready():
            if task.done():
                task.result()  # re-raise the login/connect failure
                raise AssertionError("bot.start() returned before the bot was ready")
            if loop.time() > end:
                raise AssertionError(f"bot was not ready within {timeout}s")
            await asyncio.sleep(0.005)
        return bot

    async def close_bots(self) -> None:
        bots, self._bots = self._bots, []
        for bot, task in bots:
            with contextlib.suppress(Exception):
                await bot.close()
            if not task.done():
                task.cancel()
            with contextlib.suppress(BaseException):
                await task

    async def spawn_bot(
        self,
        script: str,
        *args: str,
        env: dict[str, str] | None = None,
        settle: str = "",
        ignoring: tuple[signal.Signals, ...] = (),
    ) -> BotProcess:
        """Run ``script`` in a subprocess through the launcher, pointed at this fake;
        ``settle`` (``MODULE:FUNCTION``) lets the test await ``BotProcess.settled()``;
        ``ignoring`` starts it with those signals ignored, as a shell's background job is."""
        proc = BotProcess(self.host, script, list(args), env or {}, settle, ignoring)
        await proc.start()
        self._processes.append(proc)
        return proc

    @property
    def processes(self) -> list[BotProcess]:
        return list(self._processes)

    async def stop(self) -> None:
        await self.close_bots()
        for proc in self._processes:
            await proc.stop()


_PROBLEM_LINE = re.compile(r"Traceback \(most recent call last\)|\bERROR\b|\bCRITICAL\b")
_SETTLED_LINE = re.compile(re.escape(SETTLED) + r" (\d+)")


class BotProcess:
    """A bot running in its own process via ``python -m tests.fakediscord.launcher``."""

    def __init__(
        self,
        fake: BotHost,
        script: str,
        args: list[str],
        env: dict[str, str],
        settle: str = "",
        ignoring: tuple[signal.Signals, ...] = (),
    ) -> None:
        self.fake = fake
        self.ignoring = ignoring
        self.script = script
        self.args = args
        self.env = env
        self.settle = settle
        self.settles = 0  # asked
        self.settled_upto = 0  # answered
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self.killed = False
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.fake.token, "PYTHONUNBUFFERED": "1", **self.env}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fakediscord.launcher",
            "--api",
            self.fake.api_base,
            "--gateway",
            self.fake.gateway_url,
            *(["--settle", self.settle] if self.settle else []),
            self.script,
            *self.args,
            cwd=str(REPO_ROOT),
            env=env,
            stdin=asyncio.subprocess.PIPE if self.settle else None,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            preexec_fn=self._ignore if self.ignoring else None,
        )
        self._reader = asyncio.create_task(self._read())

    def _ignore(self) -> None:
        """In the child, before the launcher runs: an ignored signal stays ignored in it."""
        for number in self.ignoring:
            signal.signal(number, signal.SIG_IGN)

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for raw in self.proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            settled = _SETTLED_LINE.search(line)
            if settled:
                self.settled_upto = max(self.settled_upto, int(settled[1]))

    async def settled(self, timeout: float = PATIENCE) -> None:
        """Wait until the bot has caught up: the launcher ran the ``settle`` function on the
        bot's loop (e.g. every edit it owes sent) after this call asked it to."""
        assert self.proc is not None and self.proc.stdin is not None, "spawned without settle="
        proc = self.proc
        self.settles += 1
        n = self.settles
        self.proc.stdin.write(f"settle {n}\n".encode())
        await self.proc.stdin.drain()
        await self.fake.wait_for(
            lambda: self.settled_upto >= n or proc.returncode is not None,
            timeout=timeout,
            what=f"{self.script} to settle",
        )
        assert self.settled_upto >= n, f"{self.script} exited before it settled"

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    def problems(self, ignore: list[str] | None = None) -> list[str]:
        patterns = [re.compile(p) for p in ignore or []]
        return [
            line
            for line in self.lines
            if _PROBLEM_LINE.search(line) and not any(p.search(line) for p in patterns)
        ]

    def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye to the gateway, as in a crash."""
        if self.proc is not None and self.proc.returncode is None:
            self.killed = True
            self.proc.kill()

    async def wait(self, timeout: float = PATIENCE) -> int:
        assert self.proc is not None
        code = await asyncio.wait_for(self.proc.wait(), timeout)
        if self._reader is not None:
            with contextlib.suppress(Exception):  # the output to its end, however loaded
                await asyncio.wait_for(self._reader, timeout)
        return code

    async def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.terminate()
        try:
            await self.wait(timeout)
        except TimeoutError:
            self.kill()
            await self.wait(timeout)
