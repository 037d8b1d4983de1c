"""The record of every interaction a test sent the bot, found by id and by token (as the REST
routes that answer them look them up), and the modals the bot has open for each user."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .interactions import FakeInteraction
    from .models import FakeUser


class InteractionRecords:
    """Interactions in the order they were made; modals by (user id, custom_id)."""

    def __init__(self) -> None:
        self.all: list[FakeInteraction] = []
        self.by_id: dict[int, FakeInteraction] = {}
        self.by_token: dict[str, FakeInteraction] = {}
        self.open_modals: dict[tuple[int, str], FakeInteraction] = {}

    def add(self, i: FakeInteraction) -> None:
        self.all.append(i)
        self.by_id[i.id] = i
        self.by_token[i.token] = i

    def unanswered(
        self, now: float, deadline: float, *, expired_only: bool = True
    ) -> list[FakeInteraction]:
        """Those with no answer yet (only those past ``deadline`` seconds at ``now``)."""
        return [
            i
            for i in self.all
            if i.response is None and (not expired_only or now - i.created > deadline)
        ]

    def modal_text(self, user: FakeUser) -> list[str]:
        """The text of every modal the bot showed ``user``."""
        return [i.text() for i in self.all if i.user.id == user.id and i.modal]
