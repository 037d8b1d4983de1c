"""What a Mao seat may see: the public options and the game's part of an observation.

Secret rules show only who made them, except to their maker; house rules only by number.
Each Mao field has its own builder, and so has each field of the shedding observation a bot
reads, so ``bot_view`` (``engine.views.lazy_view``) builds only what a bot reads:
Mao's bots are asked at every version and read a few fields (the new events, the clock,
whose turn). ``tests/engine/mao/test_mao_view.py`` holds every builder to ``observation``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.base import RECENT_EVENTS
from engine.events import Observation
from engine.mao.builder import describe as in_words
from engine.mao.shapes import MaoView
from engine.mao.state import MaoTable
from engine.shedding.game import CARD_TEXT
from engine.views import Builders, LazyObservation


def turn_ends(game: MaoTable, i: int | None) -> float | None:
    seconds = game.options["turn_seconds"]
    if game.point_of_order is None and seconds and game.turn is not None:
        return float(game.turn_since + seconds)
    return None


def point_of_order(game: MaoTable, i: int | None) -> dict[str, Any] | None:
    poo = game.point_of_order
    if poo is None:
        return None
    return {"by": game.seats[poo["by"]], "since": poo["since"], "ends": poo["until"]}


def rules(game: MaoTable, i: int | None) -> list[dict[str, Any]]:
    shown_rules = []
    for entry in game.rules:
        by = entry["by"]
        shown: dict[str, Any] = {"by": None if by is None else game.seats[by]}
        if i is not None and by == i:
            shown["rule"] = entry["rule"]
            shown["text"] = in_words(entry["rule"])  # plain English, for its author only
        shown_rules.append(shown)
    return shown_rules


def kept_rules(game: MaoTable, i: int | None) -> list[dict[str, Any]]:
    """``rules``, kept for each seat until a rule is added or the list replaced (a bot
    reads its own at every turn while there are any; its view is never changed)."""
    listed = game.rules
    kept = game.shown_rules
    if kept is None or kept[0] is not listed or kept[1] != len(listed):
        kept = game.shown_rules = (listed, len(listed), {})
    shown = kept[2].get(i)
    if shown is None:
        shown = kept[2][i] = rules(game, i)
    return shown


def out(game: MaoTable, i: int | None) -> list[str]:
    return [
        s for s, h, g in zip(game.seats, game.hands, game.going_out, strict=True) if not h and not g
    ]


#: the Mao fields of an observation (``extra_observation``), in order
EXTRA: Builders = {
    "now": lambda g, i: g.now,
    "turn_ends": turn_ends,
    "point_of_order": point_of_order,
    "going_out": lambda g, i: [s for s, o in zip(g.seats, g.going_out, strict=True) if o],
    "out": out,
    "away": lambda g, i: [s for s, a in zip(g.seats, g.away, strict=True) if a],
    "timeouts": lambda g, i: {s: n for s, n in zip(g.seats, g.streak, strict=True) if n},
    "rules": rules,
    "rule_credits": lambda g, i: {s: n for s, n in zip(g.seats, g.credits, strict=True) if n},
    "stats": lambda g, i: g.public_stats(),
    "event_count": lambda g, i: g.event_count,
    "suit_open": lambda g, i: g.naming,
    "history": lambda g, i: g.history[:],
}
#: the public fields a bot reads at every version: built once per version for every seat
#: (``SeatView.busy_fields``), and so the same as these
BUSY: Builders = {
    "turn": lambda g, i: g.current_player(),
    "counts": lambda g, i: {s: len(h) for s, h in zip(g.seats, g.hands, strict=True)},
    "round": lambda g, i: g.round,
    "options": lambda g, i: g.public_options(),
    "events": lambda g, i: g.events[-RECENT_EVENTS:],
    "now": EXTRA["now"],
    "point_of_order": EXTRA["point_of_order"],
    "rule_credits": EXTRA["rule_credits"],
    "event_count": EXTRA["event_count"],
    "suit_open": EXTRA["suit_open"],
    # read in a bot's turn: cheaper made with the rest than one by one
    "top": lambda g, i: str(g.top) if g.pile else None,
    "suit": lambda g, i: g.suit,
    "pending": lambda g, i: g.public_pending(),
    "turns": lambda g, i: g.turns,
    # not ``turn_ends``: a bot reads it only in its turn with a call to make (one decision
    # in fifty of a bot game), so it is built when read, as the seat's fields are
}
#: BUSY's fields, their values to be set: with secret rules each seat sees its own
#: (``rules``, built per seat), without them every seat sees none
SHAPE: dict[str, Any] = dict.fromkeys(BUSY)
SHAPE_NO_RULES: dict[str, Any] = dict.fromkeys((*BUSY, "rules"))


def shared(key: str) -> Callable[[MaoTable, int | None], Any]:
    """A builder of ``key`` that takes it from this version's ``BUSY`` fields, built once for
    every seat (a seat's view reads it from the game only while the game is at its version)."""
    # busy_view is set (not None) whenever a seat's view is built
    return lambda g, i: cast("tuple[int, dict[str, Any]]", g.busy_view)[1][key]


#: a seat's observation field by field: the shedding fields a bot reads, then Mao's own
SEAT_FIELDS: Builders = {
    "seat": lambda g, i: g.seats[i],
    "seats": lambda g, i: list(g.seats),
    "hand": lambda g, i: list(map(CARD_TEXT.__getitem__, g.hands[i])),
    # the shedding fields in their usual place, built as BUSY builds them
    "top": BUSY["top"],
    "suit": BUSY["suit"],
    "pending": BUSY["pending"],
    # read only when a 7 chain is taken: built when read
    "stock": lambda g, i: len(g.stock),
    "pile": lambda g, i: len(g.pile),
    "turns": BUSY["turns"],
    "over": lambda g, i: g.over,
    **EXTRA,
    "rules": kept_rules,
    **{key: shared(key) for key in BUSY},
}


class SeatView:
    """What the seats of one game may see: the observation's Mao fields, and a bot's view."""

    __slots__ = ("game",)

    def __init__(self, game: MaoTable) -> None:
        self.game = game

    # --- what seats may see ---------------------------------------------------------------
    def public_options(self) -> dict[str, Any]:
        """Every option but the house rules' content: seats learn only how many there are."""
        g = self.game
        shown = {k: v for k, v in g.options.items() if k != "house_rules"}
        shown["house_rules"] = len(g.options.get("house_rules") or [])
        return shown

    def extra_observation(self, i: int | None) -> MaoView:
        g = self.game
        return cast(MaoView, {key: build(g, i) for key, build in EXTRA.items()})

    def bot_view(self, seat: str) -> Observation:
        """``observation(seat)``, each field built when the bot first reads it, but for its
        seat (Mao's bots read their turn from the shared card counts, so even the hand is
        built only when read); the public fields every bot reads are built once per version,
        and shared by the seats' views, as their ``public`` (which is why a bot must not
        change its view: ``Bot.reads_in_call``)."""
        g = self.game
        version = g.version
        busy = g.busy_view
        if busy is None or busy[0] != version:
            busy = g.busy_view = (version, self.busy_fields(None if busy is None else busy[1]))
        i = g.index.get(seat)
        if i is None:
            i = g.seat_index(seat)  # raises: not seated here
        # ``lazy_view`` written out: a view is made for every bot at every version, and
        # holds no copy of the public fields (its bots read them from ``public``, cheaper)
        view = LazyObservation()
        view["seat"] = seat
        view._ctx = (g, seat, i, SEAT_FIELDS, version)
        view.public = busy[1]
        return cast("Observation", view)  # an Observation, built as it is read

    def busy_fields(self, before: dict[str, Any] | None = None) -> dict[str, Any]:
        """``BUSY``'s fields, written out (this runs at every version of a bot game).

        ``before`` is these fields at an earlier version: copying it and setting the
        fields is cheaper than building the dict anew (a dict display too), and it is
        never changed (its version's views hand it out, and a snapshot of the game keeps
        it). Every field is set from the state as it is now, but for the options (a game's
        never change) and the two that are set only when they are not what ``before`` holds.
        """
        g = self.game
        seats = g.seats
        counts: dict[str, int] = {}
        for k, hand in enumerate(g.hands):
            counts[seats[k]] = len(hand)
        poo = g.point_of_order
        pile = g.pile
        turn = g.turn
        pending = g.pending
        if before is None or ("rules" in before) == bool(g.rules):
            # a new shape: the fields in BUSY's order, with ``rules`` while there are none
            busy = (SHAPE if g.rules else SHAPE_NO_RULES).copy()
            busy["options"] = self.public_options()  # a game's options never change
            busy["rule_credits"] = {}
            if not g.rules:
                busy["rules"] = []  # no secret rule yet: every seat sees the same (none)
        else:
            busy = before.copy()
        busy["counts"] = counts
        busy["round"] = g.round
        busy["turn"] = None if turn is None or g.over else seats[turn]
        busy["events"] = g.events[-RECENT_EVENTS:]
        busy["now"] = g.now
        if poo is not None or busy["point_of_order"] is not None:
            busy["point_of_order"] = None if poo is None else point_of_order(g, None)
        credits = g.credits
        # not ``any(credits)``: a method costs less than a builtin function here
        if busy["rule_credits"] or credits.count(0) != len(credits):
            busy["rule_credits"] = {seats[k]: n for k, n in enumerate(credits) if n}
        busy["event_count"] = g.event_count
        busy["suit_open"] = g.naming
        busy["top"] = CARD_TEXT[pile[-1]] if pile else None
        busy["suit"] = g.suit
        busy["pending"] = None if pending is None else g.public_pending()
        busy["turns"] = g.turns
        return busy
