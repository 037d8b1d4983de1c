"""A server's Mao house canon, kept and forgotten through the table service (never by a cog).

An admin keeps the rules a table's players made (a game with ``players_make_rules``: Mao) as
the server's house canon (``data.house_rules``, under Mao's name), which every new Mao table
in the server starts with (``with_canon``): the rules go into the table's stored options, so a
table replays with the canon it began with even if the canon changes later; forgetting
empties it. Tables already open keep the rules they began with.
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from data import house_rules
from engine.mao import Mao
from engine.mao import rules as secret
from i18n import N_
from tables.errors import NoTable, NotStarted
from tables.model import Table

#: the option a Mao table holds its server's house canon in
HOUSE_RULES = "house_rules"


def with_canon(
    db: sqlite_utils.Database | None, guild_id: int | None, options: dict[str, Any]
) -> dict[str, Any]:
    """``options`` with the server's house canon added to their house rules."""
    if db is None or guild_id is None:
        return options
    house = list(options.get(HOUSE_RULES) or [])
    kept = [json.loads(text) for text in house_rules.rules(db, guild_id, Mao.name)]
    house += [rule for rule in kept if rule not in house]
    if not house:
        return options
    return {**options, HOUSE_RULES: house}


def keep_table_rules(
    service: Any, table: Table | None, guild_id: int, user_id: int
) -> tuple[int, int]:
    """Add the rules declared at ``table`` to the server's canon; -> (added, canon size)."""
    if table is None or not table.game_class.players_make_rules:
        raise NoTable(N_("Use this in the thread of a Mao table."))
    if table.game is None:
        raise NotStarted()
    texts = [secret.canonical(rule) for rule in table.game.declared_rules()]
    kept: tuple[int, int] = house_rules.keep(
        service.db,
        guild_id,
        Mao.name,
        texts,
        kept_at=service.clock.now(),
        kept_by=user_id,
        from_table=table.id,
    )
    return kept


def forget(service: Any, guild_id: int) -> int:
    """Empty the server's canon; -> how many rules were dropped."""
    dropped: int = house_rules.forget(service.db, guild_id, Mao.name)
    return dropped
