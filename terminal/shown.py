"""How the terminal shows a card, a suit and a move, in the table's language.

``10H`` is ``10♥`` in any text, a suit is named with its symbol, and a move is said as a
player would say it (``play 7♥``, ``play clockwise``), with what to type for it when another
language names it in words. The table's lines (``terminal.render``) and the engine's reasons
(``terminal.language``) both show cards and moves this way; the menu of moves (``menu_entry``)
also says what a take costs, as a button on every other surface does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import i18n
from engine.actions import Action, Play
from engine.cards import Card
from engine.prompts import control_words, take_costs
from engine.words import Translations, language, suit_words
from terminal.typed_words import typed_form

#: the terminal's default language
EN = i18n.get("en")
_CARD_WORD = re.compile(r"\b(10|[2-9JQKAT])([CDHS])\b")


def card_text(text: str) -> str:
    """``10H`` -> ``10♥`` inside any text; other words are left alone."""
    return _CARD_WORD.sub(lambda m: Card.parse(m.group(0)).display(), text)


def suit_text(suit: str | None, tr: Translations = EN) -> str:
    return suit_words(suit, tr)


def action_text(action: Action, tr: Translations = EN) -> str:
    """An action for people: ``play 7♥``, ``play A♠ naming ♥ hearts``, ``play clockwise``."""
    # English types some moves in shorthand (``direction cw``): the action says it in words
    said = action.english_menu() if language(tr) == "en" else None
    if said is not None:
        return said
    if isinstance(action, Play):
        shown = " ".join(c.display() for c in action.cards)
        if action.suit:
            return tr._("play {cards} naming {suit}", cards=shown, suit=suit_text(action.suit, tr))
        return tr._("play {cards}", cards=shown)
    typed = card_text(typed_form(action, tr))
    if language(tr) == "en" or not action.verb:
        return typed
    # in another language the move is named in it, with what to type for it when that differs
    # (what to type alone when it starts with the name: "votează oprește", "completează 9♥ 9♠")
    verb = tr.pgettext("menu", action.verb)
    return typed if typed == verb or typed.startswith(verb + " ") else f"{verb} ({typed})"


def menu_entry(
    action: Action, tr: Translations = EN, pending: Mapping[str, Any] | None = None
) -> str:
    """A move in the menu, as ``action_text`` says it; a take that costs says what first, as
    the hand DM's and the web page's buttons do (``Take 4 cards (take)``, ``Lose 2 turns
    (take)``), from the ``pending`` stack where the game tells it."""
    if take_costs(action, pending):
        return f"{control_words(action, pending, tr)} ({typed_form(action, tr)})"
    return action_text(action, tr)
