"""Mao results, one finished round at a time (MAO-17), in the form ``data.results`` stores.

A Mao table runs until its host ends it, so waiting for the match to end would lose every
figure. Instead each round that ends is recorded as a match of its own under the key
``"<table>/<round>"``: the players who went out placed in the order they went out (each of
them won the round), everyone else after them. The seat figures are the round's own: rounds
won, penalties taken by call name, calls made that stood, bad adjudications and bad calls.
The engine reports running totals, so the round's figures are this round's totals less the
totals stored with the previous round (kept in the stored outcome as ``totals``).

Recording is idempotent (``record_match`` ignores a key it already has), so a round replayed
after a restart is never counted twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from data import results
from tables.model import Table


def round_key(table_id: int, round_number: int) -> str:
    return f"{table_id}/{round_number}"


def difference(now: Mapping[str, Any], before: Mapping[str, Any] | None) -> dict[str, Any]:
    """Figures in ``now`` less those in ``before``, nested dicts (penalties by call) included;
    zero entries of a nested dict are left out."""
    before = before or {}
    out: dict[str, Any] = {}
    for key, value in now.items():
        earlier = before.get(key)
        if isinstance(value, Mapping):
            nested = difference(value, earlier if isinstance(earlier, Mapping) else None)
            out[key] = {k: v for k, v in nested.items() if v}
        elif isinstance(value, int | float) and not isinstance(value, bool):
            out[key] = value - (earlier if isinstance(earlier, int | float) else 0)
        else:
            out[key] = value
    return out


def round_outcome(event: Mapping[str, Any], previous: Mapping[str, Any] | None) -> dict[str, Any]:
    """The outcome of one round from its ``round_end`` event and the previous round's totals."""
    totals: dict[str, Any] = dict(event.get("stats") or {})
    earlier = (previous or {}).get("totals") or {}
    winners = [str(s) for s in event.get("winners") or []]
    places = {seat: n for n, seat in enumerate(winners, 1)}
    after = len(winners) + 1
    for seat in totals:
        places.setdefault(seat, after)
    return {
        "round": event.get("round"),
        "places": places,
        "winners": winners,
        "draw": not winners,  # a round called off at its turn limit with nobody out
        "scores": {seat: int(seat in winners) for seat in totals},
        "stats": {seat: difference(figures, earlier.get(seat)) for seat, figures in totals.items()},
        "totals": totals,
        "ended_on_table": event.get("at"),
    }


def record_round(db: sqlite_utils.Database, table: Table, event: Mapping[str, Any]) -> int:
    """Store one finished round of ``table``; -> the match id ``data.results`` gave it.

    Its times are the service clock's: from the previous round's end (or the game's start)
    to the ``round_end`` event's table time.
    """
    number = int(event.get("round") or 0)
    previous = results.recorded_outcome(db, round_key(table.id, number - 1)) if number > 1 else None
    origin = table.started_at or table.created_at
    began = (previous or {}).get("ended_on_table") or 0.0
    finished = {
        "table_id": round_key(table.id, number),
        "game": table.game_name,
        "guild_id": table.guild_id,
        "channel_id": table.channel_id,
        "seats": [s.result_row() for s in table.seats],
        "options": {k: v for k, v in table.options.items() if k != "house_rules"},
        "started_at": origin + float(began),
        "ended_at": origin + float(event.get("at") or 0.0),
        "outcome": round_outcome(event, previous),
    }
    return results.record_match(db, finished)
