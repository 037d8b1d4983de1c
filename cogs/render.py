"""What tables and hands look like on Discord: embeds, texts and the button layouts.

Everything here is drawn from a ``Table`` (``tables.model``) and the engine's observations
and ``Action`` objects, the same way for every game: a card action becomes a button, an
action that needs a further choice (a suit, several cards at once) becomes a select option,
and the rest (draw, take, pass, announce, vote, ...) become control buttons. Nothing here
talks to Discord; ``cogs.play`` defines the buttons (``DynamicItem``s) and
``cogs.publish`` sends what is drawn here.

The table message shows only public facts (``observation(None)``); a hand is drawn from its
own seat's observation and only ever sent to that seat's player.

Discord limits respected here: 5 rows of at most 5 buttons, one select per row, 25 options
per select, 100 characters per custom_id, label and option, 2000 characters of content and
4096 of embed description.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from engine import GAMES, Action, Event
from engine.base import game_title as engine_game_title
from engine.cards import RANK_ORDER, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from engine.describe import describe_event, describe_events, drawn_hint, plural, show_card
from tables.model import Seat, Table

MAX_ROWS = 5
ROW_WIDTH = 5
SELECT_OPTIONS = 25
RECENT_LINES = 6
CONTENT_LIMIT = 2000
#: Above this many single-card buttons a hand uses selects instead (then pages if needed).
MAX_CARD_BUTTONS = 20


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


def suit_text(suit: str | None) -> str:
    if not suit:
        return "—"
    return f"{SUIT_SYMBOLS.get(suit, '')} {SUIT_NAMES.get(suit, suit)}"


def sort_hand(hand: list[str]) -> list[str]:
    """By suit, then rank: how people hold cards."""

    def key(text: str) -> tuple[int, int]:
        try:
            c = Card.parse(text)
        except ValueError:
            return (9, 0)
        return (SUITS.index(c.suit), RANK_ORDER[c.rank])

    return sorted(hand, key=key)


def seat_name(table: Table, key: Any) -> str:
    if key is None:
        return "nobody"
    try:
        return table.seat(str(key)).name
    except KeyError:
        return str(key)


def game_title(name: str) -> str:
    return engine_game_title(name)


def table_title(table: Table) -> str:
    return f"{game_title(table.game_name)} · table #{table.id}"


# --- events -----------------------------------------------------------------------------
def event_line(table: Table, event: Event) -> str:
    """One public event in words (``engine.describe``), seats by their names here."""
    return describe_event(event, lambda seat: seat_name(table, seat), card)


def _cards_word(count: Any) -> str:
    return plural(count, "card")


def _turns_word(count: Any) -> str:
    return plural(count, "turn")


def pending_line(table: Table, pending: dict[str, Any] | None) -> str | None:
    if not pending:
        return None
    target = seat_name(table, pending.get("target"))
    count = pending.get("count", 0)
    if pending.get("kind") == "skip":
        return f"{target} must answer or lose {_turns_word(count)}"
    return f"{target} must answer or take {_cards_word(count)}"


# --- the lobby and the table message ----------------------------------------------------
def options_line(table: Table) -> str:
    """The options in force, in the game's own order (stored options come back sorted)."""
    if not table.options:
        return "default rules"
    order = list(GAMES[table.game_name].defaults) if table.game_name in GAMES else []
    keys = [k for k in order if k in table.options]
    keys += sorted(k for k in table.options if k not in order)
    return " ".join(f"{k}={_option_text(table.options[k])}" for k in keys)


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def own_drawing(table: Table) -> Any:
    """The module that draws this game itself, if any (Mao tells no rules: ``render_mao``)."""
    if table.game_name == "mao":
        from cogs import render_mao  # imported late: it builds on this module

        return render_mao
    return None


