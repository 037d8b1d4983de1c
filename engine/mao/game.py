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

from math import inf as INF
from typing import Any, ClassVar

from engine.actions import Action, IllegalAction, Play, Say, Take
from engine.base import RECENT_EVENTS, Event
from engine.cards import Card
from engine.mao import calls as adjudication
from engine.mao import describe as sentences
from engine.mao import rulings
from engine.mao.clock import (
    CALL_WINDOW_CLOSES,
    POINT_OF_ORDER_ENDS,
    SPEECH_WINDOW_CLOSES,
    TURN_RUNS_OUT,
    Due,
    earliest,
)
from engine.mao.languages import SPEECH
from engine.mao.state import BACK, JACK_SUITS, MODES, POOLS, REJOIN, SEATS_PER_DECK, Back
from engine.mao.view import MaoView
from engine.options import Option
from engine.reasons import N_
from engine.shedding import PLAY_ONE, PLAY_WILD, TAKE
from engine.words import Describer

__all__ = ["Back", "Mao"]

#: a round's public history kept for observations (MAO-6 bots after a restart); a cap only
HISTORY_LIMIT = 4000
KEPT_EVENTS = 2 * RECENT_EVENTS
#: the plays a card held offers (``legal_actions``): a Jack one per suit it may name
#: (MAO-4), or played bare at a table where anyone names the suit (``jack_suit=anyone``)
PLAYS: dict[Card, tuple[Play, ...]] = {
    c: PLAY_WILD[c] if c.rank == "J" else (PLAY_ONE[c],) for c in PLAY_ONE
}
PLAYS_ANYONE: dict[Card, tuple[Play, ...]] = {c: (PLAY_ONE[c],) for c in PLAY_ONE}


