"""Observations built field by field as a bot reads them (``Game.bot_view``).

A bot that reacts out of turn (Mao's, calling what it sees) is asked at every game version,
and reads a handful of its observation's fields each time: the new events, the clock, whose
turn it is. Building every field for every bot at every version cost most of a simulation.
``LazyObservation`` is ``Game.observation(seat)`` with each field made when first read: the
fields its game gives a builder for one by one, any other by building the whole observation
once. What it holds is the observation's exactly; it must be read before the game changes
(it refuses to be read after), which is why drivers hand one only to a bot that says it
reads its observation within the call (``Bot.reads_in_call``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

    from engine.base import Game

#: field name -> its value for (game, seat index, None for the public view); each returns
#: a new object, as ``observation`` does
Builders = Mapping[str, Callable[[Any, int | None], Any]]


EMPTY: Mapping[str, Any] = {}


class StaleView(RuntimeError):
    """A lazy observation was read after its game changed."""


class LazyObservation(dict[str, Any]):
    """``game.observation(seat)``, built as it is read; see the module docstring.

    Made by ``lazy_view`` (the dict's own constructor copies the shared fields; a view is
    made for every bot at every version of a Mao game, so it sets one slot more, no more).
    """

    #: (game, seat, seat index, builders, the game's version) until every field is built;
    #: ``public``, where its game gives it (Mao's ``bot_view``): the fields this view shares
    #: with every seat's at its version, the same values as a plain dict, which costs half as
    #: much to read (a bot asked at every version reads them there: ``public_fields``)
    __slots__ = ("_ctx", "public")
    _ctx: tuple[Any, str, int, Builders, int] | None
    public: dict[str, Any]

    def _check(self) -> None:
        ctx = self._ctx
        if ctx is not None and ctx[0].version != ctx[4]:
            raise StaleView("an observation read after its game changed")

    def __missing__(self, key: str) -> Any:
        ctx = self._ctx
        if ctx is None:  # every field is built
            raise KeyError(key)
        game, _seat, index, builders, version = ctx
        build = builders.get(key)
        if build is None:
            self.fill()
            return dict.__getitem__(self, key)
        if game.version != version:
            raise StaleView("an observation read after its game changed")
        value = build(game, index)
        dict.__setitem__(self, key, value)
        return value

    def fill(self) -> None:
        """Build every field not read yet (from the whole observation)."""
        ctx = self._ctx
        if ctx is None:
            return
        self._check()
        for key, value in ctx[0].observation(ctx[1]).items():
            if not dict.__contains__(self, key):
                dict.__setitem__(self, key, value)
        self._ctx = None

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        ctx = self._ctx
        if ctx is not None and isinstance(key, str) and key in ctx[3]:
            return True
        self.fill()
        return dict.__contains__(self, key)

    # whatever looks at the whole mapping sees the whole observation
    def __iter__(self) -> Iterator[str]:
        self.fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self.fill()
        return dict.__len__(self)

    def keys(self) -> dict_keys[str, Any]:
        self.fill()
        return dict.keys(self)

    def values(self) -> dict_values[str, Any]:
        self.fill()
        return dict.values(self)

    def items(self) -> dict_items[str, Any]:
        self.fill()
        return dict.items(self)

    def copy(self) -> dict[str, Any]:
        self.fill()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self.fill()
        if isinstance(other, LazyObservation):
            other.fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self.fill()
        return f"LazyObservation({dict.__repr__(self)})"


def public_fields(observation: Mapping[str, Any]) -> Mapping[str, Any]:
    """The fields ``observation`` shares with every seat's view, as a plain dict: its
    ``public``, if it is a lazy view that holds them, else itself (a bot reads its public
    fields from this, and any other from ``observation``)."""
    public: Mapping[str, Any] = getattr(observation, "public", observation)
    return public


def lazy_view(
    game: Game, seat: str, index: int, builders: Builders, built: Mapping[str, Any] = EMPTY
) -> LazyObservation:
    """``game.observation(seat)`` as a ``LazyObservation``; ``built``: fields already made for
    this version (shared with other seats)."""
    view = LazyObservation(built)
    view["seat"] = seat  # every observation has it, and every bot reads it
    view._ctx = (game, seat, index, builders, game.version)
    return view
