"""Mao's speech: one message heard as one utterance, speech windows, the Point of Order.

``hear`` judges a ``say`` (MAO-7, 8, 10, 15, 18): calls, near-miss calls, phrases owed or
forbidden, talk, a suit named after a Jack (MAO-4), "Point of order". A play or take that asks
for phrases opens a speech window; when it closes, what is still owed becomes infractions, and
calls held for it are judged (MAO-11). A Point of Order stops every clock (MAO-15).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Say
from engine.events import Event
from engine.mao import calls as adjudication
from engine.mao.clock import POINT_OF_ORDER_SECONDS
from engine.mao.penalties import Penalties
from engine.mao.phrases import Token
from engine.mao.shapes import MaoEvent
from engine.mao.state import MaoTable
from engine.mao.wording import (
    BAD_ADJUDICATION,
    BAD_CALL,
    END_POINT_OF_ORDER,
    MAO,
    NAME_IN_VAIN,
    NEW_RULE,
    POINT_OF_ORDER,
    POINT_OF_ORDER_AGAIN,
    POINT_OF_ORDER_CALLS,
    TALKING,
    phrase_kind,
)

MAX_MESSAGE = 4000


class Speech:
    """Messages, speech windows and the Point of Order of one game; what they make
    infractions of goes to its ``penalties``."""

    __slots__ = ("game", "penalties")

    def __init__(self, game: MaoTable, penalties: Penalties) -> None:
        self.game = game
        self.penalties = penalties

    # --- speech ---------------------------------------------------------------------------
    def hear(self, i: int, action: Say, events: list[Event]) -> None:
        """MAO-7, 8, 10, 15, 18: judge one message from seat ``i``: one utterance, in which
        each call is made once per offender and each infraction committed once."""
        g = self.game
        text = action.text if isinstance(action.text, str) else str(action.text)
        text = text[:MAX_MESSAGE]  # longer than any chat allows: the rest is not read
        targets: list[int] = []
        if action.reply_to is not None or action.mentions:
            for name in (action.reply_to, *action.mentions):
                k = g.index.get(name) if isinstance(name, str) else None
                if k is not None and k not in targets:
                    targets.append(k)
        said: MaoEvent = {"type": "say", "seat": g.seats[i], "text": text, "at": g.now}
        if targets:
            said["to"] = [g.seats[k] for k in targets]  # mentions and replies are public
        events.append(said)
        # ``vocabulary``, written out: a property costs a call (every message)
        tokens = (g._vocabulary or g.vocabulary).parse(text)
        g.utterance = set()
        try:
            if g.point_of_order is not None:
                self.hear_in_point_of_order(i, tokens, targets, events)
            else:
                self.hear_in_play(i, tokens, targets, events)
        finally:
            g.utterance = None

    def hear_in_play(
        self, i: int, tokens: list[Token], targets: list[int], events: list[Event]
    ) -> None:
        talked = False
        made: set[tuple[str, ...]] = set()
        for token in tokens:
            if token.kind == "call":
                key = adjudication.call_key(token.text)
                if key not in made:
                    made.add(key)
                    self.penalties.adjudicate(i, token.text, targets, events)
            elif token.kind == "near_call":
                self.penalties.offence(i, BAD_CALL)
            elif token.kind == "talk":
                talked = self.hear_talk(i, token.text, events) or talked
            elif token.text == POINT_OF_ORDER:
                self.start_point_of_order(i, events)
                break  # the rest of the message is said during it, and is free
            elif not self.hear_phrase(i, token.text):
                if token.text == MAO:
                    self.penalties.offence(i, NAME_IN_VAIN)
                else:
                    talked = True
        if talked:
            self.penalties.offence(i, TALKING)

    def hear_talk(self, i: int, text: str, events: list[Event]) -> bool:
        """Whether these loose words are talk: with ``jack_suit=anyone`` the first suit's name
        said after a Jack names the suit in force and is no talk (MAO-4)."""
        g = self.game
        if not g.naming:
            return True
        words = text.split()
        found = g.vocabulary.named_suit(words)
        if found is None:
            return True
        self.name_suit(i, found[2], events)
        return len(words) > found[1]

    def name_suit(self, i: int, suit: str, events: list[Event]) -> None:
        g = self.game
        g.suit = suit
        g.naming = False
        events.append(g.event("suit_named", seat=g.seats[i], suit=suit))

    def hear_phrase(self, i: int, phrase: str) -> bool:
        """Whether a phrase from seat ``i`` is in order now (recording a forbidden one)."""
        g = self.game
        mine = None
        if g.windows:  # a loop, not a comprehension: cheaper for the window or two open
            mine = []
            for window in g.windows:
                if window["seat"] == i:
                    mine.append(window)
        if mine:
            for window in mine:
                for said, call in window["forbid"]:
                    if said == phrase:
                        self.penalties.offence(i, call)
                        return True
            for window in mine:
                owed = window["owed"]
                for k, (wanted, _call) in enumerate(owed):
                    if wanted == phrase:
                        del owed[k]
                        if not owed and not window["forbid"]:
                            g.windows.remove(window)  # nothing left to wait for
                            self.judge_held(window, {}, [])
                        return True
            kind = phrase_kind(phrase)
            if any(phrase_kind(wanted) == kind for w in mine for wanted, _ in w["owed"]):
                return True  # a failed attempt at an owed phrase: it stays owed, no talk
        if phrase == NEW_RULE and self.may_announce_rule(i):
            return True
        if i == g.turn and g.hands[i]:
            g.presaid.append(phrase)  # judged when this turn's action is known
            return True
        return False

    def may_announce_rule(self, i: int) -> bool:
        g = self.game
        declared = g.declared_at[i]
        recent = declared is not None and g.now < declared + g.options["speech_window"]
        return g.credits[i] > 0 or recent

    def hear_in_point_of_order(
        self, i: int, tokens: list[Token], targets: list[int], events: list[Event]
    ) -> None:
        """MAO-15: free speech, except repeating the call, "Mao" and touching cards."""
        phrases = {t.text for t in tokens if t.kind == "phrase"}
        made = {t.text for t in tokens if t.kind == "call" and t.text in POINT_OF_ORDER_CALLS}
        for call in sorted(made):
            self.penalties.adjudicate(i, call, targets, events)
        if POINT_OF_ORDER in phrases:
            self.penalties.offence(i, POINT_OF_ORDER_AGAIN)
        if MAO in phrases:
            self.penalties.offence(i, NAME_IN_VAIN)
        if END_POINT_OF_ORDER in phrases:
            self.end_point_of_order(i, events)

    def start_point_of_order(self, i: int, events: list[Event]) -> None:
        g = self.game
        g.point_of_order = {
            "by": i,
            "since": g.now,
            "until": g.now + POINT_OF_ORDER_SECONDS,
        }
        events.append(g.event("point_of_order", seat=g.seats[i]))

    def end_point_of_order(self, i: int | None, events: list[Event]) -> None:
        """Resume play; every clock is moved on by the time the Point of Order took."""
        g = self.game
        poo = g.point_of_order
        assert poo is not None
        shift = g.now - poo["since"]
        g.turn_since += shift
        for window in g.windows:
            window["until"] += shift
        for infraction in g.infractions:
            infraction["until"] += shift
        g.point_of_order = None
        events.append(
            g.event(
                "point_of_order_end",
                seat=None if i is None else g.seats[i],
                reason="time" if i is None else "said",
            )
        )

    # --- obligations ----------------------------------------------------------------------
    def close_window(self, window: dict[str, Any], events: list[Event]) -> None:
        """MAO-7: each call name still owed becomes one infraction (MAO-11: called at once if
        a player called it while the window was open)."""
        missing: dict[tuple[str, ...], dict[str, Any]] = {}
        for _phrase, call in window["owed"]:
            key = adjudication.call_key(call)
            if key not in missing:
                infraction = self.penalties.offence(window["seat"], call)
                if infraction is not None:
                    missing[key] = infraction
        self.judge_held(window, missing, events)

    def judge_held(
        self,
        window: dict[str, Any],
        missing: dict[tuple[str, ...], dict[str, Any]],
        events: list[Event],
    ) -> None:
        """MAO-11: a call held for a closing window stands if its slip does, first come
        first credited; any other held call is a Bad adjudication."""
        for call, caller in window["held"]:
            infraction = missing.pop(adjudication.call_key(call), None)
            if infraction is not None:
                self.penalties.penalise(infraction, caller, events)
            else:
                self.penalties.offence(caller, BAD_ADJUDICATION)
        window["held"] = []

    def close_windows(self, events: list[Event]) -> None:
        """The next player has acted: every open speech window closes."""
        g = self.game
        windows, g.windows = g.windows, []
        for window in windows:
            self.close_window(window, events)

    def open_window(
        self, i: int, owed: list[list[str]], forbid: list[list[str]], events: list[Event]
    ) -> None:
        """Match what ``i`` said earlier this turn, then keep the rest owed for a while."""
        g = self.game
        if forbid or g.presaid:  # else the usual case: nothing to match
            self.match_presaid(i, owed, forbid)
        if g.presaid_calls:
            self.judge_presaid_calls(i, events)
        if owed or forbid:
            g.windows.append(
                {
                    "seat": i,
                    "until": g.now + g.options["speech_window"],
                    "owed": owed,
                    "forbid": forbid,
                    "held": [],
                }
            )

    def judge_presaid_calls(self, i: int, events: list[Event]) -> None:
        """MAO-11: calls made on ``i`` while what it said this turn waited for its action are
        judged now, as any call is (``Penalties.adjudicate``): they stand if that action made
        a slip of them (what ``match_presaid`` recorded), first come first credited."""
        g = self.game
        calls, g.presaid_calls = g.presaid_calls, []
        for call, caller in calls:
            self.penalties.adjudicate(caller, call, [i], events)

    def match_presaid(self, i: int, owed: list[list[str]], forbid: list[list[str]]) -> None:
        """What ``i`` said before the window opened: owed phrases said are struck from
        ``owed``, forbidden ones and other talk are penalised."""
        g = self.game
        forbidden = {p for p, _ in forbid} if forbid else ()
        if forbidden:  # the usual case has none: nothing to strike
            owed[:] = [entry for entry in owed if entry[0] not in forbidden]
        talked = False
        for phrase in g.presaid:
            hit = None
            for k, entry in enumerate(owed):  # a loop: cheaper than next() of a generator
                if entry[0] == phrase:
                    hit = k
                    break
            if phrase in forbidden:
                self.penalties.offence(i, next(c for p, c in forbid if p == phrase))
            elif hit is not None:
                del owed[hit]
            elif any(phrase_kind(p) == phrase_kind(phrase) for p, _ in owed):
                continue
            elif phrase == MAO:
                self.penalties.offence(i, NAME_IN_VAIN)
            else:
                talked = True
        g.presaid = []
        if talked:
            self.penalties.offence(i, TALKING)
