"""Mao's speech through the fake Discord: silence, the phrases a card asks for, and who is heard.

Each test lays out a hand-made position with ``tests.e2e.maotable`` and drives the table's
clock by hand: a speech window is ``speech_window`` (5) seconds, a call window ``call_window``
(10), and in ``chairman`` mode the Chairman calls what nobody called when that window closes.
"""

from __future__ import annotations

from tests.e2e.maotable import mao_table


async def test_mao_8_talking_is_penalised_by_call_name_only(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"})
    await mt.say("bo", "so what are the rules here?")
    assert mt.infractions() == [("Talking", "bo")]
    await mt.advance(9.0)
    assert mt.posts() == []
    await mt.advance(2.0)
    assert mt.posts() == [f"Talking. {mt.mention('bo')} takes a penalty card."]
    assert len(mt.hand("bo")) == 3
