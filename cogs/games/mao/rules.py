"""Mao's secret rules on Discord: the "New rule" builder and the server's house canon.

A player who has won a round gets a **New rule** button on their hand (MAO-6, MAO-16). It
opens, only to them, a builder: one select for what sets the rule off (a card played of a
rank, a suit, a colour, a face or number card, one exact card; a card taken; a hand reaching
a number of cards) and one for what it does (must say a phrase, must not say a phrase, the
next player misses a turn, play reverses, the next player takes cards, the card plays on
anything). **Next** opens a modal for the details: which rank or card, the phrase, how many
cards, and an optional call name. The rule is built from these parts only (no code, no
patterns: ``engine.mao.rules`` checks it) and declared at the table. Its author sees it
confirmed, in words, only to them; the thread hears "<name> has made a new rule." and nothing
more (``cogs.games.mao.render``).

The builder speaks the table's language, like the hand it is opened from (its words come from
``engine.mao.builder``, marked for the catalogs); its refusals, like every refusal, follow the
player's Discord language.

The builder keeps its state in the custom ids of its own components, so a half-built rule
survives a restart; the modal does not (Discord drops it), and pressing **Next** again
reopens it.

The rules a table made can become the server's house canon: ``cogs.games.mao.canon``
(``/table rules``).
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ext import commands

from cogs import answers
from cogs.errors import AnsweringModal, answer_error
from cogs.items import TableButton, TableItem, presses_of, service_of
from cogs.plugin import HandForm
from cogs.render import EN as render_en
from cogs.render import catalog
from engine.actions import DeclareRule
from engine.mao import builder as rule_builder
from engine.mao import rules as secret
from engine.mao.builder import EFFECTS, PLAY_TRIGGERS, TRIGGERS
from engine.mao.languages import speech
from engine.mao.shapes import mao_view
from i18n import N_, Catalog
from tables import queries
from tables.errors import (
    Illegal,
    NotSeated,
    NotStarted,
    Refused,
    Restarting,
    TableBusy,
    TableError,
)
from tables.model import Seat, Table
from tables.timing import table_time

NONE = "-"


def winner_at(interaction: discord.Interaction, table_id: int) -> Table:
    """The table, if the user is seated there and has a won round to spend on a rule."""
    table = service_of(interaction).get(table_id)
    seat = table.seat_of_user(interaction.user.id)
    if seat is None:
        raise NotSeated()
    hand = queries.hand(table, seat.seat)
    if hand is None or not table.game_class.players_make_rules:
        raise NotStarted()
    credits = mao_view(hand.observation).get("rule_credits") or {}
    if not credits.get(seat.seat):
        raise Illegal(N_("You may make a new rule after you win a round."))
    return table


# --- the builder ------------------------------------------------------------------------
def words_of(interaction: discord.Interaction, table_id: int) -> Catalog:
    """The builder speaks the table's language, as the hand it was opened from does."""
    return catalog(service_of(interaction).get(table_id))


def builder(
    table_id: int, trigger: str, effect: str, tr: Catalog = render_en
) -> tuple[str, discord.ui.View]:
    """The builder message: what sets the rule off, what it does, and Next."""
    view = discord.ui.View(timeout=None)
    wild_ok = trigger in (NONE, *PLAY_TRIGGERS)
    view.add_item(
        TriggerSelect(
            table_id,
            effect,
            [
                discord.SelectOption(label=tr._(label), value=key, default=key == trigger)
                for key, label in TRIGGERS.items()
                if effect != "wild" or key in PLAY_TRIGGERS
            ],
            placeholder=tr._("When…"),
        )
    )
    view.add_item(
        EffectSelect(
            table_id,
            trigger,
            [
                discord.SelectOption(label=tr._(label), value=key, default=key == effect)
                for key, label in EFFECTS.items()
                if key != "wild" or wild_ok
            ],
            placeholder=tr._("…then"),
        )
    )
    off = NONE in (trigger, effect)
    view.add_item(NextButton(table_id, trigger, effect, disabled=off, label=tr._("Next")))
    content = tr._(
        "**Make a new rule.** Choose what sets it off and what it does, then press **Next**. "
        "Only you will know it; the table hears only that you made one."
    )
    return content, view


