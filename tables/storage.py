"""The storage a front-end may name: opening the database, which backend it is, and the
errors storage raises.

Front-ends (the Discord cogs, a web page) never import ``data/``; what they need of it to
start up and to tell a player that the database is away comes from here, and every read or
write goes through the service's parts (``tables.records``, ``tables.preferences``,
``tables.forwarding``).
"""

from __future__ import annotations

from data.db import backend_of, open_database
from data.errors import StorageRefused, StorageUnavailable

__all__ = ["StorageRefused", "StorageUnavailable", "backend_of", "open_database"]
