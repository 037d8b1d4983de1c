"""Point of Order through the fake Discord (MAO-15): play and clocks stop, the table message's
clock display pauses, everyone may talk, touching cards is called, and the thread hears only
"Point of order." and "End of point of order.". Each is played speaking in the thread and
through the hand's Say form."""

from __future__ import annotations

from tests.e2e.maotable import mao_table


async def test_mao_15_point_of_order_stops_the_clock_lets_people_talk_and_ends_by_itself(
    fake_discord, tmp_path, speech
):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D", "cy": "2S 6H"}, speech=speech
    )
    assert "clock runs out <t:" in mt.table_text()
    await mt.advance_to(2.0)
    await mt.say("bo", "P of O")
    assert mt.posts() == ["Point of order."]
    assert "point of order: the clock is stopped" in mt.table_text()
    assert "<t:" not in mt.table_text()
    assert "Point of order: play is stopped." in mt.dm("ana").text()
    await mt.say("cy", "wait, can I ask what the rules are?")
    await mt.say("ana", "no idea, honestly")
    await mt.press("cy", "play 6H")  # touching cards
    assert "6H" in mt.hand("cy")
    assert mt.infractions() == [("Touching cards during point of order", "cy")]
    await mt.advance_to(181.9)
    assert mt.posts() == ["Point of order."]  # three minutes of talk: nothing else said
    await mt.advance_to(182.6)
    assert mt.posts() == ["Point of order.", "End of point of order."]
    assert "clock runs out <t:" in mt.table_text()
    # ana had 3 of her 5 seconds left; the touching is called 6 s after play resumed
    await mt.advance_to(184.9)
    assert ("Failure to play within five seconds", "ana") not in mt.infractions()
    await mt.advance_to(185.6)
    assert ("Failure to play within five seconds", "ana") in mt.infractions()
    await mt.advance_to(189.0)
    assert mt.posts()[2:] == [mt.penalty("Touching cards during point of order", "cy")]


async def test_mao_15_its_own_calls_and_its_end(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, turn_seconds=0, speech=speech
    )
    await mt.say("ana", "point of order")
    await mt.say("bo", "POO")  # saying it again
    await mt.say("cy", "Mao")  # and the Leader's name
    assert sorted(mt.infractions()) == [
        ("Saying point of order during a point of order", "bo"),
        ("Taking our Glorious Leader's name in vain", "cy"),
    ]
    await mt.say("ana", "Saying point of order during a point of order", mentions=("bo",))
    await mt.say("bo", "End of point of order")
    assert mt.posts() == [
        "Point of order.",
        mt.penalty("Saying point of order during a point of order", "bo", caller="ana"),
        "End of point of order.",
    ]
    await mt.say("bo", "phew")  # play is back on: talking again
    assert ("Talking", "bo") in mt.infractions()
