"""Tournaments run by the table service: seated, played by stand-ins, resumed after a restart
(``tables.tournaments.part``), on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import pytest

import i18n
from data import store
from data import tournaments as stored
from data.db import open_database
from tables.clock import FakeClock
from tables.errors import TableError
from tables.service import TableService
from tables.tournaments.event import Event

GUILD, CHANNEL, ORGANISER = 900, 901, 1
QUICK = {"rounds": 1}


def new_service(location, clock, bot_delay: float = 0.0) -> TableService:
    return TableService(
        open_database(location),
        clock=clock,
        bot_delay=bot_delay,
        turn_timeout=5.0,
        seeds=lambda: 7,
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def run_until(svc: TableService, clock: FakeClock, event_id: int, status: str, steps=4000):
    for _ in range(steps):
        if svc.tournaments.get(event_id).status == status:
            return
        await clock.advance(5.0)
    raise AssertionError(f"event {event_id} never reached {status}")


async def quick_event(
    svc: TableService, format: str, players: Iterable[int], *, away: bool = True, **shape: Any
) -> Event:
    """A Macao event of quick matches in the test channel, opened by the organiser, that
    ``players`` have joined; ``away`` players are played by bots, so it runs on its own."""
    event = await svc.tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="macao",
        format=format,
        options=QUICK,
        **shape,
    )
    for user in players:
        await svc.tournaments.join(event.id, user, f"p{user}")
        if away:
            stored.set_away(svc.db, event.id, user, True)
    return event


async def test_swiss_event_of_eight_runs_to_final_standings_across_a_restart(storage, clock):
    # stand-ins take a second of the fake clock a move, so a round's tables play over several
    # steps and the stop can come while they do
    svc = new_service(storage, clock, bot_delay=1.0)
    event = await quick_event(svc, "swiss", range(11, 19), rounds=3)
    await svc.tournaments.start(event.id, ORGANISER)

    # play on until a later round's tables are playing, then stop the bot and start it again
    def later_round_playing() -> bool:
        event_now = svc.tournaments.get(event.id)
        return int(event_now.row["round"]) >= 2 and bool(event_now.unfinished())

    for _ in range(4000):
        if later_round_playing():
            break
        await clock.advance(5.0)
    assert later_round_playing()
    await svc.close()
    svc.db.close()
    svc = new_service(storage, clock, bot_delay=1.0)
    await svc.recover()
    await run_until(svc, clock, event.id, "finished")
    done = svc.tournaments.get(event.id)
    tables = [g for g in done.games if not g["bye"]]
    assert len(tables) == 12
    pairs = [tuple(sorted(g["players"])) for g in tables]
    assert len(set(pairs)) == 12  # nobody met anyone twice
    final = svc.tournaments.final(event.id)
    assert sorted(r["user_id"] for r in final) == list(range(11, 19))
    points = [r["points"] for r in final]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 12  # a point a two-seat table, none lost across the restart
    await svc.close()
    svc.db.close()


async def test_arena_of_six_seats_players_again_until_time_is_up_across_a_restart(storage, clock):
    # bots take two seconds of the fake clock a move, so a table lasts a while: with none, a
    # table of stand-ins would end at the moment it opened and the arena would seat tables
    # without end before the clock could move on
    svc = new_service(storage, clock, bot_delay=2.0)
    event = await quick_event(svc, "arena", range(21, 27), minutes=10)
    await svc.tournaments.start(event.id, ORGANISER)
    ends_at = float(svc.tournaments.get(event.id).row["ends_at"])
    while clock.now() < ends_at - 300 or not svc.tournaments.get(event.id).unfinished():
        await clock.advance(5.0)
    playing = [g["table_id"] for g in svc.tournaments.get(event.id).unfinished()]
    before = len(svc.tournaments.get(event.id).games)
    await svc.close()
    svc.db.close()

    svc = new_service(storage, clock, bot_delay=2.0)
    await svc.recover()
    await run_until(svc, clock, event.id, "finished")
    done = svc.tournaments.get(event.id)
    assert len(done.games) > before  # players were seated again after the restart
    # the tables playing at the stop played on and were counted
    counted = {g["table_id"]: g["places"] for g in done.games}
    assert all(sorted(counted[t].values()) == [1, 2] for t in playing)
    # and no table opened after the end
    assert all(store.get_table(svc.db, g["table_id"])["started_at"] < ends_at for g in done.games)
    assert sorted(r["user_id"] for r in svc.tournaments.final(event.id)) == list(range(21, 27))
    await svc.close()
    svc.db.close()


async def test_a_tournament_with_one_player_is_refused(storage, clock):
    svc = new_service(storage, clock)
    event = await svc.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, game="macao", format="swiss"
    )
    await svc.tournaments.join(event.id, 11, "ana")
    with pytest.raises(TableError, match="at least two players"):
        await svc.tournaments.start(event.id, ORGANISER)
    assert svc.tournaments.get(event.id).status == "open"
    await svc.close()
    svc.db.close()


async def test_a_start_in_the_past_and_a_format_the_game_lacks_are_refused(storage, clock):
    svc = new_service(storage, clock)
    with pytest.raises(TableError, match="in the past"):
        await svc.tournaments.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser_id=ORGANISER,
            game="macao",
            format="swiss",
            starts_at=clock.now() - 3600,
        )
    with pytest.raises(TableError, match="cannot be played") as refused:
        await svc.tournaments.create(
            guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, game="mao", format="arena"
        )
    said = refused.value.in_language(i18n.get("pt-BR"))
    assert said == "Mao não pode ser jogado no formato Arena."
    assert stored.of_guild(svc.db, GUILD) == []
    await svc.close()
    svc.db.close()


async def test_only_the_organiser_pauses_and_a_paused_event_opens_no_tables(storage, clock):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "swiss", (11, 12), rounds=2)
    await svc.tournaments.start(event.id, ORGANISER)
    with pytest.raises(TableError, match="organiser"):
        await svc.tournaments.pause(event.id, 11)
    await svc.tournaments.pause(event.id, ORGANISER)
    for _ in range(400):
        await clock.advance(5.0)
        if not svc.tournaments.get(event.id).unfinished():
            break
    assert not svc.tournaments.get(event.id).unfinished()  # the first round's table finished
    await clock.advance(60.0)
    paused = svc.tournaments.get(event.id)
    assert paused.status == "paused" and len(paused.games) == 1
    await svc.tournaments.pause(event.id, ORGANISER)
    await run_until(svc, clock, event.id, "finished")
    assert len(svc.tournaments.get(event.id).games) == 2
    await svc.close()
    svc.db.close()


async def test_an_away_player_is_seated_away_and_can_come_back(storage, clock):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "swiss", (11, 12), rounds=2, away=False)
    stored.set_away(svc.db, event.id, 11, True)
    await svc.tournaments.start(event.id, ORGANISER)
    table = svc.get(svc.tournaments.get(event.id).games[0]["table_id"])
    assert table.seat_of_user(11).away and not table.seat_of_user(12).away
    assert await svc.back(table.id, 11)
    await clock.advance(0)
    assert not any(p["away"] for p in svc.tournaments.get(event.id).players)
    await svc.close()
    svc.db.close()


async def test_a_removed_player_is_seated_no_more(storage, clock):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "swiss", (11, 12, 13), rounds=2)
    await svc.tournaments.start(event.id, ORGANISER)
    await svc.tournaments.remove(event.id, ORGANISER, 13)
    await run_until(svc, clock, event.id, "finished")
    done = svc.tournaments.get(event.id)
    assert done.games[-1]["round"] == 2
    assert all(13 not in g["players"] for g in done.games if g["round"] == 2)
    assert [r["user_id"] for r in svc.tournaments.final(event.id)].count(13) == 0
    await svc.close()
    svc.db.close()


async def test_ending_an_event_makes_its_standings_final_at_once(storage, clock):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "arena", (11, 12), minutes=20)
    await svc.tournaments.start(event.id, ORGANISER)
    with pytest.raises(TableError, match="organiser"):
        await svc.tournaments.end(event.id, 11)
    await svc.tournaments.end(event.id, ORGANISER)
    final = svc.tournaments.final(event.id)
    await run_until(svc, clock, event.id, "ended")
    for _ in range(200):  # the table still playing finishes; nothing more opens
        await clock.advance(5.0)
    ended = svc.tournaments.get(event.id)
    assert len(ended.games) == 1
    assert svc.tournaments.final(event.id) == final
    await svc.close()
    svc.db.close()


async def test_the_odd_player_plays_a_bot_when_the_organiser_allows_it(storage, clock):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "swiss", (11, 12, 13), rounds=1, bots=True, away=False)
    await svc.tournaments.start(event.id, ORGANISER)
    games = svc.tournaments.get(event.id).games
    assert not any(g["bye"] for g in games)
    seated = [store.get_seats(svc.db, g["table_id"]) for g in games]
    assert sorted(len(seats) for seats in seated) == [2, 2]
    bots = [s for seats in seated for s in seats if s["user_id"] is None]
    assert len(bots) == 1
    await svc.close()
    svc.db.close()


async def test_a_round_stopped_half_way_through_opening_opens_the_rest_after_a_restart(
    storage, clock
):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "swiss", (11, 12, 13, 14), rounds=1)
    lobby = svc.tournaments.lobby
    first_only = lobby.open_table
    opened = []

    async def stopped_after_one(**options):
        if opened:
            raise asyncio.CancelledError  # the bot stops here
        opened.append(await first_only(**options))
        return opened[0]

    lobby.open_table = stopped_after_one
    with pytest.raises(asyncio.CancelledError):
        await svc.tournaments.start(event.id, ORGANISER)
    await svc.close()
    svc.db.close()

    svc = new_service(storage, clock)
    await svc.recover()
    await run_until(svc, clock, event.id, "finished")
    games = svc.tournaments.get(event.id).games
    assert len(games) == 2 and all(g["table_id"] is not None for g in games)
    assert sorted(r["played"] for r in svc.tournaments.final(event.id)) == [1, 1, 1, 1]
    await svc.close()
    svc.db.close()


async def test_a_table_that_ended_just_before_a_stop_is_counted_after_it(storage, clock):
    svc = new_service(storage, clock)
    event = await quick_event(svc, "swiss", (11, 12), rounds=1)
    # the stop comes between the match's end and the event hearing of it
    svc.notifier.match_hooks.remove(svc.tournaments.match_finished)
    await svc.tournaments.start(event.id, ORGANISER)
    [game] = svc.tournaments.get(event.id).games
    for _ in range(400):
        if store.get_table(svc.db, game["table_id"])["status"] == "finished":
            break
        await clock.advance(5.0)
    assert store.get_table(svc.db, game["table_id"])["status"] == "finished"
    assert svc.tournaments.get(event.id).unfinished()
    await svc.close()
    svc.db.close()

    svc = new_service(storage, clock)
    await svc.recover()
    done = svc.tournaments.get(event.id)
    assert done.status == "finished"
    assert sorted(done.games[0]["places"].values()) == [1, 2]
    await svc.close()
    svc.db.close()
