"""Mao's speech through the fake Discord: silence, the phrases cards ask for, who is heard.

Each test lays out a hand-made position (``tests.e2e.maotable``) and drives the table's clock
by hand. Speech windows are ``speech_window`` = 5 s, call windows ``call_window`` = 10 s, and
in ``chairman`` mode (the default) the Chairman calls what nobody called when its call window
closes. The turn clock is off (``turn_seconds=0``) unless a test is about it. Each scenario is
played twice: speaking in the thread, and through the **Say** form of the hand.
"""

from __future__ import annotations

from tests.e2e.chairman import settled, start_bot
from tests.e2e.maotable import mao_table
from tests.fakediscord import posting

QUIET = {"turn_seconds": 0}


async def test_mao_8_talking_is_penalised_by_call_name_only(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9C 3D", "bo": "4C 8D"}
    )
    await mt.say("bo", "so what are the rules here?")
    assert mt.infractions() == [("Talking", "bo")]
    await mt.advance(5.0)  # the call window is 6 s: players may still call it
    assert mt.posts() == []
    await mt.advance(2.0)
    assert mt.posts() == [mt.penalty("Talking", "bo")]
    assert len(mt.hand("bo")) == 3


async def test_mao_3_a_seven_with_have_a_nice_day_costs_nothing(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, **QUIET
    )
    await mt.say("ana", "Have a nice day!")
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.posts() == []
    assert mt.infractions() == []


async def test_mao_3_a_seven_without_have_a_nice_day_is_penalised(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, **QUIET)
    await mt.press("ana", "play 7H")
    await mt.advance(5.6)
    assert mt.infractions() == [("Failure to say 'Have a nice day'", "ana")]
    await mt.advance(10.0)
    assert mt.posts() == [mt.penalty("Failure to say 'Have a nice day'", "ana")]


async def test_mao_3_a_chain_of_sevens_with_its_verys_and_penalty_cards(
    fake_discord, tmp_path, speech
):
    mt = await mao_table(
        fake_discord,
        tmp_path,
        speech=speech,
        hands={"ana": "7H 9C 3D", "bo": "7C 8D 2S", "cy": "4D 5D 6D"},
        **QUIET,
    )
    await mt.say("ana", "have a nice day")
    await mt.press("ana", "play 7H")
    await mt.say("bo", "Have a very, VERY nice day")  # one "very" too many: not yet
    await mt.say("bo", "have a very nice day")
    await mt.press("bo", "play 7C")
    await mt.press("cy", "take")
    assert len(mt.hand("cy")) == 5
    await mt.say("cy", "Penalty card. Penalty card.")
    await mt.advance(20.0)
    assert mt.posts() == []


async def test_mao_3_one_penalty_card_short_in_a_chain_is_called(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord,
        tmp_path,
        speech=speech,
        hands={"ana": "7H 9C 3D", "bo": "7C 8D 2S", "cy": "4D 5D 6D"},
        **QUIET,
    )
    await mt.say("ana", "have a nice day")
    await mt.press("ana", "play 7H")
    await mt.say("bo", "have a nice day")  # the second 7 needs one "very"
    await mt.press("bo", "play 7C")
    await mt.press("cy", "take")
    await mt.say("cy", "penalty card")
    await mt.advance(20.0)
    assert sorted(mt.announcements()) == sorted(
        [
            mt.penalty("Failure to say 'Have a very nice day'", "bo"),
            mt.penalty("Failure to say 'Penalty card'", "cy"),
        ]
    )


async def test_mao_5_a_spade_named_is_fine_and_one_not_named_is_called(
    fake_discord, tmp_path, speech
):
    mt = await mao_table(
        fake_discord,
        tmp_path,
        speech=speech,
        top="5S",
        hands={"ana": "3S 9C 3D", "bo": "9S 8D 2C"},
        **QUIET,
    )
    await mt.say("ana", "3 of spades")
    await mt.press("ana", "play 3S")
    await mt.press("bo", "play 9S")
    await mt.advance(20.0)
    assert mt.posts() == [mt.penalty("Failure to say 'Nine of spades'", "bo")]


async def test_mao_6_last_card_said_and_missed(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9H 3H", "bo": "4H 8H"}, **QUIET
    )
    await mt.press("ana", "play 9H")
    await mt.say("ana", "last card")
    await mt.press("bo", "play 4H")
    await mt.advance(20.0)
    assert mt.posts() == [mt.penalty("Failure to say 'Last card'", "bo")]


