"""A loopback Discord for end-to-end tests of the real, unmodified discord.py client.

``FakeDiscord`` serves REST (``/api/v10``) and a gateway websocket on 127.0.0.1; the client is
redirected to it by ``fake.patch_client()`` (Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY)
with a network guard that refuses every non-loopback connection. The pytest fixture
``fake_discord`` (fixtures.py) starts one, applies the patch, and fails the test on logged
errors, unanswered interactions, guard violations and routes the fake lacks.

Acting as users (each returns at once; the bot answers asynchronously)::

    ana = fake.add_member("ana", admin=False, dms_open=True)     # FakeUser(id, name)
    await fake.run_bot(bot)              # in-process; build bots with guild_ready_timeout=0.01
    i = await fake.slash(ana, "table status", channel_id, **options)   # FakeInteraction
    i = await fake.click(ana, message, custom_id)                # message: FakeMessage or id
    i = await fake.select(ana, message, custom_id, ["7H"])
    i = await fake.submit_modal(ana, modal_custom_id, {"input_custom_id": "text"})
    i = await fake.autocomplete(ana, "play", channel_id, "game", "mac")  # -> i.choices
    m = await fake.user_says(ana, channel_id, "text", reply_to=None)    # FakeMessage
    await fake.user_reacts(ana, message, "👍")

Reading what the bot did::

    await i.wait_answered()   # -> i.response {"type", "content", "embeds", "components",
                              #    "ephemeral", "files", "name", "data"(, "modal")}
    i.followups, i.original, i.answers (every callback attempt with its status), i.text()
    fake.messages(channel_id), fake.dms(user), fake.ephemerals(user), fake.threads()
    fake.message(id).content / .embeds / .components / .attachments / .edits / .deleted
    fake.rest_log  # [(method, path, status)]; fake.rest_count(channel_id, since=mark)
    fake.requests_by_bucket(since=mark)  # {"global": n, "interaction": m}: the exemption
    fake.requests_by_route(since=mark, bucket="global")  # {"PATCH /channels/{}/...": n}
    fake.all_text_seen_by(user)  # everything the user could ever have seen, as one string
    await fake.wait_for(lambda: ..., timeout=5)

Restarts: ``proc = await fake.spawn_bot("bot.py")`` runs the script through
``python -m tests.fakediscord.launcher``; ``proc.kill()`` is a SIGKILL;
``await fake.wait_connected(identifies=2)`` waits for the next process to log in.
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
