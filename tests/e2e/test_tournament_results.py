"""What a tournament's tables count for, through the fake Discord: a table that ends with no
result, a player taken out of the event, tables topped up with bots."""

from __future__ import annotations

import pytest

from data import results, store
from tables.clock import FakeClock
from tests.e2e.chairman import start_bot
from tests.e2e.tournament_steps import (
    PLAYING,
    announce,
    run,
    settle,
    started_event,
)


async def test_a_swiss_table_ended_without_a_result_is_a_loss_worth_nothing_for_everyone_at_it(
    fake_discord, tmp_path
):
    fake = fake_discord
    clock = FakeClock()
    organiser = fake.add_member("org", admin=True)
    people = [fake.add_member(name) for name in ("ana", "bo", "cy", "di")]
    by_id = {p.id: p for p in people}
    bot = await start_bot(fake, tmp_path, clock=clock, **PLAYING)
    event_id, _ = await announce(
        fake,
        bot,
        organiser,
        people,
        game="macao",
        format="swiss",
        rounds=2,
        starts="30",
        options="rounds=1",
    )
    i = await fake.slash(organiser, "tournament start", fake.general_id, tournament=event_id)
    await i.wait_finished()
    await settle(bot)
    first, second = bot.tables.tournaments.get(event_id).unfinished()
    # the organiser ends one table; everyone at the other leaves it
    ended = bot.tables.tables[first["table_id"]]
    await (await fake.slash(organiser, "table end", ended.channel_id)).wait_finished()
    left = bot.tables.tables[second["table_id"]]
    for user_id in second["players"]:
        await (await fake.slash(by_id[user_id], "table leave", left.channel_id)).wait_finished()
    await run(bot, clock, event_id, lambda e: int(e.row["round"]) == 2)
    event = bot.tables.tournaments.get(event_id)
    after_one = {s.user_id: s for s in event.standings()}
    for user_id in (*first["players"], *second["players"]):
        standing = after_one[user_id]
        assert (standing.points, standing.wins, standing.played) == (0.0, 0, 1)
        assert standing.buchholz == 0.0
    await bot.close()


async def test_a_player_taken_out_of_a_swiss_event_scores_nothing_at_the_table_they_left(
    fake_discord, tmp_path
):
    fake = fake_discord
    started = await started_event(
        fake, tmp_path, 2, game="macao", format="swiss", rounds=1, options="rounds=1"
    )
    bot, clock, organiser, people, event_id, _ = started
    out, stays = people
    i = await fake.slash(
        organiser, "tournament remove", fake.general_id, tournament=event_id, player=out
    )
    await i.wait_finished()
    await run(bot, clock, event_id, lambda e: e.status == "finished")
    event = bot.tables.tournaments.get(event_id)
    [game] = event.games
    assert game["places"][out.id] == 0  # a bot played the seat out, for nobody
    [standing] = event.standings()
    assert standing.user_id == stays.id and standing.buchholz == 0.0
    await bot.close()


def engine_place(bot, table_id: int, user_id: int) -> int:
    """The place the game itself gave ``user_id`` at the table, among all its seats."""
    outcome = results.recorded_outcome(bot.db, table_id) or {}
    seat = next(s for s in store.get_seats(bot.db, table_id) if s.get("user_id") == user_id)
    return int(outcome["places"][seat["seat"]])


@pytest.mark.long
async def test_a_player_who_loses_to_a_bot_at_a_swiss_table_has_lost(fake_discord, tmp_path):
    started = await started_event(
        fake_discord,
        tmp_path,
        3,
        game="macao",
        format="swiss",
        rounds=3,
        options="rounds=1",
        bots=True,
    )
    bot, clock, _, people, event_id, _ = started
    await run(bot, clock, event_id, lambda e: e.status == "finished")
    event = bot.tables.tournaments.get(event_id)
    points: dict[int, float] = {p.id: 0.0 for p in people}
    lost_to_a_bot = 0
    for game in event.games:
        for user_id in game["players"]:
            place = engine_place(bot, game["table_id"], user_id)
            assert game["places"][user_id] == place
            # at two seats: a win is 1 point and a loss none, whoever sat in the other seat
            points[user_id] += 1.0 if place == 1 else 0.0
            lost_to_a_bot += len(game["players"]) == 1 and place != 1
    assert lost_to_a_bot  # the seeded event did seat a person who lost to a bot
    assert {s.user_id: s.points for s in event.standings()} == points
    await bot.close()


@pytest.mark.long
async def test_people_at_a_president_table_topped_up_with_a_bot_score_between_0_and_1(
    fake_discord, tmp_path
):
    started = await started_event(
        fake_discord,
        tmp_path,
        3,
        game="president",
        format="swiss",
        rounds=1,
        seats=4,
        bots=True,
        options="rounds=1",
    )
    bot, clock, _, _, event_id, _ = started
    await run(bot, clock, event_id, lambda e: e.status == "finished")
    event = bot.tables.tournaments.get(event_id)
    [game] = event.games
    outcome = results.recorded_outcome(bot.db, game["table_id"]) or {}
    every_place = [int(p) for p in outcome["places"].values()]  # the bot's among them
    for standing in event.standings():
        place = engine_place(bot, game["table_id"], standing.user_id)
        # a place among the table's four seats, shared with whoever tied for it, a bot too
        span = range(place, place + every_place.count(place))
        assert standing.points == sum((4 - p) / 3 for p in span) / len(span)
        assert 0.0 <= standing.points <= 1.0
    await bot.close()


async def test_tables_still_playing_when_their_event_is_ended_are_told_they_count_no_more(
    fake_discord, tmp_path
):
    fake = fake_discord
    started = await started_event(
        fake, tmp_path, 4, game="macao", format="swiss", rounds=3, options="rounds=1"
    )
    bot, _, organiser, _, event_id, _ = started
    playing = [bot.tables.tables[g["table_id"]] for g in bot.tables.tournaments.get(event_id).games]
    i = await fake.slash(organiser, "tournament end", fake.general_id, tournament=event_id)
    await i.wait_finished()
    await settle(bot)
    said = (
        f"Swiss tournament #{event_id} · Macao is over: this table plays on,"
        " but its result no longer counts in it."
    )
    for table in playing:
        assert table.status == "running"
        assert said in [m.text() for m in fake.messages(table.channel_id)]
    await bot.close()