class NewRuleButton(TableButton, button="maorule"):
    label = "New rule"
    emoji = "📜"
    style = discord.ButtonStyle.success

    late = "ephemeral"  # the builder is a new message only its author sees

    async def run(self, interaction: discord.Interaction) -> None:
        winner_at(interaction, self.table_id)
        content, view = builder(self.table_id, NONE, NONE, words_of(interaction, self.table_id))
        await answers.send(interaction, content, view=view, ephemeral=True)


def new_rule_button(table_id: int, row: int, tr: Catalog) -> NewRuleButton:
    """The **New rule** button that ends a hand with a won round to spend
    (``cogs.games.mao.hand``)."""
    return NewRuleButton(table_id, row, tr._("New rule"))


class TriggerSelect(
    TableItem[discord.ui.Select[Any]],
    template=r"chairman:mrtrig:(?P<table>\d+):(?P<effect>[\w-]+)",
):
    def __init__(
        self,
        table_id: int,
        effect: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = N_("When…"),
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"chairman:mrtrig:{table_id}:{effect}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="—", value=NONE)],
            ),
            row=0,
        )
        self.table_id = table_id
        self.effect = effect

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["effect"])

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.item.values or [NONE]
        trigger = values[0] if values[0] in TRIGGERS else NONE
        tr = words_of(interaction, self.table_id)
        content, view = builder(self.table_id, trigger, self.effect, tr)
        await answers.edit(interaction, content=content, view=view)


class EffectSelect(
    TableItem[discord.ui.Select[Any]],
    template=r"chairman:mreff:(?P<table>\d+):(?P<trigger>[\w-]+)",
):
    def __init__(
        self,
        table_id: int,
        trigger: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = N_("…then"),
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"chairman:mreff:{table_id}:{trigger}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="—", value=NONE)],
            ),
            row=1,
        )
        self.table_id = table_id
        self.trigger = trigger

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["trigger"])

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.item.values or [NONE]
        effect = values[0] if values[0] in EFFECTS else NONE
        tr = words_of(interaction, self.table_id)
        content, view = builder(self.table_id, self.trigger, effect, tr)
        await answers.edit(interaction, content=content, view=view)


class NextButton(
    TableItem[discord.ui.Button[Any]],
    template=r"chairman:mrnext:(?P<table>\d+):(?P<trigger>[\w-]+):(?P<effect>[\w-]+)",
):
    def __init__(
        self,
        table_id: int,
        trigger: str,
        effect: str,
        disabled: bool = False,
        label: str = N_("Next"),
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"chairman:mrnext:{table_id}:{trigger}:{effect}",
                disabled=disabled,
            ),
            row=2,
        )
        self.table_id = table_id
        self.trigger = trigger
        self.effect = effect

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), match["trigger"], match["effect"])

    async def run(self, interaction: discord.Interaction) -> None:
        try:
            table = winner_at(interaction, self.table_id)
            modal = details_form(table, self.trigger, self.effect)
            if modal is None:
                rule = build(self.trigger, self.effect, {})
                await declare(interaction, self.table_id, rule)
                return
        except TableError as error:
            await answer_error(interaction, error)
            return
        if not await answers.modal(interaction, modal):  # deferred first: no form can follow
            await answer_error(interaction, TableBusy())


def details_form(table: Table, trigger: str, effect: str) -> RuleModal | None:
    """The form asking a rule's details, in the table's language; None where the rule needs
    none (it is made at once)."""
    if trigger not in TRIGGERS or effect not in EFFECTS:
        raise Illegal(N_("Choose what sets the rule off and what it does first."))
    modal = RuleModal(table.id, trigger, effect, catalog(table))
    return modal if modal.children else None


