"""The records the fake holds: users, channels (text, threads, DMs), messages with every
version they were shown in, their attachments, and the snowflake ids they are numbered by.

Each record knows only itself (a user and an attachment give their own JSON, which needs
nothing else); the ``World`` (``state``) keeps them and their relations, and ``payloads``
builds the JSON that needs the world.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any

from .constants import DISCORD_EPOCH_MS, DM, LOADING, THREAD_TYPES
from .message_text import version_text, walk_components


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Increasing ids shaped like Discord's (milliseconds since 2015 in the top bits), so that
    discord.py's ``created_at`` and id ordering behave as on the real service."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


@dataclass(eq=False)
class FakeUser:
    """A Discord user; a guild member unless it is only known by id (the bot is a member too)."""

    id: int
    name: str
    bot: bool = False
    admin: bool = False
    dms_open: bool = True
    #: the user's Discord client language, sent with each of their interactions
    locale: str = "en-US"
    joined_at: str = field(default_factory=now_iso)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def __hash__(self) -> int:
        return self.id

    def __repr__(self) -> str:
        return f"FakeUser({self.name!r}, id={self.id})"


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (public or private) or a DM channel with one user."""

    id: int
    type: int
    name: str
    guild_id: int | None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    recipient_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=now_iso)
    archive_timestamp: str = field(default_factory=now_iso)
    last_message_id: int | None = None
    message_count: int = 0
    deleted: bool = False
    from_message_id: int | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def __repr__(self) -> str:
        return f"FakeChannel({self.name!r}, id={self.id}, type={self.type})"


@dataclass(eq=False)
class FakeAttachment:
    """A file attached to a message, served back at ``url``."""

    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        out = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": "application/octet-stream",
        }
        if self.description is not None:
            out["description"] = self.description
        return out


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake holds it. ``edits`` keeps every earlier version (content, embeds,
    components, attachments) so a test can check what was ever shown, not only the last state."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    reference_id: int | None = None
    created_at: str = field(default_factory=now_iso)
    edited_at: str | None = None
    edits: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    thread_id: int | None = None
    nonce: str | None = None
    interaction_meta: dict[str, Any] | None = None

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.filename for a in self.attachments],
        }

    def versions(self) -> list[dict[str, Any]]:
        """Every state this message has been shown in, oldest first, the current one last."""
        return [*self.edits, self.snapshot()]

    def text(self, *, history: bool = False) -> str:
        """Content, embed text and component labels (every version with ``history=True``)."""
        versions = self.versions() if history else [self.snapshot()]
        parts: list[str] = []
        for v in versions:
            parts.extend(version_text(v))
        return "\n".join(p for p in parts if p)

    def components_flat(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects), in display order."""
        return [c for c in walk_components(self.components) if c.get("type") in (2, 3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components_flat() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for c in self.components_flat():
            if c.get("custom_id") == custom_id:
                return c
        return None

    def button(self, label: str) -> str:
        """The custom_id of the button whose label is ``label`` (AssertionError if none)."""
        found = [
            c for c in self.components_flat() if c.get("type") == 2 and c.get("label") == label
        ]
        labels = [c.get("label") for c in self.components_flat() if c.get("type") == 2]
        assert found, f"no button labelled {label!r} on message {self.id}; buttons: {labels}"
        assert "custom_id" in found[0], f"button {label!r} is a link button"
        custom_id: str = found[0]["custom_id"]
        return custom_id

    def labels(self) -> list[str]:
        return [c["label"] for c in self.components_flat() if c.get("label")]

    def __repr__(self) -> str:
        return (
            f"FakeMessage(id={self.id}, channel={self.channel_id}, author={self.author_id}, "
            f"content={self.content[:40]!r})"
        )
