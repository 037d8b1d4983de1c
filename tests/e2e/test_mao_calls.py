"""Calls, the five-second rule, the Chairman's two modes and the snowflake clock, through the
fake Discord (MAO-9..14). A call names its offender by a mention or by replying to them, or,
through the hand's Say form, by choosing them there (the calls below are played both ways)."""

from __future__ import annotations

import time

import pytest

from tables import timing
from tests.e2e.maotable import mao_table

QUIET = {"turn_seconds": 0}


async def test_mao_11_a_good_call_by_reply_is_credited_to_the_caller(
    fake_discord, tmp_path, speech
):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET
    )
    chatter = await mt.say("bo", "nice weather today")
    await mt.say("ana", "Talking", reply_to=chatter)
    assert mt.posts() == [mt.penalty("Talking", "bo", caller="ana")]
    assert mt.game.stats[mt.game.index[mt.seat("ana")]]["calls"] == 1
    await mt.advance(11.0)
    assert len(mt.posts()) == 1  # it was penalised once, not again by the Chairman


async def test_mao_11_a_good_call_by_mention(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET
    )
    await mt.say("bo", "hmm")
    await mt.say("cy", "talking", mentions=("bo",))
    assert mt.posts() == [mt.penalty("Talking", "bo", caller="cy")]


async def test_mao_11_a_call_with_nothing_to_call_is_a_bad_adjudication(
    fake_discord, tmp_path, speech
):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET
    )
    await mt.say("ana", "Bad card", mentions=("bo",))
    assert mt.infractions() == [("Bad adjudication", "ana")]
    await mt.advance(11.0)
    assert mt.posts() == [mt.penalty("Bad adjudication", "ana")]


async def test_mao_11_a_call_nearly_worded_is_a_bad_call(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET
    )
    await mt.say("bo", "la la la")
    await mt.say("ana", "tlaking", mentions=("bo",))
    assert sorted(mt.infractions()) == [("Bad call", "ana"), ("Talking", "bo")]
    await mt.say("bo", "Bad call", mentions=("ana",))
    assert mt.posts() == [mt.penalty("Bad call", "ana", caller="bo")]


async def test_mao_12_a_bad_card_goes_back_and_is_called(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    await mt.press("ana", "play 9C")  # on 5H: neither suit nor rank
    assert "9C" in mt.hand("ana")
    assert "Your 9♣ went back to your hand." in mt.dm("ana").text()
    assert "9♣" not in mt.table_text() and "ana played a card; it went back" in mt.table_text()
    await mt.say("bo", "bad card", mentions=("ana",))
    assert mt.posts() == [mt.penalty("Bad card", "ana", caller="bo")]


async def test_mao_13_playing_out_of_turn_is_called(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4H 8D"}, **QUIET)
    await mt.press("bo", "play 4H")
    assert "4H" in mt.hand("bo")
    await mt.advance(11.0)
    assert mt.posts() == [mt.penalty("Playing out of turn", "bo")]


async def test_mao_14_the_five_second_rule_fires_at_five_and_not_at_four_point_nine(
    fake_discord, tmp_path
):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"})
    await mt.advance_to(4.9)
    assert mt.infractions() == []
    await mt.say("bo", "Failure to play within five seconds", mentions=("ana",))
    assert mt.infractions() == [("Bad adjudication", "bo")]  # too early: nothing to call
    await mt.advance_to(5.6)
    assert ("Failure to play within five seconds", "ana") in mt.infractions()
    await mt.say("cy", "failure to play within 5 seconds", mentions=("ana",))
    assert mt.posts() == [mt.penalty("Failure to play within five seconds", "ana", "cy")]


async def test_mao_14_the_table_message_shows_when_the_clock_runs_out(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"})
    deadline = int(mt.table.started_at + 5)
    assert f"clock runs out <t:{deadline}:R>" in mt.table_text()


async def test_mao_14_three_timeouts_in_a_row_and_a_bot_plays_until_they_act(
    fake_discord, tmp_path
):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "5C 3D", "bo": "4C 8D"})
    # timeouts at 5 and 10; the Chairman's penalty cards for them, at 11 and 16 (a 6 s call
    # window), restart her clock each time, so the third timeout in a row comes at 21
    await mt.advance_to(20.9)
    assert mt.seat("ana") not in mt.game.observation(None)["away"]
    await mt.advance_to(21.6)
    assert mt.seat("ana") in mt.game.observation(None)["away"]
    assert f"{mt.mention('ana')} is away" in "\n".join(mt.posts())
    await mt.advance(0.1)  # the bot waits its delay (0 here) and plays for ana
    await mt.fake.wait_for(lambda: mt.game.current_player() != mt.seat("ana"))
    # ana comes back by acting: pressing her card during someone else's turn
    await mt.press("ana", "play 3D")
    assert mt.seat("ana") not in mt.game.observation(None)["away"]


async def test_mao_11_players_mode_lets_an_uncalled_slip_lapse(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, mode="players", **QUIET
    )
    await mt.say("bo", "chatting away")
    await mt.advance(11.0)
    assert mt.posts() == [] and mt.infractions() == []
    await mt.say("ana", "talking", mentions=("bo",))  # too late: its window has closed
    assert mt.infractions() == [("Bad adjudication", "ana")]


async def test_mao_11_chairman_mode_calls_what_nobody_called(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, mode="chairman", **QUIET
    )
    await mt.say("bo", "chatting away")
    await mt.advance(11.0)
    assert mt.posts() == [mt.penalty("Talking", "bo")]


@pytest.fixture
def slow_network(monkeypatch):
    """Every message reaches the bot 0.4 s after Discord made it."""

    class Late:
        @staticmethod
        def time() -> float:
            return time.time() + 0.4

    monkeypatch.setattr(timing, "time", Late)


async def test_a_phrase_said_in_time_but_delivered_late_still_counts(
    fake_discord, tmp_path, slow_network
):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, **QUIET)
    await mt.press("ana", "play 7H")  # pressed 0.4 s before it arrived: at 0.0 on the table
    await mt.advance_to(5.3)  # her window closed at 5.0; the Chairman waits for late words
    await mt.say("ana", "have a nice day")  # said at 4.9, arriving at 5.3
    await mt.advance(20.0)
    assert mt.posts() == []


async def test_a_phrase_arriving_after_the_allowance_is_too_late(
    fake_discord, tmp_path, slow_network
):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, **QUIET)
    await mt.press("ana", "play 7H")
    await mt.advance_to(5.6)  # the window closed at 5.0 and the Chairman has ruled
    await mt.say("ana", "have a nice day")  # said at 5.2: no longer owed, so it is talk
    await mt.advance(20.0)
    assert mt.posts() == [
        mt.penalty("Failure to say 'Have a nice day'", "ana") + "\n" + mt.penalty("Talking", "ana")
    ]
