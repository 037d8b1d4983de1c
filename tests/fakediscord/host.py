"""What the loopback Discord's parts read from the ``FakeDiscord`` that holds them, as
protocols: the gateway, the message posting and the REST routes are typed against these
rather than against ``FakeDiscord`` itself, which imports them (so no module imports
``driver`` back). Each protocol names only the attributes its part uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from aiohttp import web

    from .interactions import FakeInteraction
    from .state import World


class GatewayHost(Protocol):
    """What the gateway reads: the world, the bot's token and intents, its own address."""

    world: World
    token: str
    privileged_intents: set[str]
    gateway_url: str


class Dispatcher(Protocol):
    """The gateway as the other parts use it: events sent to the sessions, and its route."""

    def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int = 0,
        shape: Callable[[Any, dict[str, Any]], dict[str, Any] | None] | None = None,
        guild_id: int | None = None,
    ) -> None: ...

    async def handle(self, request: web.Request) -> web.WebSocketResponse: ...


class PostingHost(Protocol):
    """What posting a message reads: the world, the gateway to announce it, the address
    attachments are served at."""

    world: World
    base_url: str

    @property
    def gateway(self) -> Dispatcher: ...


class RestHost(GatewayHost, PostingHost, Protocol):
    """What the REST routes read and keep: the application's settings and the interactions
    in flight, on the clock Discord's deadlines are judged on."""

    activity: bool
    interaction_deadline: float
    token_lifetime: float
    callback_latency: float
    interactions_by_id: dict[int, FakeInteraction]
    interactions_by_token: dict[str, FakeInteraction]
    open_modals: dict[tuple[int, str], FakeInteraction]
    unsupported: list[str]
    sync_count: int

    def loop_time(self) -> float: ...

    def interaction_meta(self, i: FakeInteraction) -> dict[str, Any]: ...
