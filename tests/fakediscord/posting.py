"""Changes to messages that Discord announces on the gateway: messages posted (with their
attachments), edited and deleted, and reactions added and removed. REST handlers and the test
driver both go through these, so a user's message and the bot's own echo take the same path.

Threads change through ``thread_changes``, the announcements themselves are ``announce``'s,
and a rule breach is answered with ``api_errors.ApiError``; the names the driver calls from
here (``announce_thread_update``, ``open_thread``) are re-exported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import limits
from .announce import announce_create, announce_delete, announce_thread_update, announce_update
from .api_errors import ApiError, invalid_form
from .state import (
    COMPONENTS_V2,
    EPHEMERAL,
    INTENT_DM_REACTIONS,
    INTENT_GUILD_REACTIONS,
    LOADING,
    PRIVATE_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    emoji_payload,
    mentioned_ids,
    now_iso,
)
from .thread_changes import add_thread_member, open_thread

if TYPE_CHECKING:
    from .host import PostingHost

__all__ = [
    "SETTABLE_FLAGS",
    "announce_thread_update",
    "delete_message",
    "edit_message",
    "make_attachments",
    "open_thread",
    "post_message",
    "react",
]

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2


def make_attachments(
    fake: PostingHost,
    channel_id: int,
    specs: list[dict[str, Any]] | None,
    files: dict[int, tuple[str, bytes]],
    existing: list[FakeAttachment],
) -> list[FakeAttachment] | None:
    """The attachment list a create/edit asks for: ``{"id": n}`` names uploaded file n, a
    snowflake id keeps an existing attachment. None means "leave them as they are"."""
    if specs is None:
        if not files:
            return None
        specs = [{"id": i} for i in sorted(files)]
    out: list[FakeAttachment] = []
    by_id = {a.id: a for a in existing}
    for n, spec in enumerate(specs):
        raw = spec.get("id")
        try:
            key = int(raw if raw is not None else "")  # no id is as invalid as a bad one
        except (TypeError, ValueError):
            raise invalid_form({f"attachments.{n}.id": "Invalid attachment id"}) from None
        if key in files:
            filename, data = files[key]
            aid = fake.world.snowflake()
            name = spec.get("filename") or filename
            url = f"{fake.base_url}/attachments/{channel_id}/{aid}/{name}"
            out.append(FakeAttachment(aid, name, data, url, spec.get("description")))
        elif key in by_id:
            out.append(by_id[key])
        else:
            raise invalid_form({f"attachments.{n}.id": f"Unknown attachment {raw!r}"})
    return out


def post_message(
    fake: PostingHost,
    channel: FakeChannel,
    author: FakeUser,
    body: dict[str, Any],
    files: dict[int, tuple[str, bytes]] | None = None,
    *,
    ephemeral_to: int | None = None,
    interaction_id: int | None = None,
    interaction_meta: dict[str, Any] | None = None,
    webhook_id: int | None = None,
    mtype: int = 0,
    extra_flags: int = 0,
    check: bool = True,
) -> FakeMessage:
    world = fake.world
    files = files or {}
    if check:
        errors = limits.check_message(body, files=len(files))
        if errors and not (extra_flags & LOADING):
            raise invalid_form(errors)
    # An interaction's answer goes back where the user acted, whatever their DM settings.
    _check_can_post(
        fake, channel, author, ephemeral=ephemeral_to is not None or bool(interaction_id)
    )

    reference_id = None
    ref = body.get("message_reference")
    if ref:
        reference_id = int(ref["message_id"])
        target = world.message(reference_id)
        if (target is None or target.deleted) and ref.get("fail_if_not_exists", True):
            raise invalid_form({"message_reference": "Unknown message"})
        if mtype == 0:
            mtype = 19

    flags = ((body.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
    if ephemeral_to is not None:
        flags |= EPHEMERAL
    else:
        flags &= ~EPHEMERAL
    message = FakeMessage(
        id=world.snowflake(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author_id=author.id,
        content=body.get("content") or "",
        embeds=list(body.get("embeds") or []),
        components=list(body.get("components") or []),
        flags=flags,
        type=mtype,
        reference_id=reference_id,
        ephemeral_to=ephemeral_to,
        interaction_id=interaction_id,
        interaction_meta=interaction_meta,
        webhook_id=webhook_id,
        nonce=body.get("nonce"),
    )
    message.attachments = (
        make_attachments(fake, channel.id, body.get("attachments"), files, []) or []
    )
    world.add_message(message)
    if channel.type == PRIVATE_THREAD and ephemeral_to is None:
        # Discord adds people mentioned in a private thread to it, if they can see the parent.
        for uid in mentioned_ids(message.content):
            if world.is_member(uid) and uid not in channel.member_ids:
                add_thread_member(fake, channel, world.user(uid))
    announce_create(fake, message)
    return message


def _check_can_post(
    fake: PostingHost, channel: FakeChannel, author: FakeUser, *, ephemeral: bool
) -> None:
    world = fake.world
    if channel.is_dm and author.id == world.bot_user.id and not ephemeral:
        assert channel.recipient_id is not None  # a DM channel is opened with its user
        recipient = world.users[channel.recipient_id]
        if not recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
    if channel.is_thread and not ephemeral:
        if channel.archived and channel.locked:
            raise ApiError(400, 50083, "Thread is archived")
        if channel.archived:
            # Posting in an archived (unlocked) thread reopens it, as on Discord.
            channel.archived = False
            channel.archive_timestamp = now_iso()
            announce_thread_update(fake, channel)


def edit_message(
    fake: PostingHost,
    message: FakeMessage,
    body: dict[str, Any],
    files: dict[int, tuple[str, bytes]] | None = None,
) -> FakeMessage:
    files = files or {}
    merged = {
        "content": body.get("content", message.content),
        "embeds": body.get("embeds", message.embeds),
        "components": body.get("components", message.components),
        "flags": body.get("flags", message.flags),
    }
    kept = len(message.attachments) if body.get("attachments") is None else 0
    errors = limits.check_message(
        merged, files=len(files) + kept + len(body.get("attachments") or [])
    )
    if errors:
        raise invalid_form(errors)
    attachments = make_attachments(
        fake, message.channel_id, body.get("attachments"), files, message.attachments
    )
    if not message.loading:
        message.edits.append(message.snapshot())
    if "content" in body:
        message.content = body["content"] or ""
    if "embeds" in body:
        message.embeds = list(body["embeds"] or [])
    if "components" in body:
        message.components = list(body["components"] or [])
    if attachments is not None:
        message.attachments = attachments
    if "flags" in body and body["flags"] is not None:
        keep = message.flags & (EPHEMERAL | COMPONENTS_V2)
        message.flags = keep | (body["flags"] & (SUPPRESS_EMBEDS | COMPONENTS_V2))
    if message.loading:
        message.flags &= ~LOADING
    else:
        message.edited_at = now_iso()
    announce_update(fake, message)
    return message


def delete_message(fake: PostingHost, message: FakeMessage) -> None:
    message.deleted = True
    announce_delete(fake, message)


def react(
    fake: PostingHost, message: FakeMessage, user: FakeUser, emoji: str, *, add: bool
) -> None:
    users = message.reactions.setdefault(emoji, set())
    if add == (user.id in users):
        return
    if add:
        users.add(user.id)
    else:
        users.discard(user.id)
    body: dict[str, Any] = {
        "user_id": str(user.id),
        "channel_id": str(message.channel_id),
        "message_id": str(message.id),
        "emoji": emoji_payload(emoji),
        "burst": False,
        "type": 0,
        "message_author_id": str(message.author_id),
    }
    intent = INTENT_DM_REACTIONS
    if message.guild_id is not None:
        body["guild_id"] = str(message.guild_id)
        if add:
            body["member"] = fake.world.member_payload(user)
        intent = INTENT_GUILD_REACTIONS
    event = "MESSAGE_REACTION_ADD" if add else "MESSAGE_REACTION_REMOVE"
    fake.gateway.dispatch(event, body, intent=intent)
