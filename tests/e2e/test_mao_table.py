"""The Mao table itself through the fake Discord: /play's Mao options, a lobby that tells the
object of the game and nothing more, and each finished round recorded for the leaderboard
(MAO-17: rounds won, penalties by call, calls that stood, bad adjudications)."""

from __future__ import annotations

from data.match_reads import match_result
from tests.e2e.chairman import open_table, start_bot
from tests.e2e.maotable import mao_table


async def test_play_mao_takes_its_options_and_the_lobby_tells_only_the_object(
    fake_discord, tmp_path
):
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    table, _, lobby = await open_table(
        fake, bot, ana, game="mao", mode="players", speech_window=7, turn_seconds=3
    )
    assert table.options["mode"] == "players"
    assert (table.options["speech_window"], table.options["turn_seconds"]) == (7, 3)
    text = lobby.text()
    assert "The object of the game is to get rid of all your cards." in text
    assert "reads this thread" in text
    assert "mode=players" in text and "speech_window=7" in text
    for rule_word in ("nice day", "spades", "last card", "five seconds", "Jack", "house"):
        assert rule_word.lower() not in text.lower()


async def test_mao_options_are_refused_for_other_games(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana")
    await start_bot(fake, tmp_path)
    i = await fake.slash(ana, "play", fake.general_id, game="macao", call_window=3)
    answer = await i.wait_finished()
    assert answer["ephemeral"] and "call_window is a Mao option" in answer["content"]


async def test_mao_17_each_finished_round_is_recorded_with_its_own_figures(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, ("ana", "bo"), hands={"ana": "9H", "bo": "4C 5C"}, turn_seconds=0
    )
    chatter = await mt.say("bo", "oh no")
    await mt.say("ana", "Talking", reply_to=chatter)
    await mt.say("bo", "Bad card", mentions=("ana",))  # nothing to call: bad adjudication
    await mt.say("ana", "mao")
    await mt.press("ana", "play 9H")
    await mt.advance(16.0)  # she is out at 5; bo is penalised at 10, in round two
    assert mt.game.round == 2
    seat_ana, seat_bo = mt.seat("ana"), mt.seat("bo")
    [row] = mt.bot.db.execute(
        "SELECT id, rated FROM matches WHERE table_id = ?", [f"{mt.table.id}/1"]
    ).fetchall()
    first = match_result(mt.bot.db, row[0])
    assert first is not None and first.rated
    figures = {s.seat: s.figures for s in first.seats}
    places = {s.seat: s.place for s in first.seats}
    assert places == {seat_ana: 1, seat_bo: 2}
    assert figures[seat_ana]["wins"] == 1 and figures[seat_ana]["calls"] == 1
    assert figures[seat_bo]["penalties"] == {"Talking": 1}
    assert figures[seat_bo]["bad_adjudications"] == 1

    # round two counts only what happened in it
    await mt.lay_out({"ana": "9H", "bo": "4C 5C"}, turn="ana")
    await mt.say("ana", "mao")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    [row] = mt.bot.db.execute(
        "SELECT id FROM matches WHERE table_id = ?", [f"{mt.table.id}/2"]
    ).fetchall()
    second = {s.seat: s.figures for s in match_result(mt.bot.db, row[0]).seats}
    assert second[seat_ana]["wins"] == 1 and second[seat_ana]["calls"] == 0
    assert second[seat_bo]["penalties"] == {"Bad adjudication": 1}
    assert second[seat_bo]["bad_adjudications"] == 0


async def test_mao_17_rounds_feed_the_servers_mao_leaderboard(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, ("ana", "bo"), hands={"ana": "9H", "bo": "4C 5C"}, turn_seconds=0
    )
    await mt.say("ana", "mao")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    i = await fake_discord.slash(mt.users["bo"], "leaderboard", mt.thread_id, game="mao")
    board = await i.wait_finished()
    text = " ".join(str(e) for e in board["embeds"])
    ana, bo = mt.mention("ana"), mt.mention("bo")
    assert f"**1.** {ana}" in text and f"**2.** {bo}" in text