def lobby_embed(table: Table) -> discord.Embed:
    if own_drawing(table) is not None:
        return own_drawing(table).lobby_embed(table)
    embed = discord.Embed(title=f"{table_title(table)} — lobby", colour=discord.Colour.blurple())
    seated = "\n".join(f"{n + 1}. {s.label}" for n, s in enumerate(table.seats)) or "nobody yet"
    host = f"<@{table.host_id}>" if table.host_id else "nobody"
    embed.description = (
        f"Host: {host}\nOptions: `{options_line(table)}`\n\n**Seats**\n{seated}\n\n"
        "Join, add bots, and the host starts the game."
    )
    return embed


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished table."""
    if own_drawing(table) is not None:
        return own_drawing(table).table_embed(table)
    game = table.game
    if game is None:
        return lobby_embed(table)
    view = game.observation(None)
    colour = discord.Colour.green() if table.is_running else discord.Colour.dark_grey()
    embed = discord.Embed(title=table_title(table), colour=colour)
    lines: list[str] = []
    if view.get("top") is not None:
        lines.append(f"Top card: **{cards(view['top'])}**")
    top = view.get("top")
    if view.get("suit") and isinstance(top, str):
        named = view["suit"] != Card.parse(top).suit if _is_card(top) else False
        marker = " ⬅ named" if named else ""
        lines.append(f"Suit in force: **{suit_text(view['suit'])}**{marker}")
    if view.get("direction"):
        arrow = "↻" if view["direction"] == "clockwise" else "↺"
        lines.append(f"Direction: {arrow} {view['direction']}")
    pending = pending_line(table, view.get("pending"))
    if pending:
        lines.append(f"Pending: **{pending}**")
    for key, lost in (view.get("lost_turns") or {}).items():
        lines.append(f"{seat_name(table, key)} will lose {_turns_word(lost)}")
    if table.is_running:
        waiting = table.waiting()
        if waiting:
            names = ", ".join(f"**{seat_name(table, w)}**" for w in waiting)
            lines.append(f"Turn: {names}")
    elif table.status == "finished":
        lines.append(finished_line(table))
    else:
        lines.append(f"Table ended ({table.end_reason or 'ended'}).")
    counts = view.get("counts") or {}
    scores = view.get("scores") or {}
    seat_lines = []
    for seat in table.seats:
        parts = [seat.label]
        if seat.seat in counts:
            parts.append(_cards_word(counts[seat.seat]))
        if seat.seat in scores:
            parts.append(f"{scores[seat.seat]} pts")
        seat_lines.append(" · ".join(parts))
    embed.add_field(name="Seats", value="\n".join(seat_lines)[:1024] or "—", inline=False)
    recent = describe_events(view.get("events") or [], lambda seat: seat_name(table, seat), card)
    recent = recent[-RECENT_LINES:]
    if recent:
        embed.add_field(name="Last events", value="\n".join(recent)[:1024], inline=False)
    embed.description = "\n".join(lines)[:4000]
    footer = [f"Round {view['round']}"] if view.get("round") else []
    if view.get("stock") is not None:
        footer.append(f"stock {view['stock']}")
    footer.append(f"options: {options_line(table)}")
    embed.set_footer(text=" · ".join(footer)[:2000])
    return embed


def _is_card(text: Any) -> bool:
    try:
        Card.parse(str(text))
    except ValueError:
        return False
    return True


def finished_line(table: Table) -> str:
    game = table.game
    if game is None or not game.is_over:
        return "The match is over."
    outcome = game.outcome()
    places = outcome.get("places") or {}
    ranked = sorted(places.items(), key=lambda kv: kv[1])
    podium = ", ".join(f"{p}. {seat_name(table, s)}" for s, p in ranked)
    winners = ", ".join(seat_name(table, w) for w in outcome.get("winners") or [])
    return f"**Match over.** Winner: **{winners or '—'}**. Places: {podium}"


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


def control_label(action: Action, observation: dict[str, Any]) -> tuple[str, discord.ButtonStyle]:
    """The label and colour of a button for an action that is not a card."""
    data = action.to_dict()
    kind = action.kind
    pending = observation.get("pending") or {}
    primary, danger = discord.ButtonStyle.primary, discord.ButtonStyle.danger
    if kind == "draw":
        return "Draw a card", primary
    if kind == "take":
        count = pending.get("count")
        if pending.get("kind") == "skip":
            return (f"Lose {_turns_word(count)}" if count else "Accept"), danger
        return (f"Take {_cards_word(count)}" if count else "Take"), danger
    if kind == "pass":
        return "Pass", primary
    if kind == "announce":
        return f"Say “{str(data.get('word', '')).title()}”", discord.ButtonStyle.success
    if kind == "vote":
        return f"Vote {data.get('choice')}", primary
    if kind == "direction":
        way = data.get("way")
        return ("Clockwise" if way == "cw" else "Counter-clockwise"), primary
    if kind == "rebuy":
        return "Rebuy", discord.ButtonStyle.success
    if kind == "leave":
        return "Leave the match", danger
    if kind == "rejoin":
        return "Rejoin", discord.ButtonStyle.success
    return str(action)[:80].capitalize(), primary


def choice_label(action: Action) -> str:
    """The label of an action about cards: ``7♥``, ``Give 7♥``, ``A♠ → ♥ hearts``."""
    data = action.to_dict()
    shown = cards(_action_cards(action))
    if action.kind == "play":
        label = shown
    else:
        label = f"{action.kind.replace('_', ' ').capitalize()} {shown}"
    if data.get("suit"):
        label += f" → {suit_text(data['suit'])}"
    return label[:100]


def hand_layout(table: Table, seat: Seat, page: int = 0, where: str = "") -> HandLayout:
    """The hand of ``seat``: its cards in the content, its legal actions as components."""
    if own_drawing(table) is not None:
        return own_drawing(table).hand_layout(table, seat, page, where)
    game = table.game
    content_lines = [f"**{table_title(table)}**" + (f" {where}" if where else "")]
    if game is None:
        content_lines.append("The game has not started yet.")
        return HandLayout("\n".join(content_lines))
    observation = game.observation(seat.seat)
    hand = sort_hand(list(observation.get("hand") or []))
    content_lines.append(f"Your hand ({_cards_word(len(hand))}): " + (cards(hand) or "empty"))
    legal = game.legal_actions(seat.seat) if table.is_running else []
    if not table.is_running:
        content_lines.append(
            finished_line(table) if table.status == "finished" else "The table has ended."
        )
    elif seat.away or seat.left_game:
        what = (
            "You left: a bot plays your seat."
            if seat.left_game
            else (
                "You are marked away: a bot is playing for you. Press **I'm back** to play again."
            )
        )
        content_lines.append(what)
        legal = []
    elif legal:
        if observation.get("top") is not None:
            line = f"Top card: **{cards(observation['top'])}**"
            if observation.get("suit"):
                line += f" · suit in force: **{suit_text(observation['suit'])}**"
            content_lines.append(line)
        pending = pending_line(table, observation.get("pending"))
        if pending:
            content_lines.append(f"Pending: **{pending}**")
        hint = drawn_hint(observation.get("drawn"), legal, lambda c: f"**{card(c)}**")
        if hint:
            content_lines.append(hint)
        current = game.current_player()
        content_lines.append(
            "**Your turn.**" if current in (None, seat.seat) else "You may act now."
        )
    else:
        current = game.current_player()
        content_lines.append(f"Waiting for {seat_name(table, current)}." if current else "Waiting.")
    layout = HandLayout(
        "\n".join(content_lines)[:CONTENT_LIMIT],
        back_button=seat.away,
        token=table.token(seat.seat),
    )
    if legal:
        _lay_out(layout, legal, observation, page)
    return layout


def _lay_out(
    layout: HandLayout, legal: list[Action], observation: dict[str, Any], page: int
) -> None:
    single: list[Choice] = []
    composite: dict[str, list[Choice]] = {}
    controls: list[Choice] = []
    for action in legal:
        found = _action_cards(action)
        data = action.to_dict()
        if not found:
            label, style = control_label(action, observation)
            controls.append(Choice(action, label, style))
        elif len(found) == 1 and not data.get("suit"):
            single.append(Choice(action, choice_label(action), _card_style(found[0])))
        else:
            if data.get("suit"):
                group = "Play a card and name a suit…"
            elif len(found) > 1:
                group = "Play several cards together…"
            else:
                group = f"{action.kind.capitalize()}…"
            composite.setdefault(group, []).append(Choice(action, choice_label(action)))
    body: list[tuple[Any, ...]] = []
    if len(single) > MAX_CARD_BUTTONS:
        for n in range(0, len(single), SELECT_OPTIONS):
            body.append(("select", "Play a card…", single[n : n + SELECT_OPTIONS]))
    else:
        for n in range(0, len(single), ROW_WIDTH):
            body.append(("buttons", single[n : n + ROW_WIDTH]))
    for placeholder, choices in composite.items():
        _name_the_top_card(choices)
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


def _name_the_top_card(choices: list[Choice]) -> None:
    """Where the same cards may be played in several orders, say which ends on top."""
    sets: dict[tuple[str, ...], int] = {}
    for choice in choices:
        key = tuple(sorted(_action_cards(choice.action)))
        sets[key] = sets.get(key, 0) + 1
    for choice in choices:
        played = _action_cards(choice.action)
        if len(played) > 1 and sets[tuple(sorted(played))] > 1:
            choice.label = f"{choice.label} ({card(played[-1])} on top)"[:100]


def hand_where(guild_name: str | None, channel_id: int | None) -> str:
    """Where a hand's table is, for a DM: ``in Test Server, <#thread>``."""
    parts = []
    if guild_name:
        parts.append(f"in **{guild_name}**")
    if channel_id:
        parts.append(f"<#{channel_id}>")
    return ", ".join(parts)
