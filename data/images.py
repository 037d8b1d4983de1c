"""Whether tables show card pictures: a server's choice and each table's own.

``/settings images on|off`` stores the server's choice; ``/play images:`` stores one
table's, which wins over the server's. With neither stored, pictures are on. The text of
the hand and the table is sent either way (for screen readers and for people who turn
pictures off); this only decides whether the picture goes with it.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils


def _create_tables(db: sqlite_utils.Database) -> None:
    db["guild_images"].create({"guild_id": int, "images": int}, pk="guild_id")
    db["table_images"].create({"table_id": int, "images": int}, pk="table_id")


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("images_001_server_and_table", _create_tables),
]

DEFAULT = True


def server_images(db: sqlite_utils.Database, guild_id: int | None) -> bool:
    """The server's choice (pictures on unless it turned them off)."""
    if guild_id is None:
        return DEFAULT
    row = db.execute("SELECT images FROM guild_images WHERE guild_id = ?", [guild_id]).fetchone()
    return DEFAULT if row is None else bool(row[0])


def set_server_images(db: sqlite_utils.Database, guild_id: int, on: bool) -> None:
    with db.atomic():
        db.execute(
            "INSERT INTO guild_images (guild_id, images) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET images = excluded.images",
            [guild_id, int(on)],
        )


def set_table_images(db: sqlite_utils.Database, table_id: int, on: bool) -> None:
    with db.atomic():
        db.execute(
            "INSERT INTO table_images (table_id, images) VALUES (?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET images = excluded.images",
            [table_id, int(on)],
        )


def images_for(db: sqlite_utils.Database, guild_id: int | None, table_id: int) -> bool:
    """Whether table ``table_id`` shows pictures: its own choice, else its server's."""
    row = db.execute("SELECT images FROM table_images WHERE table_id = ?", [table_id]).fetchone()
    if row is not None:
        return bool(row[0])
    return server_images(db, guild_id)
