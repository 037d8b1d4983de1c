"""The plug-in points a game fills on Discord: what it adds beyond every game's table.

Every game is played through the same cogs: ``/play``, the lobby, the table message, the hand
and its buttons (``cogs.play``), the thread's posts (``cogs.announcer``). A game that needs
more on Discord (Mao: a chat listener, a rule builder, moderation commands, its own drawing)
says so with one ``DiscordGame`` in a package of its own (``cogs.games.mao``), registered in
``cogs.registry``, the one generic module that lists games. Generic code asks the registry
for the table's game and uses what it offers, and never names a game.

What a ``DiscordGame`` gives:

- ``extensions``: its own cogs, loaded after every game's (``cogs.registry.setup``): listeners
  (a chat), persistent items (its buttons), commands (added to ``/table``), a ``Speaker`` for
  the thread (``cogs.announcer``);
- ``play_parameters``: named parameters of ``/play`` of its own; their values join the new
  table's options at the table layer (``tables.game_options.for_play``), which refuses them for
  another game and adds what the game keeps per server (``tables.plugin.TableGame``);
- ``lobby_embed``, ``table_embed``: its lobby and table message;
- ``hand_hooks``: how its hand is drawn over the one layout (``cogs.hand_layout.HandHooks``),
  and ``hand_items``: the buttons its hooks may end a hand with (``HandHooks.extras``), by name;
- ``hand_forms``: the forms those buttons open (``HandForm``), so that a bot run as several
  processes opens them from a DM too.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import discord
from discord import app_commands

from cogs.hand_layout import HandHooks
from i18n import Catalog
from tables.model import Seat, Table

F = TypeVar("F", bound=Callable[..., Any])

#: a button a game ends a hand with: (table id, row, the hand's catalog) -> the item
HandItem = Callable[[int, int, Catalog], discord.ui.Item[Any]]


@dataclass(frozen=True)
class HandForm:
    """A form a hand's button opens (Mao's **Say**), which ``cogs.handed_forms`` can rebuild
    where it was not shown: a form sent after a restart of the bot is read with it rebuilt;
    and a bot run as several processes gets every DM press on shard 0, which opens the form
    itself from the table as stored (a form must be the first answer to its press, too soon
    to hand the press over) and hands what is sent on to the process running the table."""

    #: the custom-id kind of the button that opens it (``chairman:<button>:<table>``)
    button: str
    #: the custom-id kind of the form itself (``chairman:<form>:<table>:...``)
    form: str
    #: the form for a seat at a table, its game there or not (a table read from storage has
    #: none), from the custom id of the press that opens it or of the form sent (the choices
    #: either carries); None where the press needs no form (it is handed over as any press
    #: is); a ``TableError`` where the seat may not have it
    open: Callable[[Table, Seat, str], discord.ui.Modal | None]


@dataclass(frozen=True)
class PlayParameter:
    """A named parameter a game adds to ``/play`` (Mao's ``turn_seconds``)."""

    name: str
    #: its type as discord.py reads it (``app_commands.Range[int, 0, 30] | None``)
    annotation: Any
    description: str
    choices: tuple[app_commands.Choice[str], ...] = ()


class DiscordGame(Protocol):
    """What one game adds on Discord (see the module's docstring)."""

    @property
    def name(self) -> str:
        """The engine's name of the game (``engine.GAMES``)."""
        ...

    @property
    def extensions(self) -> Sequence[str]: ...

    @property
    def play_parameters(self) -> Sequence[PlayParameter]: ...

    @property
    def hand_hooks(self) -> HandHooks: ...

    @property
    def hand_items(self) -> Mapping[str, HandItem]: ...

    @property
    def hand_forms(self) -> Sequence[HandForm]:
        """The forms its hand's buttons open (``HandForm``)."""
        ...

    def lobby_embed(self, table: Table) -> discord.Embed: ...

    def table_embed(self, table: Table) -> discord.Embed: ...


def with_parameters(parameters: Sequence[PlayParameter], after: str) -> Callable[[F], F]:
    """Add ``parameters`` to a slash command's callback after its parameter ``after``, with
    their descriptions and choices, before ``app_commands.command`` reads its signature (so
    apply it below that decorator and below ``describe`` and ``choices``). The callback takes
    them in ``**kwargs``."""

    def decorate(func: F) -> F:
        signature = inspect.signature(func)
        kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
        at = next(n for n, p in enumerate(kept) if p.name == after) + 1
        added = [
            inspect.Parameter(
                p.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=p.annotation
            )
            for p in parameters
        ]
        # keyword-only parameters must follow the rest: the ones after ``after`` become so too
        tail = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in kept[at:]]
        # the attributes inspect and discord.py read, in the function's own namespace
        own = vars(func)
        own["__signature__"] = signature.replace(parameters=[*kept[:at], *added, *tail])
        described = own.setdefault("__discord_app_commands_param_description__", {})
        described.update({p.name: p.description for p in parameters})
        chosen = own.setdefault("__discord_app_commands_param_choices__", {})
        chosen.update({p.name: list(p.choices) for p in parameters if p.choices})
        return func

    return decorate
