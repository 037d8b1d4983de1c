"""A seat's hand on Discord, for every game: its text and its choices laid out in rows.

``hand_layout`` draws a hand from the seat's own observation and legal actions, the same way
for every game: a card action becomes a button, an action that needs a further choice (a suit,
several cards at once) becomes a select option, and the rest (draw, take, pass, announce, vote,
...) become control buttons; a hand too big for Discord's rows switches its card buttons to
selects and then to pages. ``cogs.play.hand_view`` turns the layout into components.

What a game draws its own way is a ``HandHooks`` subclass (``cogs.presentation`` picks the
game's own, ``cogs.plugin.DiscordGame.hand_hooks``): the text above the buttons, the labels of
its controls, the title of its suit select, and the buttons of its own that end the last row
(``extras``, by name: Mao's **New rule** on a hand with a won round to spend). Mao's
(``cogs.games.mao.hand``) shows every card held, its speech and the card that went back.

Discord limits respected here: 5 rows of at most 5 buttons, one select per row, 25 options per
select, 100 characters per label and option, 2000 characters of content.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.render import (
    EN,
    card,
    cards,
    catalog,
    finished_line,
    pending_line,
    seat_name,
    suit_text,
    table_title,
    top_line,
)
from engine import Action, seat_facts
from engine.actions import Tone
from engine.cards import Card
from engine.describe import sort_hand
from engine.events import Observation
from engine.prompts import cards_word, control_words, take_costs, your_move
from i18n import N_, Catalog
from tables import queries
from tables.base import action_cards
from tables.model import Seat, Table
from tables.moves import said_move
from tables.views import HandView

MAX_ROWS = 5
ROW_WIDTH = 5
SELECT_OPTIONS = 25
CONTENT_LIMIT = 2000
#: Above this many single-card buttons a hand uses selects instead (then pages if needed).
MAX_CARD_BUTTONS = 20


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
    #: the game's own buttons that end the last row (``HandHooks.extras``), by name
    extras: tuple[str, ...] = ()
    #: the seat's view of the game it was laid out from (None before the start)
    hand: HandView | None = None

    def key(self) -> tuple[Any, ...]:
        """What a player would see, and what their buttons carry; equal keys need no edit."""
        flat = tuple(
            (r[0], tuple(c.text for c in r[-1]), r[1] if r[0] == "select" else None)
            for r in self.rows
        )
        shown = (self.content, flat, self.page, self.pages, self.back_button, self.token)
        return (*shown, self.extras)


# --- labels -----------------------------------------------------------------------------
#: a button's colour for each tone of action (``engine.actions.Tone``)
TONES: dict[Tone, discord.ButtonStyle] = {
    "go": discord.ButtonStyle.primary,
    "cost": discord.ButtonStyle.danger,
    "gain": discord.ButtonStyle.success,
}


def card_style(text: str) -> discord.ButtonStyle:
    try:
        red = Card.parse(text).is_red
    except ValueError:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.danger if red else discord.ButtonStyle.secondary


def control_label(
    action: Action, observation: Observation, tr: Catalog = EN
) -> tuple[str, discord.ButtonStyle]:
    """The label and colour of a button for an action that is not a card: its words are
    every surface's (``engine.prompts.control_words``); a take that costs is red."""
    pending: Mapping[str, Any] = observation.get("pending") or {}
    words = control_words(action, pending, tr)
    if take_costs(action, pending):
        return words or "", discord.ButtonStyle.danger
    if action.kind == "announce":
        return words or "", discord.ButtonStyle.success
    if words is not None:
        return words[:80], TONES[action.tone]
    return str(action)[:80].capitalize(), discord.ButtonStyle.primary


def choice_label(action: Action, tr: Catalog = EN) -> str:
    """The label of an action about cards: ``7♥``, ``Give 7♥``, ``A♠ → ♥ hearts``."""
    data = action.to_dict()
    label = said_move(action, tr)
    if data.get("suit"):
        label += f" → {suit_text(data['suit'], tr)}"
    return label[:100]


def your_hand(hand: list[str], tr: Catalog = EN) -> str:
    """``Your hand (3 cards): 7♥ 8♥ 9♣``."""
    shown = cards(hand) or tr._("empty")
    return tr._("Your hand ({cards}): {hand}", cards=cards_word(len(hand), tr), hand=shown)


