"""Interactions as the fake tracks them: what was sent to the bot and how it answered (the
options a test's ``slash("table status", ...)`` sends are built by ``command_options``).

Every answer is recorded: ``i.response`` is the first (accepted) callback, ``i.answers`` every
callback attempt with its HTTP status, ``i.followups`` the follow-up messages, ``i.original`` the
message the interaction's ``@original`` points at (current state, with its edit history), and
``i.outcome`` what the user was shown after a defer: the first follow-up or edit through the
interaction's token.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from .own_time import PATIENCE
from .state import FakeMessage, FakeUser, World, components_text

# Interaction types.
APPLICATION_COMMAND = 2
COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback (response) types.
MESSAGE = 4
DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
#: the app's Activity opened for the user (only for an application with Activities)
LAUNCH_ACTIVITY = 12

RESPONSE_NAMES = {
    MESSAGE: "message",
    DEFERRED_MESSAGE: "defer",
    DEFERRED_UPDATE: "deferred update",
    UPDATE_MESSAGE: "update message",
    AUTOCOMPLETE_RESULT: "autocomplete",
    MODAL: "modal",
    LAUNCH_ACTIVITY: "launch activity",
}


class FakeDiscordError(AssertionError):
    """A test asked the fake for something Discord would not let a user do."""


@dataclass(eq=False)
class FakeInteraction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    created: float
    world: World
    message_id: int | None = None
    command: str | None = None
    custom_id: str | None = None
    response: dict[str, Any] | None = None
    answers: list[dict[str, Any]] = field(default_factory=list)
    followups: list[FakeMessage] = field(default_factory=list)
    original_id: int | None = None
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    #: the channel an Activity was launched in by this interaction's answer
    activity_channel_id: int | None = None
    #: after a defer, the message its first follow-up or edit through the token showed
    outcome: FakeMessage | None = None
    _answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def answered(self) -> bool:
        return self.response is not None

    @property
    def ephemeral(self) -> bool:
        return bool(self.response and self.response.get("ephemeral"))

    @property
    def original(self) -> FakeMessage | None:
        return None if self.original_id is None else self.world.message(self.original_id)

    @property
    def message(self) -> FakeMessage | None:
        """The message a component or modal was used on, if any."""
        return None if self.message_id is None else self.world.message(self.message_id)

    async def wait_answered(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """Wait for the first callback; returns ``i.response``."""
        try:
            await asyncio.wait_for(self._answered.wait(), timeout)
        except TimeoutError:
            what = self.command or self.custom_id
            raise AssertionError(
                f"interaction {what!r} by {self.user.name} was not answered within {timeout}s"
            ) from None
        assert self.response is not None
        return self.response

    async def wait_finished(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """Wait until the user sees an answer, not just "thinking..." or a bare defer.

        For a deferred message (type 5) that is when the thinking message is replaced by the
        first follow-up or an edit of @original; for a deferred update (type 6) when the
        message pressed is edited through the token or a follow-up arrives. The returned dict
        is then ``i.response`` with the content, embeds and components of what the user now
        sees, and ``ephemeral`` true only for a new message just for them (as for a type 7
        answer, an edit of the message pressed is not). A press deferred and never followed
        up fails the wait.
        """
        response = await self.wait_answered(timeout)
        if response["type"] not in (DEFERRED_MESSAGE, DEFERRED_UPDATE):
            return response
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            original = self.original
            if response["type"] == DEFERRED_MESSAGE and original is not None:
                shown = None if original.loading else original
            else:
                shown = self.outcome
            if shown is not None:
                ephemeral = response["ephemeral"]
                if response["type"] == DEFERRED_UPDATE:
                    ephemeral = shown.id != self.original_id and shown.ephemeral
                return {
                    **response,
                    "content": shown.content,
                    "embeds": shown.embeds,
                    "components": shown.components,
                    "ephemeral": ephemeral,
                }
            if loop.time() > deadline:
                what = self.command or self.custom_id
                raise AssertionError(
                    f"interaction {what!r} is still deferred with nothing shown after {timeout}s"
                )
            await asyncio.sleep(0.005)

    def text(self) -> str:
        """Everything this interaction showed its user: the answer (every version), follow-ups
        and a modal's labels."""
        parts: list[str] = []
        original = self.original
        if original is not None:
            parts.append(original.text(history=True))
        for m in self.followups:
            parts.append(m.text(history=True))
        if self.modal:
            parts.append(self.modal.get("title", ""))
            parts.extend(components_text(self.modal.get("components") or []))
        return "\n".join(p for p in parts if p)

    def __repr__(self) -> str:
        what = self.command or self.custom_id
        return f"FakeInteraction(id={self.id}, type={self.type}, {what!r}, user={self.user.name})"


def record_response(kind: int, data: dict[str, Any], files: list[Any]) -> dict[str, Any]:
    """The driver's view of one callback: the documented keys plus the raw data."""
    flags = data.get("flags") or 0
    return {
        "type": kind,
        "name": RESPONSE_NAMES.get(kind, str(kind)),
        "content": data.get("content"),
        "embeds": data.get("embeds") or [],
        "components": data.get("components") or [],
        "ephemeral": bool(flags & (1 << 6)),
        "files": [{"filename": f.filename, "data": f.data, "size": f.size} for f in files],
        "data": data,
    }
