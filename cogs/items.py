"""The one family of persistent table components: ``TableItem`` and what every one shares.

Every button and select the bot puts on a lobby, a table message, a hand, a rule builder or a
Chairman's post is a ``TableItem``: a ``discord.ui.DynamicItem`` whose ``custom_id`` names the
table it acts on (``chairman:<kind>:<table>:...``), so it works after a restart with no view
kept in memory. A subclass gives its ``template`` (one regular expression, which may accept a
second id format beside the one it draws, so every button a screen may hold keeps working), builds
itself from a match (``parse``) and says what a press does (``run``). The base does the rest:

- a custom id that matches the template but cannot be parsed is answered, not dropped
  (discord.py would only log it and the player would see "interaction failed");
- ``seated`` looks up the table and the presser's seat, refusing anyone not seated;
- a refusal (``TableError``) is one ephemeral sentence, with the player's current hand when the
  button was out of date or named a card no longer held (``cogs.errors.answer_error``), and
  after any refusal of a press on a hand (``on_hand``: a card, a select, a page, I'm back)
  while the table still runs;
- anything unexpected is logged with its traceback and answered "Something went wrong on my
  side; nothing at the table changed." (ephemeral), never silently;
- a press that arrives once the bot has begun to stop (``Presses.closing``) is answered "The
  table is restarting; press again in a moment." and changes nothing; one that arrived
  before is waited for (``Presses.settle``), so it is applied, logged and answered as usual
  before the HTTP session and the database close; a slash command arriving then is answered
  the same (``Commands``, the bot's command tree), and so is a modal's submit (its own
  ``on_submit`` asks ``presses_of(...).closing``);
- every press is answered inside Discord's 3 s however long the table takes: a press whose
  outcome is not ready ``cogs.answers.ANSWER_WITHIN`` seconds after it was made is deferred
  the way its outcome will show (``late``: "update" for one that redraws the message pressed,
  "ephemeral" or "public" for a new message), and the outcome follows the defer. A subclass
  therefore answers only through ``cogs.answers`` (``edit``, ``send``, ``acknowledge``,
  ``modal``), never through ``interaction.response`` itself.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

import discord
from discord import app_commands

from cogs import answers
from cogs.errors import answer_error
from i18n import N_
from tables.errors import Illegal, NoTable, NotSeated, Restarting, TableEnded
from tables.model import Seat, Table
from tables.service import TableService

log = logging.getLogger(__name__)

V = TypeVar("V", bound=discord.ui.Item[Any])


class Answers(Protocol):
    """What the buttons ask of the publisher (``cogs.publish.Publisher``), which imports them."""

    async def answer_with_table(self, interaction: discord.Interaction, table: Table) -> None: ...

    async def answer_with_new_table(
        self, interaction: discord.Interaction, table: Table, invited: tuple[int, ...]
    ) -> None: ...

    async def post_new_table(self, table: Table, invited: tuple[int, ...], by: int) -> None: ...

    async def answer_with_hand(
        self, interaction: discord.Interaction, table: Table, seat: Seat | None, page: int = 0
    ) -> None: ...

    async def send_hand(
        self, interaction: discord.Interaction, table: Table, seat: Seat
    ) -> None: ...


class Host(Protocol):
    """What the buttons use of the client that loads them (``cogs.client.ChairmanBot``)."""

    @property
    def tables(self) -> TableService: ...

    @property
    def publisher(self) -> Answers: ...


def host_of(client: discord.Client) -> Host:
    # every cog here is loaded by a ChairmanBot, the one client built (cogs.client.make_bot)
    return cast(Host, client)


def publisher_of(interaction: discord.Interaction) -> Answers:
    return host_of(interaction.client).publisher


def service_of(interaction: discord.Interaction) -> TableService:
    return host_of(interaction.client).tables


#: a custom id that names a table: ``chairman:<kind>:<number>``, and whatever follows
_NAMED = re.compile(r"chairman:(\w+):(\d+)")


def named_in(custom_id: Any) -> tuple[str, int] | None:
    """The kind and the number a custom id names (``chairman:<kind>:<number>...``: for most
    kinds a table's), or None for another id."""
    match = _NAMED.match(str(custom_id or ""))
    return (match[1], int(match[2])) if match is not None else None


def seated(interaction: discord.Interaction, table_id: int) -> tuple[Table, Seat]:
    """The table and the presser's seat at it (NotSeated for anyone else)."""
    table = service_of(interaction).get(table_id)
    seat = table.seat_of_user(interaction.user.id)
    if seat is None:
        raise NotSeated()
    return table, seat


def table_here(interaction: discord.Interaction) -> Table:
    """The table a ``/table`` command is about: the one in this thread, else the user's only
    table, else NoTable."""
    service = service_of(interaction)
    channel_id = interaction.channel_id
    if channel_id is not None:
        table: Table | None = service.in_channel(channel_id)
        if table is not None:
            return table
    mine: list[Table] = service.tables_of_user(interaction.user.id)
    # a bot run as several processes: the user's tables that others run count too
    elsewhere = service.seated_elsewhere(interaction.user.id) if len(mine) < 2 else 0
    if len(mine) == 1 and not elsewhere:
        return mine[0]
    if len(mine) + elsewhere > 1:
        raise NoTable(N_("You sit at several tables: use this in the table's thread."))
    raise NoTable(N_("There is no table here, and you are not seated at one."))


class Presses:
    """The presses being handled now, and whether the bot has begun to stop taking them."""

    def __init__(self) -> None:
        self.closing = False
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextmanager
    def held(self) -> Iterator[None]:
        """One press, from its arrival to its answer."""
        self.count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.count -= 1
            if not self.count:
                self._idle.set()

    async def settle(self, grace: float) -> None:
        """Wait up to ``grace`` seconds for the presses being handled to be answered."""
        if self.count:
            log.info("closing: waiting for %d press(es) to be answered", self.count)
        try:
            await asyncio.wait_for(self._idle.wait(), grace)
        except TimeoutError:
            log.warning("closing: %d press(es) still unanswered after %s s", self.count, grace)


def presses_of(interaction: discord.Interaction) -> Presses:
    found = getattr(interaction.client, "presses", None)
    return found if isinstance(found, Presses) else Presses()


class Closing(app_commands.CheckFailure):
    """A slash command that arrived once the bot began to stop; said as ``Restarting``."""

    def __init__(self) -> None:
        super().__init__("the bot is closing")
        self.original = Restarting()  # what cogs.errors.sentence says


class Commands(app_commands.CommandTree):
    """The bot's slash command tree: a command that arrives once the bot has begun to stop
    is answered "The table is restarting; press again in a moment." (through the tree's
    ``on_error``, in the user's language) and runs nothing. An autocomplete still runs: it
    changes nothing, and an unanswered one would only empty the user's list."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        autocomplete = interaction.type is discord.InteractionType.autocomplete
        if presses_of(interaction).closing and not autocomplete:
            raise Closing()
        return True


# the base's own template matches nothing: it is never registered, only its subclasses are
class TableItem(discord.ui.DynamicItem[V], template=r"(?!)"):
    """A persistent component acting on one table (see the module's docstring)."""

    #: the item is on a hand: a refusal comes with the current hand
    on_hand: ClassVar[bool] = False
    #: how a press whose outcome is late is deferred (``cogs.answers``): most redraw the
    #: message pressed
    late: ClassVar[answers.Late] = "update"
    #: set on an item rebuilt from a custom id it could not parse: its press is refused
    unparsed: bool = False
    table_id: int = 0

    def __init_subclass__(cls, *, template: str | None = None, **kwargs: Any) -> None:
        # a further base may have no template of its own; an item that is registered must
        if template is not None:
            super().__init_subclass__(template=template, **kwargs)

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        """The item a custom id stands for (``match`` is ``template``'s full match)."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        try:
            return cls.parse(match)
        except Exception:  # an id we cannot read is answered, not dropped
            log.warning("could not read the custom id %r", match.string, exc_info=True)
            broken = cls.__new__(cls)
            discord.ui.DynamicItem.__init__(broken, item)
            broken.unparsed = True
            return broken

    async def callback(self, interaction: discord.Interaction) -> None:
        presses = presses_of(interaction)
        with presses.held():
            await self._answer(interaction, presses.closing)

    async def _answer(self, interaction: discord.Interaction, closing: bool) -> None:
        async with answers.in_time(interaction, self.late):
            try:
                if closing:
                    raise Restarting()
                if self.unparsed:
                    raise Illegal("That button is not one I know.")
                await self.run(interaction)
            except Exception as error:  # refusals and bugs alike get their one ephemeral answer
                hand = self.on_hand and not isinstance(error, TableEnded)
                await answer_error(interaction, error, with_hand=hand)

    async def run(self, interaction: discord.Interaction) -> None:
        """What a press does; raise a ``TableError`` to refuse it (nothing changes)."""
        raise NotImplementedError


class TableButton(TableItem[discord.ui.Button[Any]]):
    """A button that names nothing but its table: ``chairman:<button>:<table>`` (My hand, I'm
    back, Say, New rule). A subclass gives the word of its id (``button=`` beside the class
    name), its label, emoji and colour, and what a press does."""

    #: the word of its custom id, set from the class's ``button=``
    button: ClassVar[str] = ""
    label: ClassVar[str] = ""
    emoji: ClassVar[str | None] = None
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary

    def __init_subclass__(cls, *, button: str | None = None, **kwargs: Any) -> None:
        if button is not None:
            cls.button = button
            kwargs["template"] = rf"chairman:{button}:(?P<table>\d+)"
        super().__init_subclass__(**kwargs)

    def __init__(self, table_id: int, row: int | None = None, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or self.label,
                emoji=self.emoji,
                style=self.style,
                custom_id=f"chairman:{self.button}:{table_id}",
            ),
            row=row,
        )
        self.table_id = table_id

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]))


class ActivityButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"chairman:activity:(?P<table>\d+)"
):
    """**Open here in Discord**: launches the app's Activity, which opens the table of the
    channel it is launched in (``web.activity``)."""

    def __init__(self, table_id: int, label: str = "Open here in Discord") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"chairman:activity:{table_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActivityButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.launch_activity()
