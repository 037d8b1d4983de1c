"""``python bot.py simulate <game>``: bot-only games with figures.

Plays N games from seeds S..S+N-1, each one round when the game has a ``rounds`` option
(otherwise a whole match), and reports games, decisions (bot actions applied), seconds,
decisions per second, average turns per round, and wins per seat and per bot kind. A win is
going out first in a round (the ``round_end`` event's winner); a game without such events
counts its match winners. ``terminal.simulate_report`` prints them (``--json``: with one JSON
object of those figures at the end).

Bots act as at a practice table (``engine.turns``); a timed game runs on a fake clock
that moves one second per decision and jumps to the next deadline when nobody acts. Expert
bots search for ``budget`` seconds of wall clock per decision (default 0.2), or, given
``playouts``, for that many playouts (reproducible, whatever the machine's speed). The
figures then add the expert bots' playouts and decision times.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any, cast

from engine import GAMES, new_game
from engine.actions import Action
from engine.base import Game
from engine.bots import Bot, make_bot
from engine.bots.search import DEFAULT_BUDGET, SearchBot
from engine.events import Event
from engine.reasons import N_, Refusal
from engine.rng import seeded
from engine.turns import BotTable, is_timed
from terminal.simulate_report import search_figures
from terminal.typed_words import typed_options

#: seconds the fake clock moves per decision in a timed game
SECONDS_PER_DECISION = 1.0
#: a game still running after this many decisions is reported as unfinished
MAX_DECISIONS = 20_000
ROUND_END = "round_end"
MATCH_END = "match_end"
#: what ``BotTable.step`` returns: the seat, its action and the events, or None
Moved = tuple[str, Action, list[Event]] | None


def seat_kinds(bots: str, players: int | None, game_name: str) -> list[str]:
    """``random``, ``heuristic`` or a comma list, one kind per seat, as a list of kinds."""
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    if not kinds:
        raise Refusal(N_("--bots needs random, heuristic, expert or a comma list of them"))
    cls = GAMES.get(game_name)
    if cls is None:
        raise Refusal(
            N_("unknown game {name}; choose from {games}"),
            name=repr(game_name),
            games=", ".join(sorted(GAMES)),
        )
    if len(kinds) == 1:
        count = players if players is not None else max(cls.min_seats, min(4, cls.max_seats))
        kinds = kinds * count
    elif players is not None and players != len(kinds):
        raise Refusal(
            N_("--players {players} but --bots lists {count} kinds"),
            players=players,
            count=len(kinds),
        )
    for kind in set(kinds):
        make_bot(kind, game_name, 0)  # raises ValueError for an unknown kind
    return kinds


class SeatBots:
    """The seats' bots for a run of games; expert ones get the wall clock and ``budget``,
    or ``playouts``.

    Every other bot draws from one generator for the game (``bots_generator``), so a game
    seeds one ``random.Random`` for its bots, not one a seat (a seeding costs about as much
    as a whole decision, and a game is about a hundred); expert bots keep their own, seeded
    per seat. Each bot's draws still follow from the game's seed alone. A bot that keeps
    nothing between calls (``Bot.stateless``: the random bot) is made once for the run and
    handed each game's generator; the others are made again for every game.
    """

    def __init__(
        self,
        game_name: str,
        kinds: list[str],
        budget: float | None = DEFAULT_BUDGET,
        playouts: int | None = None,
    ) -> None:
        self.game_name = game_name
        self.kinds = kinds
        self.budget = budget
        self.playouts = playouts
        #: the bots made once, by seat (None for a seat whose bot is made every game)
        self.kept: dict[str, Bot | None] = {}
        #: whether any seat has an expert bot (they need the clock, and figures of their own)
        self.experts = False
        for k, kind in enumerate(kinds):
            bot = make_bot(kind, game_name, k)
            expert = isinstance(bot, SearchBot)
            self.experts = self.experts or expert
            self.kept[f"p{k}"] = bot if bot.stateless and not expert else None
        self.all_kept = None not in self.kept.values()

    def for_game(self, seed: int) -> dict[str, Bot]:
        """The bots of game ``seed``, by seat (for a run of kept bots, the run's own dict:
        drivers copy it, as ``BotTable`` does)."""
        shared = bots_generator(seed)
        if self.all_kept:  # the usual run, of random bots: nothing to make
            bots = cast(dict[str, Bot], self.kept)
            for bot in bots.values():
                bot.rng = shared
            return bots
        bots = {}
        for k, kind in enumerate(self.kinds):
            seat = f"p{k}"
            bot = self.kept[seat] or make_bot(kind, self.game_name, seed * 100 + k)
            if not isinstance(bot, SearchBot):
                bot.rng = shared
            elif self.playouts is not None:
                bot.playouts = self.playouts
            else:
                budget = DEFAULT_BUDGET if self.budget is None else self.budget
                bot.use_clock(time.perf_counter, budget)
            bots[seat] = bot
        return bots


def bots_generator(seed: int) -> random.Random:
    """The generator the bots of game ``seed`` share, seeded apart from the game's own
    ``random.Random(seed)`` (and from the seats' ``seed * 100 + k``)."""
    return seeded(seed * 100 + 99)


def play_one(
    game_name: str,
    kinds: list[str],
    seed: int,
    options: dict[str, Any],
    budget: float | None = DEFAULT_BUDGET,
    playouts: int | None = None,
    seat_bots: SeatBots | None = None,
) -> dict[str, Any]:
    """One bot game; returns its decisions, rounds, turns, round winners and outcome.

    ``seat_bots``, the run's (made for these ``kinds``, ``budget`` and ``playouts``), saves
    making the bots again for each game."""
    if seat_bots is None:
        seat_bots = SeatBots(game_name, kinds, budget, playouts)
    game = new_game(game_name, list(seat_bots.kept), seed=seed, options=options)
    bots = seat_bots.for_game(seed)
    table = BotTable(bots)
    searched: list[tuple[int, float]] = []
    decisions = 0
    now = 0.0
    round_winners: list[str | None] = []
    turns = 0
    round_decisions = 0
    timed = is_timed(game)
    # the loop runs once per decision: plain games have one of their own, lean as can be
    experts = seat_bots.experts
    step = table.step
    ended: Event | None = None  # the match_end event, which carries the outcome
    if not timed and not experts:
        # a game that is over offers nobody an action, so the step after its last move says
        # None: is_over is asked then rather than before every move
        round_began = 0
        while decisions < MAX_DECISIONS:
            moved = step(game)
            if moved is None:
                if game.is_over:
                    break
                raise RuntimeError(f"{game_name} seed {seed}: nobody can act")
            decisions += 1
            for event in moved[2]:  # a plain loop: most moves have one event or two
                if event["type"] == ROUND_END:
                    break
            else:
                continue
            for event in moved[2]:
                if event["type"] == ROUND_END:
                    round_winners.append(round_winner(event))
                    turns += turns_played(game, event, decisions - round_began)
                    round_began = decisions
                elif event["type"] == MATCH_END:
                    ended = event
    else:
        # a timed game (Mao), or expert bots: is_over asked only when neither the clock nor a
        # bot acts (an ended game offers no action)
        step_at: Callable[[Game, float], Moved] = (
            searching(step, bots, searched) if experts else step
        )
        while decisions < MAX_DECISIONS:
            deadline = game.next_deadline() if timed else None
            if deadline is not None and deadline <= now:
                if game.is_over:
                    break
                events = game.tick(now)
            else:
                moved = step_at(game, now)
                if moved is None:
                    if game.is_over:
                        break
                    if deadline is None:
                        raise RuntimeError(f"{game_name} seed {seed}: nobody can act")
                    now = deadline
                    continue
                decisions += 1
                round_decisions += 1
                now += SECONDS_PER_DECISION
                events = moved[2]
            for event in events:
                if event["type"] == ROUND_END:
                    round_winners.append(round_winner(event))
                    turns += turns_played(game, event, round_decisions)
                    round_decisions = 0
    finished = game.is_over
    outcome: Any = (ended or game.outcome()) if finished else {}
    match_winners = list(outcome.get("winners", []))
    return {
        "decisions": decisions,
        "rounds": len(round_winners),
        "turns": turns,
        "winners": (round_winners or match_winners) if finished else [],
        "match_winners": match_winners,
        "outcome": outcome,
        "finished": finished,
        "searched": searched,
    }


def searching(
    step: Callable[[Game, float], Moved], bots: dict[str, Bot], searched: list[tuple[int, float]]
) -> Callable[[Game, float], Moved]:
    """``step``, noting each expert bot's search in ``searched``: (playouts, seconds); a
    decision it settled without searching (one candidate worth weighing) is not one."""

    def step_searching(game: Game, now: float) -> Moved:
        started = time.perf_counter()
        moved = step(game, now)
        expert = bots.get(moved[0]) if moved is not None else None
        if isinstance(expert, SearchBot) and expert.last:
            # a decision with one candidate left was settled without a search
            if expert.last["actions"] > 1:
                searched.append((expert.last["playouts"], time.perf_counter() - started))
            expert.last = {}
        return moved

    return step_searching


def round_winner(event: Event) -> str | None:
    """Who won a round, from its ``round_end`` event: ``winner``, else place 1, else the
    first of ``winners``; None for a round nobody won."""
    if "winner" in event:
        return event["winner"]
    places = event.get("places")
    if isinstance(places, dict):
        first = [s for s, p in places.items() if p == 1]
        return first[0] if len(first) == 1 else None
    winners = event.get("winners")
    if isinstance(winners, list) and winners:
        return winners[0]
    return None


def turns_played(game: Any, event: Event, decisions: int) -> int:
    """Turns of the round that just ended: the game's own count while it still plays that
    round (a match that ended with it, ``Game.round_turns``), else the decisions taken in it."""
    turns = game.round_turns(event.get("round"))
    return decisions if turns is None else turns


def simulate(
    game_name: str,
    games: int,
    players: int | None = None,
    seed: int = 0,
    bots: str = "random",
    options: dict[str, Any] | None = None,
    budget: float | None = DEFAULT_BUDGET,
    playouts: int | None = None,
) -> dict[str, Any]:
    """Play the games and return the figures (see the module docstring)."""
    kinds = seat_kinds(bots, players, game_name)
    options = typed_options(game_name, options)
    if "rounds" in GAMES[game_name].defaults:
        options.setdefault("rounds", 1)
    seats = [f"p{k}" for k in range(len(kinds))]
    wins_per_seat: Counter[str] = Counter({s: 0 for s in seats})
    decisions = rounds = turns = unfinished = 0
    match_wins: defaultdict[str, float] = defaultdict(float)
    searched: list[tuple[int, float]] = []
    seat_bots = SeatBots(game_name, kinds, budget, playouts)
    started = time.perf_counter()
    for game_seed in range(seed, seed + games):
        result = play_one(game_name, kinds, game_seed, options, budget, playouts, seat_bots)
        searched.extend(result["searched"])
        winners_of_match = result["match_winners"]
        for winner in winners_of_match:
            match_wins[winner] += 1 / len(winners_of_match)  # a shared win is shared
        decisions += result["decisions"]
        rounds += result["rounds"]
        turns += result["turns"]
        unfinished += not result["finished"]
        for winner in result["winners"]:
            if winner is not None:
                wins_per_seat[winner] += 1
    seconds = time.perf_counter() - started
    wins_per_kind: Counter[str] = Counter({k: 0 for k in kinds})
    for seat, kind in zip(seats, kinds, strict=True):
        wins_per_kind[kind] += wins_per_seat[seat]
    seats_per_kind = Counter(kinds)
    counted_rounds = rounds or games
    return {
        "game": game_name,
        "players": len(kinds),
        "bots": dict(zip(seats, kinds, strict=True)),
        "options": options,
        "seed": seed,
        "games": games,
        "rounds": rounds,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_s": round(decisions / seconds) if seconds > 0 else None,
        "avg_turns_per_round": round(turns / rounds, 1) if rounds else None,
        "wins_per_seat": dict(wins_per_seat),
        "wins_per_kind": dict(wins_per_kind),
        # the share of rounds a seat of that kind won, so kinds with more seats compare fairly
        "win_rate_per_seat_of_kind": {
            k: round(wins_per_kind[k] / (counted_rounds * seats_per_kind[k]), 4)
            for k in seats_per_kind
        },
        # each kind's share of all round wins, and of match wins (a shared win split)
        "win_share_per_kind": {
            k: round(wins_per_kind[k] / max(sum(wins_per_seat.values()), 1), 4)
            for k in seats_per_kind
        },
        "match_win_share_per_kind": {
            k: round(
                sum(match_wins[s] for s, sk in zip(seats, kinds, strict=True) if sk == k)
                / max(games - unfinished, 1),
                4,
            )
            for k in seats_per_kind
        },
        "no_winner": counted_rounds - sum(wins_per_seat.values()),
        "unfinished": unfinished,
        "max_decisions": MAX_DECISIONS,
        **search_figures(searched, budget, playouts),
    }
