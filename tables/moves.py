"""How a move about cards is said to a player, in their language: a play by its cards
(``3♣ 3♦``), another move with the words its action declares (``Action.with_cards``: a
give, ``Dar K♥``; a completion, ``Completează 9♥ 9♠``).

The hand's buttons and selects use these words (``cogs.hand_layout.choice_label``), and so
does a refusal that names the moves it offers instead ("give one card you hold (one per rank
is offered): Dar K♥, Dar Q♠"), so a player reads a move the same way in both.
"""

from __future__ import annotations

import re
from typing import Any

from engine.actions import Action, parse_action
from engine.words import show_card
from tables.base import action_cards

_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def said_move(action: Action, tr: Any) -> str:
    """``action`` in ``tr``'s language (an ``i18n.Catalog``), its cards with their suit
    symbols: ``7♥`` for a play, ``Give 7♥`` for a give."""
    shown = " ".join(show_card(c) for c in action_cards(action))
    if action.with_cards:
        return str(tr._(action.with_cards, cards=shown))
    return shown


def said_cards(text: str, tr: Any) -> str:
    """A reason's field of cards or moves as text (``7H``, ``3C 3D``, ``give KH, give QS``)
    the way a player reads it: every move said as ``said_move`` says it, every card with its
    suit symbol."""
    return ", ".join(_said_piece(piece, tr) for piece in text.split(", "))


def _said_piece(piece: str, tr: Any) -> str:
    try:
        action = parse_action(piece)
    except ValueError:
        return _CARD.sub(lambda found: show_card(found.group(0)), piece)
    return said_move(action, tr) if action_cards(action) else piece
