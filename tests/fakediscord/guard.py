"""Pointing discord.py at the fake, and the network guard that makes a missed redirect loud.

``ClientPatch`` sets ``discord.http.Route.BASE`` (every REST call, interaction callbacks and
webhook follow-ups included) and ``DiscordWebSocket.DEFAULT_GATEWAY``, and installs the guard:
aiohttp requests and raw socket connects to anything but loopback raise ``NetworkGuardError``
and are recorded in ``VIOLATIONS`` (the fixture fails the test if any happened, even when the
bot swallowed the exception).
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

import aiohttp
import yarl

VIOLATIONS: list[str] = []
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


class NetworkGuardError(ConnectionRefusedError):
    """A test tried to reach a host that is not loopback (probably the real Discord)."""


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _refuse(what: str) -> NetworkGuardError:
    message = f"fakediscord network guard: refused connection to {what} (not loopback)"
    VIOLATIONS.append(message)
    return NetworkGuardError(message)


class _Guard:
    """Reference-counted so nested patches (fixture + launcher helpers) compose."""

    depth = 0
    # (owner, attribute, original): the originals, put back by uninstall
    saved: list[tuple[object, str, Any]] = []

    @classmethod
    def install(cls) -> None:
        cls.depth += 1
        if cls.depth > 1:
            return
        original_request = aiohttp.ClientSession._request
        original_connect = socket.socket.connect
        original_connect_ex = socket.socket.connect_ex
        original_getaddrinfo = socket.getaddrinfo

        async def guarded_request(
            self: aiohttp.ClientSession, method: str, str_or_url: Any, *a: Any, **kw: Any
        ) -> aiohttp.ClientResponse:
            url = yarl.URL(str(str_or_url))
            base = getattr(self, "_base_url", None)
            if base is not None and not url.is_absolute():
                url = base.join(url)
            if not is_loopback(url.host):
                raise _refuse(f"{method} {url}")
            return await original_request(self, method, str_or_url, *a, **kw)

        def check_address(address: Any) -> None:
            # AF_UNIX addresses are plain strings; only (host, port, ...) tuples go anywhere.
            inet = isinstance(address, tuple) and address and isinstance(address[0], str)
            if inet and not is_loopback(address[0]):
                raise _refuse(f"socket {address[0]}:{address[1] if len(address) > 1 else ''}")

        def guarded_connect(self: socket.socket, address: Any) -> Any:
            check_address(address)
            return original_connect(self, address)

        def guarded_connect_ex(self: socket.socket, address: Any) -> Any:
            check_address(address)
            return original_connect_ex(self, address)

        def guarded_getaddrinfo(host: Any, *a: Any, **kw: Any) -> Any:
            name = host.decode() if isinstance(host, bytes) else host
            if name is not None and not is_loopback(name):
                raise _refuse(f"name lookup {name}")
            return original_getaddrinfo(host, *a, **kw)

        patches: list[tuple[object, str, Any, Any]] = [
            (aiohttp.ClientSession, "_request", original_request, guarded_request),
            (socket.socket, "connect", original_connect, guarded_connect),
            (socket.socket, "connect_ex", original_connect_ex, guarded_connect_ex),
            (socket, "getaddrinfo", original_getaddrinfo, guarded_getaddrinfo),
        ]
        cls.saved = [(owner, name, original) for owner, name, original, _ in patches]
        # setattr, as these replace methods, which plain assignment may not (mypy)
        for owner, name, _, guarded in patches:
            setattr(owner, name, guarded)

    @classmethod
    def uninstall(cls) -> None:
        cls.depth -= 1
        if cls.depth > 0:
            return
        for owner, name, original in cls.saved:
            setattr(owner, name, original)


def install_network_guard() -> None:
    _Guard.install()


def uninstall_network_guard() -> None:
    _Guard.uninstall()


class ClientPatch:
    """Context manager: discord.py talks to ``api_base`` / ``gateway_url`` and nothing else."""

    def __init__(self, api_base: str, gateway_url: str) -> None:
        self.api_base = api_base
        self.gateway_url = gateway_url
        self._saved: tuple[str, yarl.URL] | None = None

    def __enter__(self) -> ClientPatch:
        self.apply()
        return self

    def __exit__(self, *exc: object) -> None:
        self.undo()

    def apply(self) -> None:
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        if self._saved is not None:
            return
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        install_network_guard()

    def undo(self) -> None:
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        if self._saved is None:
            return
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
        self._saved = None
        uninstall_network_guard()
