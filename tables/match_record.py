"""A finished match as a record that leaves the bot: a small JSON (its game, options, seats,
seed and action log, enough to build the same match again through the engine) and a
readable text form of the same moves.

The JSON (``FORMAT``, documented in ``docs/web.md``)::

    {"format": "chairman-match/1", "game": "macao", "table": 12,
     "options": {...}, "seed": 123,
     "seats": [{"seat": "s0", "name": "Ana", "bot": null}, ...],
     "actions": [{"seat": "s0", "action": {"kind": "play", ...}}, ...]}

``new_game(game, [s["seat"] for s in seats], seed=seed, options=options)`` and each action
applied in turn (``apply(seat, action)``, or ``tick(action["now"])`` for a row of kind
``tick``) end in the match's final state. Only a finished match has a record (its hands are
no secret any more), and a game whose options or log keep secrets after the match (Mao's
rules) has none.
"""

from __future__ import annotations

from typing import Any

from engine.actions import parse_action
from i18n import N_, Catalog
from tables.errors import TableError
from tables.model import Table
from tables.registry import table_game
from tables.replays import Replay

FORMAT = "chairman-match/1"


class SecretRecord(TableError):
    def __init__(self) -> None:
        super().__init__(N_("This game's record keeps secret rules, so it cannot be downloaded."))


def has_record(table: Table) -> bool:
    """Whether ``table``'s finished matches have a record that may leave the bot: not where
    its game's options or log keep secrets after the match (``TableGame.keeps_secrets``)."""
    return not table_game(table.game_name).keeps_secrets


def match_record(match: Replay) -> dict[str, Any]:
    """The JSON record of a finished match (``TableService.replay``'s)."""
    table = match.table
    if not has_record(table):
        raise SecretRecord()
    return {
        "format": FORMAT,
        "game": table.game_name,
        "table": table.id,
        "options": dict(table.options),
        "seed": table.seed,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot_kind} for s in table.seats],
        "actions": [{"seat": step.seat, "action": step.action} for step in match.steps[1:]],
    }


def record_text(record: dict[str, Any], title: str, tr: Catalog) -> str:
    """The record as lines to read, in ``tr``'s language: the table, then each move by the
    name of the seat that made it, numbered, in the engine's notation (``play 7H``: the
    words a terminal player types, and what ``parse_action`` reads back)."""
    names = {s["seat"]: s["name"] for s in record["seats"]}
    options = ", ".join(f"{k}={v}" for k, v in sorted(record["options"].items()))
    seats = ", ".join(
        tr._("{name} ({seat}, {level} bot)", name=s["name"], seat=s["seat"], level=s["bot"])
        if s["bot"]
        else f"{s['name']} ({s['seat']})"
        for s in record["seats"]
    )
    lines = [
        title,
        tr._("Options: {options}", options=options or tr._("none")),
        tr._("Seed: {seed}", seed=record["seed"]),
        tr._("Seats: {seats}", seats=seats),
        "",
    ]
    for n, row in enumerate(record["actions"], start=1):
        action = row["action"]
        if row["seat"] is None:
            said = tr._("(the table) {kind}", kind=action.get("kind", ""))
            lines.append(f"{n}. {said}")
            continue
        lines.append(f"{n}. {names.get(row['seat'], row['seat'])}: {parse_action(action)}")
    return "\n".join(lines) + "\n"
