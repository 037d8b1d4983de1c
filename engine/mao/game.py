"""Mao, refereed by the Chairman: MAO-1..17 of the rule spec.

Cards and turns (MAO-1..6): one deck per five players (option ``decks``, 0 = that rule),
five cards each, clockwise from the seat after the dealer. Follow the suit in force or the
rank on top; take a card instead at any time in your turn; one card per turn. 7 opens or
extends a chain: the next player plays a 7 or takes as many cards as there are 7s. 8
reverses, a Queen skips the next player, a Jack names the suit in force (``play JH
suit=S``; with ``jack_suit=anyone`` the Jack is played bare and the first suit's name a
seated player says sets it, MAO-4). An empty pool is the pile but its top card turned over
(COMMON-2; ``pool=shuffle`` shuffles it). Going out needs "Mao"; a player who is out may
``rejoin`` with five cards and, having won, may ``declare_rule`` once per win (MAO-16, see
``engine.mao.rules``).

Refereeing (MAO-7..15): every card in hand is offered in ``legal_actions`` whoever's turn it
is; a card that may not be played stays in the hand and is an infraction ("Bad card",
"Playing out of turn", "Failure to take penalty card"), not an error. ``IllegalAction`` is
kept for what no player could do: a card not held, a seat not at the table, a malformed
action. Speech is the ``say`` action, judged by ``engine.mao.phrases`` in English and in
the table's ``language`` (``engine.mao.languages``; the game keeps the English names): a
phrase counts from the start of its speaker's turn until the next player acts or ``speech_window``
seconds after the action it belongs to; anything else is "Talking". Infractions wait
``call_window`` seconds for a player's call (``engine.mao.calls``); in ``chairman`` mode the
Chairman calls what is left when the window closes, in ``players`` mode it lapses. A call of a
phrase its offender may still say is held until their speech window closes (MAO-11), and a
message makes each call once per offender (MAO-18). Every penalty is a ruling a moderator may
overturn (``moderate``, ``engine.mao.rulings``). The turn
clock (``turn_seconds``, 0 = off) restarts after every timeout; after three in a row the
seat is marked ``away`` (a bot may play for it) until it sends ``back``. A Point of Order
stops every clock for up to three minutes.

A round (MAO-17) ends when at most one player still holds cards; each player who went out
won it. Everyone is dealt in again, declared rules stay, infractions still waiting for a
call carry over. The table runs until its host stops it (option ``rounds`` ends the match
after that many rounds, for simulations).

Choices where the spec is silent, each pinned by a test of that name:

- the right phrase said before the card is played, in the same turn, counts (MAO-7 "from
  the start of their turn"); a wrong "very" count or a wrong card name is a failed attempt,
  not Talking; a missing phrase is one infraction per call name (three "Penalty card"s
  short is one "Failure to say 'Penalty card'");
- a player who plays their last card is *going out* until their speech window has closed
  and none of their infractions awaits a call; a penalty card meanwhile puts them back in.
  Every player who goes out is credited with a win and one new rule;
- with a 7 pending, a card other than a 7 is "Failure to take penalty card" (it stays in
  hand); a refused card restarts its player's turn clock, as a penalty card does;
- a call naming nobody (no mention, no reply) is judged against every other seat;
- "Point of order" starts one even inside a longer message, and the rest of that message
  is free speech; during a Point of Order only its own three calls are judged, and penalty
  cards they win are given at once.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.actions import Action, DeclareRule, IllegalAction, Play, Rejoin, Say
from engine.base import RECENT_EVENTS, Event
from engine.cards import SUITS, Card
from engine.events import EventType, GameView, Outcome, event
from engine.mao import calls as adjudication
from engine.mao import describe as sentences
from engine.mao import rules as secret
from engine.mao import rulings
from engine.mao.clock import (
    AWAY_AFTER,
    CALL_WINDOW_CLOSES,
    POINT_OF_ORDER_ENDS,
    POINT_OF_ORDER_SECONDS,
    SPEECH_WINDOW_CLOSES,
    TURN_RUNS_OUT,
    Due,
    earliest,
)
from engine.mao.languages import SPEECH
from engine.mao.phrases import (
    BAD_ADJUDICATION,
    BAD_CALL,
    BAD_CARD,
    END_POINT_OF_ORDER,
    FAILURE_TO_TAKE,
    FIVE_SECONDS,
    LAST_CARD,
    MAO,
    NAME_IN_VAIN,
    NEW_RULE,
    NO_MAO,
    OUT_OF_TURN,
    PENALTY_CARD,
    POINT_OF_ORDER,
    POINT_OF_ORDER_AGAIN,
    POINT_OF_ORDER_CALLS,
    TALKING,
    TOUCHING,
    Token,
    Vocabulary,
    card_phrase,
    failure_to_say,
    nice_day,
    phrase_kind,
)
from engine.options import Option
from engine.shedding import PLAY_ONE, PLAY_WILD, TAKE, SheddingGame
from engine.words import Describer

MODES = ("chairman", "players")
#: COMMON-2 for Mao: the pile is turned over to become the pool (seed 000), or shuffled
POOLS = ("turn", "shuffle")
#: MAO-4: who names the suit after a Jack: its player with the play, or anyone in the thread
JACK_SUITS = ("player", "anyone")
#: a round's public history kept for observations (MAO-6 bots after a restart); a cap only
HISTORY_LIMIT = 4000
KEPT_EVENTS = 2 * RECENT_EVENTS
MAX_MESSAGE = 4000
SEATS_PER_DECK = 5


@dataclass(frozen=True, slots=True)
class Back(Action):
    """Mao: a seat marked away (MAO-14) is back; the bot playing for it stops."""

    kind: ClassVar[str] = "back"


REJOIN = Rejoin()
BACK = Back()


class Mao(SheddingGame):
    """Mao with the bot as Chairman; see the module docstring."""

    name: ClassVar[str] = "mao"
    timed: ClassVar[bool] = True
    reads_chat: ClassVar[bool] = True
    #: the rules are never explained (MAO-1): front-ends show no pending penalty or reason
    secret_rules: ClassVar[bool] = True
    players_make_rules: ClassVar[bool] = True
    results_per_round: ClassVar[bool] = True
    #: its events told as facts, and the Chairman's announcements (``engine.mao.describe``)
    describer: ClassVar[Describer | None] = sentences
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 10
    hand_size: ClassVar[int] = 5
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("turn_seconds", 5, 0, 600, "seconds a player has to play (0: no clock)"),
        Option.number("speech_window", 5, 1, 600, "seconds to say what must be said after a play"),
        Option.number("call_window", 6, 1, 3600, "seconds a slip may still be called"),
        Option.choice("mode", "chairman", MODES, "who calls the slips nobody called"),
        Option.choice("pool", "turn", POOLS, "a spent pool: turn the pile over, or shuffle it"),
        Option.choice("jack_suit", "player", JACK_SUITS, "who names a Jack's suit"),
        Option.number("decks", 0, 0, 10, "decks in play (0: one per five players)"),
        Option.number("rounds", 0, 0, 10_000, "rounds before the match ends (0: until stopped)"),
        Option.words("house_rules", "the server's rules every table starts with"),
        Option.choice("language", "en", tuple(SPEECH), "the language the Chairman hears"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.turn_since = 0.0
        self.streak: list[int] = []
        self.away: list[bool] = []
        self.going_out: list[bool] = []
        self.out_order: list[int] = []
        self.windows: list[dict[str, Any]] = []
        self.presaid: list[str] = []
        self.infractions: list[dict[str, Any]] = []
        self.next_id = 1
        self.point_of_order: dict[str, Any] | None = None
        self.rules: list[dict[str, Any]] = []
        self.credits: list[int] = []
        self.declared_at: list[float | None] = []
        self.stats: list[dict[str, Any]] = []
        self.event_count = 0
        self.rulings: list[dict[str, Any]] = []
        self.naming = False
        self.history: list[Event] = []
        self.utterance: set[tuple[int, tuple[str, ...]]] | None = None
        self._vocabulary: Vocabulary | None = None

    # --- options and set-up ---------------------------------------------------------------
    @classmethod
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        merged["house_rules"] = [secret.validate(rule) for rule in merged["house_rules"]]
        return merged

    def setup_match(self) -> None:
        n = len(self.seats)
        self.streak = [0] * n
        self.away = [False] * n
        self.going_out = [False] * n
        self.credits = [0] * n
        self.declared_at = [None] * n
        self.stats = [adjudication.empty_stats() for _ in range(n)]
        self.rules = [{"by": None, "rule": rule} for rule in self.options["house_rules"]]

    def deck_count(self) -> int:
        """MAO-1: one deck for up to five players, one more per five more."""
        return self.options["decks"] or math.ceil(len(self.seats) / SEATS_PER_DECK)

    def start_round(self, first: int, events: list[Event]) -> None:
        mark = len(events)
        super().start_round(first, events)
        self.stamp(events[mark:])
        self.going_out = [False] * len(self.seats)
        self.out_order = []
        self.windows = []
        self.presaid = []
        self.streak = [0] * len(self.seats)
        self.point_of_order = None
        self.turn_since = self.now
        self.rulings = []
        self.naming = False

    # --- small helpers --------------------------------------------------------------------
    def event(self, kind: EventType, **fields: Any) -> Event:
        return event(kind, **fields, at=self.now)

    def stamp(self, events: list[Event]) -> None:
        for e in events:
            e.setdefault("at", self.now)

    def deal(self, i: int, count: int, events: list[Event]) -> int:
        """Give seat ``i`` up to ``count`` cards from the pool (COMMON-2); how many it got."""
        mark = len(events)
        got = self.draw_cards(i, count, events)
        self.stamp(events[mark:])
        return len(got)

    def draw_cards(self, i: int, count: int, events: list[Event]) -> list[Card]:
        """COMMON-2 for Mao: an empty pool is the pile but its top card, turned over (so its
        oldest card comes first), or shuffled with option ``pool=shuffle``."""
        if self.options["pool"] == "shuffle":
            return super().draw_cards(i, count, events)
        got: list[Card] = []
        hand = self.hands[i]
        for _ in range(count):
            if not self.stock:
                if len(self.pile) < 2:
                    break
                self.stock = self.pile[-2::-1]  # face down: the pile's bottom card on top
                self.pile = self.pile[-1:]
                events.append({"type": "reshuffle", "count": len(self.stock)})
            card = self.stock.pop()
            hand.append(card)
            got.append(card)
        return got

    def next_holder(self, i: int) -> int | None:
        """The next seat after ``i`` that holds cards (``i`` itself if it is the only one)."""
        n = len(self.seats)
        for step in range(1, n + 1):
            j = (i + step * self.direction) % n
            if self.hands[j]:
                return j
        return None

    def pass_turn(self, j: int | None) -> None:
        self.turn = j
        self.turn_since = self.now
        self.presaid = []

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            phrases, calls = secret.known_words([r["rule"] for r in self.rules])
            speech = SPEECH[self.options.get("language", "en")]
            self._vocabulary = Vocabulary(phrases, calls, speech)
        return self._vocabulary

    def playable(self, card: Card) -> bool:
        """MAO-2, MAO-4: suit in force or rank on top, or a card a secret rule made wild."""
        if card.suit == self.suit or card.rank == self.pile[-1].rank:
            return True
        for entry in self.rules:
            rule = entry["rule"]
            if rule["effect"]["kind"] == "wild" and secret.matches_card(rule["trigger"], card):
                return True
        return False

    # --- the contract ---------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every card held (Jacks once per suit) and take; rejoin when out; back when away.

        ``say`` and ``declare_rule`` are free-form and always accepted from a seated player
        (a rule only from one who has a win to spend), so they are not listed.
        """
        i = self.seat_index(seat)
        if self.over:
            return []
        out: list[Action] = []
        hand = self.hands[i]
        if hand:
            for card in dict.fromkeys(hand):
                if card.rank == "J" and not self.anyone_names:
                    out.extend(PLAY_WILD[card])
                else:
                    out.append(PLAY_ONE[card])
            out.append(TAKE)
        elif not self.going_out[i]:
            out.append(REJOIN)
        if self.away[i]:
            out.append(BACK)
        return out

    def apply(self, seat: str, action: Action | str | dict[str, Any]) -> list[Event]:
        i, action = self.accept(seat, action)
        try:
            t = self.now if action.at is None else max(float(action.at), self.now)
        except (TypeError, ValueError) as exc:
            raise IllegalAction("an action's time must be a number of seconds") from exc
        if not math.isfinite(t):
            raise IllegalAction("an action's time must be a number of seconds")
        due = self.next_deadline()
        catching_up = due is not None and due <= t
        try:
            self.check(i, action)
            possible = True
        except IllegalAction:
            if not catching_up:
                raise
            possible = False  # what falls due first may make it possible (a seat marked away)
        # What falls due first only adds cards, marks, credits and records, which leaves a
        # possible action possible, unless it ends the round (a new deal, perhaps the match's
        # end: only when someone is going out) or gives a card to a player about to rejoin.
        # Then keep a copy to go back to.
        risky = (
            not possible
            or any(self.going_out)
            or (action.kind == "rejoin" and adjudication.owed_by(self.infractions, i))
        )
        snapshot = self.snapshot() if risky and catching_up else None
        was = self.now
        events: list[Event] = []
        try:
            self.advance(t, events)
            if self.over:
                raise IllegalAction("the match is over")
            self.now = t
            self.perform(i, action, events)
        except IllegalAction:
            if snapshot is not None:
                self.restore(snapshot)
            self.now = was
            raise
        self.settle(events)
        self.version += 1
        self.log(*events)
        return events

    def moderate(self, action: dict[str, Any]) -> list[Event]:
        """A moderator's decision, logged like any action: ``{"kind": "overturn", "ruling":
        7, "at": 30.0}`` undoes ruling 7 of this round (``engine.mao.rulings``)."""
        if self.over:
            raise IllegalAction("the match is over")
        if action.get("kind") != "overturn":
            raise IllegalAction("a moderator may only overturn a ruling")
        try:
            t = max(float(action.get("at", self.now)), self.now)
        except (TypeError, ValueError) as exc:
            raise IllegalAction("an action's time must be a number of seconds") from exc
        snapshot = self.snapshot()
        events: list[Event] = []
        try:
            self.advance(t, events)
            self.now = t
            ruling = rulings.find(self.rulings, action.get("ruling"))
            rulings.overturn(self, ruling, events)
        except IllegalAction:
            self.restore(snapshot)
            raise
        self.settle(events)
        self.version += 1
        self.log(*events)
        return events

    def declared_rules(self) -> list[dict[str, Any]]:
        return [entry["rule"] for entry in self.rules]

    def public_rulings(self) -> list[dict[str, Any]]:
        """This round's rulings without their cards, for a moderator (``/table rulings``)."""
        return rulings.listing(self.rulings, self.seats)

    def snapshot(self) -> dict[str, Any]:
        """A copy of the state to go back to; cheaper than ``to_dict`` (cards are immutable)."""
        copied = dict(self.__dict__)  # numbers, text and the fixed parts as they are
        copied["rng"] = self.rng.getstate()
        copied["hands"] = [hand[:] for hand in self.hands]
        for key in ("stock", "pile", "events", "history", "rules", "scores", "lost_turns"):
            copied[key] = copied[key][:]  # their items are never changed in place
        for key in ("streak", "away", "going_out", "out_order", "presaid", "credits"):
            copied[key] = copied[key][:]
        copied["declared_at"] = self.declared_at[:]
        copied["windows"] = [
            {
                **w,
                "owed": [e[:] for e in w["owed"]],
                "forbid": [e[:] for e in w["forbid"]],
                "held": [e[:] for e in w["held"]],
            }
            for w in self.windows
        ]
        copied["infractions"] = [dict(f) for f in self.infractions]
        copied["rulings"] = [dict(r) for r in self.rulings]
        copied["stats"] = [{**f, "penalties": dict(f["penalties"])} for f in self.stats]
        for key in ("pending", "point_of_order"):
            copied[key] = None if copied[key] is None else dict(copied[key])
        return copied

    def restore(self, copied: dict[str, Any]) -> None:
        state = copied.pop("rng")
        self.__dict__.update(copied)
        self.rng.setstate(state)

    def log(self, *events: Event) -> None:
        """Keep exactly the latest events, so the record does not depend on how often the
        clock was ticked (a tick's events and an action's arrive in different batches), and
        the round's whole public history, which a player at the table would remember."""
        self.event_count += len(events)
        self.events.extend(events)
        if len(self.events) > KEPT_EVENTS:
            del self.events[:-KEPT_EVENTS]
        for e in events:
            if e["type"] == "deal":
                self.history = []
            self.history.append(e)
        if len(self.history) > HISTORY_LIMIT:
            del self.history[:-HISTORY_LIMIT]

    def next_deadline(self) -> float | None:
        if self.over:
            return None
        first = self.next_due()
        return None if first is None else first.at

    def tick(self, now: float) -> list[Event]:
        if self.over:
            return []
        events: list[Event] = []
        if self.advance(float(now), events):
            self.version += 1
            self.log(*events)
        return events

    # --- the clock ------------------------------------------------------------------------
    def next_due(self) -> Due | None:
        """The first thing the clock will do.

        Speech windows and infractions are kept in the order they fall due: each is opened
        or recorded at the clock's time (never earlier than the one before) for a fixed
        length, and a Point of Order moves them all on alike. So only the first of each list
        can be next.
        """
        poo = self.point_of_order
        if poo is not None:
            return Due(poo["until"], POINT_OF_ORDER_ENDS, 0)
        items = []
        if self.windows:
            items.append(Due(self.windows[0]["until"], SPEECH_WINDOW_CLOSES, 0))
        if self.infractions:
            first = self.infractions[0]
            items.append(Due(first["until"], CALL_WINDOW_CLOSES, first["id"]))
        seconds = self.options["turn_seconds"]
        if seconds and self.turn is not None and self.hands[self.turn]:
            items.append(Due(self.turn_since + seconds, TURN_RUNS_OUT, self.turn))
        return earliest(items)

    def advance(self, t: float, events: list[Event]) -> int:
        """Apply, in order and each at its own time, everything due by ``t``."""
        done = 0
        while not self.over:
            item = self.next_due()
            if item is None or item.at > t:
                break
            self.now = max(self.now, item.at)
            done += 1
            if item.what == POINT_OF_ORDER_ENDS:
                self.end_point_of_order(None, events)
            elif item.what == SPEECH_WINDOW_CLOSES:
                self.close_window(self.windows.pop(item.ref), events)
            elif item.what == CALL_WINDOW_CLOSES:
                infraction = self.infractions[0]
                if self.options["mode"] == "chairman":
                    self.penalise(infraction, None, events)
                else:
                    self.infractions.remove(infraction)
            else:
                self.turn_runs_out(item.ref, events)
            self.settle(events)
        return done

    def turn_runs_out(self, i: int, events: list[Event]) -> None:
        """MAO-14: a timeout is an infraction, the clock starts again, three make a seat away."""
        self.offence(i, FIVE_SECONDS)
        events.append(self.event("turn_ran_out", seat=self.seats[i]))
        self.streak[i] += 1
        self.turn_since = self.now
        if self.streak[i] >= AWAY_AFTER and not self.away[i]:
            self.away[i] = True
            events.append(self.event("away", seat=self.seats[i]))

    # --- infractions and calls ------------------------------------------------------------
    def offence(self, i: int, call: str) -> dict[str, Any] | None:
        """Record an infraction; during a Point of Order its window starts when play resumes.

        Within one message (``self.utterance``, MAO-18) a seat commits each call once.
        """
        if self.utterance is not None:
            key = (i, adjudication.call_key(call))
            if key in self.utterance:
                return None
            self.utterance.add(key)
        poo = self.point_of_order
        base = poo["since"] if poo is not None else self.now
        infraction = adjudication.record(
            self.infractions, self.next_id, i, call, self.now, base + self.options["call_window"]
        )
        self.next_id += 1
        if call == BAD_ADJUDICATION:
            self.stats[i]["bad_adjudications"] += 1
        elif call == BAD_CALL:
            self.stats[i]["bad_calls"] += 1
        return infraction

    def penalise(self, infraction: dict[str, Any], caller: int | None, events: list[Event]) -> None:
        """MAO-9: one card from the pool to the offender, the call named, the caller credited."""
        self.infractions.remove(infraction)
        i = infraction["seat"]
        call = infraction["call"]
        mark = len(events)
        cards = self.draw_cards(i, 1, events)
        self.stamp(events[mark:])
        got = len(cards)
        self.rulings.append(
            {
                "id": infraction["id"],
                "call": call,
                "seat": i,
                "by": caller,
                "at": self.now,
                "card": str(cards[0]) if cards else None,
                "overturned": False,
            }
        )
        figures = self.stats[i]
        figures["penalties"][call] = figures["penalties"].get(call, 0) + 1
        figures["penalties_taken"] += 1
        if caller is not None:
            self.stats[caller]["calls"] += 1
        events.append(
            self.event(
                "penalty",
                call=call,
                seat=self.seats[i],
                by="Chairman" if caller is None else self.seats[caller],
                count=got,
                ruling=infraction["id"],
            )
        )
        if got:
            self.going_out[i] = False
            if i == self.turn and self.point_of_order is None:
                self.turn_since = self.now

    def adjudicate(self, i: int, call: str, targets: list[int], events: list[Event]) -> None:
        """MAO-11, MAO-18: one call name from one message, judged once per offender it names
        (once against everyone else when it names nobody); a call that stands against no one
        and is held for no one is the message's one Bad adjudication."""
        groups = [[k] for k in targets] or [[k for k in range(len(self.seats)) if k != i]]
        addressed = False
        for candidates in groups:
            found = adjudication.find_for_call(self.infractions, call, candidates, self.now)
            if found is not None:
                self.penalise(found, i, events)
                addressed = True
                continue
            window = adjudication.window_owing(self.windows, call, candidates)
            if window is not None:
                window["held"].append([call, i])  # MAO-11: judged when the window closes
                addressed = True
        if not addressed:
            self.offence(i, BAD_ADJUDICATION)

    # --- speech ---------------------------------------------------------------------------
    def hear(self, i: int, action: Say, events: list[Event]) -> None:
        """MAO-7, 8, 10, 15, 18: judge one message from seat ``i``: one utterance, in which
        each call is made once per offender and each infraction committed once."""
        text = action.text if isinstance(action.text, str) else str(action.text)
        text = text[:MAX_MESSAGE]  # longer than any chat allows: the rest is not read
        targets: list[int] = []
        for name in (action.reply_to, *action.mentions):
            k = self.index.get(name) if isinstance(name, str) else None
            if k is not None and k not in targets:
                targets.append(k)
        said = self.event("say", seat=self.seats[i], text=text)
        if targets:
            said["to"] = [self.seats[k] for k in targets]  # mentions and replies are public
        events.append(said)
        tokens = self.vocabulary.parse(text)
        self.utterance = set()
        try:
            if self.point_of_order is not None:
                self.hear_in_point_of_order(i, tokens, targets, events)
            else:
                self.hear_in_play(i, tokens, targets, events)
        finally:
            self.utterance = None

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
                    self.adjudicate(i, token.text, targets, events)
            elif token.kind == "near_call":
                self.offence(i, BAD_CALL)
            elif token.kind == "talk":
                talked = self.hear_talk(i, token.text, events) or talked
            elif token.text == POINT_OF_ORDER:
                self.start_point_of_order(i, events)
                break  # the rest of the message is said during it, and is free
            elif not self.hear_phrase(i, token.text):
                if token.text == MAO:
                    self.offence(i, NAME_IN_VAIN)
                else:
                    talked = True
        if talked:
            self.offence(i, TALKING)

    def hear_talk(self, i: int, text: str, events: list[Event]) -> bool:
        """Whether these loose words are talk: with ``jack_suit=anyone`` the first suit's name
        said after a Jack names the suit in force and is no talk (MAO-4)."""
        if not self.naming:
            return True
        words = text.split()
        named = self.vocabulary.suit_words
        k = next((n for n, w in enumerate(words) if w in named), None)
        if k is None:
            return True
        self.name_suit(i, named[words[k]], events)
        return len(words) > 1

    def name_suit(self, i: int, suit: str, events: list[Event]) -> None:
        self.suit = suit
        self.naming = False
        events.append(self.event("suit_named", seat=self.seats[i], suit=suit))

    @property
    def anyone_names(self) -> bool:
        return bool(self.options["jack_suit"] == "anyone")

    def hear_phrase(self, i: int, phrase: str) -> bool:
        """Whether a phrase from seat ``i`` is in order now (recording a forbidden one)."""
        mine = [w for w in self.windows if w["seat"] == i]
        for window in mine:
            for said, call in window["forbid"]:
                if said == phrase:
                    self.offence(i, call)
                    return True
        for window in mine:
            owed = window["owed"]
            for k, (wanted, _call) in enumerate(owed):
                if wanted == phrase:
                    del owed[k]
                    if not owed and not window["forbid"]:
                        self.windows.remove(window)  # nothing left to wait for
                        self.judge_held(window, {}, [])
                    return True
        kind = phrase_kind(phrase)
        if any(phrase_kind(wanted) == kind for w in mine for wanted, _ in w["owed"]):
            return True  # a failed attempt at an owed phrase: it stays owed, but is no talk
        if phrase == NEW_RULE and self.may_announce_rule(i):
            return True
        if i == self.turn and self.hands[i]:
            self.presaid.append(phrase)  # judged when this turn's action is known
            return True
        return False

    def may_announce_rule(self, i: int) -> bool:
        declared = self.declared_at[i]
        recent = declared is not None and self.now < declared + self.options["speech_window"]
        return self.credits[i] > 0 or recent

    def hear_in_point_of_order(
        self, i: int, tokens: list[Token], targets: list[int], events: list[Event]
    ) -> None:
        """MAO-15: free speech, except repeating the call, "Mao" and touching cards."""
        phrases = {t.text for t in tokens if t.kind == "phrase"}
        made = {t.text for t in tokens if t.kind == "call" and t.text in POINT_OF_ORDER_CALLS}
        for call in sorted(made):
            self.adjudicate(i, call, targets, events)
        if POINT_OF_ORDER in phrases:
            self.offence(i, POINT_OF_ORDER_AGAIN)
        if MAO in phrases:
            self.offence(i, NAME_IN_VAIN)
        if END_POINT_OF_ORDER in phrases:
            self.end_point_of_order(i, events)

    def start_point_of_order(self, i: int, events: list[Event]) -> None:
        self.point_of_order = {
            "by": i,
            "since": self.now,
            "until": self.now + POINT_OF_ORDER_SECONDS,
        }
        events.append(self.event("point_of_order", seat=self.seats[i]))

    def end_point_of_order(self, i: int | None, events: list[Event]) -> None:
        """Resume play; every clock is moved on by the time the Point of Order took."""
        poo = self.point_of_order
        assert poo is not None
        shift = self.now - poo["since"]
        self.turn_since += shift
        for window in self.windows:
            window["until"] += shift
        for infraction in self.infractions:
            infraction["until"] += shift
        self.point_of_order = None
        events.append(
            self.event(
                "point_of_order_end",
                seat=None if i is None else self.seats[i],
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
                infraction = self.offence(window["seat"], call)
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
                self.penalise(infraction, caller, events)
            else:
                self.offence(caller, BAD_ADJUDICATION)
        window["held"] = []

    def close_windows(self, events: list[Event]) -> None:
        """The next player has acted: every open speech window closes."""
        windows, self.windows = self.windows, []
        for window in windows:
            self.close_window(window, events)

    def open_window(self, i: int, owed: list[list[str]], forbid: list[list[str]]) -> None:
        """Match what ``i`` said earlier this turn, then keep the rest owed for a while."""
        forbidden = {p for p, _ in forbid}
        owed[:] = [entry for entry in owed if entry[0] not in forbidden]
        talked = False
        for phrase in self.presaid:
            hit = next((k for k, (p, _) in enumerate(owed) if p == phrase), None)
            if phrase in forbidden:
                self.offence(i, next(c for p, c in forbid if p == phrase))
            elif hit is not None:
                del owed[hit]
            elif any(phrase_kind(p) == phrase_kind(phrase) for p, _ in owed):
                continue
            elif phrase == MAO:
                self.offence(i, NAME_IN_VAIN)
            else:
                talked = True
        self.presaid = []
        if talked:
            self.offence(i, TALKING)
        if owed or forbid:
            self.windows.append(
                {
                    "seat": i,
                    "until": self.now + self.options["speech_window"],
                    "owed": owed,
                    "forbid": forbid,
                    "held": [],
                }
            )

    # --- actions --------------------------------------------------------------------------
    def check(self, i: int, action: Action) -> dict[str, Any] | None:
        """Raise ``IllegalAction`` for what no player could do now; change nothing.

        Returns the validated rule of a ``declare_rule``.
        """
        kind = action.kind
        if kind == "say":
            return None
        if isinstance(action, Play):
            cards = action.cards
            if len(cards) != 1:
                raise IllegalAction("one card at a time")
            card = cards[0]
            self.card_in_hand(i, card)
            suit = action.suit
            if card.rank == "J" and self.anyone_names:
                if suit is not None:
                    raise IllegalAction("at this table the suit is named in the chat")
            elif card.rank == "J":
                if suit not in SUITS:
                    raise IllegalAction("a Jack names a suit: add suit=C, D, H or S")
            elif suit is not None:
                raise IllegalAction("only a Jack names a suit")
        elif kind == "take":
            if not self.hands[i]:
                if self.going_out[i]:
                    raise IllegalAction("you have played your last card")
                raise IllegalAction("you are out: rejoin to take five cards")
        elif kind == "rejoin":
            if self.hands[i] or self.going_out[i]:
                raise IllegalAction("only a player who has gone out may rejoin")
        elif isinstance(action, DeclareRule):
            if self.credits[i] <= 0:
                raise IllegalAction("only a player who has won a round may make a new rule")
            try:
                rule = secret.validate(action.rule)
            except secret.RuleError as exc:
                raise IllegalAction(str(exc)) from exc
            self.check_rule_fits(rule)
            return rule
        elif kind == "back":
            if not self.away[i]:
                raise IllegalAction("you are not marked away")
        else:
            raise IllegalAction(f"there is no {kind} in Mao: play a card or take one")
        return None

    def perform(self, i: int, action: Action, events: list[Event]) -> None:
        rule = self.check(i, action)
        kind = action.kind
        if isinstance(action, Say):
            self.hear(i, action, events)
        elif isinstance(action, Play):
            self.play_action(i, action, events)
        elif kind == "take":
            self.take_action(i, events)
        elif kind == "rejoin":
            self.rejoin(i, events)
        elif kind == "declare_rule":
            assert rule is not None
            self.declare_rule(i, rule, events)
        else:
            self.away[i] = False
            self.streak[i] = 0
            events.append(self.event("back", seat=self.seats[i]))

    def refuse(self, i: int, call: str, events: list[Event], card: Card | None = None) -> None:
        """The card stays where it was; the Chairman writes the infraction down."""
        self.offence(i, call)
        turn = self.current_player()
        if card is None:
            events.append(self.event("refused", seat=self.seats[i], action="take", turn=turn))
        else:
            events.append(
                self.event(
                    "refused", seat=self.seats[i], action="play", cards=[str(card)], turn=turn
                )
            )

    def play_action(self, i: int, action: Play, events: list[Event]) -> None:
        card = action.cards[0]
        if self.point_of_order is not None:
            self.refuse(i, TOUCHING, events, card)
            return
        if i != self.turn:
            self.refuse(i, OUT_OF_TURN, events, card)  # MAO-13
            return
        self.streak[i] = 0
        if self.pending is not None and card.rank != "7":
            self.refuse(i, FAILURE_TO_TAKE, events, card)
            self.turn_since = self.now
            return
        if self.pending is None and not self.playable(card):
            self.refuse(i, BAD_CARD, events, card)  # MAO-12
            self.turn_since = self.now
            return
        self.play_card(i, card, action.suit, events)

    def play_card(self, i: int, card: Card, named: str | None, events: list[Event]) -> None:
        """A card that may be played: its effects, the phrases it asks for, the next turn."""
        self.close_windows(events)
        hand = self.hands[i]
        hand.remove(card)
        self.pile.append(card)
        self.suit = named or card.suit
        self.naming = card.rank == "J" and self.anyone_names  # MAO-4: anyone names it now
        played = self.event("play", seat=self.seats[i], cards=[str(card)], left=len(hand))
        if named:
            played["suit"] = named
        events.append(played)
        owed: list[list[str]] = []
        chain = 0
        if card.rank == "7":  # MAO-3
            chain = (self.pending["count"] if self.pending else 0) + 1
            owed.append([nice_day(chain - 1), failure_to_say(nice_day(chain - 1))])
        if card.suit == "S":  # MAO-5
            phrase = card_phrase(card.rank, card.suit)
            owed.append([phrase, failure_to_say(phrase)])
        if len(hand) == 1:  # MAO-6
            owed.append([LAST_CARD, failure_to_say(LAST_CARD)])
        elif not hand:
            owed.append([MAO, NO_MAO])
            self.going_out[i] = True
        flips = 1 if card.rank == "8" else 0  # MAO-4
        skips = 1 if card.rank == "Q" else 0
        self.finish_action(i, card, owed, flips, skips, chain, events)

    def take_action(self, i: int, events: list[Event]) -> None:
        """MAO-2, MAO-3: take one card, or the whole 7 chain, saying "Penalty card" for each."""
        if self.point_of_order is not None:
            self.refuse(i, TOUCHING, events)
            return
        if i != self.turn:
            self.refuse(i, OUT_OF_TURN, events)
            return
        self.streak[i] = 0
        self.close_windows(events)
        owed: list[list[str]] = []
        if self.pending is not None:
            got = self.deal(i, self.pending["count"], events)
            self.pending = None
            owed = [[PENALTY_CARD, failure_to_say(PENALTY_CARD)] for _ in range(got)]
        else:
            got = self.deal(i, 1, events)
        events.append(self.event("take", seat=self.seats[i], count=got, left=len(self.hands[i])))
        self.finish_action(i, None, owed, 0, 0, 0, events)

    def finish_action(
        self,
        i: int,
        card: Card | None,
        owed: list[list[str]],
        flips: int,
        skips: int,
        chain: int,
        events: list[Event],
    ) -> None:
        """Secret rules, the speech window, direction, skips and the next turn."""
        forbid: list[list[str]] = []
        draws = 0
        size = len(self.hands[i])
        for entry in self.rules:
            rule = entry["rule"]
            if not secret.fires(rule, card=card, took=card is None, hand_size=size):
                continue
            effect = rule["effect"]
            kind = effect["kind"]
            # a spoken effect always has a call name (call_name is None for the others)
            if kind == "say":
                owed.append([effect["phrase"], secret.call_name(rule) or ""])
            elif kind == "silence":
                forbid.append([effect["phrase"], secret.call_name(rule) or ""])
            elif kind == "skip":
                skips += 1
            elif kind == "reverse":
                flips += 1
            elif kind == "draw":
                draws += effect["count"]
        self.open_window(i, owed, forbid)
        if flips % 2:
            self.direction = -self.direction
        after = self.next_holder(i)
        if draws and after is not None:
            got = self.deal(after, draws, events)
            events.append(self.event("given", seat=self.seats[after], count=got))
        for _ in range(skips):
            if after is None:
                break
            events.append(self.event("skipped", seat=self.seats[after]))
            after = self.next_holder(after)
        self.pending = None
        if chain and after is not None:
            self.pending = {"kind": "draw", "rank": "7", "count": chain, "target": after}
        self.turns += 1
        self.pass_turn(after)

    def rejoin(self, i: int, events: list[Event]) -> None:
        """MAO-6: a player who is out comes back with five cards from the pool."""
        if self.point_of_order is not None:
            self.refuse(i, TOUCHING, events)
            return
        got = self.deal(i, self.hand_size, events)
        events.append(self.event("rejoin", seat=self.seats[i], count=got))
        if self.turn is None and got:
            self.pass_turn(i)

    def declare_rule(self, i: int, rule: dict[str, Any], events: list[Event]) -> None:
        """MAO-16: a winner adds a secret rule; everyone else learns only that it exists."""
        self.rules.append({"by": i, "rule": rule})
        self.credits[i] -= 1
        self.declared_at[i] = self.now
        self._vocabulary = None
        events.append(self.event("new_rule", seat=self.seats[i]))

    def check_rule_fits(self, rule: dict[str, Any]) -> None:
        """A new rule's phrase must not be another rule's call, nor its call another's phrase."""
        phrases, calls = secret.known_words([r["rule"] for r in self.rules])
        new_phrases, new_calls = secret.known_words([rule])
        phrase_keys = {adjudication.call_key(p) for p in phrases}
        call_keys = {adjudication.call_key(c) for c in calls}
        for phrase in new_phrases:
            if adjudication.call_key(phrase) in call_keys:
                raise IllegalAction("that phrase is already the name of a call")
        for call in new_calls:
            if adjudication.call_key(call) in phrase_keys:
                raise IllegalAction("that name is already a phrase someone must say")

    # --- going out and rounds -------------------------------------------------------------
    def settle(self, events: list[Event]) -> None:
        """Confirm who went out, end the round when one player holds cards, mend the turn."""
        if self.over:
            return
        for k in range(len(self.seats)):
            if (
                self.going_out[k]
                and not self.hands[k]
                and not any(w["seat"] == k for w in self.windows)
                and not adjudication.owed_by(self.infractions, k)
            ):
                self.going_out[k] = False
                self.scores[k] += 1
                self.stats[k]["wins"] += 1
                self.credits[k] += 1
                self.out_order.append(k)
                events.append(self.event("out", seat=self.seats[k]))
        holders = [k for k, h in enumerate(self.hands) if h]
        waiting = sum(self.going_out)
        if len(holders) + waiting <= 1:
            self.end_round(holders, events)
            return
        if self.turn is None or not self.hands[self.turn]:
            start = self.round_first if self.turn is None else self.turn
            turn = start if self.hands[start] else self.next_holder(start)
            if turn != self.turn:
                self.pass_turn(turn)

    def end_round(self, holders: list[int], events: list[Event]) -> None:
        """MAO-17: record the round, then deal everyone in again (or end the match)."""
        self.close_windows(events)
        self.presaid = []
        self.pending = None
        events.append(
            self.event(
                "round_end",
                round=self.round,
                winners=[self.seats[k] for k in self.out_order],
                last=self.seats[holders[0]] if holders else None,
                stats=self.public_stats(),
            )
        )
        rounds = self.options["rounds"]
        if rounds and self.round >= rounds:
            self.over = True
            self.turn = None
            events.append(self.event("match_end", **self.outcome()))
            return
        self.start_round((self.round_first + 1) % len(self.seats), events)

    def public_stats(self) -> dict[str, Any]:
        return {
            s: {**f, "penalties": dict(f["penalties"])}
            for s, f in zip(self.seats, self.stats, strict=True)
        }

    def score_round(self, winner: int | None, events: list[Event]) -> list[int]:
        return [0] * len(self.seats)  # Mao keeps no points: wins are counted in settle

    def match_is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        """Places by rounds won (ties share a place); per-seat stats (MAO-17)."""
        order = sorted(range(len(self.seats)), key=lambda k: -self.scores[k])
        places: dict[str, int] = {}
        for rank, k in enumerate(order):
            if rank and self.scores[k] == self.scores[order[rank - 1]]:
                places[self.seats[k]] = places[self.seats[order[rank - 1]]]
            else:
                places[self.seats[k]] = rank + 1
        best = max(self.scores)
        winners = [s for s, w in zip(self.seats, self.scores, strict=True) if best and w == best]
        return {
            "places": places,
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "stats": self.public_stats(),
        }

    # --- what seats may see ---------------------------------------------------------------
    def public_options(self) -> dict[str, Any]:
        """Every option but the house rules' content: seats learn only how many there are."""
        shown = {k: v for k, v in self.options.items() if k != "house_rules"}
        shown["house_rules"] = len(self.options.get("house_rules") or [])
        return shown

    def extra_observation(self, i: int | None) -> GameView:
        poo = self.point_of_order
        seconds = self.options["turn_seconds"]
        ends = None
        if poo is None and seconds and self.turn is not None:
            ends = self.turn_since + seconds
        rules = []
        for entry in self.rules:
            by = entry["by"]
            shown: dict[str, Any] = {"by": None if by is None else self.seats[by]}
            if i is not None and by == i:
                shown["rule"] = entry["rule"]
                shown["text"] = secret.describe(entry["rule"])
            rules.append(shown)
        return {
            "now": self.now,
            "turn_ends": ends,
            "point_of_order": None
            if poo is None
            else {"by": self.seats[poo["by"]], "since": poo["since"], "ends": poo["until"]},
            "going_out": [s for s, g in zip(self.seats, self.going_out, strict=True) if g],
            "out": [
                s
                for s, h, g in zip(self.seats, self.hands, self.going_out, strict=True)
                if not h and not g
            ],
            "away": [s for s, a in zip(self.seats, self.away, strict=True) if a],
            "timeouts": {s: n for s, n in zip(self.seats, self.streak, strict=True) if n},
            "rules": rules,
            "rule_credits": {s: n for s, n in zip(self.seats, self.credits, strict=True) if n},
            "stats": self.public_stats(),
            "event_count": self.event_count,
            "suit_open": self.naming,
            "history": self.history[:],
        }

    # --- serialisation --------------------------------------------------------------------
    def extra_to_dict(self) -> dict[str, Any]:
        return {
            "now": self.now,
            "turn_since": self.turn_since,
            "streak": list(self.streak),
            "away": list(self.away),
            "going_out": list(self.going_out),
            "out_order": list(self.out_order),
            "windows": json.loads(json.dumps(self.windows)),
            "presaid": list(self.presaid),
            "infractions": [dict(f) for f in self.infractions],
            "next_id": self.next_id,
            "point_of_order": None if self.point_of_order is None else dict(self.point_of_order),
            "rules": json.loads(json.dumps(self.rules)),
            "credits": list(self.credits),
            "declared_at": list(self.declared_at),
            "stats": json.loads(json.dumps(self.stats)),
            "event_count": self.event_count,
            "rulings": [dict(r) for r in self.rulings],
            "naming": self.naming,
            "history": json.loads(json.dumps(self.history)),
        }

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        self.now = data["now"]
        self.turn_since = data["turn_since"]
        self.streak = list(data["streak"])
        self.away = list(data["away"])
        self.going_out = list(data["going_out"])
        self.out_order = list(data["out_order"])
        self.windows = json.loads(json.dumps(data["windows"]))
        self.presaid = list(data["presaid"])
        self.infractions = [dict(f) for f in data["infractions"]]
        self.next_id = data["next_id"]
        poo = data["point_of_order"]
        self.point_of_order = None if poo is None else dict(poo)
        self.rules = json.loads(json.dumps(data["rules"]))
        self.credits = list(data["credits"])
        self.declared_at = list(data["declared_at"])
        self.stats = json.loads(json.dumps(data["stats"]))
        self.event_count = data["event_count"]
        self.rulings = [dict(r) for r in data.get("rulings", [])]
        self.naming = bool(data.get("naming", False))
        self.history = json.loads(json.dumps(data.get("history", [])))
        self._vocabulary = None
