"""The option checks a game class keeps, one answer for each options value it was given.

Every new game checks its options (``Game.check_options``), and a check costs as much as a
third of a decision while simulate starts a game every hundred: a class keeps the answer
for each options value of plain values (bool, int, str) and hands out a copy of it each
time. A class with a list option keeps none (each game gets a list of its own), and a
class's store starts again once it holds ``MAX_CHECKED_OPTIONS`` answers (ever new options).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import options as option_rules
from engine.options import Option

#: option values whose checked form is the value itself, so a check may be kept for them
SCALAR_OPTIONS = frozenset({bool, int, str})
#: checks a class keeps (``Game.check_options``) before it starts again (ever new options)
MAX_CHECKED_OPTIONS = 256

#: a class's kept checks: the options given (their items, then their values' types) -> the
#: options checked, defaults filled in
Kept = dict[tuple[Any, ...], dict[str, Any]]


def kept_for(specs: Iterable[Option]) -> Kept | None:
    """A new store of checks for a class declaring ``specs``; None for one with a list
    option (each game gets a fresh list)."""
    return None if any(spec.type is list for spec in specs) else {}


def check(
    title: str, specs: Iterable[Option], kept: Kept | None, options: dict[str, Any] | None
) -> dict[str, Any]:
    """``engine.options.check``, answered from ``kept`` when the same options were checked
    before, and the answer kept there when it may be."""
    if kept is None:
        return option_rules.check(title, specs, options)
    # the types too: True == 1, but only one of them is a number option's value (each
    # C call here costs a few hundred instructions, hence no key for no options)
    key = (*options.items(), *map(type, options.values())) if options else ()
    try:
        answer = kept.get(key)
    except TypeError:  # a value that cannot be a key (a list)
        answer = None
    if answer is None:
        answer = option_rules.check(title, specs, options)
        if options and not SCALAR_OPTIONS.issuperset(map(type, options.values())):
            return answer
        if len(kept) >= MAX_CHECKED_OPTIONS:
            kept.clear()
        kept[key] = answer
    return dict(answer)
