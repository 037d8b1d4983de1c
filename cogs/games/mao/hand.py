"""What a Mao hand shows: the hooks by which it differs from every game's (``cogs.hand_layout``).

Mao is played without telling anyone the rules (seed 000), so its hand offers every card held,
whoever's turn it is (MAO-12: the engine lists them all; the buttons never tell what may be played),
a Jack once per suit it may name, Take, Rejoin for a player who is out, I'm back for one the game
marked away, then **Say** (``cogs.games.mao.say``: speech without the thread) and **New rule** after
a won round (the hand's ``extras``: ``cogs.games.mao.rules`` draws the latter). Its text says facts
and never reasons: the top card and the suit a Jack named, whose turn it is, a Point of Order, that
the last card played went back, the seat's own secret rules in words (shown to their author only).

The buttons are every game's (``cogs.play``): a real-time game's press is good while what it
names is still the seat's to do (``Table.token`` is ``live`` there), and it is timed at the
moment the player pressed. ``cogs.presentation`` picks these hooks for a Mao table
(``cogs.games.mao.GAME``).
"""

from __future__ import annotations

import discord

from cogs import render
from cogs.hand_layout import HandHooks, your_hand
from engine import Action, seat_facts
from engine.cards import Card
from engine.describe import sort_hand
from engine.events import Observation
from engine.mao import hand_words
from engine.mao.languages import speech
from engine.mao.shapes import MaoObservation, mao_view
from engine.prompts import control_words
from i18n import N_, Catalog
from tables.model import Seat, Table
from tables.views import HandView


def hand_content(table: Table, seat: Seat, observation: MaoObservation, title: str) -> str:
    tr = render.catalog(table)
    lines = [title]
    hand = sort_hand(list(observation.get("hand") or []))
    lines.append(your_hand(hand, tr))
    me = seat.seat
    top = observation.get("top")
    if top is not None:
        line = tr._("Top card: **{card}**", card=render.cards(top))
        if observation.get("suit") and Card.parse(str(top)).suit != observation["suit"]:
            suit = render.suit_text(observation["suit"], tr)
            line += tr._(" · suit named: **{suit}**", suit=suit)
        lines.append(line)
    if not table.is_running:
        ended = table.status == "finished"
        lines.append(render.finished_line(table) if ended else tr._("The table has ended."))
        return "\n".join(lines)
    lines += hand_words.status(
        observation, me, lambda key: render.seat_name(table, key), render.cards, tr
    )
    stand_in = seat.stand_in(tr, seat_facts.away(observation, me))
    if stand_in:
        lines.append(stand_in)
    lines += hand_words.own_rules(observation, me, tr, speech(table.language or "en"))
    return "\n".join(lines)


def control_label(action: Action, tr: Catalog = render.EN) -> tuple[str, discord.ButtonStyle]:
    """Take, Rejoin and I'm back, in words that tell nothing of a rule (Rejoin's and I'm
    back's are their actions' own, as the web page shows them)."""
    if action.kind == "take":  # nothing pending is told: "Take a card"
        return control_words(action, None, tr) or "", discord.ButtonStyle.primary
    if action.kind in ("rejoin", "back"):
        return action.button_label(tr) or str(action), discord.ButtonStyle.success
    return str(action)[:80], discord.ButtonStyle.secondary


#: the names of the **Say** and **New rule** buttons among a hand's ``extras``
SAY = "say"
RULE = "rule"


class MaoHooks(HandHooks):
    """Every card held, facts and no reasons (see the module's docstring)."""

    suit_group = N_("Play a Jack and name a suit…")

    def content(self, table: Table, seat: Seat, hand: HandView, title: str) -> str:
        return hand_content(table, seat, mao_view(hand.observation), title)

    def control(
        self, action: Action, observation: Observation, tr: Catalog
    ) -> tuple[str, discord.ButtonStyle]:
        return control_label(action, tr)

    def extras(self, table: Table, seat: Seat, observation: Observation) -> tuple[str, ...]:
        """**Say** always (``cogs.games.mao.say``), and **New rule** while the seat has a won round
        to spend (MAO-16)."""
        credits = mao_view(observation).get("rule_credits") or {}
        return (SAY, RULE) if credits.get(seat.seat) else (SAY,)


HOOKS = MaoHooks()
