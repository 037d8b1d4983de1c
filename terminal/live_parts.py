"""The live table's parts that need no app: the guard for what arrives while it closes,
red suits, the chat line's name completion, the texts of the table and hand panels, and the
hints for typing a move and the line left behind on leaving."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, TypeVar

from rich.text import Text
from textual.app import App
from textual.suggester import Suggester

from engine.actions import Action
from engine.base import game_title
from engine.describe import sort_hand
from engine.events import Observation
from engine.words import Translations
from i18n import N_
from terminal.practice import HUMAN
from terminal.render import (
    HAND_LINE,
    SEATS_LINE,
    cards_text,
    hint_line,
    seat_lines,
    secret_rules,
    table_lines,
    who,
)
from terminal.typed_words import SUIT, move_examples, word

_NAME_TYPED = re.compile(r"@(\w*)$")
_Method = TypeVar("_Method", bound=Callable[..., Any])
HELP_LINE = N_("Keys 1-9 or Enter pick a move; or type one: {examples}. Ctrl+Q leaves.")


def while_open(method: _Method) -> _Method:
    """Skip ``method`` once the app has stopped running. Textual still delivers a pace tick,
    a key already sent or a pop-up's answer while it removes the widgets on the way out
    (the pilot's exit does not wait for them); drawing then would find its widgets gone."""

    @functools.wraps(method)
    def guarded(self: App[None], *args: Any, **kwargs: Any) -> Any:
        return method(self, *args, **kwargs) if self.is_running else None

    return guarded  # type: ignore[return-value]


def coloured(line: str) -> Text:
    """A line with red suits in red."""
    text = Text(line)
    text.highlight_regex(r"(10|[2-9JQKA])?[♥♦]", "bold red")
    text.highlight_regex(r"(10|[2-9JQKA])?[♣♠]", "bold")
    return text


class NameSuggester(Suggester):
    """Completes ``@a`` to ``@ada`` in the chat line (the right arrow takes it)."""

    def __init__(self, seats: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.seats = seats

    async def get_suggestion(self, value: str) -> str | None:
        match = _NAME_TYPED.search(value)
        if match is None:
            return None
        typed = match[1].lower()
        for seat in self.seats:
            if seat.lower().startswith(typed) and seat.lower() != typed:
                return value + seat[len(typed) :]
        return None


def panels(
    obs: Observation,
    now: float,
    legal: list[Action],
    turn: str | None,
    mine: list[str],
    tr: Translations,
) -> tuple[str, str]:
    """The table panel's text and the hand panel's, for the human; ``turn`` is None once
    the game is over, ``mine`` the human's own secret rules in words."""
    lines = table_lines(obs, now, tr)
    # the lines the table draws its own way, known by their first words in the language
    hand_prefix = tr._(HAND_LINE, cards="")
    seats_prefix = tr._(SEATS_LINE, seats="")
    hand_line = lines.pop() if lines and lines[-1].startswith(hand_prefix.strip()) else ""
    head = lines[0].strip("= ")
    body = [line for line in lines[1:] if not line.startswith(seats_prefix)]
    seats = seat_lines(obs, "{marker}{name:<7} {bits}", "▶ ", "  ", tr)
    hand = [hand_line.removeprefix(hand_prefix) or "-"]
    hint = hint_line(obs, legal, tr)
    if hint:
        hand.append(hint)
    if mine:
        hand.append(tr._("Your rules: {rules}", rules="; ".join(mine)))
    if legal and turn in (HUMAN, None):
        hand.append(tr._("Your turn."))
    elif turn is not None:
        hand.append(tr._("Waiting for {name}.", name=who(turn, HUMAN, tr)))
    return "\n".join([head, *body, "", *seats]), "\n".join(hand)


def typed_words(tr: Translations) -> dict[str, str]:
    """The words the hints show for typing a move, in the table's language."""
    return {w: word(tr, w) for w in ("play", "draw", "take", SUIT)}


def chat_hint(tr: Translations, game_name: str) -> str:
    """The chat line's placeholder: how to type a move (at Mao, also how to speak)."""
    if secret_rules({"game": game_name}):
        return tr._(
            "Say anything; @name to call a player (→ completes it); {play} 7H, {take}.",
            **typed_words(tr),
        )
    return tr._(
        "Type a move ({examples}) or pick one above.", examples=move_examples(game_name, tr)
    )


def leaving_text(tr: Translations, game_name: str, obs: Observation) -> str:
    """What leaving the live table prints: the scores and the human's hand."""
    scores = ", ".join(f"{who(s, HUMAN, tr)} {n}" for s, n in obs["scores"].items())
    hand = cards_text(sort_hand(obs.get("hand") or [], game_name))
    return tr._(
        "Left the {game} table (scores: {scores}; your hand {hand}).",
        game=tr._(game_title(game_name)),
        scores=scores,
        hand=hand,
    )
