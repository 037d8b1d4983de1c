"""Tournaments through the fake Discord, on a fake clock: people join by button, go away (so
stand-ins play their seats), and the event runs to its final standings across a restart."""

from __future__ import annotations

from tables.clock import FakeClock
from tests.e2e.chairman import click, start_bot
from tests.e2e.tournament_steps import (
    ARENA,
    PLAYING,
    SETTINGS,
    announce,
    final_posts,
    join_id,
    leave_id,
    playing_tables,
    run,
    settle,
    started_event,
)


def counted(event, table_id: int) -> bool:
    """The table's result is in the event: every player at it has a place."""
    game = next(g for g in event.games if g["table_id"] == table_id)
    return sorted(game["places"].values()) == list(range(1, len(game["players"]) + 1))


async def test_swiss_event_of_eight_runs_to_its_final_standings_across_a_restart(
    fake_discord, tmp_path
):
    fake = fake_discord
    clock = FakeClock()
    organiser = fake.add_member("org", admin=True)
    people = [fake.add_member(f"p{n}") for n in range(8)]
    bot = await start_bot(fake, tmp_path, clock=clock, **PLAYING)
    event_id, message = await announce(
        fake,
        bot,
        organiser,
        people,
        game="macao",
        format="swiss",
        rounds=3,
        starts="10",
        options="rounds=1",
    )
    assert all(p.name in fake.message(message.id).text() for p in people)
    await clock.advance(600.0)  # the start time
    await settle(bot)
    # stopped while the second round's tables are playing
    await run(bot, clock, event_id, lambda e: int(e.row["round"]) >= 2 and bool(e.unfinished()))
    playing = playing_tables(bot, event_id)
    assert int(bot.tables.tournaments.get(event_id).row["round"]) == 2
    await bot.close()

    bot = await start_bot(fake, tmp_path, clock=clock, **PLAYING)
    await run(bot, clock, event_id, lambda e: e.status == "finished")
    event = bot.tables.tournaments.get(event_id)
    tables = [g for g in event.games if not g["bye"]]
    assert len(tables) == 12
    assert all(counted(event, table_id) for table_id in playing)
    assert len({tuple(sorted(g["players"])) for g in tables}) == 12
    # each table's thread is made by the cog after the table opens
    await fake.wait_for(lambda: len(fake.threads()) == 12, what="every table's thread")
    await fake.wait_for(lambda: final_posts(fake), what="the final standings")
    [final] = final_posts(fake)
    assert all(p.name in final for p in people)
    posted = [m for m in fake.messages(fake.general_id) if "Final standings" in m.text()]
    assert [a.filename for a in posted[0].attachments] == ["standings.png"]
    await bot.close()


async def test_twenty_minute_arena_of_six_runs_to_its_final_standings_across_a_restart(
    fake_discord, tmp_path
):
    fake = fake_discord
    bot, clock, _, people, event_id, _ = await started_event(
        fake, tmp_path, 6, ARENA, game="macao", format="arena", minutes=20, options="rounds=1"
    )
    started = clock.now()
    # stopped half-way while tables are playing
    await run(bot, clock, event_id, lambda e: clock.now() >= started + 600 and bool(e.unfinished()))
    before = len(bot.tables.tournaments.get(event_id).games)
    playing = playing_tables(bot, event_id)
    await bot.close()

    bot = await start_bot(fake, tmp_path, clock=clock, **ARENA)
    await run(bot, clock, event_id, lambda e: e.status == "finished")
    event = bot.tables.tournaments.get(event_id)
    assert len(event.games) > before >= 3
    assert all(counted(event, table_id) for table_id in playing)
    assert max(s.played for s in event.standings()) >= 2  # seated again after finishing
    await fake.wait_for(lambda: final_posts(fake), what="the final standings")
    [final] = final_posts(fake)
    assert all(p.name in final for p in people)
    await bot.close()


async def test_bad_tournaments_are_refused_in_one_sentence_in_the_users_language(
    fake_discord, tmp_path
):
    fake = fake_discord
    organiser = fake.add_member("org", admin=True)
    organiser.locale = "pt-BR"
    bot = await start_bot(fake, tmp_path, **SETTINGS)
    i = await fake.slash(
        organiser, "tournament create", fake.general_id, game="mao", format="arena"
    )
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == "Mao não pode ser jogado no formato Arena."

    async def refusal(starts: str) -> str:
        options = {"game": "macao", "format": "swiss", "starts": starts}
        i = await fake.slash(organiser, "tournament create", fake.general_id, **options)
        return str((await i.wait_finished())["content"])

    assert await refusal("2001-01-01 10:00") == "Um torneio não pode começar no passado."
    for far in ("9999-12-31 23:59", "9" * 400):
        assert await refusal(far) == "Um torneio começa em até 90 dias após o anúncio."
    assert (await refusal("²")).startswith("Não entendi o início '²'")
    assert bot.tables.tournaments.of_guild(fake.guild_id) == []
    event_id, _ = await announce(
        fake, bot, organiser, [organiser], game="macao", format="swiss", starts="30"
    )
    i = await fake.slash(organiser, "tournament start", fake.general_id, tournament=event_id)
    response = await i.wait_finished()
    assert response["content"] == "Um torneio precisa de pelo menos dois jogadores."
    assert bot.tables.tournaments.get(event_id).status == "open"
    await bot.close()


async def one_round_played(fake, tmp_path):
    """A Swiss event of one round of Macao between two people, played to its end: (the bot,
    the event's id, the two)."""
    bot, clock, _, people, event_id, _ = await started_event(
        fake, tmp_path, 2, SETTINGS, game="macao", format="swiss", rounds=1, options="rounds=1"
    )
    await run(bot, clock, event_id, lambda e: e.status == "finished")
    return bot, event_id, people