async def test_mao_6_mao_said_goes_out_and_ends_the_round(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, ("ana", "bo"), speech=speech, hands={"ana": "9H", "bo": "4C"}
    )
    await mt.say("ana", "Mao!")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    assert mt.posts() == [
        f"{mt.mention('ana')} is out.\nRound 1 is over. Out: ana.\nRound 2: new hands are dealt."
    ]
    assert mt.game.round == 2


async def test_mao_6_going_out_without_mao_is_called_and_not_out(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, ("ana", "bo"), hands={"ana": "9H", "bo": "4C 5C"}, **QUIET
    )
    await mt.press("ana", "play 9H")
    await mt.advance(16.0)
    assert mt.posts() == [mt.penalty("Failure to name our Glorious Leader", "ana")]
    assert len(mt.hand("ana")) == 1 and mt.game.round == 1


async def test_mao_7_mao_said_in_vain_is_called(fake_discord, tmp_path, speech):
    mt = await mao_table(
        fake_discord, tmp_path, speech=speech, hands={"ana": "9H 3D", "bo": "4C 5C"}, **QUIET
    )
    await mt.say("bo", "mao")
    await mt.advance(11.0)
    assert mt.posts() == [mt.penalty("Taking our Glorious Leader's name in vain", "bo")]


async def test_people_not_seated_and_the_bot_itself_are_never_heard(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    onlooker = fake_discord.add_member("onlooker")
    mt.users["onlooker"] = onlooker
    version = mt.game.version
    await mt.say("onlooker", "go on ana, play the nine!", heard=False)
    await mt.say("bo", "hello")  # heard: so the onlooker's message before it was read
    said = [e for e in mt.game.events if e["type"] == "say"]
    assert [e["seat"] for e in said] == [mt.seat("bo")] and mt.game.version == version + 1
    await mt.advance(11.0)
    assert mt.posts() == [mt.penalty("Talking", "bo")]
    said = [e for e in mt.game.events if e["type"] == "say"]
    assert [e["seat"] for e in said] == [mt.seat("bo")]  # the Chairman's own post is unheard


async def test_two_players_with_the_say_form_open_at_once_are_both_heard(fake_discord, tmp_path):
    """Each hand's form is its own: one player sending theirs leaves the other's open."""
    mt = await mao_table(
        fake_discord, tmp_path, speech="say", hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET
    )
    fake, forms = mt.fake, {}
    for name in ("ana", "bo"):
        opened = await fake.click(mt.users[name], mt.dm(name), mt.buttons(name)["Say"])
        answer = await opened.wait_finished()
        forms[name] = answer["modal"]["custom_id"]
    for name, words in (("bo", "nice weather"), ("ana", "lovely day")):
        sent = await fake.submit_modal(mt.users[name], forms[name], {"say:words": words})
        assert not (await sent.wait_finished()).get("ephemeral")
    await mt.settle()
    assert mt.said() == ["💬 **bo**: nice weather", "💬 **ana**: lovely day"]


async def test_a_say_form_opened_before_a_restart_is_heard_after_it(fake_discord, tmp_path):
    """The form was shown by the bot before it restarted, which held it in memory: the bot
    after the restart reads it with the form rebuilt from the recovered table."""
    mt = await mao_table(
        fake_discord, tmp_path, speech="say", hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET
    )
    fake, ana = mt.fake, mt.users["ana"]
    opened = await fake.click(ana, mt.dm("ana"), mt.buttons("ana")["Say"])
    form = (await opened.wait_finished())["modal"]["custom_id"]
    await mt.bot.close()
    bot = await start_bot(fake, tmp_path, clock=mt.clock)
    table = bot.tables.in_channel(mt.thread_id)
    assert table is not None and table.game is not None
    version, before = table.game.version, len(fake.messages(mt.thread_id))
    sent = await fake.submit_modal(ana, form, {"say:words": "lovely weather"})
    answer = await sent.wait_finished()
    assert not answer.get("ephemeral"), answer.get("content")  # her hand, redrawn
    assert table.game.version > version
    await settled(bot)
    shown = [m.content for m in fake.messages(mt.thread_id)[before:]]
    assert any("**ana**: lovely weather" in text for text in shown)


async def test_mao_8_a_message_of_an_embed_alone_is_talk(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    thread = mt.fake.channel(mt.thread_id)
    version = mt.game.version
    body = {"content": "", "embeds": [{"title": "a link's preview"}]}
    posting.post_message(mt.fake.acts.host, thread, mt.users["bo"], body)
    await mt.fake.wait_for(lambda: mt.game.version > version, what="bo's message heard")
    await mt.settle()
    assert mt.infractions() == [("Talking", "bo")]
