"""Who acts next: the one rule for who play waits on and who may speak up out of turn.

Every driver uses it: the terminal (practice, simulation), the table service on Discord and
the throughput benchmarks. It reads only the game contract (``current_player``,
``legal_actions``, ``seats_that_may_act``, ``version``), so it holds for every game.

- Who play waits on (the seats *due*, and every seat offered its own decision) is
  ``engine.waiting``.
- A bot that is not due may still act out of turn (a "Mau", a "last card", completing four,
  Mao's calls): before a due seat acts, each such bot is asked once per game version, through
  ``Bot.react`` when its class has one, else ``choose``. Asking once per version, and at most
  ``MAX_OUT_OF_TURN`` out-of-turn moves in a row with no due move between, means a bot that
  keeps reacting cannot stall play.

The loop is lean, as every simulation runs through it: legal actions are asked only of the
seats the game declares may act now (``Game.seats_that_may_act``: Macao names the turn's
seat, Mau-Mau adds one owing "Mau", and so on; ``Game.lone_offers`` names the only seat
that may act with its actions in one call, and a game whose current player always has an
action, ``Game.current_always_acts``, has the others' reactions asked before its actions
are listed; when the seat whose turn it is has an action and others may react, Mao's
case, only its actions and those of the bots about to be asked are listed: ``Offers``),
and an observation is built only for a bot whose class reads it
(``Bot.reads_observation``; the random bot does not), and for a bot that reads it within
the call only (``Bot.reads_in_call``: Mao's, asked at every version) as ``Game.bot_view``,
built as it is read. A bot that chooses by index (``Bot.by_index``: the random bot) has the
offered action at that index applied on the trusted path (``Game.apply_offered``) with no
search for it among the offers; another bot's choice takes that path when it is one of the
offered actions (a reaction goes through ``apply``). All leave every decision as the plain
rule makes it (``tests/engine/test_lean_loop.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat
from operator import is_
from typing import Any

from engine.actions import Action
from engine.asking import next_reaction, state_key, table_watch, unasked, view
from engine.base import Game
from engine.bots.base import Bot
from engine.events import BLIND, Event, Observation
from engine.offers import Offers
from engine.waiting import (
    due_seats,
    is_timed,
    kind_facts,
    legal_by_seat,
    opens_to_all,
    waiting_seats,
)

__all__ = [
    "MAX_OUT_OF_TURN",
    "BotTable",
    "due_seats",
    "is_timed",
    "legal_by_seat",
    "next_reaction",
    "opens_to_all",
    "state_key",
    "table_watch",
    "unasked",
    "view",
    "waiting_seats",
]

#: out-of-turn moves in a row (with no due move between) before bots stop being asked
MAX_OUT_OF_TURN = 50
#: a seat never asked yet (``BotTable.asked``)
_NEVER = object()


class BotTable:
    """The bots at a game, asked in a fixed order so a seeded game replays exactly."""

    MAX_OUT_OF_TURN = MAX_OUT_OF_TURN

    def __init__(self, bots: Mapping[str, Bot]) -> None:
        self.bots = dict(bots)
        #: the reading of the public table its bots share, if they do (``Bot.table_watch``)
        self.watch = table_watch(self.bots)
        self.asked: dict[str, Any] = {}
        self.out_of_turn = 0
        # what ``learn`` found of the game class ``step`` last met: read there once per
        # decision, so kept in plain attributes (a class attribute read through an instance
        # is slow in CPython 3.11)
        self.kind: type | None = None
        #: whether it reads time (``is_timed``) and lets every seat act at every moment
        #: (``opens_to_all``)
        self.kind_timed = self.open = False
        #: the seats whose bot draws uniformly (``Bot.uniform``) when the game is not timed,
        #: as ``step`` met them
        self.draws: dict[str, Bot] = {}
        #: the seats whose bot reads its view within the call (``Bot.reads_in_call``), and
        #: those whose bot chooses by index (``Bot.by_index``), if a watch answers for any
        self.in_call: set[str] = set()
        self.by_index: set[str] = set()

    def learn(self, game: Game) -> None:
        """Note what ``step`` needs of ``game``'s class and of the bots at it (once a game)."""
        self.kind = type(game)
        self.kind_timed, self.open = kind_facts(game)
        self.draws = {}
        if self.watch is not None:
            bots = self.bots
            self.in_call = {s for s, b in bots.items() if b.reads_observation and b.reads_in_call}
            self.by_index = {s for s, b in bots.items() if b.by_index}

    def act(self, game: Game, seat: str, action: Action, now: float) -> list[Event]:
        # only timed games take the time (``apply_at``, with no stamped copy)
        if kind_facts(game)[0]:
            return game.apply_at(seat, action, now)
        return game.apply(seat, action)

    @staticmethod
    def apply_choice(game: Game, seat: str, action: Action, offered: list[Action]) -> list[Event]:
        """Apply a bot's choice: through the trusted ``Game.apply_offered`` when it is one of the
        offered actions themselves (validating is picking from them), else ``apply``."""
        if any(map(is_, offered, repeat(action))):
            return game.apply_offered(seat, action)
        return game.apply(seat, action)

    def step(self, game: Game, now: float = 0.0) -> tuple[str, Action, list[Event]] | None:
        """Let one bot act; None if no bot does.

        Bots not due go first, so an out-of-turn move (announcing "Mau" before the next
        player acts, a call) comes in time; each is asked once per game version, through
        ``react`` when its class has one, else ``choose``. Then a due bot chooses.
        """
        # the hottest loop of every simulation, so legal_by_seat and due_seats are written
        # out here: each seat that may act is asked its legal actions once, and the bots'
        # reactions only when a seat that is not due has one
        if type(game) is not self.kind:
            self.learn(game)
        if self.open:
            # every seat may act at every moment (Mao): the turn's seat is asked first, with no
            # call for who may act or whether one seat alone may
            turn = game.current_player()
            if turn is not None:
                actions = game.legal_actions(turn)
                if actions:
                    return self.step_on_turn(game, now, game.seats, turn, actions, self.kind_timed)
            return self.step_due(game, now, game.seats)
        lone = game.lone_offers()
        if lone is None:
            return self.step_among(game, now)
        # the usual case, in one call: one seat may act, so it is the one due and nobody
        # can react
        seat, actions = lone
        bot = self.draws.get(seat)
        if bot is not None:
            # the random bot at an untimed game: ``decide_alone`` and its ``choice_index``
            # (the same draw from its generator), written out
            self.out_of_turn = 0
            action = actions[int((bot._rng or bot.rng).random() * len(actions))]
            return seat, action, game.apply_offered(seat, action)
        bot = self.bots.get(seat)
        if bot is None:
            return None
        if bot.uniform and not self.kind_timed:
            self.draws[seat] = bot  # its next draws take the path above; this one is alike
        return self.decide_alone(game, seat, bot, actions, now)

    def step_among(self, game: Game, now: float) -> tuple[str, Action, list[Event]] | None:
        """``step`` for a game that did not name the one seat that may act."""
        may_act = game.seats_that_may_act()
        if game.current_always_acts and len(may_act) > 1:
            turn = game.current_player()
            if turn is not None and turn in may_act:
                return self.step_after_reactions(game, now, may_act, turn)
        if len(may_act) == 1:
            # the same, from the two calls
            seat = may_act[0]
            bot = self.bots.get(seat)
            if bot is None:
                return None
            actions = game.legal_actions(seat)
            if not actions:
                return None
            return self.decide_alone(game, seat, bot, actions, now)
        turn = game.current_player()
        if turn is not None and turn in may_act:
            actions = game.legal_actions(turn)
            if actions:
                return self.step_on_turn(game, now, may_act, turn, actions, self.kind_timed)
        return self.step_due(game, now, may_act)

    def step_due(
        self, game: Game, now: float, may_act: list[str]
    ) -> tuple[str, Action, list[Event]] | None:
        """``step_among`` when the seat whose turn it is has nothing to do: every seat with an
        action is due."""
        legal = {}
        legal_actions = game.legal_actions
        for seat in may_act:
            actions = legal_actions(seat)
            if actions:
                legal[seat] = actions
        turn = game.current_player()
        due = [turn] if turn is not None and turn in legal else list(legal)
        if len(due) < len(legal):  # due seats all have actions: the rest may react
            reaction = self.react(game, now, legal, due)
            if reaction is not None:
                return reaction
        bots = self.bots
        for seat in due:
            bot = bots.get(seat)
            if bot is not None:
                self.out_of_turn = 0
                return self.decide(game, seat, bot, legal[seat], now)
        return None

    def step_on_turn(
        self,
        game: Game,
        now: float,
        may_act: list[str],
        turn: str,
        actions: list[Action],
        timed: bool,
    ) -> tuple[str, Action, list[Event]] | None:
        """``step`` when the seat whose turn it is (so the one due) has ``actions`` and other
        seats may act out of turn: their reactions first, each seat's actions listed only if
        its bot is asked (``Offers``), and the due bot's view, built once, is also what the
        bots' shared watch reads (it reads only what every seat sees). ``timed``: whether
        the game reads time (``is_timed``)."""
        bot = self.bots.get(turn)
        watch = self.watch
        if watch is None or bot is None or watch.members.get(turn) is not bot:
            return self.step_on_turn_apart(game, now, may_act, turn, actions, bot)
        # hot path (Mao: once per decision): the bot's ways from the seats ``learn`` sorted,
        # as a class attribute read through an instance is slow (CPython 3.11)
        observation = game.bot_view(turn) if turn in self.in_call else view(game, turn, bot)
        if self.out_of_turn < MAX_OUT_OF_TURN:
            wakes = watch.asks(observation)
            # the usual case: every bot shares the watch, and it wakes none but the due
            apart = len(watch.members) < len(self.bots)  # bots it does not answer for
            if apart or (wakes and (len(wakes) > 1 or turn not in wakes)):
                legal = Offers(game, may_act, {turn: actions})
                found = next_reaction(
                    game, self.bots, self.asked, legal, [turn], watch, observation, wakes
                )
                if found is not None:
                    seat, action = found
                    self.out_of_turn += 1
                    if timed:  # ``act``, written out
                        return seat, action, game.apply_at(seat, action, now)
                    return seat, action, game.apply(seat, action)
        self.out_of_turn = 0
        if turn in self.by_index or not timed:
            return self.decide(game, turn, bot, actions, now, observation)
        # ``decide`` and ``act`` written out for a watch's bot at a timed game (Mao's)
        action = bot.choose(observation, actions)
        return turn, action, game.apply_at(turn, action, now)

    def step_on_turn_apart(
        self,
        game: Game,
        now: float,
        may_act: list[str],
        turn: str,
        actions: list[Action],
        bot: Bot | None,
    ) -> tuple[str, Action, list[Event]] | None:
        """``step_on_turn`` when the due seat's bot (``bot``, if it has one) shares no watch."""
        if self.out_of_turn < MAX_OUT_OF_TURN:
            legal = Offers(game, may_act, {turn: actions})
            found = next_reaction(game, self.bots, self.asked, legal, [turn], self.watch)
            if found is not None:
                seat, action = found
                self.out_of_turn += 1
                return seat, action, self.act(game, seat, action, now)
        if bot is None:
            return None
        self.out_of_turn = 0
        return self.decide(game, turn, bot, actions, now)

    def step_after_reactions(
        self, game: Game, now: float, may_act: list[str], turn: str
    ) -> tuple[str, Action, list[Event]] | None:
        """``step`` for a game whose current player always has an action (so it is the seat
        due): the others' reactions first, and the current player's actions listed only
        when none reacts (after a reaction the game has changed)."""
        if len(may_act) == 2 and self.watch is None:  # one other seat ("last card" owed)
            return self.step_after_one(game, now, may_act, turn)
        legal = {}
        legal_actions = game.legal_actions
        for seat in may_act:
            if seat != turn:
                actions = legal_actions(seat)
                if actions:
                    legal[seat] = actions
        if legal:
            reaction = self.react(game, now, legal, [turn])
            if reaction is not None:
                return reaction
        bot = self.bots.get(turn)
        if bot is None:
            return None
        self.out_of_turn = 0
        return self.decide(game, turn, bot, legal_actions(turn), now)

    def step_after_one(
        self, game: Game, now: float, may_act: list[str], turn: str
    ) -> tuple[str, Action, list[Event]] | None:
        """``step_after_reactions`` when one seat besides ``turn`` may act and no watch
        answers for a bot: ``react`` and ``next_reaction`` written out for that seat, its
        actions listed only when its bot is to be asked, and a reaction it picked from them
        applied on the trusted path (``Game.apply_offered``) as a due bot's choice is."""
        other = may_act[1] if may_act[0] == turn else may_act[0]
        bot = self.bots.get(other)
        if bot is not None and self.out_of_turn < MAX_OUT_OF_TURN:
            key = state_key(game)
            if self.asked.get(other, _NEVER) != key:
                actions = game.legal_actions(other)
                if actions:
                    self.asked[other] = key
                    observation = view(game, other, bot)
                    if type(bot).react is not Bot.react:
                        action = bot.react(observation, actions)
                    else:
                        action = bot.choose(observation, actions)
                    if action is not None:
                        self.out_of_turn += 1
                        if self.kind_timed:
                            return other, action, self.act(game, other, action, now)
                        return other, action, self.apply_choice(game, other, action, actions)
        due = self.bots.get(turn)
        if due is None:
            return None
        self.out_of_turn = 0
        return self.decide(game, turn, due, game.legal_actions(turn), now)

    def decide_alone(
        self, game: Game, seat: str, bot: Bot, actions: list[Action], now: float
    ) -> tuple[str, Action, list[Event]]:
        """``decide`` for the one seat that may act (nobody can react), which has ``actions``."""
        self.out_of_turn = 0
        observation = view(game, seat, bot) if bot.reads_observation else BLIND
        if bot.by_index:  # an offered action by construction: no need to look for it
            action = actions[bot.choice_index(observation, actions)]
            if not self.kind_timed:
                return seat, action, game.apply_offered(seat, action)
        else:
            action = bot.choose(observation, actions)
            if not self.kind_timed:
                return seat, action, self.apply_choice(game, seat, action, actions)
        return seat, action, self.act(game, seat, action, now)

    def decide(
        self,
        game: Game,
        seat: str,
        bot: Bot,
        offered: list[Action],
        now: float,
        observation: Observation | None = None,
    ) -> tuple[str, Action, list[Event]]:
        """Let ``bot`` choose among ``offered`` (not empty) for ``seat`` and apply it;
        ``observation`` is its view, if the driver has built it at this version."""
        if observation is None:
            observation = view(game, seat, bot)
        if bot.by_index:
            action = offered[bot.choice_index(observation, offered)]
        else:
            action = bot.choose(observation, offered)
        if self.kind_timed:
            return seat, action, self.act(game, seat, action, now)
        return seat, action, self.apply_choice(game, seat, action, offered)

    def react(
        self,
        game: Game,
        now: float = 0.0,
        legal: Mapping[str, list[Action]] | None = None,
        due: list[str] | None = None,
    ) -> tuple[str, Action, list[Event]] | None:
        """Let one bot that play is not waiting on act out of turn; None if none does.

        Drivers call this before asking a due human too, so a bot's "Mau" or "Last card"
        comes before the next player acts, as at a real table.
        """
        if self.out_of_turn >= MAX_OUT_OF_TURN:
            return None
        if legal is None:
            legal = legal_by_seat(game)
        if due is None:
            due = due_seats(game, legal)
        found = next_reaction(game, self.bots, self.asked, legal, due, self.watch)
        if found is None:
            return None
        seat, action = found
        self.out_of_turn += 1
        return seat, action, self.act(game, seat, action, now)
