"""Rules at hand: a game's rules and the table's options in words, and the practice pace.

What ``rules`` (typed) and the rules key show at the terminal, for every game alike: the
summary the game declares (``Game.rules_summary``), then each option the table was opened
with, in the sentence its game declares for it (``Option.saying``) or by its help line with
its value, and the usual value beside it when practice changed it. A practice table starts
with the gentler values its game declares (``Game.practice_options``: Mao's turn clock)
unless its player asks for the rules as written (``--strict``); the game's
``practice_note`` says so on screen. Everything is said in the table's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine import GAMES, game_title
from engine.base import Game
from engine.options import VALUE, Option, format_value
from engine.reasons import Words
from engine.words import Translations
from i18n import N_, NC_
from terminal.typed_words import folded, typed_options, word

#: the word typed to see the rules (``regras``, ``reguli``); English is always understood
RULES = NC_("typed word", "rules")
_ENGLISH_RULES = frozenset({"rules", "/rules"})
#: what a practice table says when the game declares no gentler pace
STRICT_HINT = N_("Start with --strict to play the rules as written.")
_STRESSED = re.compile(r"\*\*(.+?)\*\*")


def asks_rules(text: str, tr: Translations) -> bool:
    """Whether ``text`` asks for the rules (``rules``, or the word in ``tr``'s language)."""
    typed = text.strip().lower()
    return typed in _ENGLISH_RULES or folded(typed) == folded(word(tr, RULES))


def practice_options(
    game_name: str, options: Mapping[str, Any] | None, strict: bool
) -> dict[str, Any]:
    """The options a practice table opens with: the game's gentler practice values (unless
    ``strict``) under the ones its player gave."""
    cls = GAMES.get(game_name)
    gentle = {} if strict or cls is None else dict(cls.practice_options)
    return {**gentle, **typed_options(game_name, options)}


def pace_note(game: Game, tr: Translations) -> str:
    """The line that states a gentler practice pace, when the table plays at one; else ""."""
    cls = type(game)
    gentle = cls.practice_options
    if not gentle or not cls.practice_note:
        return ""
    if any(game.options.get(name) != value for name, value in gentle.items()):
        return ""
    return tr._(cls.practice_note, **gentle) + " " + tr._(STRICT_HINT)


def plain(text: str) -> str:
    """``text`` without its stress marks (``**Aces**`` -> ``Aces``)."""
    return _STRESSED.sub(r"\1", text)


def value_words(option: Option, value: Any, tr: Translations) -> str:
    """An option's value as the reader says it: ``15``, ``ligado``, ``jucători``."""
    text = format_value(value)
    if option.type is bool or option.choices:
        return Words((text,), VALUE).said(tr)
    return text


def option_lines(game: Game, tr: Translations) -> list[str]:
    """Each option the table was opened with that a player could type: its help, its value,
    and the usual value beside it when this table changed it."""
    lines = []
    for option in type(game).option_specs:
        if not option.typed:  # lists (Mao's house rules) hold what no player is told
            continue
        value = game.options.get(option.name, option.default)
        line = plain(option.sentence_for(value, tr) or "")
        if not line:  # no sentence, or a count at its "none": the help says what 0 means
            what = tr._(option.help)
            what = what[:1].upper() + what[1:]
            line = tr._("{what}: {value}", what=what, value=value_words(option, value, tr))
        if value != option.default:
            usual = value_words(option, option.default, tr)
            line += " " + tr._("(usually {value})", value=usual)
        lines.append("• " + line)
    return lines


def rules_lines(game: Game, tr: Translations) -> list[str]:
    """The rules screen's text: the summary, the table's options and the pace, if gentler."""
    cls = type(game)
    lines = [tr._("{game}: the rules", game=tr._(game_title(cls.name)))]
    if cls.rules_summary:
        lines += ["", *tr._(cls.rules_summary).splitlines()]
    options = option_lines(game, tr)
    if options:
        lines += ["", tr._("This table's options:"), *options]
    note = pace_note(game, tr)
    if note:
        lines += ["", note]
    return lines


def no_rule_now(game: Game, tr: Translations) -> str:
    """Why a seat asking to make a rule may not: the game has no rules for its players to
    make, or the seat has not won the round that gives it one."""
    if not game.players_make_rules:
        return tr._(
            "{game} has no rules for its players to make.", game=tr._(game_title(game.name))
        )
    return tr._("You may make a new rule after you win a round.")
