"""Reading a table's game for a front-end: immutable views, worked out once per state.

The front-ends (the Discord cogs, a web page) never touch ``Table.game`` or its driver; they
ask here and draw from what comes back (``tables.views``). A view is worked out from the live
game once per state (the game object, its version, the table's status and, for a hand, the
seat's move count), and kept: the table message, a hand's DM, its picture and an answer to a
press all read the same value.

Every change ends by marking its state settled (``settled``, from ``Changes.after``: the
move committed, bots' reactions done, the seats' tokens worked out). While a change is on its
way (the table's lock held and its game past the state last settled: a move applied but
perhaps not yet committed), a view already taken is what is read, the snapshot of a settled
state; the change's notices follow when it ends, and the front-end draws again from the new
state then. Only a view never taken before is worked out from a game in mid-change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from engine.events import Observation, Outcome
from tables.model import Table
from tables.views import HandView, PublicView

__all__ = ["HandView", "PublicView", "hand", "public", "settled", "started", "state"]

_V = TypeVar("_V")

#: each table's views: key -> (the state it was taken at, the view)
_known: WeakKeyDictionary[Table, dict[Any, tuple[Any, Any]]] = WeakKeyDictionary()
#: each table's state when its last change ended
_settled: WeakKeyDictionary[Table, tuple[int, int]] = WeakKeyDictionary()


def settled(table: Table) -> None:
    """A change to ``table`` has ended (``Changes.after``, under its lock): its game's state
    now may be read while the lock is still held."""
    _settled[table] = state(table)


def _in_change(table: Table) -> bool:
    """Whether a change is on its way: the lock held, the game past its settled state."""
    return table.lock.locked() and _settled.get(table) != state(table)


def redraws(table: Table) -> Mapping[str, int]:
    """How many changes have asked each human seat's hand to be drawn again
    (``Change.redraw``, counted in ``tables.changes``)."""
    return MappingProxyType(table.redraws)


def started(table: Table) -> bool:
    """Whether the table's game has started (it may be over since)."""
    return table.game is not None


def offers_rematch(table: Table) -> bool:
    """Whether ``table`` offers **Play again** (``Lobby.rematch``): its game started and it
    has closed since, and no tournament seats its players' next game."""
    return table.game is not None and not table.is_open and table.tournament_id is None


def state(table: Table) -> tuple[int, int]:
    """The game's identity and version (``(0, 0)`` before the start): equal states look the
    same to every reader."""
    game = table.game
    return (0, 0) if game is None else (id(game), game.version)


def public(table: Table) -> PublicView | None:
    """What everyone watching ``table`` sees, or None before its game starts."""
    if table.game is None:
        return None
    return _view(table, "public", (state(table), table.status), lambda: _public(table))


def hand(table: Table, seat: str) -> HandView | None:
    """What ``seat`` sees of its own hand and may do, or None before the game starts."""
    if table.game is None:
        return None
    fresh = (state(table), table.status, table.acted.get(seat, 0))
    return _view(table, ("hand", seat), fresh, lambda: _hand(table, seat))


def _view(table: Table, key: Any, fresh: Any, make: Callable[[], _V]) -> _V:
    views = _known.setdefault(table, {})
    found = views.get(key)
    if found is not None and (found[0] == fresh or _in_change(table)):
        view: _V = found[1]
        return view
    view = make()
    views[key] = (fresh, view)
    return view


def _public(table: Table) -> PublicView:
    game = table.game
    assert game is not None
    over = game.is_over
    return PublicView(
        table_id=table.id,
        state=state(table),
        status=table.status,
        observation=cast(Observation, MappingProxyType(game.observation(None))),
        waiting=tuple(table.waiting()) if table.is_running else (),
        current=game.current_player(),
        over=over,
        outcome=cast(Outcome, MappingProxyType(dict(game.outcome()))) if over else None,
    )


def _hand(table: Table, seat: str) -> HandView:
    game = table.game
    assert game is not None
    legal = game.legal_actions(seat) if table.is_running else []
    return HandView(
        table_id=table.id,
        seat=seat,
        state=state(table),
        status=table.status,
        observation=cast(Observation, MappingProxyType(game.observation(seat))),
        legal=tuple(legal),
        token=table.token(seat, legal if table.is_running else None),
        current=game.current_player(),
    )
