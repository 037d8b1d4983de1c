"""What tables look like on Discord: the lobby, the table message, and the names, cards and
sentences that hands and posts share.

Everything here is drawn from a ``Table`` (``tables.model``) and the engine's observations,
the same way for every game. Nothing here talks to Discord; a hand and its choices are
``cogs.hand_layout``'s, the buttons (``DynamicItem``s) ``cogs.play``'s, and ``cogs.publish``
sends what is drawn.

Everything drawn for a table is in the table's language (``catalog(table)``, see the README);
the table message shows only public facts (``observation(None)``); a hand is drawn from its
own seat's observation and only ever sent to that seat's player.

Discord limits respected here: 1024 characters per embed field and 4096 of embed description.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from engine import GAMES, Event, seat_facts
from engine import game_title as engine_game_title
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, is_card
from engine.describe import (
    describe_event,
    describe_events,
    show_card,
)
from engine.events import Pending
from engine.prompts import must_answer, turns_word
from engine.standing import describe_result, describe_standing
from i18n import N_, NC_, Catalog, option_words
from i18n import get as catalog_of
from tables import queries
from tables.model import Seat, Table

RECENT_LINES = 6
#: the suits' names, for the catalogs
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
EN = catalog_of("en")
#: the bots' levels as a table names them (``tables.base.BOT_KINDS``)
BOT_LEVELS = {
    "heuristic": NC_("bot level", "heuristic"),
    "random": NC_("bot level", "random"),
    "expert": NC_("bot level", "expert"),
}


def catalog(table: Table) -> Catalog:
    """The catalog of the table's language: what everyone at the table reads."""
    return catalog_of(getattr(table, "language", "en") or "en")


# --- cards and names --------------------------------------------------------------------
def card(text: str) -> str:
    """``10H`` -> ``10♥`` (anything that is not a card is returned as it is)."""
    return show_card(str(text))


def cards(items: Any) -> str:
    if items is None:
        return "—"
    if isinstance(items, str):
        return card(items)
    return " ".join(card(c) for c in items)


def top_line(top: Any, tr: Catalog) -> str:
    """ "Top card: ..." or, for a set on top (President's pair or triple), "Top cards: ..."."""
    if isinstance(top, list) and len(top) > 1:
        return tr._("Top cards: **{cards}**", cards=cards(top))
    return tr._("Top card: **{card}**", card=cards(top))


def suit_text(suit: str | None, tr: Catalog = EN) -> str:
    if not suit:
        return "—"
    word = tr._(SUIT_WORDS[suit]) if suit in SUIT_WORDS else SUIT_NAMES.get(suit, suit)
    return f"{SUIT_SYMBOLS.get(suit, '')} {word}"


def seat_name(table: Table, key: Any) -> str:
    if key is None:
        return catalog(table)._("nobody")
    try:
        return table.seat(str(key)).name
    except KeyError:
        return str(key)


def game_title(name: str) -> str:
    return engine_game_title(name)


def table_title(table: Table) -> str:
    return table.title(catalog(table))


def seat_label(table: Table, seat: Seat, view: Mapping[str, Any] | None = None) -> str:
    """The seat's name as shown at the table, bots and stand-ins marked (``Seat.shown_name``),
    a seat its game marked away in ``view`` too."""
    away = view is not None and seat_facts.away(view, seat.seat)
    return seat.shown_name(catalog(table), away)


def seat_line(table: Table, seat: Seat, view: Mapping[str, Any]) -> str:
    """A seat's line in the table message: its name, its cards or its place out, its score and
    its title, as every surface says them (``engine.seat_facts``)."""
    tr = catalog(table)
    scores = view.get("scores") or {}
    held = seat_facts.holding(view, seat.seat, tr)
    score = score_words(table, scores[seat.seat]) if seat.seat in scores else None
    title = seat_facts.title(view, seat.seat, tr)
    return " · ".join([seat_label(table, seat, view), *(p for p in (held, score, title) if p)])


# --- events -----------------------------------------------------------------------------
def event_line(table: Table, event: Event) -> str:
    """One public event in words (``engine.describe``), seats by their names here."""
    return describe_event(
        event, lambda seat: seat_name(table, seat), card, tr=catalog(table), game=table.game_class
    )


def score_words(table: Table, score: Any) -> str:
    """A seat's score as the table's game counts it (``engine.seat_facts.score``): ``12 pts``,
    or at Mao ``2 rounds won``."""
    return seat_facts.score(table.game_class, score, catalog(table))


def pending_line(table: Table, pending: Pending | None) -> str | None:
    if not pending:
        return None
    target = seat_name(table, pending.get("target"))
    return must_answer(pending.get("kind"), pending.get("count", 0), target, catalog(table))


# --- the lobby and the table message ----------------------------------------------------
def options_line(table: Table) -> str:
    """The options in force, in the game's own order (stored options come back sorted), in
    the table's words (``i18n.option_words``: as its players may type them)."""
    tr = catalog(table)
    if not table.options:
        return tr._("default rules")
    order = list(GAMES[table.game_name].defaults) if table.game_name in GAMES else []
    keys = [k for k in order if k in table.options]
    keys += sorted(k for k in table.options if k not in order)
    return " ".join(option_text(tr, k, table.options[k]) for k in keys)


