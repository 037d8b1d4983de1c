"""How a match is won, who leads it and how it ended: the lines a round's summary ends with
and the sentence a finished match is told by, in the reader's language, from the game's own
rule (``Game.match_rule``, ``Game.lowest_wins``) and its outcome."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.base import Game
from engine.reasons import as_sentence
from engine.words import ENGLISH, Translations, join_names

__all__ = ["describe_result", "describe_standing"]

Namer = Callable[[Any], str]


def describe_standing(
    game: type[Game] | None,
    options: Mapping[str, Any] | None,
    totals: Mapping[Any, Any],
    name: Namer = str,
    viewer: Any = None,
    tr: Translations = ENGLISH,
    still_in: Iterable[Any] | None = None,
) -> list[str]:
    """How the match is won and who leads it, for a round's summary: ``The first to 11
    points wins the match.`` then ``Leading: ana with 5.`` (``Level: ana and bo with 5.``),
    in ``tr``'s language. The game says its rule (``Game.match_rule``) and whether the lowest
    total leads (``Game.lowest_wins``); ``still_in``, when given, are the seats still in the
    match (a seat that left leads nothing). Nothing for a game that tells no rule.

    >>> from engine import GAMES
    >>> describe_standing(GAMES["macao"], {"target": 500}, {"ana": 120, "bo": 80})[1]
    'Leading: bo with 80 points.'
    """
    rule = game.match_rule(options or {}) if game is not None else None
    if rule is None:
        return []
    lines = [as_sentence(rule.said(tr))]
    seats = [s for s in (totals if still_in is None else still_in) if s in totals]
    numbers = {s: totals[s] for s in seats if isinstance(totals[s], int | float)}
    if not numbers:
        return lines
    best = (min if game is not None and game.lowest_wins else max)(numbers.values())
    leaders = [s for s in seats if numbers.get(s) == best]
    n = int(best)
    if len(leaders) == len(seats) > 1:
        level = tr.ngettext(
            "Everyone is level with {count} point.", "Everyone is level with {count} points.", n
        )
        return [*lines, level]
    who = join_names([name(s) for s in leaders], tr)
    if len(leaders) > 1:
        lead = tr.ngettext(
            "Level in the lead: {who} with {count} point.",
            "Level in the lead: {who} with {count} points.",
            n,
            who=who,
        )
    else:
        lead = tr.ngettext(
            "Leading: {who} with {count} point.", "Leading: {who} with {count} points.", n, who=who
        )
    return [*lines, lead]


def describe_result(
    outcome: Mapping[str, Any] | None, name: Namer = str, tr: Translations = ENGLISH
) -> str:
    """A finished match in one sentence, as every surface tells it, its bold marked ``**``.

    >>> describe_result({"winners": ["bo"], "places": {"ana": 2, "bo": 1}})
    '**Match over.** Winner: **bo**. Places: 1. bo, 2. ana'
    >>> describe_result(None)
    'The match is over.'
    """
    if outcome is None:
        return tr._("The match is over.")
    places: Mapping[Any, Any] = outcome.get("places") or {}
    ranked = sorted(places.items(), key=lambda kv: kv[1])
    podium = ", ".join(f"{place}. {name(seat)}" for seat, place in ranked)
    winners = ", ".join(name(w) for w in outcome.get("winners") or [])
    return tr._(
        "**Match over.** Winner: **{winners}**. Places: {places}",
        winners=winners or "—",
        places=podium,
    )
