"""The Chairman's fairness through the fake Discord: an early call is upheld (MAO-11), one
message is one utterance with one post of rulings (MAO-18), and with ``jack_suit=anyone`` a
player names the Jack's suit in the thread (MAO-4). The early call and the suit named are
played speaking in the thread and through the hand's Say form."""

from __future__ import annotations

from engine.mao.wording import NO_MAO
from tests.e2e.maotable import mao_table

QUIET = {"turn_seconds": 0}


async def test_mao_11_an_early_failure_to_name_our_glorious_leader_by_reply_is_upheld(
    fake_discord, tmp_path, speech
):
    hands = {"ana": "6H 2C", "bo": "6D 4D 5S", "cy": "6C 9D 5D"}
    mt = await mao_table(fake_discord, tmp_path, hands=hands, speech=speech, **QUIET)
    said = await mt.say("ana", "Last card")
    await mt.press("ana", "play 6H")
    await mt.press("bo", "play 6D")
    await mt.press("cy", "play 6C")
    await mt.press("ana", "play 2C")  # her last card, and no "Mao"
    await mt.say("cy", "Failure to name our Glorious Leader", reply_to=said)
    assert mt.infractions() == []  # held: her speech window is still open
    assert mt.posts() == []
    await mt.advance(6.0)  # the window (5 s) has closed: the slip stands
    assert mt.posts() == [mt.penalty(NO_MAO, "ana", caller="cy")]
    assert len(mt.hand("ana")) == 1
    assert mt.game.stats[mt.game.index[mt.seat("cy")]]["calls"] == 1
    assert mt.game.stats[mt.game.index[mt.seat("cy")]]["bad_adjudications"] == 0


async def test_mao_18_a_message_of_talking_talking_talking_is_one_penalty_in_one_post(
    fake_discord, tmp_path
):
    hands = {"ana": "9C 3D", "bo": "4C 8D"}
    mt = await mao_table(fake_discord, tmp_path, hands=hands, **QUIET)
    await mt.say("bo", "hello")
    await mt.say("cy", "well well")
    await mt.say("ana", "talking " * 230, mentions=("bo", "cy"))
    assert len(mt.posts()) == 1
    post = mt.posts()[0]
    assert post == "\n".join(
        [mt.penalty("Talking", "bo", caller="ana"), mt.penalty("Talking", "cy", caller="ana")]
    )
    assert mt.infractions() == []


async def test_mao_18_spam_on_an_innocent_player_is_one_bad_adjudication(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    await mt.say("ana", "talking bad card " * 100, mentions=("bo",))
    assert mt.infractions() == [("Bad adjudication", "ana")]
    await mt.advance(7.0)
    assert mt.posts() == [mt.penalty("Bad adjudication", "ana")]


async def test_mao_4_with_jack_suit_anyone_a_player_names_the_suit_in_the_thread(
    fake_discord, tmp_path, speech
):
    hands = {"ana": "JH 9C 2D", "bo": "4C 8D 5D", "cy": "6S 8S"}
    mt = await mao_table(
        fake_discord, tmp_path, hands=hands, options="jack_suit=anyone", speech=speech, **QUIET
    )
    labels = mt.buttons("ana")
    assert "play JH" in map(mt.action_of, labels.values())  # no suit to pick
    await mt.press("ana", "play JH")
    assert "Suit named: not yet" in mt.table_text()
    await mt.say("bo", "Clubs!")
    assert mt.game.observation(None)["suit"] == "C"
    assert mt.posts() == ["bo named ♣ clubs."]
    assert "Suit named: **♣ clubs**" in mt.table_text()
    await mt.press("bo", "play 4C")
    await mt.advance(7.0)
    assert mt.infractions() == [] and mt.posts() == ["bo named ♣ clubs."]  # no Talking
