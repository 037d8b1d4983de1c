"""What a Mao table looks like on Discord: lobby, table message and the Chairman's words.

Mao is played without telling anyone the rules (seed 000), so everything here shows facts and
never reasons: the top card, the suit a Jack named, whose turn it is and when their clock runs
out, how many cards each player holds, and what happened ("ana played 7♥", "bo took a card",
"Talking: bo took a penalty card"). Nothing says why a card went back, what a pending 7 means
or what a secret rule does; a rule's words are shown only to its author, in their own hand.
A card is shown only when it is public (played onto the pile); a card that went back to a
hand is named only to its holder.

Everything is in the table's language, and the Chairman names calls and phrases the way that
language says them (``engine.mao.languages``). The Chairman's posts in the thread
(``announcements``) are penalties by call name with the
offender and the caller, "Point of order." / "End of point of order.", "<name> has made a new
rule.", players going out and rounds ending.

``cogs.presentation`` hands Mao tables to this module (through ``cogs.games.mao.GAME``); a Mao hand
is drawn by the shared layout with Mao's hooks (``cogs.games.mao.hand``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs import render
from engine import Event
from engine.cards import Card
from engine.mao import describe as sentences
from engine.mao.shapes import MaoObservation, mao_event, mao_view
from i18n import N_
from tables import queries
from tables.model import Table

#: the options shown on the table; ``house_rules`` never is, nor ``jack_suit`` and ``pool``
#: (naming them would tell a rule)
SHOWN_OPTIONS = ("turn_seconds", "speech_window", "call_window", "mode")
#: how many recent happenings the table message lists
RECENT_LINES = 6
OBJECT = N_("The object of the game is to get rid of all your cards.")
READS_THREAD = N_(
    "The Chairman reads this thread: once the game starts, everything a seated player "
    "writes here counts."
)
#: the lobby's line when the bot cannot read the thread (no Message Content intent)
HEARS_SAY = N_(
    "The Chairman hears the table through the **Say** button on your hand, and messages here "
    "that mention him: once the game starts, everything a seated player says there counts."
)
#: the table message's line then
SPEAK_WITH_SAY = N_("Speak with the **Say** button on your hand.")


@dataclass
class Ears:
    """Whether the Chairman reads the thread: the bot has Discord's Message Content intent
    (``cogs.intents``). ``cogs.games.mao.chat`` sets it whenever the bot connects; the lobby and the
    table message say how the table is heard."""

    thread: bool = True


EARS = Ears()


# --- names ------------------------------------------------------------------------------
def call_name(table: Table, call: Any) -> str:
    """A call (its canonical name) as the table's language says it."""
    return sentences.call_name(call, render.catalog(table))


def name(table: Table, key: Any) -> str:
    return render.seat_name(table, key)


def _is_bot(table: Table, key: Any) -> bool:
    try:
        return table.seat(str(key)).bot_kind is not None
    except KeyError:
        return False


def mention(table: Table, key: Any) -> str:
    """A human as a mention (shown as @name), a bot by name."""
    try:
        seat = table.seat(str(key))
    except KeyError:
        return str(key)
    return f"<@{seat.user_id}>" if seat.user_id is not None else seat.name


def options_line(table: Table) -> str:
    tr = render.catalog(table)
    shown = [k for k in SHOWN_OPTIONS if k in table.options]
    return " · ".join(render.option_text(tr, k, table.options[k]) for k in shown)


# --- the lobby and the table message ----------------------------------------------------
def lobby_embed(table: Table) -> discord.Embed:
    tr = render.catalog(table)
    title = tr._("{table} — lobby", table=render.table_title(table))
    embed = discord.Embed(title=title, colour=discord.Colour.blurple())
    heard = READS_THREAD if EARS.thread else HEARS_SAY
    before = f"{tr._(OBJECT)}\n{tr._(heard)}\n\n"
    embed.description = render.lobby_text(table, before, options_line(table))
    return embed


