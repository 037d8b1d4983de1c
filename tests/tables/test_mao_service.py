"""The table service running Mao: speech comes in through ``say``, the engine's clock is driven
by one timer (fired ``LAG_ALLOWANCE`` after each deadline), bots play seats the game marks
away and let a Point of Order run, and a recovered table picks its clocks up again."""

from __future__ import annotations

import json

import pytest

from data.match_reads import match_result
from engine.actions import Say, Take
from tables import errors
from tables.games.mao.rounds import round_key
from tables.timing import LAG_ALLOWANCE
from tests.tables.conftest import make_service

ANA, BO, CY = 101, 102, 103


async def mao(service, **options):
    table = await service.open_table(
        game="mao", host_id=ANA, host_name="ana", channel_id=1, options=options
    )
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    return table


def say(text: str, at: float, *mentions: str) -> Say:
    return Say(text=text, mentions=mentions, at=at)


def calls(table) -> list[tuple[str, str]]:
    game = table.game
    return [(f["call"], game.seats[f["seat"]]) for f in game.infractions]


async def test_say_hears_a_seated_player_at_the_time_it_was_said(service, clock):
    table = await mao(service, turn_seconds=0)
    await clock.advance(3.0)
    events = await service.say(table.id, BO, say("what a lovely table", 2.5))
    assert [e["type"] for e in events] == ["say"]
    assert calls(table) == [("Talking", str(BO))]
    assert table.game.infractions[0]["at"] == 2.5


async def test_say_refuses_who_is_not_seated_and_a_table_not_started(service):
    table = await service.open_table(game="mao", host_id=ANA, channel_id=1)
    with pytest.raises(errors.NotStarted):
        await service.say(table.id, ANA, say("hi", 0.0))
    await service.join(table.id, BO, "bo")
    await service.start(table.id, ANA)
    with pytest.raises(errors.NotSeated):
        await service.say(table.id, CY, say("hi", 0.0))


async def test_the_clock_timer_fires_just_after_the_deadline_and_rules_at_the_deadline(
    service, clock
):
    table = await mao(service)
    first = table.game.current_player()
    await clock.advance(5.0 + LAG_ALLOWANCE - 0.01)
    assert calls(table) == []
    await clock.advance(0.02)
    assert calls(table) == [("Failure to play within five seconds", first)]
    assert table.game.infractions[0]["at"] == 5.0


async def test_a_seat_the_game_marks_away_is_played_by_a_bot(service, clock):
    table = await mao(service)
    away = table.game.current_player()
    for _ in range(60):
        await clock.advance(1.0)
        if table.game.current_player() != away:
            break
    assert away in table.game.observation(None)["away"]
    assert table.game.current_player() != away  # a bot played the turn for them
    assert any(row["by"] == "afk" for row in service.db["actions"].rows)
    assert table.seat(away).afk_played  # their results will say a bot helped


async def test_a_bot_lets_a_point_of_order_run_twenty_seconds(db_path, clock):
    service = make_service(db_path, clock, bot_delay=1.0)
    try:
        table = await service.open_table(
            game="mao", host_id=ANA, channel_id=1, bots=1, options={"turn_seconds": 0}
        )
        await service.start(table.id, ANA)
        if table.game.current_player() == str(ANA):
            await service.act(table.id, ANA, Take().stamped(0.0))
        await service.say(table.id, ANA, say("point of order", 0.0))
        await clock.advance(19.5)
        assert table.game.observation(None)["point_of_order"] is not None
        await clock.advance(1.0)
        assert table.game.observation(None)["point_of_order"] is None
        [ended] = [e for e in table.game.events if e["type"] == "point_of_order_end"]
        assert ended["reason"] == "said" and ended["seat"] == "bot1"
    finally:
        await service.close()


async def test_a_recovered_table_keeps_its_point_of_order_and_ends_it_on_its_own_clock(
    db_path, clock
):
    """The outage does not count: the table clock resumes at the last logged moment."""
    first = make_service(db_path, clock)
    table = await mao(first)
    await clock.advance(1.0)
    await first.say(table.id, BO, say("point of order", 1.0))
    await first.close()

    await clock.advance(100.0)  # the bot is down for a while
    second = make_service(db_path, clock, turn_timeout=0)  # no stand-in ends it meanwhile
    try:
        [again] = await second.recover()
        game = again.game
        assert game.observation(None)["point_of_order"]["ends"] == 181.0
        await clock.advance(179.0)
        assert game.observation(None)["point_of_order"] is not None
        await clock.advance(1.0 + LAG_ALLOWANCE)
        assert game.observation(None)["point_of_order"] is None
        assert [e["reason"] for e in game.events if e["type"] == "point_of_order_end"] == ["time"]
    finally:
        await second.close()


async def test_the_table_clock_stops_while_the_bot_is_down(db_path, clock):
    """Down thirty seconds right after a move: on recovery the table clock reads the moment
    of that move, so the player on turn has all five seconds and nobody a penalty."""
    first = make_service(db_path, clock)
    table = await mao(first)
    await clock.advance(2.0)
    mover = table.game.current_player()
    await first.act(table.id, int(mover), Take())
    on_turn = table.game.current_player()
    moved_at = max(r["at"] for r in first.db["actions"].rows)
    await first.close()  # the process dies: nothing more is written
    await clock.advance(30.0)
    again = make_service(db_path, clock)
    try:
        [restored] = await again.recover()
        assert clock.now() - restored.started_at == pytest.approx(moved_at)
        await clock.advance(4.9)
        assert calls(restored) == []
        await clock.advance(0.2 + LAG_ALLOWANCE)
        assert calls(restored) == [("Failure to play within five seconds", on_turn)]
    finally:
        await again.close()


async def test_mao_14_a_seat_marked_away_plays_again_by_playing_in_one_call(service, clock):
    table = await mao(service)
    away = table.game.current_player()
    for _ in range(60):
        await clock.advance(1.0)
        if away in table.game.observation(None)["away"]:
            break
    assert away in table.game.observation(None)["away"]
    taken = []
    locked = service.locks.locked

    def counting(t):
        taken.append(t.id)
        return locked(t)

    service.locks.locked = counting
    before = table.seq
    await service.act(table.id, int(away), Take(), None)
    assert taken == [table.id]  # the table's lock was taken once for the pair
    assert away not in table.game.observation(None)["away"]
    rows = [r for r in service.db["actions"].rows if r["seq"] > before]
    assert [(r["seat"], r["by"], json.loads(r["action"])["kind"]) for r in rows[:2]] == [
        (away, "human", "back"),
        (away, "human", "take"),
    ]


async def test_mao_17_a_round_called_off_at_its_turn_limit_is_stored_as_a_draw(service):
    table = await mao(service, turn_seconds=0, max_turns=2)
    for _ in range(2):
        seat = int(table.game.current_player())
        await service.act(table.id, seat, Take().stamped(0.0))
    assert table.game.round == 2
    assert [e["type"] for e in table.game.events][-3:] == ["stalemate", "round_end", "deal"]
    [row] = service.db.execute(
        "SELECT id FROM matches WHERE table_id = ?", [round_key(table.id, 1)]
    ).fetchall()
    result = match_result(service.db, row[0])
    assert result is not None and not any(s.won for s in result.seats)
    assert {s.place for s in result.seats} == {1}