# --- what a game may draw its own way ---------------------------------------------------
class HandHooks:
    """How a hand is drawn; a game that shows its hands otherwise overrides some of these."""

    #: the placeholder of the select of cards played with a suit named
    suit_group = N_("Play a card and name a suit…")

    def content(self, table: Table, seat: Seat, hand: HandView, title: str) -> str:
        """The text above the buttons: the cards held and what the seat may do now."""
        tr = catalog(table)
        observation, legal = hand.observation, list(hand.legal)
        lines = [
            title,
            your_hand(sort_hand(list(observation.get("hand") or []), observation.get("game")), tr),
        ]
        stand_in = seat.stand_in(tr, seat_facts.away(observation, seat.seat))
        if not table.is_running:
            ended = table.status == "finished"
            lines.append(finished_line(table) if ended else tr._("The table has ended."))
        elif stand_in:
            lines.append(stand_in)
        elif legal:
            lines.extend(self._your_move(table, seat, hand, tr))
        else:
            current = hand.current
            waiting = tr._("Waiting for {name}.", name=seat_name(table, current))
            lines.append(waiting if current else tr._("Waiting."))
        return "\n".join(lines)

    def _your_move(self, table: Table, seat: Seat, hand: HandView, tr: Catalog) -> list[str]:
        observation, legal = hand.observation, list(hand.legal)
        lines = []
        if observation.get("top") is not None:
            line = top_line(observation["top"], tr)
            if observation.get("suit"):
                suit = suit_text(observation["suit"], tr)
                line += tr._(" · suit in force: **{suit}**", suit=suit)
            lines.append(line)
        pending = pending_line(table, observation.get("pending"))
        if pending:
            lines.append(tr._("Pending: **{pending}**", pending=pending))

        def bold(text: str) -> str:
            return f"**{card(text)}**"

        lines += your_move(observation.get("drawn"), legal, hand.current, seat.seat, bold, tr)
        return lines

    def control(
        self, action: Action, observation: Observation, tr: Catalog
    ) -> tuple[str, discord.ButtonStyle]:
        """The label and colour of a button for an action that is not a card."""
        return control_label(action, observation, tr)

    def extras(self, table: Table, seat: Seat, observation: Observation) -> tuple[str, ...]:
        """The game's own buttons that end this seat's hand, by name (none here): each takes
        a place in the last control row (``cogs.plugin.DiscordGame.hand_items`` draws them)."""
        return ()


HOOKS = HandHooks()


# --- the layout -------------------------------------------------------------------------
def hand_layout(
    table: Table, seat: Seat, page: int = 0, where: str = "", hooks: HandHooks = HOOKS
) -> HandLayout:
    """The hand of ``seat``: its cards in the content, its legal actions as components."""
    tr = catalog(table)
    title = f"**{table_title(table)}**" + (f" {where}" if where else "")
    hand = queries.hand(table, seat.seat)
    if hand is None:
        return HandLayout(f"{title}\n" + tr._("The game has not started yet."))
    observation, legal = hand.observation, list(hand.legal)
    playing = table.is_running and not (seat.away or seat.left_game)
    layout = HandLayout(
        hooks.content(table, seat, hand, title)[:CONTENT_LIMIT],
        back_button=seat.away and table.is_running and not seat.left_game,
        token=hand.token,
        hand=hand,
    )
    if playing:
        layout.extras = hooks.extras(table, seat, observation)
    if playing and (legal or layout.extras):
        _lay_out(layout, legal, observation, page, tr, hooks)
    return layout


def _lay_out(
    layout: HandLayout,
    legal: list[Action],
    observation: Observation,
    page: int,
    tr: Catalog = EN,
    hooks: HandHooks = HOOKS,
) -> None:
    single: list[Choice] = []
    composite: dict[str, list[Choice]] = {}
    controls: list[Choice] = []
    for action in legal:
        found = action_cards(action)
        data = action.to_dict()
        if not found:
            label, style = hooks.control(action, observation, tr)
            controls.append(Choice(action, label, style))
        elif len(found) == 1 and not data.get("suit"):
            single.append(Choice(action, choice_label(action, tr), card_style(found[0])))
        else:
            if data.get("suit"):
                group = tr._(hooks.suit_group)
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
    # the game's own buttons take places in the last control row (one of its own if need be)
    width = ROW_WIDTH - len(layout.extras)
    control_rows = [("buttons", controls[n : n + width]) for n in range(0, len(controls), width)]
    if layout.extras and not control_rows:
        control_rows = [("buttons", [])]
    room = MAX_ROWS - len(control_rows)
    if len(body) <= room:
        layout.rows = body + control_rows
        return
    # Pages: the two page buttons share the last control row, or get a row of their own.
    last = len(control_rows[-1][1]) + len(layout.extras) if control_rows else 0
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
        key = tuple(sorted(action_cards(choice.action)))
        sets[key] = sets.get(key, 0) + 1
    for choice in choices:
        played = action_cards(choice.action)
        if len(played) > 1 and sets[tuple(sorted(played))] > 1:
            top = tr._("{card} on top", card=card(played[-1]))
            choice.label = f"{choice.label} ({top})"[:100]