def option_text(tr: Catalog, name: str, value: Any) -> str:
    """``target=300``; at a table in another language ``alvo=300``, ``acumular_2=sim``."""
    if tr.lang == "en":
        return f"{name}={str(value).lower() if isinstance(value, bool) else value}"
    word = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f"{option_words.name_in(tr, name)}={option_words.value_in(tr, word)}"


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby (a game that draws itself has its own: ``cogs.presentation``)."""
    tr = catalog(table)
    title = tr._("{table} — lobby", table=table_title(table))
    embed = discord.Embed(title=title, colour=discord.Colour.blurple())
    embed.description = lobby_text(table)
    return embed


def lobby_text(table: Table, before: str = "", options: str | None = None) -> str:
    """Host, options, bot level and seats of a lobby, in the table's language."""
    tr = catalog(table)
    seated = "\n".join(f"{n + 1}. {seat_label(table, s)}" for n, s in enumerate(table.seats))
    host = f"<@{table.host_id}>" if table.host_id else tr._("nobody")
    level = BOT_LEVELS.get(table.bot_level)
    return before + tr._(
        "Host: {host}\nOptions: `{options}`\nBot level: {level}\n\n**Seats**\n{seats}\n\n"
        "Join, add bots, and the host starts the game.",
        host=host,
        options=options_line(table) if options is None else options,
        level=tr.pgettext("bot level", level) if level else table.bot_level,
        seats=seated or tr._("nobody yet"),
    )


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished table."""
    public = queries.public(table)
    if public is None:
        return lobby_embed(table)
    tr = catalog(table)
    view = public.observation
    colour = discord.Colour.green() if table.is_running else discord.Colour.dark_grey()
    embed = discord.Embed(title=table_title(table), colour=colour)
    lines: list[str] = []
    if view.get("top") is not None:
        lines.append(top_line(view["top"], tr))
    top = view.get("top")
    if view.get("suit") and isinstance(top, str):
        named = view["suit"] != Card.parse(top).suit if is_card(top) else False
        marker = tr._(" ⬅ named") if named else ""
        suit = suit_text(view["suit"], tr)
        lines.append(tr._("Suit in force: **{suit}**", suit=suit) + marker)
    if view.get("direction"):
        clockwise = view["direction"] == "clockwise"
        way = tr._("↻ clockwise") if clockwise else tr._("↺ counterclockwise")
        lines.append(tr._("Direction: {way}", way=way))
    pending = pending_line(table, view.get("pending"))
    if pending:
        lines.append(tr._("Pending: **{pending}**", pending=pending))
    for key, lost in (view.get("lost_turns") or {}).items():
        turns = turns_word(lost, tr)
        lines.append(tr._("{name} will lose {turns}", name=seat_name(table, key), turns=turns))
    if table.is_running:
        waiting = public.waiting
        if waiting:
            names = ", ".join(f"**{seat_name(table, w)}**" for w in waiting)
            lines.append(tr._("Turn: {names}", names=names))
    elif table.status == "finished":
        lines.append(finished_line(table))
    else:
        lines.append(ended_line(table))
    scores = view.get("scores") or {}
    seats = "\n".join(seat_line(table, seat, view) for seat in table.seats)[:1024] or "—"
    embed.add_field(name=tr._("Seats"), value=seats, inline=False)
    if scores and table.is_running:  # how the match is won, and who leads it
        lines.extend(
            describe_standing(
                table.game_class, table.options, scores, lambda s: seat_name(table, s), tr=tr
            )
        )
    # the event sentences are engine.describe's, told in the table's language
    recent = describe_events(
        view.get("events") or [],
        lambda seat: seat_name(table, seat),
        card,
        tr=tr,
        game=table.game_class,
    )
    recent = recent[-RECENT_LINES:]
    if recent:
        embed.add_field(name=tr._("Last events"), value="\n".join(recent)[:1024], inline=False)
    embed.description = "\n".join(lines)[:4000]
    footer = [tr._("Round {round}", round=view["round"])] if view.get("round") else []
    if view.get("stock") is not None:
        footer.append(tr._("stock {count}", count=view["stock"]))
    footer.append(tr._("options: {options}", options=options_line(table)))
    embed.set_footer(text=" · ".join(footer)[:2000])
    return embed


def end_reason(table: Table) -> str:
    """Why the table ended, in the table's language ("encerrada pelo anfitrião")."""
    return table.end_words(catalog(table))


def ended_line(table: Table) -> str:
    return table.ended_line(catalog(table))


def finished_line(table: Table) -> str:
    public = queries.public(table)
    outcome = public.outcome if public is not None else None
    return describe_result(outcome, lambda seat: seat_name(table, seat), catalog(table))


def hand_where(guild_name: str | None, channel_id: int | None, tr: Catalog = EN) -> str:
    """Where a hand's table is, for a DM, in the table's language: ``in Test Server,
    <#thread>``."""
    parts = []
    if guild_name:
        parts.append(tr._("in **{server}**", server=guild_name))
    if channel_id:
        parts.append(f"<#{channel_id}>")
    return ", ".join(parts)
