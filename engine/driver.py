"""The one driver of a table: who play waits on, who a bot plays, bots' out-of-turn moves, votes,
away seats and stand-ins, and what falls due when, all as data.

``TableDriver`` grows ``engine.turns.BotTable`` (which drives the terminal, simulate and the
benchmarks) with what a table with people at it needs. It is synchronous and pure: time is
an input (``now``, on whatever clock the front-end keeps) and nothing is applied here. A
front-end asks it:

- ``waiting(game)``: the seats play waits on (``engine.turns.waiting_seats``; a timed game,
  Mao, waits on its turn alone, even while the turn has nothing to do but wait for the clock);
- ``bot_plays(game, seat)``: the one away model. A bot moves for a seat a bot holds, for a
  human the front-end has marked away or who left (``played_by_bot``), and for a seat the
  game itself marks away in its public view (Mao's three timeouts in a row, MAO-14);
- ``reaction(game)``: the next bot-played seat that acts out of turn now, and its action
  (asked once per game version, at most ``MAX_OUT_OF_TURN`` in a row; a stand-in never makes
  an away human's new rule); ``reacts_now``, ``settles_before_showing`` and
  ``stand_in_speaks``: when the front-end asks for reactions at all;
- ``choose(game, seat)``: what a bot, or the stand-in of an absent human, plays;
- ``plan(game, now, started_at)``: the ``Due`` items the state needs, each with its moment:
  a bot's reaction (``react``), a bot-played seat's move (``bot``), a human's own decision
  timing out where silence chooses something (``silent``: a silent voter votes to stop,
  ``silent_choice``), a human's turn timing out (``afk``: warned once, then a stand-in
  plays), and the game's own clock (``tick``).

and tells it what happened: ``moved`` after every applied move, ``reacted`` after an
out-of-turn one, ``due_moved`` after a move play waited on, ``warn`` after a warning,
``stood_in`` after a stand-in played a human's turn (it answers whether that makes them
away: ``MISSES_BEFORE_AWAY`` in a row), ``played`` when a human moved by themselves and
``back`` when they pressed "I'm back".
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.actions import Action
from engine.base import Game
from engine.bots.base import Bot
from engine.turns import (
    MAX_OUT_OF_TURN,
    BotTable,
    is_timed,
    legal_by_seat,
    next_reaction,
    unasked,
    view,
    waiting_seats,
)

#: turns in a row a stand-in plays for a human before the seat is marked away
MISSES_BEFORE_AWAY = 2
#: moves a stand-in may make to finish one turn for an absent human
MAX_STAND_IN_MOVES = 20


@dataclass(frozen=True)
class Due:
    """Something that falls due at ``at`` (the front-end's clock).

    ``seat`` is the seat concerned (None for ``react`` and ``tick``); ``since`` is when that
    seat began waiting, so a front-end can tell a stale timer from a current one; ``version``
    is the game version the item was planned at.
    """

    kind: str
    at: float
    seat: str | None = None
    since: float | None = None
    version: int = 0


def seat_token(legal: list[Action], acted: int) -> str:
    """A seat's validity token: a digest of its legal actions and of how many moves it made.

    Buttons carry it; a press is good while it still matches. Another seat's move that
    leaves this seat's choices as they were leaves it unchanged, so this seat's buttons stay
    valid; the seat's own move always changes it (``acted`` grows), so the second click of a
    double click is refused even for an action that is legal again after itself (a repeated
    draw). Both parts replay from the action log, so buttons on screen survive a restart.
    """
    text = json.dumps([a.to_dict() for a in legal], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(f"{acted}|{text}".encode(), digest_size=5).hexdigest()


def waiting_for(game: Game, legal: Mapping[str, list[Action]] | None = None) -> list[str]:
    """Seats the game waits on now: whoever's turn it is, every voter still to vote, every
    seat choosing to rebuy or leave; else every seat with a move. A timed game waits on its
    turn alone (its clock moves it on), never on everyone who may play out of turn."""
    if game.is_over:
        return []
    if is_timed(game):
        current = game.current_player()
        if current is not None:
            return [current]
    return waiting_seats(game, legal_by_seat(game) if legal is None else legal)


def game_away(game: Game) -> set[str]:
    """Seats a game with its own clock marks away in its public view (Mao, MAO-14)."""
    if not is_timed(game):
        return set()
    return set(game.observation(None).get("away") or [])


def silent_choice(legal: list[Action]) -> Action | None:
    """What a seat taking its own decision is taken to choose when its time runs out
    (``Action.taken_when_silent``: a silent voter votes to stop), if ``legal`` has one."""
    return next((a for a in legal if a.taken_when_silent()), None)


class TableDriver(BotTable):
    """The bots of one table and its waiting state; see the module docstring."""

    def __init__(
        self,
        bots: Mapping[str, Bot],
        *,
        played_by_bot: Callable[[str], bool],
        human: Callable[[str], bool] | None = None,
        bot_delay: float = 0.0,
        turn_timeout: float = 0.0,
        vote_timeout: float = 0.0,
        patience: Callable[[Game, float], float] | None = None,
    ) -> None:
        """``bots``: a bot for every seat (humans' too: their stand-ins). ``played_by_bot``:
        whether the front-end has a bot play this seat (a bot seat, a human away or gone);
        ``human``: whether a person holds it (default: not ``played_by_bot``). ``patience``:
        how long a bot waits before its move at table time ``t`` (default ``bot_delay``)."""
        super().__init__(bots)
        self.played_by_bot = played_by_bot
        self.human = human or (lambda seat: not played_by_bot(seat))
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.vote_timeout = vote_timeout
        self.patience = patience or (lambda _game, _t: bot_delay)
        #: when each seat the game waits on began waiting (front-end clock)
        self.waiting_since: dict[str, float] = {}
        #: seats already warned during their current turn
        self.warned: set[str] = set()
        #: turns in a row a stand-in played for each human (a restart forgives them)
        self.missed: dict[str, int] = {}
        #: a timed game: when the bots' pending reaction falls due, kept across changes so
        #: talk that never stops cannot put the bots' calls off for ever
        self.react_due: float | None = None

    # --- who ---------------------------------------------------------------------------------
    def waiting(self, game: Game, legal: Mapping[str, list[Action]] | None = None) -> list[str]:
        return waiting_for(game, legal)

    def bot_plays(self, game: Game, seat: str) -> bool:
        """Whether a bot moves for ``seat`` now (the one away model; module docstring)."""
        return self.played_by_bot(seat) or seat in game_away(game)

    def reacting(self, game: Game) -> dict[str, Bot]:
        """The bots of the seats a bot plays now, in seat order."""
        away = game_away(game)
        return {
            seat: self.bots[seat]
            for seat in game.seats
            if seat in self.bots and (self.played_by_bot(seat) or seat in away)
        }

    def human_waited_on(self, game: Game) -> bool:
        """Whether play waits on a seat a person plays now."""
        return any(not self.bot_plays(game, seat) for seat in self.waiting(game))

    # --- out of turn ---------------------------------------------------------------------------
    def reaction_pending(
        self, game: Game, legal: Mapping[str, list[Action]], waiting: list[str]
    ) -> bool:
        """Whether a bot-played seat play is not waiting on is still to be asked to react."""
        if self.out_of_turn >= MAX_OUT_OF_TURN:
            return False
        return bool(unasked(game, self.reacting(game), self.asked, legal, waiting, self.watch))

    def reaction(self, game: Game, only: str | None = None) -> tuple[str, Action] | None:
        """The next bot-played seat that acts out of turn now, and its action; None if none.

        ``only`` asks that seat's bot alone (the stand-in of an absent human). Nothing is
        applied: the front-end applies and logs it, then calls ``reacted``.
        """
        while not game.is_over and self.out_of_turn < MAX_OUT_OF_TURN:
            legal = legal_by_seat(game)
            bots = self.reacting(game) if only is None else {only: self.bots[only]}
            waiting = self.waiting(game, legal)
            found = next_reaction(game, bots, self.asked, legal, waiting, self.watch)
            if found is None:
                return None
            seat, action = found
            if action.owner_only and self.human(seat):
                continue  # an away human's own move (a new rule) is theirs (asked: no loop)
            return found
        return None

    def reacts_now(self, game: Game, timer: bool) -> bool:
        """Whether bot-played seats may act out of turn now: a timed game's bots (Mao's
        calls) only when their react timer (``plan``'s ``react``) fires, so talk cannot
        hurry them; any other game's whenever the front-end asks."""
        if is_timed(game) and not timer:
            return False
        if timer:
            self.react_due = None  # this one fired: the next change plans another
        return True

    def settles_before_showing(self, game: Game) -> bool:
        """Whether bots' out-of-turn moves (completing four, "Mau") are settled now, after a
        change and before a human is shown their turn, so a turn on screen is never taken
        back by a bot's reaction (a timed game's bots wait for their timer instead)."""
        return not game.is_over and not is_timed(game) and self.human_waited_on(game)

    def stand_in_speaks(self, game: Game) -> bool:
        """Whether a stand-in that finished an absent human's turn then says what the seat
        owes ("Mau", "last card"); in a timed game the react timer does it."""
        return not game.is_over and not is_timed(game)

    def reacted(self) -> None:
        """An out-of-turn move was applied."""
        self.out_of_turn += 1

    def due_moved(self) -> None:
        """A move play waited on was applied: bots may start a new run of reactions."""
        self.out_of_turn = 0

    # --- moves -----------------------------------------------------------------------------------
    def choose(self, game: Game, seat: str) -> Action:
        """What the bot of ``seat`` (a bot seat or a stand-in) plays now."""
        bot = self.bots[seat]
        return bot.choose(view(game, seat, bot), game.legal_actions(seat))

    def moved(self, seat: str) -> None:
        """``seat`` made a move: its wait (and any warning) is over."""
        self.waiting_since.pop(seat, None)
        self.warned.discard(seat)

    def warn(self, seat: str) -> None:
        self.warned.add(seat)

    def stood_in(self, seat: str) -> bool:
        """A stand-in played a turn for the human at ``seat``; whether that makes them away
        (``MISSES_BEFORE_AWAY`` such turns in a row)."""
        self.missed[seat] = self.missed.get(seat, 0) + 1
        return self.missed[seat] >= MISSES_BEFORE_AWAY

    def played(self, seat: str) -> None:
        """The human at ``seat`` moved by themselves: their run of missed turns is over."""
        self.missed.pop(seat, None)

    def back(self, seat: str) -> None:
        """A human is back: their wait and their missed turns start afresh."""
        self.moved(seat)
        self.played(seat)

    # --- what falls due ------------------------------------------------------------------------
    def plan(self, game: Game, now: float, started_at: float | None) -> list[Due]:
        """What the state needs armed, each at its moment on the front-end's clock.

        ``started_at`` is where the game's own clock (``next_deadline``, table time) starts
        on the front-end's clock. Updates the waiting state (who waits since when).
        """
        if game.is_over:
            return []
        due: list[Due] = []
        legal = legal_by_seat(game)
        waiting = self.waiting(game, legal)
        version = game.version
        timed = is_timed(game)
        if self.reaction_pending(game, legal, waiting):
            react_at = now + self.bot_delay
            if timed:
                react_at = self.react_due if self.react_due is not None else react_at
                self.react_due = react_at
            due.append(Due("react", react_at, version=version))
        else:
            self.react_due = None
        for seat in list(self.waiting_since):
            if seat not in waiting:
                del self.waiting_since[seat]
                self.warned.discard(seat)
        for seat in waiting:
            since = self.waiting_since.setdefault(seat, now)
            if self.bot_plays(game, seat):
                delay = self.patience(game, now - (started_at or now))
                move_at = now + delay
                if timed and delay <= self.bot_delay:
                    # Mao: from when its turn came, not from the last word anyone said
                    move_at = max(since + delay, now)
                due.append(Due("bot", move_at, seat, since, version))
            elif self.vote_timeout > 0 and silent_choice(legal.get(seat, [])) is not None:
                due.append(Due("silent", since + self.vote_timeout, seat, since, version))
            elif self.turn_timeout > 0:
                delay = self.turn_timeout * (1.5 if seat in self.warned else 1.0)
                due.append(Due("afk", since + delay, seat, since, version))
        deadline = game.next_deadline()
        if deadline is not None and started_at is not None:
            due.append(Due("tick", started_at + deadline, version=version))
        return due
