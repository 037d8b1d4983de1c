"""Mao's state copied and saved: a snapshot to go back to, and the fields ``to_dict`` keeps.

A snapshot (``snapshot``, ``restore``) is taken before something that may have to be undone
(a moderator's overturn, an action that waits on what falls due first): cards are immutable,
so the lists and records that change in place are copied and the rest shared. ``to_dict``
saves Mao's own fields as plain JSON (``extra_to_dict``, ``extra_from_dict``); what is
derived from them (the vocabulary, the offers, the views) is made again when needed.
"""

from __future__ import annotations

import json
from typing import Any

from engine.mao.state import FIELDS, MaoTable


def snapshot(game: MaoTable) -> dict[str, Any]:
    """A copy of the state to go back to; cheaper than ``to_dict`` (cards are immutable)."""
    copied = dict(game.__dict__)  # numbers, text and the fixed parts as they are
    for name in FIELDS:
        copied[name] = getattr(game, name)
    copied["rng"] = game.rng.getstate()
    copied["hands"] = [hand[:] for hand in game.hands]
    for key in ("stock", "pile", "events", "history", "rules", "scores", "lost_turns"):
        copied[key] = copied[key][:]  # their items are never changed in place
    for key in ("streak", "away", "going_out", "out_order", "presaid", "credits"):
        copied[key] = copied[key][:]
    copied["presaid_calls"] = [c[:] for c in game.presaid_calls]
    copied["declared_at"] = game.declared_at[:]
    copied["windows"] = [
        {
            **w,
            "owed": [e[:] for e in w["owed"]],
            "forbid": [e[:] for e in w["forbid"]],
            "held": [e[:] for e in w["held"]],
        }
        for w in game.windows
    ]
    copied["infractions"] = [dict(f) for f in game.infractions]
    copied["rulings"] = [dict(r) for r in game.rulings]
    copied["stats"] = [{**f, "penalties": dict(f["penalties"])} for f in game.stats]
    for key in ("pending", "point_of_order"):
        copied[key] = None if copied[key] is None else dict(copied[key])
    return copied


def restore(game: MaoTable, copied: dict[str, Any]) -> None:
    """Put ``game`` back as it was when ``snapshot`` made ``copied``."""
    state = copied.pop("rng")
    for name in FIELDS:
        setattr(game, name, copied.pop(name))
    game.__dict__.update(copied)
    game.rng.setstate(state)


def extra_to_dict(game: MaoTable) -> dict[str, Any]:
    return {
        "now": game.now,
        "turn_since": game.turn_since,
        "streak": list(game.streak),
        "away": list(game.away),
        "going_out": list(game.going_out),
        "out_order": list(game.out_order),
        "windows": json.loads(json.dumps(game.windows)),
        "presaid": list(game.presaid),
        "presaid_calls": [c[:] for c in game.presaid_calls],
        "infractions": [dict(f) for f in game.infractions],
        "next_id": game.next_id,
        "point_of_order": None if game.point_of_order is None else dict(game.point_of_order),
        "rules": json.loads(json.dumps(game.rules)),
        "credits": list(game.credits),
        "declared_at": list(game.declared_at),
        "stats": json.loads(json.dumps(game.stats)),
        "event_count": game.event_count,
        "rulings": [dict(r) for r in game.rulings],
        "naming": game.naming,
        "history": json.loads(json.dumps(game.history)),
    }


def extra_from_dict(game: MaoTable, data: dict[str, Any]) -> None:
    game.now = data["now"]
    game.turn_since = data["turn_since"]
    game.streak = list(data["streak"])
    game.away = list(data["away"])
    game.going_out = list(data["going_out"])
    game.out_order = list(data["out_order"])
    game.windows = json.loads(json.dumps(data["windows"]))
    game.presaid = list(data["presaid"])
    game.presaid_calls = [list(c) for c in data.get("presaid_calls", [])]
    game.infractions = [dict(f) for f in data["infractions"]]
    game.next_id = data["next_id"]
    poo = data["point_of_order"]
    game.point_of_order = None if poo is None else dict(poo)
    game.rules = json.loads(json.dumps(data["rules"]))
    game.credits = list(data["credits"])
    game.declared_at = list(data["declared_at"])
    game.stats = json.loads(json.dumps(data["stats"]))
    game.event_count = data["event_count"]
    game.rulings = [dict(r) for r in data.get("rulings", [])]
    game.naming = bool(data.get("naming", False))
    game.history = json.loads(json.dumps(data.get("history", [])))
    game.history_round = -1  # the next batch is looked through for a deal
    game._vocabulary = None
