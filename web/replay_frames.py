"""What a replay page is sent: a finished match's steps, each the table after one move with
every hand revealed (the match is over), in the table's language, in the sentences the live
page uses (``web.frames``). Nothing of the table's options is sent, so a game's secret rules
stay secret."""

from __future__ import annotations

from typing import Any

from engine import seat_facts
from engine.describe import describe_events, show_card, sort_hand
from i18n import Catalog
from tables.replays import Replay
from web.frames import card_names, catalog, facts_of


def replay_steps(match: Replay) -> list[dict[str, Any]]:
    """A finished match's steps as a replay page draws them: the table after each move, every
    hand revealed (the match is over), in the table's language. Nothing of the options is
    sent, so a game's secret rules stay secret."""
    table, steps = match.table, match.steps
    tr = catalog(table)
    names = table.names()
    cls = table.game_class

    def name(key: Any) -> str:
        return names.get(key, str(key))

    out = []
    for step in steps:
        view = step.view
        top = view.get("top")
        tops = [top] if isinstance(top, str) else list(top or [])
        scores = view.get("scores") or {}
        shown = [*tops, *(c for hand in step.hands.values() for c in hand)]
        out.append(
            {
                "names": card_names(shown, tr),
                "lines": describe_events(
                    step.events, name=name, card=show_card, tr=tr, game=table.game_class
                ),
                "top": tops,
                "facts": facts_of(view, names, tr, not table.game_class.secret_rules),
                "seats": [
                    {
                        "key": s.seat,
                        "name": s.shown_name(tr, seat_facts.away(view, s.seat)),
                        "hand": sort_hand(step.hands.get(s.seat, [])),
                        "count": seat_facts.holding(view, s.seat, tr),
                        "score": (
                            seat_facts.score(cls, scores[s.seat], tr) if s.seat in scores else None
                        ),
                        "title": seat_facts.title(view, s.seat, tr),
                    }
                    for s in table.seats
                ],
            }
        )
    return out


def replay_words(tr: Catalog) -> dict[str, str]:
    """The replay page's own words: its buttons' and its slider's names, which their arrows
    alone do not say to a screen reader."""
    return {"back": tr._("Previous step"), "next": tr._("Next step"), "step": tr._("Step")}
