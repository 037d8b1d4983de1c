"""The lean bot loop (``engine.turns.BotTable``) decides exactly as the plain contract loop.

The lean loop asks ``legal_actions`` only of the seats a game says may act
(``Game.seats_that_may_act``) and builds an observation only for bots whose class reads it
(``Bot.reads_observation``). These tests hold it to the plain rule: every seat polled after
every move, every bot handed its seat's observation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import GAMES, new_game
from engine.actions import Action
from engine.base import Game
from engine.bots import Bot, RandomBot, make_bot
from engine.turns import MAX_OUT_OF_TURN, BotTable, is_timed
from tests.engine.invariants import acting_seats, random_playout

SEEDS = range(4)


class PlainTable:
    """The driving rule with no shortcut of any kind: the reference the lean loop must match."""

    def __init__(self, bots: dict[str, Bot]) -> None:
        self.bots = bots
        self.asked: dict[str, Any] = {}
        self.out_of_turn = 0

    def step(self, game: Game, now: float) -> tuple[str, Action, list] | None:
        legal = {s: a for s in game.seats if (a := game.legal_actions(s))}
        turn = game.current_player()
        due = [turn] if turn is not None and turn in legal else list(legal)
        if self.out_of_turn < MAX_OUT_OF_TURN:
            for seat, bot in self.bots.items():
                if seat in due or seat not in legal or self.asked.get(seat) == game.version:
                    continue
                self.asked[seat] = game.version
                observation = game.observation(seat)
                if type(bot).react is not Bot.react:
                    action = bot.react(observation, legal[seat])
                else:
                    action = bot.choose(observation, legal[seat])
                if action is not None:
                    self.out_of_turn += 1
                    return seat, action, self.apply(game, seat, action, now)
        for seat in due:
            due_bot = self.bots.get(seat)
            if due_bot is not None:
                self.out_of_turn = 0
                action = due_bot.choose(game.observation(seat), legal[seat])
                return seat, action, self.apply(game, seat, action, now)
        return None

    @staticmethod
    def apply(game: Game, seat: str, action: Action, now: float) -> list:
        return game.apply(seat, action.stamped(now) if is_timed(game) else action)


def play_log(table_class: type, name: str, kind: str, seed: int) -> list[str]:
    """A bot game as simulate plays it (a fake clock for timed games), as a log of lines."""
    cls = GAMES[name]
    seats = [f"p{k}" for k in range(max(cls.min_seats, min(4, cls.max_seats)))]
    options = {"rounds": 1} if "rounds" in cls.defaults else {}
    game = new_game(name, seats, seed=seed, options=options)
    table = table_class({s: make_bot(kind, name, seed * 100 + k) for k, s in enumerate(seats)})
    now = 0.0
    log: list[str] = []
    while not game.is_over and len(log) < 3000:
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            log.append(f"tick {now:g} {game.tick(now)}")
            continue
        moved = table.step(game, now)
        if moved is None:
            assert deadline is not None, "nobody can act"
            now = deadline
            continue
        seat, action, events = moved
        log.append(f"{seat} {action} {events}")
        now += 1.0
    log.append(f"over={game.is_over} {game.to_dict()}")
    return log


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_lean_loop_makes_the_plain_loops_decisions(name, kind):
    for seed in SEEDS:
        assert play_log(BotTable, name, kind, seed) == play_log(PlainTable, name, kind, seed)


#: games that narrow who may act (the default, every seat, needs no check)
NARROWING = sorted(
    n for n, c in GAMES.items() if c.seats_that_may_act is not Game.seats_that_may_act
)


def playout_games(name: str, seeds: int, max_steps: int):
    """The game after every step of random playouts of ``name`` (every seat's moves tried,
    out of turn too) from seeds 0..seeds-1, at 2-4 players within the game's bounds."""
    cls = GAMES[name]
    for seed in range(seeds):
        players = max(cls.min_seats, min(2 + seed % 3, cls.max_seats))
        playout = random_playout(
            name, players, seed, chooser_seed=seed, max_steps=max_steps, keep_before=False
        )
        for step in playout:
            yield step.game


def test_the_shedding_games_and_president_narrow_who_may_act():
    assert {"macao", "maumau", "lastcard", "president"} <= set(NARROWING)


