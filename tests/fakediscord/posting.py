"""Changes to the world that Discord announces on the gateway: messages posted, edited and
deleted, reactions, threads opened, joined and archived. REST handlers and the test driver both
go through these, so a user's message and the bot's own echo take the same path.

``ApiError`` is how a rule breach is answered: the REST layer turns it into Discord's JSON
error body with the same status and code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import limits
from .state import (
    COMPONENTS_V2,
    EPHEMERAL,
    INTENT_DM_MESSAGES,
    INTENT_DM_REACTIONS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILD_REACTIONS,
    INTENT_GUILDS,
    INTENT_MEMBERS,
    INTENT_MESSAGE_CONTENT,
    LOADING,
    PRIVATE_THREAD,
    TEXT,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    emoji_payload,
    mentioned_ids,
    now_iso,
)

if TYPE_CHECKING:
    from .gateway import Session
    from .host import PostingHost

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2


class ApiError(Exception):
    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, str] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or {}

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            out["errors"] = limits.nested(self.errors)
        return out


def invalid_form(errors: dict[str, str]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors)


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")


# -- gateway shaping -------------------------------------------------------------------------


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
    if message.ephemeral:
        return
    payload = fake.world.message_payload(message, gateway=True)
    fake.gateway.dispatch(
        "MESSAGE_CREATE", payload, intent=_message_intent(message), shape=_content_shape(fake)
    )


def announce_update(fake: PostingHost, message: FakeMessage) -> None:
    if message.ephemeral:
        return
    payload = fake.world.message_payload(message, gateway=True)
    fake.gateway.dispatch(
        "MESSAGE_UPDATE", payload, intent=_message_intent(message), shape=_content_shape(fake)
    )


# -- messages --------------------------------------------------------------------------------


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
    if message.ephemeral:
        return
    body: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
    if message.guild_id is not None:
        body["guild_id"] = str(message.guild_id)
    fake.gateway.dispatch("MESSAGE_DELETE", body, intent=_message_intent(message))


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


# -- threads ---------------------------------------------------------------------------------


def open_thread(
    fake: PostingHost,
    parent: FakeChannel,
    owner: FakeUser,
    body: dict[str, Any],
    *,
    from_message: FakeMessage | None = None,
) -> FakeChannel:
    world = fake.world
    if parent.type != TEXT:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    name = body.get("name")
    if not name or len(name) > 100:
        raise invalid_form({"name": "Must be between 1 and 100 in length."})
    if from_message is not None:
        if from_message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = world.add_thread(
            parent,
            name,
            owner_id=owner.id,
            private=False,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            thread_id=from_message.id,
        )
        thread.from_message_id = from_message.id
        from_message.thread_id = thread.id
    else:
        kind = body.get("type", PRIVATE_THREAD)
        if kind not in (11, 12):
            raise invalid_form({"type": "Thread type must be 11 or 12."})
        thread = world.add_thread(
            parent,
            name,
            owner_id=owner.id,
            private=kind == PRIVATE_THREAD,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            invitable=body.get("invitable", True),
        )
    payload = world.channel_payload(thread)
    payload["newly_created"] = True
    payload["member"] = {
        "id": str(thread.id),
        "user_id": str(owner.id),
        "join_timestamp": now_iso(),
        "flags": 0,
    }
    if fake.world.can_see_channel(world.bot_user, thread):
        fake.gateway.dispatch("THREAD_CREATE", payload, intent=INTENT_GUILDS)
    if from_message is not None:
        announce_update(fake, from_message)
    return thread


def announce_thread_update(fake: PostingHost, thread: FakeChannel) -> None:
    fake.gateway.dispatch("THREAD_UPDATE", fake.world.channel_payload(thread), intent=INTENT_GUILDS)


def add_thread_member(fake: PostingHost, thread: FakeChannel, user: FakeUser) -> None:
    if user.id in thread.member_ids:
        return
    thread.member_ids.add(user.id)
    _announce_members(fake, thread, added=[user])


def remove_thread_member(fake: PostingHost, thread: FakeChannel, user: FakeUser) -> None:
    if user.id not in thread.member_ids:
        return
    thread.member_ids.discard(user.id)
    _announce_members(fake, thread, removed=[user])


def _announce_members(
    fake: PostingHost,
    thread: FakeChannel,
    *,
    added: Sequence[FakeUser] = (),
    removed: Sequence[FakeUser] = (),
) -> None:
    world = fake.world
    body = {
        "id": str(thread.id),
        "guild_id": str(thread.guild_id),
        "member_count": min(len(thread.member_ids), 50),
        "added_members": [
            {
                "id": str(thread.id),
                "user_id": str(u.id),
                "join_timestamp": now_iso(),
                "flags": 0,
                "member": world.member_payload(u),
            }
            for u in added
        ],
        "removed_member_ids": [str(u.id) for u in removed],
    }
    fake.gateway.dispatch("THREAD_MEMBERS_UPDATE", body, intent=INTENT_MEMBERS)


def update_thread(fake: PostingHost, thread: FakeChannel, body: dict[str, Any]) -> None:
    if body.get("name"):
        thread.name = body["name"]
    if "archived" in body and body["archived"] is not None:
        if bool(body["archived"]) != thread.archived:
            thread.archive_timestamp = now_iso()
        thread.archived = bool(body["archived"])
    if "locked" in body and body["locked"] is not None:
        thread.locked = bool(body["locked"])
    if body.get("auto_archive_duration"):
        thread.auto_archive_duration = body["auto_archive_duration"]
    if "invitable" in body and body["invitable"] is not None:
        thread.invitable = bool(body["invitable"])
    announce_thread_update(fake, thread)
