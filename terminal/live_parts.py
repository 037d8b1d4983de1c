"""The live table's parts that need no app: the guard for what arrives while it closes,
red suits, the table's clock (stopped while something holds it), the chat line (its name
completion, and the digits it leaves to the move keys), the texts of the table and hand
panels, and the hints for the keys, for typing a move and the line left behind on leaving."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from rich.text import Text
from textual.message_pump import MessagePump
from textual.suggester import Suggester
from textual.widgets import Input

from engine import game_title
from engine.actions import Action
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
    scores_text,
    seat_lines,
    speaks,
    table_lines,
    who,
)
from terminal.typed_words import SUIT, move_examples, word

_NAME_TYPED = re.compile(r"@(\w*)$")
_App = TypeVar("_App", bound=MessagePump)
_P = ParamSpec("_P")
_R = TypeVar("_R")
#: the keys, on screen under the table: typing is deliberate, so a digit always picks a move
KEYS_LINE = N_(
    "1-9 pick a move (even from the empty line below) · t types a line, Esc leaves it · "
    "r shows the rules"
)
#: the line that stands while a bot plays the human's seat (the game marked it away)
AWAY_LINE = N_("You are away: a bot plays for you. Press b to come back.")
HELP_LINE = N_("Keys 1-9 or Enter pick a move; or type one: {examples}. Ctrl+Q leaves.")


def while_open(
    method: Callable[Concatenate[_App, _P], _R],
) -> Callable[Concatenate[_App, _P], _R | None]:
    """Skip ``method`` once the app has stopped running. Textual still delivers a pace tick,
    a key already sent or a pop-up's answer while it removes the widgets on the way out
    (the pilot's exit does not wait for them); drawing then would find its widgets gone."""

    @functools.wraps(method)
    def guarded(self: _App, /, *args: _P.args, **kwargs: _P.kwargs) -> _R | None:
        return method(self, *args, **kwargs) if self.is_running else None

    return guarded


def coloured(line: str) -> Text:
    """A line with red suits in red."""
    text = Text(line)
    text.highlight_regex(r"(10|[2-9JQKA])?[♥♦]", "bold red")
    text.highlight_regex(r"(10|[2-9JQKA])?[♣♠]", "bold")
    return text


class TableClock:
    """Seconds since the deal on the table's clock, stopped while anything holds it: a
    chooser, a summary or the rules open (the table waits for you), or a change not yet on
    screen (a turn counts from when it is shown, not from when it began)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.started = clock()
        self.stopped_at: float | None = None
        self.holds: set[str] = set()

    def now(self) -> float:
        at = self.stopped_at if self.stopped_at is not None else self.clock()
        return at - self.started

    def hold(self, why: str) -> None:
        if not self.holds:
            self.stopped_at = self.clock()
        self.holds.add(why)

    def held(self, why: str) -> bool:
        return why in self.holds

    def release(self, why: str) -> bool:
        """Let go of one hold; True when that sets the clock running again."""
        if why not in self.holds:
            return False
        self.holds.discard(why)
        if self.holds or self.stopped_at is None:
            return False
        self.started += self.clock() - self.stopped_at
        self.stopped_at = None
        return True


class ChatLine(Input):
    """The line for speech and typed moves. While it is empty a digit is not typed into it:
    the move keys take it (a digit never starts speech by mistake)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if not self.value and character is not None and character in "123456789":
            return False
        return super().check_consume_key(key, character)


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
    if speaks(game_name):
        return tr._(
            "Say anything; @name to call a player (→ completes it); {play} 7H, {take}.",
            **typed_words(tr),
        )
    return tr._(
        "Type a move ({examples}) or pick one above.", examples=move_examples(game_name, tr)
    )


def leaving_text(tr: Translations, game_name: str, obs: Observation) -> str:
    """What leaving the live table prints: the scores and the human's hand."""
    scores = scores_text(obs, HUMAN, tr)
    hand = cards_text(sort_hand(obs.get("hand") or [], game_name))
    return tr._(
        "Left the {game} table (scores: {scores}; your hand {hand}).",
        game=tr._(game_title(game_name)),
        scores=scores,
        hand=hand,
    )
