"""Mao's options: each declared with its range and help, the option names a player types
(and the list option's), marked for the catalogs beside their declaration, the turn limit's
default (MAO-17), the gentler pace a practice table starts with, and the house rules checked
with the rest of a table's options. The choices that are words are declared with the state
(``engine.mao.state``), the languages the Chairman hears in ``engine.mao.languages``."""

from __future__ import annotations

from typing import Any

from engine.mao import rules as secret
from engine.mao.languages import SPEECH
from engine.mao.state import JACK_SUITS, MODES, POOLS
from engine.options import Option
from engine.reasons import N_
from engine.words import NC_

#: MAO-17: turns before a round is called off (option ``max_turns``). Heuristic bots' rounds
#: take 90 turns at the median and 180 at the 90th percentile; rules that give cards can make
#: a round no one finishes (one round in 60 of theirs passes 400)
MAX_TURNS = 400

#: the option names a player types (and the list option's, which its entry in a list of
#: options shows), marked for the catalogs beside their declaration; the choices that are
#: words are marked where they are declared (``engine.mao.state``)
OPTION_NAMES = (
    NC_("option name", "turn_seconds"),
    NC_("option name", "speech_window"),
    NC_("option name", "call_window"),
    NC_("option name", "mode"),
    NC_("option name", "pool"),
    NC_("option name", "jack_suit"),
    NC_("option name", "decks"),
    NC_("option name", "rounds"),
    NC_("option name", "max_turns"),
    NC_("option name", "house_rules"),
    NC_("option name", "language"),
)

OPTIONS: tuple[Option, ...] = (
    Option.number("turn_seconds", 5, 0, 600, "seconds a player has to play (0: no clock)"),
    Option.number("speech_window", 5, 1, 600, "seconds to say what must be said after a play"),
    Option.number("call_window", 6, 1, 3600, "seconds a slip may still be called"),
    Option.choice("mode", "chairman", MODES, "who calls the slips nobody called"),
    Option.choice("pool", "turn", POOLS, "a spent pool: turn the pile over, or shuffle it"),
    Option.choice("jack_suit", "player", JACK_SUITS, "who names a Jack's suit"),
    Option.number("decks", 0, 0, 10, "decks in play (0: one per five players)"),
    Option.number("rounds", 0, 0, 10_000, "rounds before the match ends (0: until stopped)"),
    Option.number(
        "max_turns", MAX_TURNS, 0, 100_000, "turns before a round is called off (0: no limit)"
    ),
    Option.words("house_rules", N_("the server's rules every table starts with")),
    Option.choice("language", "en", tuple(SPEECH), "the language the Chairman hears"),
)

#: practice at the terminal: a turn of fifteen seconds while a newcomer reads the table
PRACTICE_OPTIONS: dict[str, Any] = {"turn_seconds": 15}
PRACTICE_NOTE = N_("Practice pace: {turn_seconds} s to play.")


def with_house_rules_checked(checked: dict[str, Any]) -> dict[str, Any]:
    """Options ``engine.options`` has checked, their house rules each checked as a rule
    and put in canonical form (``engine.mao.rules.validate``; a bad one raises)."""
    checked["house_rules"] = [secret.validate(rule) for rule in checked["house_rules"]]
    return checked
