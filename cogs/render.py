"""What tables and hands look like on Discord: embeds, texts and the button layouts.

Everything here is drawn from a ``Table`` (``tables.model``) and the engine's observations
and ``Action`` objects, the same way for every game: a card action becomes a button, an
action that needs a further choice (a suit, several cards at once) becomes a select option,
and the rest (draw, take, pass, announce, vote, ...) become control buttons. Nothing here
talks to Discord; ``cogs.play`` defines the buttons (``DynamicItem``s) and
``cogs.publish`` sends what is drawn here.

Everything drawn for a table is in the table's language (``catalog(table)``, see the README);
the table message shows only public facts (``observation(None)``); a hand is drawn from its
own seat's observation and only ever sent to that seat's player.

Discord limits respected here: 5 rows of at most 5 buttons, one select per row, 25 options
per select, 100 characters per custom_id, label and option, 2000 characters of content and
4096 of embed description.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from engine import GAMES, Action, Event
from engine.base import game_title as engine_game_title
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.describe import (
    describe_event,
    describe_events,
    describe_offer,
    drawn_hint,
    show_card,
    sort_hand,
)
from engine.events import Observation, Pending
from i18n import N_, Catalog
from i18n import get as catalog_of
from tables.model import Seat, Table

MAX_ROWS = 5
ROW_WIDTH = 5
SELECT_OPTIONS = 25
RECENT_LINES = 6
CONTENT_LIMIT = 2000
#: Above this many single-card buttons a hand uses selects instead (then pages if needed).
MAX_CARD_BUTTONS = 20
#: the suits' names, for the catalogs
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
EN = catalog_of("en")


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
    tr = catalog(table)
    return tr._("{game} · table #{id}", game=tr._(game_title(table.game_name)), id=table.id)


def seat_label(table: Table, seat: Seat) -> str:
    """The seat's name as shown at the table, bots and stand-ins marked."""
    tr = catalog(table)
    if seat.is_bot:
        return tr._("🤖 {name} (bot)", name=seat.name)
    if seat.left_game:
        return tr._("{name} (left, bot playing)", name=seat.name)
    if seat.away:
        return tr._("{name} (away, bot playing)", name=seat.name)
    return seat.name


# --- events -----------------------------------------------------------------------------
def event_line(table: Table, event: Event) -> str:
    """One public event in words (``engine.describe``), seats by their names here."""
    return describe_event(event, lambda seat: seat_name(table, seat), card, tr=catalog(table))


def _cards_word(count: Any, tr: Catalog = EN) -> str:
    return tr.ngettext("{count} card", "{count} cards", int(count or 0))


def _turns_word(count: Any, tr: Catalog = EN) -> str:
    return tr.ngettext("{count} turn", "{count} turns", int(count or 0))


def pending_line(table: Table, pending: Pending | None) -> str | None:
    if not pending:
        return None
    tr = catalog(table)
    target = seat_name(table, pending.get("target"))
    count = pending.get("count", 0)
    if pending.get("kind") == "skip":
        return tr._("{name} must answer or lose {turns}", name=target, turns=_turns_word(count, tr))
    return tr._("{name} must answer or take {cards}", name=target, cards=_cards_word(count, tr))