def clock_line(table: Table, view: MaoObservation) -> str:
    """Whose turn, and when their clock runs out; stopped during a Point of Order."""
    tr = render.catalog(table)
    turn = view.get("turn")
    who = tr._("Turn: **{name}**", name=name(table, turn) if turn is not None else "—")
    if view.get("point_of_order") is not None:
        return who + " · " + tr._("⏸ point of order: the clock is stopped")
    ends = view.get("turn_ends")
    origin = table.started_at
    if ends is None or origin is None or turn is None:
        return who
    return who + " · " + tr._("clock runs out {when}", when=f"<t:{int(origin + ends)}:R>")


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished Mao table."""
    public = queries.public(table)
    if public is None:
        return lobby_embed(table)
    tr = render.catalog(table)
    view = mao_view(public.observation)
    colour = discord.Colour.green() if table.is_running else discord.Colour.dark_grey()
    embed = discord.Embed(title=render.table_title(table), colour=colour)
    lines: list[str] = []
    top = view.get("top")
    if top is not None:
        lines.append(tr._("Top card: **{card}**", card=render.cards(top)))
        if view.get("suit") and Card.parse(str(top)).suit != view["suit"]:
            suit = render.suit_text(view["suit"], tr)
            lines.append(tr._("Suit named: **{suit}**", suit=suit))
        elif view.get("suit_open"):
            lines.append(tr._("Suit named: not yet"))
    if table.is_running:
        lines.append(clock_line(table, view))
        if not EARS.thread:
            lines.append(tr._(SPEAK_WITH_SAY))
    elif table.status == "finished":
        lines.append(render.finished_line(table))
    else:
        lines.append(render.ended_line(table))
    embed.description = "\n".join(lines)
    seats = "\n".join(render.seat_line(table, s, view) for s in table.seats)
    embed.add_field(name=tr._("Seats"), value=seats[:1024] or "—", inline=False)
    recent = [t for t in (event_line(table, e) for e in view.get("events") or []) if t]
    if recent:
        lately = "\n".join(recent[-RECENT_LINES:])[:1024]
        embed.add_field(name=tr._("Lately"), value=lately, inline=False)
    footer = [
        tr._("Round {round}", round=view["round"]),
        tr._("pool {count}", count=view.get("stock", 0)),
        options_line(table),
    ]
    embed.set_footer(text=" · ".join(footer)[:2000])
    return embed


def event_line(table: Table, event: Event) -> str | None:
    """One public happening in a few words (``engine.mao.describe``), or None for what the
    table does not list (speech, skipped turns: the thread and the turn marker show those)."""
    return sentences.describe_event(
        event, lambda key: name(table, key), render.card, tr=render.catalog(table), brief=True
    )


# --- the Chairman's posts in the thread -------------------------------------------------
def penalty_text(table: Table, event: Event) -> str:
    """``Talking. @bo takes a penalty card.`` (with the caller when a player called it)."""
    return sentences.penalty_text(event, lambda key: mention(table, key), render.catalog(table))


def announcements(
    table: Table, events: list[Event], echoed: Callable[[Event], bool] = lambda event: False
) -> list[str]:
    """What the Chairman says in the thread about these events, in order
    (``engine.mao.describe.announcement``), with the bots' words among them, and the words
    ``echoed`` picks (said through **Say**, ``cogs.games.mao.say``)."""
    tr = render.catalog(table)
    lines: list[str] = []
    for event in map(mao_event, events):
        key = event.get("seat")
        if event.get("type") == "say" and (_is_bot(table, key) or echoed(event)):
            # words not written in the thread reach the table as a person's message does:
            # under the speaker's name, with whom they name (a call's offender) as a
            # mention would show; the words are shown as typed, their Markdown not working
            # (a person's own message in the thread would be theirs to style, a post of the
            # Chairman's is not)
            said = discord.utils.escape_markdown(str(event.get("text", "")))
            named = "".join(f" {mention(table, s)}" for s in event.get("to") or ())
            mark = "🤖" if _is_bot(table, key) else "💬"
            lines.append(f"{mark} **{name(table, key)}**: {said}{named}")
            continue
        line = sentences.announcement(
            event, lambda key: name(table, key), lambda key: mention(table, key), tr
        )
        if line is not None:
            lines.append(line)
    return lines


def ruling_ids(events: list[Event]) -> list[int]:
    """The rulings these events give (the penalties), for their review buttons."""
    return [e["ruling"] for e in map(mao_event, events) if e["type"] == "penalty" and "ruling" in e]
