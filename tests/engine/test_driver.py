"""The one driver (``engine.driver.TableDriver``): who play waits on, who a bot plays, and
what falls due when, as data, with time an input."""

from __future__ import annotations

from engine import new_game
from engine.bots import make_bot
from engine.driver import Due, TableDriver, game_away, silent_choice
from engine.lastcard.actions import Vote
from engine.maumau.actions import Leave, Rebuy
from tests.engine.mao.table import table as mao_position
from tests.engine.positions import position

NOW = 100.0


def driver_for(game, bots=(), **timeouts) -> TableDriver:
    seats = list(game.seats)
    every = {s: make_bot("heuristic", game.name, k) for k, s in enumerate(seats)}
    return TableDriver(every, played_by_bot=lambda s: s in bots, **timeouts)


def kinds(plan: list[Due]) -> list[tuple[str, str | None, float]]:
    return [(d.kind, d.seat, d.at) for d in plan]


def test_a_human_on_turn_is_warned_after_the_turn_timeout_and_later_when_warned():
    game = position("macao", ["ana", "bo"], turn="ana")
    driver = driver_for(game, turn_timeout=60.0)
    assert kinds(driver.plan(game, NOW, NOW)) == [("afk", "ana", NOW + 60.0)]
    driver.warn("ana")
    # the wait is counted from when it began, not from this plan
    assert kinds(driver.plan(game, NOW + 60.0, NOW)) == [("afk", "ana", NOW + 90.0)]


def test_a_bot_on_turn_moves_after_its_delay():
    game = position("macao", ["ana", "bo"], turn="bo")
    driver = driver_for(game, bots={"bo"}, bot_delay=1.5, turn_timeout=60.0)
    assert kinds(driver.plan(game, NOW, NOW)) == [("bot", "bo", NOW + 1.5)]
    assert driver.bot_plays(game, "bo") and not driver.bot_plays(game, "ana")


def test_a_move_ends_the_seats_wait():
    game = position("macao", ["ana", "bo"], turn="ana")
    driver = driver_for(game, turn_timeout=60.0)
    driver.plan(game, NOW, NOW)
    driver.warn("ana")
    driver.moved("ana")
    assert driver.waiting_since == {} and driver.warned == set()


def test_a_mao_seat_the_game_marks_away_is_played_by_a_bot():
    game = mao_position({"ana": "9C 3D", "bo": "4C 8D"}, clock=True)
    driver = driver_for(game)
    assert not driver.bot_plays(game, "ana")
    game.away[0] = True  # what three timeouts in a row leave (MAO-14)
    assert game_away(game) == {"ana"}
    assert driver.bot_plays(game, "ana")


def test_a_timed_game_asks_to_be_woken_at_its_deadline():
    game = mao_position({"ana": "9C 3D", "bo": "4C 8D"}, clock=True)
    driver = driver_for(game)
    ticks = [d for d in driver.plan(game, NOW, NOW - 2.0) if d.kind == "tick"]
    assert ticks == [Due("tick", NOW - 2.0 + game.next_deadline(), version=game.version)]


def test_a_silent_voter_times_out_and_a_bot_voter_just_votes():
    game = new_game("lastcard", ["ana", "bo", "cy"], seed=3)
    driver = driver_for(game, bots={"bo"}, bot_delay=1.0, vote_timeout=30.0, turn_timeout=60)
    # play until the vote opens, bots for every seat
    everyone = TableDriver(dict(driver.bots), played_by_bot=lambda s: True)
    for _ in range(5000):
        if game.observation(None).get("vote") or game.is_over:
            break
        if everyone.step(game) is None:
            break
    vote = game.observation(None).get("vote")
    assert vote, "the vote never opened"
    plan = {(d.kind, d.seat) for d in driver.plan(game, NOW, NOW)}
    for seat in vote["voters"]:
        assert (("bot", seat) if seat == "bo" else ("silent", seat)) in plan


def test_last_9_silence_is_a_vote_to_stop_and_settles_no_other_own_decision():
    # the action says what a silent seat chooses; the driver names no game's decision
    assert silent_choice([Vote(choice="continue"), Vote(choice="stop")]) == Vote(choice="stop")
    assert silent_choice([Rebuy(), Leave()]) is None


def test_two_stood_in_turns_in_a_row_make_a_human_away_and_a_move_of_their_own_resets_it():
    game = position("macao", ["ana", "bo"], turn="ana")
    driver = driver_for(game, turn_timeout=60.0)
    assert driver.stood_in("ana") is False
    driver.played("ana")
    assert driver.stood_in("ana") is False
    assert driver.stood_in("ana") is True
    driver.back("ana")
    assert driver.missed == {}


def test_a_timed_games_bots_react_only_when_their_timer_fires_and_the_timer_is_spent():
    game = mao_position({"ana": "9C 3D", "bo": "4C 8D"}, clock=True)
    driver = driver_for(game, bots={"bo"}, bot_delay=1.0)
    driver.react_due = NOW + 1.0
    assert not driver.reacts_now(game, timer=False)  # talk does not hurry Mao's bots
    assert driver.react_due == NOW + 1.0
    assert driver.reacts_now(game, timer=True)
    assert driver.react_due is None  # the next change plans the next one


def test_an_untimed_games_bots_react_whenever_asked():
    game = position("macao", ["ana", "bo"], turn="ana")
    driver = driver_for(game, bots={"bo"})
    assert driver.reacts_now(game, timer=False)


def test_reactions_are_settled_before_a_human_is_shown_the_turn_but_not_at_a_timed_game():
    game = position("macao", ["ana", "bo"], turn="ana")
    assert driver_for(game, bots={"bo"}).settles_before_showing(game)
    assert not driver_for(game, bots={"ana"}).settles_before_showing(game)  # a bot's turn
    mao = mao_position({"ana": "9C 3D", "bo": "4C 8D"}, clock=True)
    assert not driver_for(mao, bots={"bo"}).settles_before_showing(mao)


def test_a_stand_in_speaks_for_the_seat_except_at_a_timed_game():
    game = position("macao", ["ana", "bo"], turn="ana")
    assert driver_for(game).stand_in_speaks(game)
    mao = mao_position({"ana": "9C 3D", "bo": "4C 8D"}, clock=True)
    assert not driver_for(mao).stand_in_speaks(mao)