# --- the lobby and the table message ----------------------------------------------------
def options_line(table: Table) -> str:
    """The options in force, in the game's own order (stored options come back sorted)."""
    if not table.options:
        return catalog(table)._("default rules")
    order = list(GAMES[table.game_name].defaults) if table.game_name in GAMES else []
    keys = [k for k in order if k in table.options]
    keys += sorted(k for k in table.options if k not in order)
    return " ".join(f"{k}={_option_text(table.options[k])}" for k in keys)


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby (a game that draws itself has its own: ``cogs.presentation``)."""
    tr = catalog(table)
    title = tr._("{table} — lobby", table=table_title(table))
    embed = discord.Embed(title=title, colour=discord.Colour.blurple())
    embed.description = lobby_text(table)
    return embed


def lobby_text(table: Table, before: str = "", options: str | None = None) -> str:
    """Host, options and seats of a lobby, in the table's language."""
    tr = catalog(table)
    seated = "\n".join(f"{n + 1}. {seat_label(table, s)}" for n, s in enumerate(table.seats))
    host = f"<@{table.host_id}>" if table.host_id else tr._("nobody")
    return before + tr._(
        "Host: {host}\nOptions: `{options}`\n\n**Seats**\n{seats}\n\n"
        "Join, add bots, and the host starts the game.",
        host=host,
        options=options_line(table) if options is None else options,
        seats=seated or tr._("nobody yet"),
    )


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished table."""
    game = table.game
    if game is None:
        return lobby_embed(table)
    tr = catalog(table)
    view = game.observation(None)
    colour = discord.Colour.green() if table.is_running else discord.Colour.dark_grey()
    embed = discord.Embed(title=table_title(table), colour=colour)
    lines: list[str] = []
    if view.get("top") is not None:
        lines.append(tr._("Top card: **{card}**", card=cards(view["top"])))
    top = view.get("top")
    if view.get("suit") and isinstance(top, str):
        named = view["suit"] != Card.parse(top).suit if _is_card(top) else False
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
        turns = _turns_word(lost, tr)
        lines.append(tr._("{name} will lose {turns}", name=seat_name(table, key), turns=turns))
    if table.is_running:
        waiting = table.waiting()
        if waiting:
            names = ", ".join(f"**{seat_name(table, w)}**" for w in waiting)
            lines.append(tr._("Turn: {names}", names=names))
    elif table.status == "finished":
        lines.append(finished_line(table))
    else:
        lines.append(ended_line(table))
    counts = view.get("counts") or {}
    scores = view.get("scores") or {}
    seat_lines = []
    for seat in table.seats:
        parts = [seat_label(table, seat)]
        if seat.seat in counts:
            parts.append(_cards_word(counts[seat.seat], tr))
        if seat.seat in scores:
            parts.append(tr._("{points} pts", points=tr.number(scores[seat.seat])))
        seat_lines.append(" · ".join(parts))
    seats = "\n".join(seat_lines)[:1024] or "—"
    embed.add_field(name=tr._("Seats"), value=seats, inline=False)
    # the event sentences are engine.describe's, told in the table's language
    recent = describe_events(
        view.get("events") or [], lambda seat: seat_name(table, seat), card, tr=tr
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


def _is_card(text: Any) -> bool:
    try:
        Card.parse(str(text))
    except ValueError:
        return False
    return True


def ended_line(table: Table) -> str:
    tr = catalog(table)
    return tr._("Table ended ({reason}).", reason=table.end_reason or tr._("ended"))


def finished_line(table: Table) -> str:
    tr = catalog(table)
    game = table.game
    if game is None or not game.is_over:
        return tr._("The match is over.")
    outcome = game.outcome()
    places = outcome.get("places") or {}
    ranked = sorted(places.items(), key=lambda kv: kv[1])
    podium = ", ".join(f"{p}. {seat_name(table, s)}" for s, p in ranked)
    winners = ", ".join(seat_name(table, w) for w in outcome.get("winners") or [])
    return tr._(
        "**Match over.** Winner: **{winners}**. Places: {places}",
        winners=winners or "—",
        places=podium,
    )


# --- hands ------------------------------------------------------------------------------
@dataclass
class Choice:
    """One action offered to a player, with how it is shown."""

    action: Action
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary

    @property
    def text(self) -> str:
        return str(self.action)


@dataclass
class HandLayout:
    """A hand drawn as content plus rows of choices (buttons or selects), possibly paged."""

    content: str
    #: each row is ("buttons", [Choice...]) or ("select", placeholder, [Choice...])
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    page: int = 0
    pages: int = 1
    back_button: bool = False
    #: the page buttons need a row of their own (else they join the last row)
    nav_own_row: bool = False
    #: the seat's validity token (``Table.token``) its buttons carry
    token: str = "0"

    def key(self) -> tuple[Any, ...]:
        """What a player would see, and what their buttons carry; equal keys need no edit."""
        flat = tuple(
            (r[0], tuple(c.text for c in r[-1]), r[1] if r[0] == "select" else None)
            for r in self.rows
        )
        return (self.content, flat, self.page, self.pages, self.back_button, self.token)


def _action_cards(action: Action) -> list[str]:
    data = action.to_dict()
    found = list(data.get("cards") or [])
    if data.get("card"):
        found.append(data["card"])
    return found


def _card_style(text: str) -> discord.ButtonStyle:
    try:
        red = Card.parse(text).is_red
    except ValueError:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.danger if red else discord.ButtonStyle.secondary


def control_label(
    action: Action, observation: Observation, tr: Catalog = EN
) -> tuple[str, discord.ButtonStyle]:
    """The label and colour of a button for an action that is not a card."""
    data = action.to_dict()
    kind = action.kind
    pending: Mapping[str, Any] = observation.get("pending") or {}
    primary, danger = discord.ButtonStyle.primary, discord.ButtonStyle.danger
    if kind == "draw":
        return tr._("Draw a card"), primary
    if kind == "take":
        count = pending.get("count")
        if pending.get("kind") == "skip":
            lose = tr._("Lose {turns}", turns=_turns_word(count, tr))
            return (lose if count else tr._("Accept")), danger
        take = tr._("Take {cards}", cards=_cards_word(count, tr))
        return (take if count else tr._("Take")), danger
    if kind == "pass":
        return tr._("Pass"), primary
    if kind == "announce":
        word = str(data.get("word", "")).title()
        return tr._("Say “{word}”", word=word), discord.ButtonStyle.success
    if kind == "vote":
        choice = str(data.get("choice"))
        return tr._("Vote {choice}", choice=tr._(VOTES.get(choice, choice))), primary
    if kind == "direction":
        way = data.get("way")
        return (tr._("Clockwise") if way == "cw" else tr._("Counter-clockwise")), primary
    if kind == "rebuy":
        return tr._("Rebuy"), discord.ButtonStyle.success
    if kind == "leave":
        return tr._("Leave the match"), danger
    if kind == "rejoin":
        return tr._("Rejoin"), discord.ButtonStyle.success
    return str(action)[:80].capitalize(), primary


#: the choices of a vote, for the catalogs
VOTES = {"continue": N_("continue"), "stop": N_("stop")}


def choice_label(action: Action, tr: Catalog = EN) -> str:
    """The label of an action about cards: ``7♥``, ``Give 7♥``, ``A♠ → ♥ hearts``."""
    data = action.to_dict()
    shown = cards(_action_cards(action))
    if action.kind == "play":
        label = shown
    else:
        label = f"{action.kind.replace('_', ' ').capitalize()} {shown}"
    if data.get("suit"):
        label += f" → {suit_text(data['suit'], tr)}"
    return label[:100]


def hand_layout(table: Table, seat: Seat, page: int = 0, where: str = "") -> HandLayout:
    """The hand of ``seat``: its cards in the content, its legal actions as components."""
    tr = catalog(table)
    game = table.game
    content_lines = [f"**{table_title(table)}**" + (f" {where}" if where else "")]
    if game is None:
        content_lines.append(tr._("The game has not started yet."))
        return HandLayout("\n".join(content_lines))
    observation = game.observation(seat.seat)
    hand = sort_hand(list(observation.get("hand") or []))
    content_lines.append(your_hand(hand, tr))
    legal = game.legal_actions(seat.seat) if table.is_running else []
    if not table.is_running:
        content_lines.append(
            finished_line(table) if table.status == "finished" else tr._("The table has ended.")
        )
    elif seat.away or seat.left_game:
        what = (
            tr._("You left: a bot plays your seat.")
            if seat.left_game
            else tr._(
                "You are marked away: a bot is playing for you. Press **I'm back** to play again."
            )
        )
        content_lines.append(what)
        legal = []
    elif legal:
        if observation.get("top") is not None:
            line = tr._("Top card: **{card}**", card=cards(observation["top"]))
            if observation.get("suit"):
                suit = suit_text(observation["suit"], tr)
                line += tr._(" · suit in force: **{suit}**", suit=suit)
            content_lines.append(line)
        pending = pending_line(table, observation.get("pending"))
        if pending:
            content_lines.append(tr._("Pending: **{pending}**", pending=pending))
        if tr.lang == "en":
            hint = drawn_hint(observation.get("drawn"), legal, lambda c: f"**{card(c)}**")
        elif drawn := observation.get("drawn"):
            hint = tr._("You drew **{card}**: play it or pass.", card=card(drawn))
        else:
            hint = None
        if hint:
            content_lines.append(hint)
        # "Your turn" only when the turn is the seat's: a vote is named by what it asks, for
        # the table may close it by a majority without this seat (the engine names a voter as
        # "current" only for drivers that take one seat at a time)
        current = game.current_player()
        voting = any(action.kind == "vote" for action in legal)
        content_lines.append(
            tr._("**Your turn.**")
            if current in (None, seat.seat) and not voting
            else f"**{describe_offer(legal, tr)}.**"
        )
    else:
        current = game.current_player()
        waiting = tr._("Waiting for {name}.", name=seat_name(table, current))
        content_lines.append(waiting if current else tr._("Waiting."))
    layout = HandLayout(
        "\n".join(content_lines)[:CONTENT_LIMIT],
        back_button=seat.away,
        token=table.token(seat.seat),
    )
    if legal:
        _lay_out(layout, legal, observation, page, tr)
    return layout


def your_hand(hand: list[str], tr: Catalog = EN) -> str:
    """``Your hand (3 cards): 7♥ 8♥ 9♣``."""
    shown = cards(hand) or tr._("empty")
    return tr._("Your hand ({cards}): {hand}", cards=_cards_word(len(hand), tr), hand=shown)


def _lay_out(
    layout: HandLayout,
    legal: list[Action],
    observation: Observation,
    page: int,
    tr: Catalog = EN,
) -> None:
    single: list[Choice] = []
    composite: dict[str, list[Choice]] = {}
    controls: list[Choice] = []
    for action in legal:
        found = _action_cards(action)
        data = action.to_dict()
        if not found:
            label, style = control_label(action, observation, tr)
            controls.append(Choice(action, label, style))
        elif len(found) == 1 and not data.get("suit"):
            single.append(Choice(action, choice_label(action, tr), _card_style(found[0])))
        else:
            if data.get("suit"):
                group = tr._("Play a card and name a suit…")
            elif len(found) > 1:
                group = tr._("Play several cards together…")
            else:
                group = f"{action.kind.capitalize()}…"
            composite.setdefault(group, []).append(Choice(action, choice_label(action, tr)))
    body: list[tuple[Any, ...]] = []
    if len(single) > MAX_CARD_BUTTONS:
        for n in range(0, len(single), SELECT_OPTIONS):
            body.append(("select", tr._("Play a card…"), single[n : n + SELECT_OPTIONS]))
    else:
        for n in range(0, len(single), ROW_WIDTH):
            body.append(("buttons", single[n : n + ROW_WIDTH]))
    for placeholder, choices in composite.items():
        _name_the_top_card(choices, tr)
        for n in range(0, len(choices), SELECT_OPTIONS):
            body.append(("select", placeholder, choices[n : n + SELECT_OPTIONS]))
    control_rows = [
        ("buttons", controls[n : n + ROW_WIDTH]) for n in range(0, len(controls), ROW_WIDTH)
    ]
    room = MAX_ROWS - len(control_rows)
    if len(body) <= room:
        layout.rows = body + control_rows
        return
    # Pages: the two page buttons share the last control row, or get a row of their own.
    last = len(control_rows[-1][1]) if control_rows else 0
    layout.nav_own_row = last == 0 or last > ROW_WIDTH - 2
    if layout.nav_own_row:
        room -= 1
    room = max(room, 1)
    layout.pages = (len(body) + room - 1) // room
    layout.page = max(0, min(page, layout.pages - 1))
    start = layout.page * room
    layout.rows = body[start : start + room] + control_rows


def _name_the_top_card(choices: list[Choice], tr: Catalog = EN) -> None:
    """Where the same cards may be played in several orders, say which ends on top."""
    sets: dict[tuple[str, ...], int] = {}
    for choice in choices:
        key = tuple(sorted(_action_cards(choice.action)))
        sets[key] = sets.get(key, 0) + 1
    for choice in choices:
        played = _action_cards(choice.action)
        if len(played) > 1 and sets[tuple(sorted(played))] > 1:
            top = tr._("{card} on top", card=card(played[-1]))
            choice.label = f"{choice.label} ({top})"[:100]


def hand_where(guild_name: str | None, channel_id: int | None) -> str:
    """Where a hand's table is, for a DM: ``in Test Server, <#thread>``."""
    parts = []
    if guild_name:
        parts.append(f"in **{guild_name}**")
    if channel_id:
        parts.append(f"<#{channel_id}>")
    return ", ".join(parts)