@pytest.mark.parametrize("name", NARROWING)
def test_seats_that_may_act_include_every_seat_with_a_legal_action(name):
    """Over random playouts that try every seat's moves, out of turn too."""
    for game in playout_games(name, 6, 1500):
        listed = game.seats_that_may_act()
        acting = [seat for seat, _ in acting_seats(game)]
        assert set(acting) <= set(listed), (acting, listed, game.observation(None))
        assert listed == [s for s in game.seats if s in listed], "not in seat order"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_lone_offers_name_the_only_seat_with_an_action_and_its_actions(name):
    """``Game.lone_offers`` is ``seats_that_may_act`` and ``legal_actions`` in one call: when
    it names a seat, that is the only seat with a legal action, and those are its actions."""
    named = 0
    for game in playout_games(name, 4, 600):
        lone = game.lone_offers()
        if lone is not None:
            named += 1
            seat, actions = lone
            assert acting_seats(game) == [(seat, actions)], game.observation(None)
    assert named > 0 or name not in NARROWING  # a game where every seat may act names none


@pytest.mark.parametrize("name", sorted(n for n, c in GAMES.items() if c.current_always_acts))
def test_a_game_whose_current_player_always_acts_offers_it_an_action(name):
    """What lets the driver ask reactions before listing the current player's actions."""
    for game in playout_games(name, 6, 1500):
        turn = game.current_player()
        if not game.is_over:
            assert turn is not None and game.legal_actions(turn), game.observation(None)


def test_a_game_that_changes_its_legal_actions_no_longer_promises_its_current_player_acts():
    from engine.lastcard import LastCard

    class Chattier(LastCard):
        def legal_actions(self, seat):
            return super().legal_actions(seat)

    assert LastCard.current_always_acts is True
    assert Chattier.current_always_acts is False


class BlindBot(RandomBot):
    """A random bot that fails the test if it is ever handed an observation."""

    def choose(self, observation, legal):
        assert observation == {}, "a bot that reads no observation was given one"
        return super().choose(observation, legal)

    def react(self, observation, legal):
        assert observation == {}, "a bot that reads no observation was given one"
        return None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bot_that_reads_no_observation_is_never_given_one(name):
    assert BlindBot.reads_observation is False
    cls = GAMES[name]
    seats = [f"p{k}" for k in range(max(cls.min_seats, min(4, cls.max_seats)))]
    options = {"rounds": 1} if "rounds" in cls.defaults else {}
    game = new_game(name, seats, seed=3, options=options)
    asked: list[str | None] = []
    build = game.observation

    def observation(seat):
        asked.append(seat)
        return build(seat)

    game.observation = observation
    table = BotTable({s: BlindBot(k) for k, s in enumerate(seats)})
    now, moves = 0.0, 0
    while not game.is_over and moves < 300:
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            game.tick(now)
            continue
        if table.step(game, now) is None:
            assert deadline is not None
            now = deadline
            continue
        moves += 1
        now += 1.0
    assert moves > 0
    assert [s for s in asked if s is not None] == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bot_that_reads_observations_gets_its_seats(name):
    """The other side of the declaration: a bot that reads is handed its own seat's view."""

    class Reader(RandomBot):
        reads_observation = True

        def choose(self, observation, legal):
            assert observation["seat"] in seats
            return super().choose(observation, legal)

    cls = GAMES[name]
    seats = [f"p{k}" for k in range(max(cls.min_seats, min(4, cls.max_seats)))]
    game = new_game(name, seats, seed=1)
    moved = BotTable({s: Reader(k) for k, s in enumerate(seats)}).step(game)
    assert moved is not None


def test_a_game_that_changes_its_legal_actions_without_saying_who_may_act_polls_every_seat():
    from engine.macao import Macao

    class Chattier(Macao):
        def legal_actions(self, seat):
            return super().legal_actions(seat)

    game = Chattier.from_dict(new_game("macao", ["a", "b", "c"], seed=1).to_dict())
    assert game.seats_that_may_act() == ["a", "b", "c"]
    assert new_game("macao", ["a", "b", "c"], seed=1).seats_that_may_act() == ["a"]


