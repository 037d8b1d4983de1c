"""Which bots are asked to act out of turn, and what they decide from.

``next_reaction`` asks the bots not due, once per game version each (``state_key``), for a
move out of turn; a table's bots that share a reading of the public table
(``Bot.table_watch``, Mao's) are asked only when it says their answer may come to
something. ``view`` is the observation a bot gets. ``engine.turns.BotTable`` and
``engine.driver.TableDriver`` drive with them.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, MutableMapping
from typing import Any

from engine.actions import Action
from engine.base import Game
from engine.bots.base import Bot, TableWatch
from engine.events import BLIND, Observation

_NEVER = object()
EMPTY: Mapping[str, Bot] = {}


def state_key(game: Game) -> Any:
    """Something that changes whenever the game does: its ``version``, else its public view."""
    version = getattr(game, "version", None)
    if version is not None:
        return version
    return json.dumps(game.observation(None), sort_keys=True, default=str)


def view(game: Game, seat: str, bot: Bot) -> Observation:
    """What ``bot`` decides from: the seat's observation, or an empty one for a bot whose
    class declares it never reads it (``Bot.reads_observation``), so none is built; for a
    bot that reads it within the call (``Bot.reads_in_call``), one built as it is read."""
    if not bot.reads_observation:
        return BLIND
    return game.bot_view(seat) if bot.reads_in_call else game.observation(seat)


def next_reaction(
    game: Game,
    bots: Mapping[str, Bot],
    asked: MutableMapping[str, Any],
    legal: Mapping[str, list[Action]],
    due: list[str],
    watch: TableWatch | None = None,
    public: Observation | None = None,
    wakes: Collection[str] | None = None,
) -> tuple[str, Action] | None:
    """The first bot (in ``bots`` order) not due that acts out of turn now, and its action.

    Each bot is asked at most once per game version; ``asked`` (seat -> state key) remembers
    who was asked when, and is updated here. A bot ``watch`` shares (``Bot.table_watch``) is
    asked only when the watch says its answer may come to something; ``public`` is a view of
    the game now of one of the watch's members (a driver that built one for the due seat),
    for the watch, which reads only what every seat sees, and ``wakes`` what the watch
    answered for it, if the driver asked already. Nothing is applied.

    ``legal`` is looked into only for the seats about to be asked, so it may list each
    seat's actions when first looked up (``Offers``).
    """
    key = state_key(game)
    members: Mapping[str, Bot] = EMPTY if watch is None else watch.members
    for seat, bot in bots.items():
        if seat in due or asked.get(seat, _NEVER) == key:
            continue
        observation = None
        if members.get(seat) is bot:
            # the watch first: it says which bots to ask without listing anyone's actions
            assert watch is not None
            if wakes is None:
                shown = public
                if shown is None:
                    shown = observation = view(game, seat, bot)
                wakes = watch.asks(shown)
            if seat not in wakes:
                continue
        if seat not in legal:
            continue
        asked[seat] = key
        if observation is None:
            observation = view(game, seat, bot)
        if type(bot).react is not Bot.react:
            action = bot.react(observation, legal[seat])
        else:
            action = bot.choose(observation, legal[seat])
        if action is not None:
            return seat, action
    return None


def unasked(
    game: Game,
    bots: Mapping[str, Bot],
    asked: Mapping[str, Any],
    legal: Mapping[str, list[Action]],
    due: list[str],
    watch: TableWatch | None = None,
) -> list[str]:
    """Which of ``bots``' seats ``next_reaction`` would still ask at this game version."""
    key = state_key(game)
    seats = [s for s in bots if s not in due and s in legal and asked.get(s, _NEVER) != key]
    if watch is None:
        return seats
    members = watch.members
    shared = [s for s in seats if members.get(s) is bots[s]]
    if not shared:
        return seats
    wakes = watch.asks(view(game, shared[0], bots[shared[0]]))
    return [s for s in seats if s not in shared or s in wakes]


#: bot classes that keep ``Bot.table_watch`` (no watch), as ``table_watch`` met them
WATCHLESS: set[type] = set()
NO_WATCH = getattr(Bot.table_watch, "__func__", None)


def table_watch(bots: Mapping[str, Bot]) -> TableWatch | None:
    """The watch the bots of a table share, if their class has one (``Bot.table_watch``)."""
    # every game asks: a table of bots whose classes have no watch (random bots) is told so
    # with no call and no list of classes
    for bot in bots.values():
        cls = type(bot)
        if cls not in WATCHLESS:
            if getattr(cls.table_watch, "__func__", None) is not NO_WATCH:
                break
            WATCHLESS.add(cls)
    else:
        return None
    for cls in dict.fromkeys(type(bot) for bot in bots.values()):
        watch = cls.table_watch(bots)
        if watch is not None:
            return watch
    return None
