"""What the gateway tells the sessions when a message or a thread changes: MESSAGE_CREATE,
MESSAGE_UPDATE and MESSAGE_DELETE under the intent that guards them, with what the
message-content intent hides blanked per session, and THREAD_UPDATE. Ephemeral messages are
never announced: only the user they are for sees them, and not through the gateway.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .state import (
    INTENT_DM_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    FakeChannel,
    FakeMessage,
)

if TYPE_CHECKING:
    from .gateway import Session
    from .host import PostingHost


def _message_intent(message: FakeMessage) -> int:
    return INTENT_DM_MESSAGES if message.guild_id is None else INTENT_GUILD_MESSAGES


def _content_shape(fake: PostingHost) -> Callable[[Session, dict[str, Any]], dict[str, Any]]:
    """Blank what the message-content intent guards (content, embeds, attachments, components)
    unless the session has it, the bot wrote the message, it is a DM or it mentions the bot."""
    bot_id = str(fake.world.bot_user.id)

    def shape(session: Session, data: dict[str, Any]) -> dict[str, Any]:
        if session.has(INTENT_MESSAGE_CONTENT) or "guild_id" not in data:
            return data
        if data["author"]["id"] == bot_id:
            return data
        if any(m["id"] == bot_id for m in data.get("mentions", [])):
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    return shape


def announce_create(fake: PostingHost, message: FakeMessage) -> None:
    _announce(fake, message, "MESSAGE_CREATE")


def announce_update(fake: PostingHost, message: FakeMessage) -> None:
    _announce(fake, message, "MESSAGE_UPDATE")


def _announce(fake: PostingHost, message: FakeMessage, event: str) -> None:
    """A message created or edited, to the sessions that may see it (an ephemeral one to
    none: only its interaction's user sees it, through the webhook)."""
    if message.ephemeral:
        return
    payload = fake.world.message_payload(message, gateway=True)
    fake.gateway.dispatch(
        event, payload, intent=_message_intent(message), shape=_content_shape(fake)
    )


def announce_delete(fake: PostingHost, message: FakeMessage) -> None:
    if message.ephemeral:
        return
    body: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
    if message.guild_id is not None:
        body["guild_id"] = str(message.guild_id)
    fake.gateway.dispatch("MESSAGE_DELETE", body, intent=_message_intent(message))


def announce_thread_update(fake: PostingHost, thread: FakeChannel) -> None:
    fake.gateway.dispatch("THREAD_UPDATE", fake.world.channel_payload(thread), intent=INTENT_GUILDS)
