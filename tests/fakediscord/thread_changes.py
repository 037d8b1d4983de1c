"""Changes to threads that Discord announces on the gateway: a thread opened (from a message
or on its own, public or private), its members added and removed, and its name, archiving,
locking and settings changed. REST handlers and the test driver both go through these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .announce import announce_thread_update, announce_update
from .api_errors import ApiError, invalid_form
from .state import (
    INTENT_GUILDS,
    INTENT_MEMBERS,
    PRIVATE_THREAD,
    TEXT,
    FakeChannel,
    FakeMessage,
    FakeUser,
    now_iso,
)

if TYPE_CHECKING:
    from .host import PostingHost


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
