"""Speaking at a Mao table without writing in the thread: the **Say** button and its form.

Every Mao hand (the DM and the ephemeral one) ends with **Say**. It opens a short form: what
the player says, and, for a call, whom it names (the other seats; a chat message names them by
mention or reply). The words go to the Chairman exactly as a message in the thread would: the
same ``Say`` action through the same service call (``TableService.say``), timed at the moment
the form was sent (the interaction's snowflake, within ``tables.timing``'s bounds), so the
table judges them as it judges a message sent at that moment. The form then closes onto the
hand it was opened from, redrawn.

The table hears what was said: the Chairman writes it in the thread under the speaker's name,
at its place among his own announcements (``Echoes``, read by ``cogs.games.mao.chat``'s speaker), as
he writes a seated bot's words. That post is the bot's own, which the chat never hears, so the
same words are never counted twice.

It is how a table speaks when the bot lacks Discord's Message Content intent (``cogs.intents``)
and the thread's chat cannot be read; with the intent, chat and **Say** both work.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
from discord.ext import commands

from cogs import answers
from cogs.errors import AnsweringModal, answer_error
from cogs.items import TableButton, presses_of, publisher_of, seated, service_of
from cogs.plugin import HandForm
from cogs.render import catalog, seat_name
from engine.actions import Say
from i18n import N_, Catalog
from tables.errors import Illegal, NotSeated, NotStarted, Restarting, TableBusy, TableEnded
from tables.model import Seat, Table
from tables.timing import table_time

#: the longest thing said through the form (a chat message may be longer; speech is short)
MAX_SAID = 300
#: the select's "nobody" when a call names no one
NOBODY = "-"
#: Discord's limit on a select's options
MAX_OPTIONS = 25


class Echoes:
    """Words said through **Say** that the thread has yet to be shown, per table: the chat's
    speaker shows a ``say`` event as the Chairman's post when it finds its words here."""

    def __init__(self) -> None:
        self.waiting: dict[int, Counter[tuple[str, str]]] = {}

    def expect(self, table_id: int, seat: str, text: str) -> None:
        self.waiting.setdefault(table_id, Counter())[(seat, text)] += 1

    def forget(self, table_id: int, seat: str, text: str) -> None:
        """The words were not heard (refused): nothing to show."""
        self.take(table_id, seat, text)

    def take(self, table_id: int, seat: str, text: str) -> bool:
        """Whether these words were said through **Say** and not shown yet (they are now)."""
        waiting = self.waiting.get(table_id)
        if not waiting or not waiting[(seat, text)]:
            return False
        waiting[(seat, text)] -= 1
        if not +waiting:
            del self.waiting[table_id]
        return True


def echoes_of(interaction: discord.Interaction) -> Echoes | None:
    """The bot's ``Echoes`` (on Mao's chat cog), if that cog is loaded."""
    bot = interaction.client
    cog = (
        bot.get_cog("MaoChat") if isinstance(bot, commands.Bot | commands.AutoShardedBot) else None
    )
    found = getattr(cog, "echoes", None)
    return found if isinstance(found, Echoes) else None


class SayButton(TableButton, button="say"):
    """**Say** on a Mao hand: opens the form (see the module's docstring)."""

    on_hand = True
    label = "Say"
    emoji = "💬"

    async def run(self, interaction: discord.Interaction) -> None:
        table, seat = seated(interaction, self.table_id)
        if not await answers.modal(interaction, say_form(table, seat)):
            raise TableBusy()  # deferred first: no form can follow


def say_form(table: Table, seat: Seat) -> SayForm:
    """The **Say** form for ``seat``, or the ``TableError`` saying why it has none now. The
    table's game need not be there: read from storage by another of the bot's processes it
    is not (``cogs.plugin.HandForm``)."""
    if not table.game_class.reads_chat:  # a Mao hand's button, on another game's id
        raise Illegal(N_("That button is not one I know."))
    if not table.is_running:
        raise TableEnded()
    if table.started_at is None:
        raise NotStarted()
    if seat.left_game:
        raise NotSeated(N_("You have left this table."))
    return SayForm(table, seat.seat, catalog(table))


def say_button(table_id: int, row: int, tr: Catalog) -> SayButton:
    """The **Say** button that ends every Mao hand in play (``cogs.games.mao.hand``)."""
    return SayButton(table_id, row, tr._("Say"))


class SayForm(AnsweringModal):
    """What the player says, and whom a call names; in the table's language, as the hand is."""

    def __init__(self, table: Table, seat: str, tr: Catalog) -> None:
        super().__init__(title=tr._("Say"), custom_id=f"chairman:sayform:{table.id}")
        self.table_id = table.id
        self.words: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id="say:words", style=discord.TextStyle.short, max_length=MAX_SAID
        )
        self.add_item(discord.ui.Label(text=tr._("What you say"), component=self.words))
        others = [s for s in table.seats if s.seat != seat][: MAX_OPTIONS - 1]
        self.about: discord.ui.Select[Any] | None = None
        if others:
            options = [discord.SelectOption(label=tr._("Nobody"), value=NOBODY, default=True)]
            options += [
                discord.SelectOption(label=seat_name(table, s.seat)[:100], value=s.seat)
                for s in others
            ]
            self.about = discord.ui.Select(
                custom_id="say:about", options=options, required=False, min_values=0
            )
            label = tr._("Whom a call names")
            self.add_item(discord.ui.Label(text=label[:45], component=self.about))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        text = (self.words.value or "").strip()
        chosen = self.about.values if self.about is not None else []
        about = chosen[0] if chosen and chosen[0] != NOBODY else None
        presses = presses_of(interaction)
        with presses.held():  # a close waits for it, as for a press
            async with answers.in_time(interaction, "update"):  # the table may be busy
                try:
                    if presses.closing:  # sent once the bot began to stop: nothing is said
                        raise Restarting()
                    await speak(interaction, self.table_id, text, about)
                except Exception as error:
                    await answer_error(interaction, error)


async def speak(
    interaction: discord.Interaction, table_id: int, text: str, about: str | None
) -> None:
    """Say ``text`` at the table for whoever sent the form, naming ``about`` (a seat), timed at
    the moment it was sent; the thread is shown it (``Echoes``)."""
    if not text:
        raise Illegal(N_("Write what you say first."))
    table, seat = seated(interaction, table_id)
    if table.started_at is None:
        raise NotStarted()
    service = service_of(interaction)
    named = about if about is not None and about != seat.seat and _seated(table, about) else None
    at = table_time(interaction.id, service.clock.now(), table.started_at)
    action = Say(text=text, mentions=(named,) if named else (), at=at)
    echoes = echoes_of(interaction)
    if echoes is not None:
        echoes.expect(table.id, seat.seat, text)
    try:
        await service.say(table.id, interaction.user.id, action)
    except Exception:
        if echoes is not None:
            echoes.forget(table.id, seat.seat, text)
        raise
    # the form closes onto the hand it was opened from, redrawn (a penalty may have changed it)
    await publisher_of(interaction).answer_with_hand(interaction, table, seat)


def _seated(table: Table, key: str) -> bool:
    return any(s.seat == key for s in table.seats)


def _say_form_from(table: Table, seat: Seat, _custom_id: str) -> SayForm:
    return say_form(table, seat)


#: **Say** opens its form from a DM at a bot run as several processes too
HAND_FORM = HandForm(button="say", form="sayform", open=_say_form_from)
