"""The table message drawn once per table state, and reused by whoever shows it.

A table message (``cogs.presentation.table_message``, and the table picture of
``cogs.card_images``) depends only on what ``state_of`` collects: the game and its version,
the table's status, seats, options and language, and whether it shows a picture. The
publisher's edit, a button answered by redrawing the table, and ``/table status`` all ask
``Drawings.table`` for it, so one state is drawn once, however many look at it.

Only the tables drawn lately are kept (a bounded LRU): a busy table stays in it, and an idle
one falls out and costs nothing here until it changes. What is kept is never changed in
place: callers read the embed and view, they do not modify them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs import presentation
from pictures import TablePicture
from tables import queries
from tables.model import Table

#: how many tables' drawings are kept (the busiest ones: the least recently drawn go first)
KEEP = 512
TABLE_FILE = "table.png"


def state_of(table: Table, pictures: bool) -> tuple[Any, ...]:
    """Everything the table message is drawn from; equal states draw equal messages."""
    return (
        pictures,
        queries.state(table),
        table.seq,
        table.status,
        table.end_reason,
        table.language,
        table.host_id,
        repr(table.options),
        tuple((s.seat, s.name, s.bot_kind, s.away, s.left_game) for s in table.seats),
    )


@dataclass(slots=True, frozen=True)
class Drawn:
    """One state of a table message: its embed and buttons, its picture (drawn to PNG by
    ``cogs.card_images``), and ``digest``, which is equal for messages that look the same."""

    state: tuple[Any, ...]
    embed: discord.Embed
    view: discord.ui.View | None
    picture: TablePicture | None
    digest: int


def digest_of(embed: discord.Embed, view: discord.ui.View | None) -> int:
    """What a table message shows and what its buttons carry, as one number."""
    ids = () if view is None else tuple(getattr(item, "custom_id", None) for item in view.children)
    return hash((repr(embed.to_dict()), ids))


class Drawings:
    """The latest drawing of the tables drawn lately (``Publisher`` holds one)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        #: (table id, with a picture) -> its latest drawing
        self._items: OrderedDict[tuple[int, bool], Drawn] = OrderedDict()
        self.hits = 0
        self.misses = 0
        #: the table's page when the web front-end is on (set by ``cogs.web``)
        self.web: Callable[[Table], presentation.WebLink | None] | None = None

    def table(
        self, table: Table, picture_of: Callable[[Table], TablePicture | None] | None = None
    ) -> Drawn:
        """The table message of ``table`` as it stands, with the picture ``picture_of`` makes
        (``cogs.card_images.table_picture``) when the table shows one."""
        key = (table.id, picture_of is not None)
        web = self.web(table) if self.web is not None else None
        state = (*state_of(table, key[1]), web)
        found = self._items.get(key)
        if found is not None and found.state == state:
            self._items.move_to_end(key)
            self.hits += 1
            return found
        self.misses += 1
        drawn = _draw(table, state, picture_of, web)
        self._items[key] = drawn
        self._items.move_to_end(key)
        while len(self._items) > self.keep:
            self._items.popitem(last=False)
        return drawn

    def forget(self, table_id: int) -> None:
        self._items.pop((table_id, True), None)
        self._items.pop((table_id, False), None)

    def __len__(self) -> int:
        return len(self._items)


def _draw(
    table: Table,
    state: tuple[Any, ...],
    picture_of: Callable[[Table], TablePicture | None] | None,
    web: presentation.WebLink | None = None,
) -> Drawn:
    embed, view = presentation.table_message(table, web)
    picture = picture_of(table) if picture_of is not None else None
    if picture is not None:
        embed.set_image(url=f"attachment://{TABLE_FILE}")
    return Drawn(state, embed, view, picture, digest_of(embed, view))