def test_polling_every_seat_does_not_open_a_game_to_every_seat_at_every_moment():
    """Only a game that declares it (``Game.any_seat_any_moment``: Mao) is driven as one
    where any seat may act at any moment; a game that polls every seat is driven by turns."""
    from engine.macao import Macao
    from engine.waiting import opens_to_all

    class Chattier(Macao):
        def legal_actions(self, seat):
            return super().legal_actions(seat)

        def current_player(self):
            return super().current_player()

    game = Chattier.from_dict(new_game("macao", ["a", "b", "c"], seed=1).to_dict())
    assert game.seats_that_may_act() == ["a", "b", "c"] and not game.current_always_acts
    assert not opens_to_all(game)
    assert opens_to_all(new_game("mao", ["a", "b", "c"], seed=1))


def test_the_table_driver_gives_a_blind_bot_no_observation_either():
    """The table service's bot moves (``engine.driver.TableDriver.choose``) follow the rule."""
    from engine.driver import TableDriver

    game = new_game("macao", ["a", "b"], seed=4)
    built: list[str | None] = []
    build = game.observation
    game.observation = lambda seat: built.append(seat) or build(seat)
    driver = TableDriver({"a": BlindBot(1), "b": BlindBot(2)}, played_by_bot=lambda seat: True)
    action = driver.choose(game, "a")
    assert action in game.legal_actions("a")
    assert built == []


#: every game: those without a trusted path of their own fall back to ``apply``
PERFORMING = sorted(GAMES)


@pytest.mark.parametrize("name", ["lastcard", "macao", "maumau", "president"])
def test_the_shedding_games_and_president_split_their_checks_from_their_effects(name):
    # the game's own classes (President is put together from parts), not the base's
    assert any("perform_offered" in vars(c) for c in GAMES[name].__mro__ if c is not Game)


@pytest.mark.parametrize("name", PERFORMING)
def test_apply_offered_of_an_offered_action_does_what_apply_does(name):
    """``Game.apply_offered`` (the trusted path) skips re-checking an offered action: it must
    leave the same events and the same state as ``apply``, for every action offered."""
    cls = GAMES[name]
    for seed in SEEDS:
        game = new_game(name, [f"p{k}" for k in range(cls.min_seats + 1)], seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            offered = [(s, a) for s in game.seats for a in game.legal_actions(s)]
            if game.is_over or not offered:
                break
            seat, action = offered[int(rng.random() * len(offered))]
            checked = cls.from_dict(game.to_dict())
            expected = checked.apply(seat, action)
            assert game.apply_offered(seat, action) == expected
            assert game.to_dict() == checked.to_dict()


def test_a_bot_that_overrides_choose_is_asked_through_choose_not_by_index():
    """``Bot.by_index`` lets drivers take the random bot's choice by its index; a subclass
    whose own ``choose`` decides must be asked through it."""
    chosen: list[Action] = []

    class Chooser(RandomBot):
        def choose(self, observation, legal):
            chosen.append(legal[-1])
            return legal[-1]

    assert RandomBot.by_index is True
    assert Chooser.by_index is False
    game = new_game("macao", ["a", "b"], seed=2)
    moved = BotTable({"a": Chooser(1), "b": Chooser(2)}).step(game)
    assert moved is not None
    assert chosen == [moved[1]]


def test_the_random_bot_chooses_the_same_by_index_as_through_choose():
    offered = new_game("maumau", ["a", "b"], seed=0).legal_actions("a")
    assert len(offered) > 2
    by_choose, by_index = RandomBot(7), RandomBot(7)
    for _ in range(50):
        assert by_choose.choose({}, offered) is offered[by_index.choice_index({}, offered)]
    assert make_bot("random", "maumau", 0).by_index  # a random level that keeps its choose


def test_only_a_bot_that_draws_as_the_random_bot_is_drawn_for_by_the_driver():
    class Indexer(RandomBot):
        def choice_index(self, observation, legal):
            return len(legal) - 1

    class Reader(RandomBot):
        reads_observation = True

    assert RandomBot.uniform and make_bot("random", "lastcard", 0).uniform
    assert not Indexer.uniform and not Reader.uniform
    game = new_game("lastcard", ["a", "b"], seed=3)
    table = BotTable({"a": Indexer(1), "b": Indexer(2)})
    for _ in range(20):  # the driver asks it, so its choice is always the last offer
        offered = {seat: game.legal_actions(seat) for seat in game.seats}
        moved = table.step(game)
        assert moved is not None and moved[1] is offered[moved[0]][-1]
