"""Moderating the Chairman: a Mao round's rulings listed, overturned, reviewed.

Players dispute rulings at every real Mao table, and the bot can mishear. The table's host,
or anyone with Manage Server, is the table's moderator and may

- list the current round's rulings (``rulings``): number, call, offender, caller, when, and
  whether it was overturned; never the penalty card, so a secret rule shows only as the call
  name the Chairman already announced;
- overturn one (``overturn``): the game's ``moderate`` puts the penalty card back on the pool
  and takes back the caller's credit. The decision is committed to the action log like any
  move (seat None, ``{"kind": "overturn", "ruling": 7, "at": 31.2}``), so a restarted bot
  replays it (``MaoTable.replay_decision`` hands such rows to ``game.moderate``).

Any seated player may ask for a review of a ruling (``review``, the button on the ruling's
post); the moderator decides. A ruling's review is asked once (kept in memory only: after a
restart it may be asked again). A game offers moderation by having ``public_rulings`` and
``moderate`` (Mao does).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable
from weakref import WeakKeyDictionary

from engine import Event, IllegalAction
from i18n import N_
from tables.errors import Illegal, NotStarted, Refused, TableEnded, TableError
from tables.model import Table

MODERATOR_ONLY = N_("Only the table's host or someone with Manage Server can moderate rulings.")
#: the rulings whose review has been asked, per table
_ASKED: WeakKeyDictionary[Table, set[int]] = WeakKeyDictionary()


@runtime_checkable
class Moderated(Protocol):
    """A game whose Chairman's rulings a moderator may review (Mao)."""

    version: int

    def public_rulings(self) -> list[dict[str, Any]]: ...

    def moderate(self, action: dict[str, Any]) -> list[Event]: ...


class NotModerator(TableError):
    def __init__(self, message: str = MODERATOR_ONLY) -> None:
        super().__init__(message)


def moderated_game(table: Table) -> Moderated:
    """The running game of ``table`` if it keeps rulings, else a TableError saying why."""
    if not table.is_open:
        raise TableEnded()
    game = table.game
    if game is None:
        raise NotStarted()
    if not isinstance(game, Moderated):
        raise TableError(N_("This game has no Chairman's rulings to moderate."))
    return game


def check_moderator(table: Table, user_id: int, manager: bool) -> None:
    if not manager and table.host_id != user_id:
        raise NotModerator()


def find_ruling(game: Moderated, ruling: int) -> dict[str, Any]:
    for entry in game.public_rulings():
        if entry["id"] == ruling:
            return entry
    raise Illegal(N_("There is no ruling {ruling} in this round."), ruling=ruling)


def rulings(service: Any, table_id: int, user_id: int, manager: bool) -> list[dict[str, Any]]:
    """The current round's rulings of a table, for its moderator."""
    table = service.get(table_id)
    game = moderated_game(table)
    check_moderator(table, user_id, manager)
    return game.public_rulings()


async def overturn(
    service: Any, table_id: int, user_id: int, manager: bool, ruling: int
) -> list[Event]:
    """Overturn ruling ``ruling``; committed to the log before the thread hears of it."""
    table = service.get(table_id)
    async with service.locked(table):
        game = moderated_game(table)
        check_moderator(table, user_id, manager)
        now = service.log.table_time(table)
        action = {"kind": "overturn", "ruling": int(ruling), "at": now}
        try:
            events = game.moderate(action)
        except IllegalAction as exc:
            raise Refused(exc) from exc
        await service.log.decision(table, action, by=f"moderator {user_id}")
        await service.changes.after(table, events)
    return events


def review(service: Any, table_id: int, user_id: int, ruling: int) -> dict[str, Any]:
    """A seated player asks the moderator to look at ruling ``ruling``; -> that ruling."""
    table = service.get(table_id)
    game = moderated_game(table)
    seat = table.seat_of_user(user_id)
    if seat is None:
        raise TableError(N_("Only a player at this table can ask for a review."))
    found = find_ruling(game, ruling)
    if found["overturned"]:
        raise Illegal(N_("Ruling {ruling} is already overturned."), ruling=ruling)
    asked = _ASKED.setdefault(table, set())
    if ruling in asked:
        raise Illegal(
            N_("A review of ruling {ruling} has been asked already; the moderator decides."),
            ruling=ruling,
        )
    asked.add(ruling)
    return found
