"""Who acts next when bots play in the terminal: the shared rule of ``engine.turns``.

The rule lives in the engine so the table service on Discord and the benchmarks follow it
too; this module keeps the names practice and simulation import.
"""

from __future__ import annotations

from engine.turns import BotTable, due_seats, is_timed, legal_by_seat, state_key

__all__ = ["BotTable", "due_seats", "is_timed", "legal_by_seat", "state_key"]