def _details_from(table: Table, _seat: Seat, custom_id: str) -> RuleModal | None:
    """``details_form`` from the custom id of **Next** or of the form (both carry the two
    choices), for a table read from storage by shard 0 (``cogs.plugin.HandForm``). Whether
    the seat has a won round to spend is its game's to say: the table's process checks it
    when the form is sent, as for a form opened there."""
    chosen = _CHOSEN.match(custom_id)
    if chosen is None:
        raise Illegal(N_("Choose what sets the rule off and what it does first."))
    return details_form(table, chosen["trigger"], chosen["effect"])


# --- the modal and the rule -------------------------------------------------------------
class RuleModal(AnsweringModal):
    """The details of a rule: only the questions its trigger and effect need."""

    #: how much each answer may hold; only the call's name may be left empty
    LENGTHS = {"detail": 20, "phrase": 60, "name": 60, "count": 1}

    def __init__(self, table_id: int, trigger: str, effect: str, tr: Catalog = render_en) -> None:
        super().__init__(
            title=tr._("New rule"), custom_id=f"chairman:mrmodal:{table_id}:{trigger}:{effect}"
        )
        self.table_id = table_id
        self.trigger = trigger
        self.effect = effect
        self.inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for key, label, placeholder in rule_builder.questions(trigger, effect):
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                custom_id=f"mrule:{key}",
                placeholder=tr._(placeholder),
                max_length=self.LENGTHS[key],
                required=key != "name",
            )
            self.inputs[key] = field
            self.add_item(discord.ui.Label(text=tr._(label)[:45], component=field))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        answers = {key: (field.value or "").strip() for key, field in self.inputs.items()}
        presses = presses_of(interaction)
        with presses.held():  # a close waits for it, as for a press
            try:
                if presses.closing:  # submitted once the bot began to stop: nothing changes
                    raise Restarting()
                winner_at(interaction, self.table_id)
                rule = build(self.trigger, self.effect, answers)
                await declare(interaction, self.table_id, rule)
            except TableError as error:
                await answer_error(interaction, error)


def build(trigger: str, effect: str, answers: dict[str, str]) -> dict[str, Any]:
    """A checked rule dict from the builder's choices; Illegal with a sentence if it is not."""
    try:
        return rule_builder.build(trigger, effect, answers)
    except secret.RuleError as exc:
        raise Refused(exc) from exc


async def declare(interaction: discord.Interaction, table_id: int, rule: dict[str, Any]) -> None:
    """Declare the rule at the table and confirm it, in words, to its author only."""
    service = service_of(interaction)
    table = service.get(table_id)
    if table.started_at is None:
        raise NotStarted()
    at = table_time(interaction.id, service.clock.now(), table.started_at)
    await service.act(table_id, interaction.user.id, DeclareRule.of(rule).stamped(at), None)
    tr = catalog(table)
    confirmed = tr._(
        "**Your new rule is in force:** {rule}\n"
        "Nobody else is told; the table hears only that you made a new rule.",
        rule=rule_builder.describe(rule, tr, speech(table.language)),
    )
    if interaction.message is not None and interaction.message.flags.ephemeral:
        await answers.edit(interaction, content=confirmed, view=None)
    else:
        await answers.send(interaction, confirmed, ephemeral=True)


class MaoRules(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(NewRuleButton, TriggerSelect, EffectSelect, NextButton)
    await bot.add_cog(MaoRules(bot))


#: the two choices a custom id of **Next** or of the details form carries after the table
_CHOSEN = re.compile(r"chairman:\w+:\d+:(?P<trigger>[\w-]+):(?P<effect>[\w-]+)")
#: the details form opens from a winner's hand DM at a bot run as several processes too
HAND_FORM = HandForm(button="mrnext", form="mrmodal", open=_details_from)