async def test_history_shows_a_tournaments_tables_and_standings(fake_discord, tmp_path):
    fake = fake_discord
    bot, event_id, people = await one_round_played(fake, tmp_path)
    i = await fake.slash(people[0], "history", fake.general_id, tournament=event_id)
    response = await i.wait_finished()
    text = str(response)
    assert "Final standings" in text and "Round 1, table #" in text
    assert all(p.name in text for p in people)
    await bot.close()


async def test_a_tournaments_finished_tables_offer_no_play_again(fake_discord, tmp_path):
    # the tournament seats its players' next game: a rematch beside it would leave the event
    fake = fake_discord
    bot, _event_id, people = await one_round_played(fake, tmp_path)
    await settle(bot)
    threads = fake.threads()
    assert threads, "the tournament's table played in a thread"
    seen = [m for t in threads for m in fake.messages(t.id)]
    seen += [m for p in people for m in fake.dms(p)]
    assert any("Match over" in m.text() for m in seen)
    assert not [c for m in seen for c in m.custom_ids() if c.startswith("chairman:again:")]
    await bot.close()


async def test_a_tournament_announced_to_start_now_stays_open_until_its_organiser_starts_it(
    fake_discord, tmp_path
):
    fake = fake_discord
    clock = FakeClock()
    organiser = fake.add_member("org", admin=True)
    people = [fake.add_member(f"p{n}") for n in range(2)]
    bot = await start_bot(fake, tmp_path, clock=clock, **SETTINGS)
    event_id, message = await announce(
        fake,
        bot,
        organiser,
        people,
        game="macao",
        format="swiss",
        starts="now",
        options="rounds=1",
    )
    await clock.advance(3600.0)
    await settle(bot)
    announced = fake.message(message.id).text()
    assert "Starts when the organiser starts it (/tournament start)." in announced
    assert "open: join with the button" in announced
    assert all(p.name in announced for p in people)
    assert bot.tables.tournaments.get(event_id).status == "open"
    i = await fake.slash(organiser, "tournament start", fake.general_id, tournament=event_id)
    await i.wait_finished()
    await settle(bot)
    assert "Status: running." in fake.message(message.id).text()
    await bot.close()


async def test_a_tournament_with_one_player_at_its_start_time_is_cancelled_saying_why(
    fake_discord, tmp_path
):
    fake = fake_discord
    clock = FakeClock()
    organiser = fake.add_member("org", admin=True)
    alone = fake.add_member("alone")
    bot = await start_bot(fake, tmp_path, clock=clock, **SETTINGS)
    event_id, message = await announce(
        fake, bot, organiser, [alone], game="macao", format="swiss", starts="1"
    )
    await clock.advance(60.0)
    await settle(bot)
    await fake.wait_for(lambda: final_posts(fake), what="the final post")
    assert bot.tables.tournaments.get(event_id).status == "cancelled"
    announced = fake.message(message.id).text()
    assert "cancelled: fewer than two players had joined at its start time" in announced
    assert "ended by the organiser" not in announced
    [final] = final_posts(fake)
    assert "Cancelled: fewer than two players had joined at its start time." in final
    await bot.close()


async def test_a_player_taken_out_is_told_so_at_join_and_leave_and_joining_order_holds(
    fake_discord, tmp_path
):
    fake = fake_discord
    organiser = fake.add_member("org", admin=True)
    a, b, c = (fake.add_member(name) for name in ("a", "b", "c"))
    bot = await start_bot(fake, tmp_path, **SETTINGS)
    event_id, message = await announce(
        fake, bot, organiser, [a, b], game="macao", format="swiss", starts="30"
    )
    i = await fake.slash(
        organiser, "tournament remove", fake.general_id, tournament=event_id, player=b
    )
    await i.wait_finished()
    for button in (join_id(message), leave_id(message)):
        answer = await click(fake, b, message, button)
        assert answer["ephemeral"]
        assert answer["content"] == "The organiser took you out of this tournament."
    await click(fake, a, message, leave_id(message))
    await click(fake, c, message, join_id(message))
    await click(fake, a, message, join_id(message))
    order = [p["joined"] for p in bot.tables.tournaments.get(event_id).players]
    assert len(set(order)) == len(order)
    assert bot.tables.tournaments.get(event_id).active == [c.id, a.id]
    await bot.close()


async def test_a_late_arena_join_is_answered_before_its_table_opens(fake_discord, tmp_path):
    """An event never waits on Discord: the press is answered first, the table's thread and
    messages come after."""
    fake = fake_discord
    bot, _, _, _, event_id, message = await started_event(
        fake, tmp_path, 3, ARENA, game="macao", format="arena", minutes=10
    )
    late = fake.add_member("late")
    tables_before = len(bot.tables.tournaments.get(event_id).games)
    calls = len(fake.rest_calls)
    press = await fake.click(late, fake.message(message.id), join_id(fake.message(message.id)))
    await press.wait_finished()
    await fake.wait_for(
        lambda: len(bot.tables.tournaments.get(event_id).games) > tables_before,
        what="the late player's table",
    )
    await settle(bot)
    made = fake.rest_calls[calls:]
    answered = next(k for k, c in enumerate(made) if "/callback" in c.path)
    opened = next(k for k, c in enumerate(made) if c.method == "POST" and "/threads" in c.path)
    assert answered < opened, [c.route for c in made]
    await bot.close()