class Mao(MaoView):
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
    rules_summary: ClassVar[str] = N_("The object of the game is to get rid of all your cards.")
    #: practice at the terminal: a turn of fifteen seconds while a newcomer reads the table
    practice_options: ClassVar[dict[str, Any]] = {"turn_seconds": 15}
    practice_note: ClassVar[str] = N_("Practice pace: {turn_seconds} s to play.")
    example_moves: ClassVar[tuple[str, ...]] = ("play 7H", "take")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option.number("turn_seconds", 5, 0, 600, "seconds a player has to play (0: no clock)"),
        Option.number("speech_window", 5, 1, 600, "seconds to say what must be said after a play"),
        Option.number("call_window", 6, 1, 3600, "seconds a slip may still be called"),
        Option.choice("mode", "chairman", MODES, "who calls the slips nobody called"),
        Option.choice("pool", "turn", POOLS, "a spent pool: turn the pile over, or shuffle it"),
        Option.choice("jack_suit", "player", JACK_SUITS, "who names a Jack's suit"),
        Option.number("decks", 0, 0, 10, "decks in play (0: one per five players)"),
        Option.number("rounds", 0, 0, 10_000, "rounds before the match ends (0: until stopped)"),
        Option.words("house_rules", N_("the server's rules every table starts with")),
        Option.choice("language", "en", tuple(SPEECH), "the language the Chairman hears"),
    )

    # --- the contract ---------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every card held (Jacks once per suit) and take; rejoin when out; back when away.

        ``say`` and ``declare_rule`` are free-form and always accepted from a seated player
        (a rule only from one who has a win to spend), so they are not listed.
        """
        # most hands are as they were the version before: the drivers ask every seat
        kept = self.offered.get(seat)
        if kept is not None:
            k, held, offered = kept
            if held == self.hands[k] and not self.over:
                return [*offered, BACK] if self.away[k] else offered[:]
        i = self.index.get(seat)
        if i is None:
            i = self.seat_index(seat)  # raises: not seated here
        if self.over:
            return []
        hand = self.hands[i]
        if hand:
            offered = self.plays_and_take(hand)
            self.offered[seat] = (i, hand[:], offered)
            return [*offered, BACK] if self.away[i] else offered[:]
        out: list[Action] = [] if self.going_out[i] else [REJOIN]
        if self.away[i]:
            out.append(BACK)
        return out

    def lone_offers(self) -> tuple[str, list[Action]] | None:
        return None  # any seat holding cards may play out of turn (MAO-13)

    def plays_and_take(self, hand: list[Card]) -> list[Action]:
        """Every card held, once (a Jack once per suit, unless anyone names the suit), then
        take."""
        listing = self.listing
        if listing is None:  # from the options and the seats, which never change in a game
            options = self.options
            decks = options["decks"]
            listing = self.listing = (
                PLAYS_ANYONE if options["jack_suit"] == "anyone" else PLAYS,
                # with one deck no card is held twice: hashing each card to drop repeats
                # costs as much as the rest of the listing
                decks == 1 or (not decks and len(self.seats) <= SEATS_PER_DECK),
            )
        plays, one_deck = listing
        out: list[Action] = []
        for card in hand if one_deck else dict.fromkeys(hand):
            out += plays[card]
        out.append(TAKE)
        return out

    def apply(
        self, seat: str, action: Action | str | dict[str, Any], at: float | None = None
    ) -> list[Event]:
        """``Game.apply``; ``at``, if given, is the time the action was taken, instead of
        its own ``at`` (``apply_at``, which drivers call: no stamped copy is made)."""
        # every decision of every Mao table runs through here: written for speed
        i = self.index.get(seat)
        if i is None or self.over or not isinstance(action, Action):
            i, action = self.accept(seat, action)  # parses, or raises the reason
        if at is None:
            at = action.at
        now = self.now
        # a finite float from now on, the drivers' time: anything else is checked apart
        t = at if type(at) is float and now <= at < INF else self.time_of(at)
        # what ``next_deadline`` found at this version, if a driver asked (they all do)
        due = self.due_seen if self.due_version == self.version else self.due_at()
        events: list[Event] = []
        if due is not None and due <= t:
            events = self.catch_up(i, action, t)
        elif type(action) is Say:
            # the common moves first, each checked and carried out without ``perform``'s
            # dispatch: a message is always accepted, a card once it is held, a take from
            # a seat holding cards
            self.now = t
            self.hear(i, action, events)
        elif type(action) is Play:
            self.check_play(i, action)
            self.now = t
            self.play_action(i, action, events)
        elif type(action) is Take:
            self.check_take(i)
            self.now = t
            self.take_action(i, events)
        else:
            # nothing falls due first: what ``check`` finds still holds when it is performed
            rule = self.check(i, action)
            self.now = t
            try:
                self.perform(i, action, events, (rule,))
            except IllegalAction:
                self.now = now
                raise
        hands = self.hands
        turn = self.turn
        # ``settle`` has nothing to do while nobody is going out, two seats or more hold
        # cards and the turn's is one of them
        if (
            turn is None
            or not hands[turn]
            or True in self.going_out
            or (not all(hands) and hands.count([]) > len(hands) - 2)
        ):
            self.settle(events)
        self.version += 1
        self.record(events)
        return events

    apply_at = apply

    def catch_up(self, i: int, action: Action, t: float) -> list[Event]:
        """``apply`` when something falls due by ``t``: that first, each at its own time,
        then the action."""
        now = self.now
        try:
            self.check(i, action)
            possible = True
        except IllegalAction:
            possible = False  # what falls due first may make it possible (a seat marked away)
        # What falls due first only adds cards, marks, credits and records, which leaves
        # a possible action possible, unless it ends the round (a new deal, perhaps the
        # match's end: only when someone is going out) or gives a card to a player about
        # to rejoin. Then keep a copy to go back to.
        risky = (
            not possible
            or any(self.going_out)
            or (action.kind == "rejoin" and adjudication.owed_by(self.infractions, i))
        )
        snapshot = self.snapshot() if risky else None
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
            self.now = now
            raise
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
        self.record(events)
        return events

    def declared_rules(self) -> list[dict[str, Any]]:
        return [entry["rule"] for entry in self.rules]

    def public_rulings(self) -> list[dict[str, Any]]:
        """This round's rulings without their cards, for a moderator (``/table rulings``)."""
        return rulings.listing(self.rulings, self.seats)

    def log(self, *events: Event) -> None:
        self.record(list(events))

    def record(self, events: list[Event]) -> None:
        """Keep exactly the latest events, so the record does not depend on how often the
        clock was ticked (a tick's events and an action's arrive in different batches), and
        the round's whole public history, which a player at the table would remember."""
        self.event_count += len(events)
        kept = self.events
        kept += events
        if len(kept) > KEPT_EVENTS:
            del kept[:-KEPT_EVENTS]
        history = self.history
        if self.round == self.history_round:  # no deal since the last batch: the usual case
            history += events
        else:
            # a deal (``start_round``, which counts the round) began a new round's history
            self.history_round = self.round
            deals = [k for k, e in enumerate(events) if e["type"] == "deal"]
            if deals:
                history = self.history = events[deals[-1] :]
            else:
                history += events
        if len(history) > HISTORY_LIMIT:
            del history[:-HISTORY_LIMIT]

    def tick(self, now: float) -> list[Event]:
        if self.over:
            return []
        events: list[Event] = []
        if self.advance(float(now), events):
            self.version += 1
            self.record(events)
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

    def due_at(self) -> float | None:
        """When the clock next does something: ``next_due().at``, without building it (every
        driver asks before every move, as ``next_deadline``), kept for ``apply`` at this
        version; None once the match is over."""
        self.due_version = self.version
        poo = self.point_of_order
        if self.over:
            at: float | None = None
        elif poo is not None:
            at = float(poo["until"])
        else:
            at = self.windows[0]["until"] if self.windows else None
            if self.infractions:
                until = self.infractions[0]["until"]
                if at is None or until < at:
                    at = until
            seconds = self.options["turn_seconds"]
            turn = self.turn
            if seconds and turn is not None and self.hands[turn]:
                until = self.turn_since + seconds
                if at is None or until < at:
                    at = until
        self.due_seen = at
        return at

    # hot path: once per decision, so no call of its own on the way to ``due_at``
    next_deadline = due_at

    def advance(self, t: float, events: list[Event]) -> int:
        """Apply, in order and each at its own time, everything due by ``t``."""
        done = 0
        while not self.over:
            at = self.due_at()
            if at is None or at > t:
                break
            item = self.next_due()
            assert item is not None
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
