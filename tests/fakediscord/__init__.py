"""A loopback Discord for end-to-end tests of the real, unmodified discord.py client.

``FakeDiscord`` serves REST (``/api/v10``) and a gateway websocket on 127.0.0.1; the client is
redirected to it by ``fake.patch_client()`` (Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY)
with a network guard that refuses every non-loopback connection. Tests act as users and assert
on what the bot sent. The pytest fixture ``fake_discord`` (tests/fakediscord/fixtures.py) does
the setup and fails a test on logged errors and unanswered interactions.

Typical use::

    async def test_hello(fake_discord):
        fake = fake_discord
        ana = fake.add_member("ana")
        await fake.run_bot(make_bot())           # guild_ready_timeout=0.05 in the bot's ctor
        i = await fake.slash(ana, "hello", fake.general_id, name="x")
        response = await i.wait_answered()       # {"type", "content", "embeds", ...}
"""

from .driver import BotProcess, FakeDiscord
from .guard import ClientPatch, NetworkGuardError, install_network_guard, uninstall_network_guard
from .interactions import FakeDiscordError, FakeInteraction
from .server import RestCall
from .state import FakeAttachment, FakeChannel, FakeMessage, FakeUser

__all__ = [
    "BotProcess",
    "ClientPatch",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "NetworkGuardError",
    "RestCall",
    "install_network_guard",
    "uninstall_network_guard",
]
