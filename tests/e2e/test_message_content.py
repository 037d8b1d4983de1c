"""The bot with and without Discord's Message Content intent (``MESSAGE_CONTENT``).

The fake Discord grants an application the privileged intents it is told to; asked for one it
does not grant, its gateway closes with 4014, as Discord's does. Without the intent every game
plays, a Mao table hears its players through the hand's **Say** form and through messages that
mention the bot, and the rest of the thread's chat is not judged; with it, the chat and the
form both count, each once.
"""

from __future__ import annotations

import asyncio
import logging
import random

import discord
import pytest

from cogs.client import ChairmanBot, make_bot
from cogs.tables import PLAYABLE
from tests.e2e.chairman import choices, click, lobby_id, open_table, settings_for, start_bot
from tests.e2e.maotable import mao_table
from tests.fakediscord.state import INTENT_MESSAGE_CONTENT

QUIET = {"turn_seconds": 0}
REFUSED = "Discord refused the Message Content intent"
#: presses per game in the every-game round (enough for a few moves of each)
PRESSES = 12


def without_content(fake) -> None:
    """The application has not been granted Message Content."""
    fake.privileged_intents.discard("message_content")


def asked_for_content(fake) -> bool:
    (session,) = fake.gateway.live_sessions()
    return bool(session.intents & INTENT_MESSAGE_CONTENT)


# --- starting -----------------------------------------------------------------------------
async def test_auto_refused_the_intent_says_so_once_and_connects_without_it(
    fake_discord, tmp_path, caplog
):
    without_content(fake_discord)
    with caplog.at_level(logging.WARNING, logger="cogs.client"):
        bot = await start_bot(fake_discord, tmp_path)
    assert not bot.hears_chat and not asked_for_content(fake_discord)
    refusals = [r.getMessage() for r in caplog.records if REFUSED in r.getMessage()]
    assert len(refusals) == 1 and "gateway close 4014" in refusals[0]


async def test_auto_with_the_intent_granted_asks_for_it(fake_discord, tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="cogs.client"):
        bot = await start_bot(fake_discord, tmp_path)
    assert bot.hears_chat and asked_for_content(fake_discord)
    assert REFUSED not in caplog.text


async def test_off_never_asks_for_the_intent(fake_discord, tmp_path):
    bot = await start_bot(fake_discord, tmp_path, message_content="off")
    assert not bot.hears_chat and not asked_for_content(fake_discord)
    assert fake_discord.gateway.identify_count == 1


async def test_on_without_the_intent_does_not_start(fake_discord, tmp_path):
    without_content(fake_discord)
    bot = ChairmanBot(
        settings_for(fake_discord, tmp_path), guild_ready_timeout=0.01, message_content="on"
    )
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await fake_discord.run_bot(bot)


async def test_a_sharded_bot_on_auto_reads_the_applications_flags_first(
    fake_discord, tmp_path, caplog
):
    without_content(fake_discord)
    bot = make_bot(
        settings_for(fake_discord, tmp_path, shard_count=1),
        guild_ready_timeout=0.01,
        message_content="auto",
    )
    with caplog.at_level(logging.WARNING, logger="cogs.client"):
        await fake_discord.run_bot(bot)
    assert not bot.hears_chat and not asked_for_content(fake_discord)
    assert fake_discord.gateway.identify_count == 1  # never refused: it did not ask
    assert REFUSED in caplog.text


async def test_a_bot_without_the_intent_plays_every_game(fake_discord, tmp_path):
    fake = fake_discord
    without_content(fake)
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    assert not bot.hears_chat
    rng = random.Random(5)
    for game in PLAYABLE:
        table, _, message = await open_table(fake, bot, ana, game=game, bots=3)
        started = await click(fake, ana, message, lobby_id(message, "start"))
        assert not started["ephemeral"], (game, started["content"])
        accepted = 0
        for _ in range(PRESSES):
            await asyncio.sleep(0)
            await bot.publisher.settled()
            if table.status != "running":
                break
            hand = fake.dms(ana)[-1]
            if not choices(hand):
                await fake.wait_for(
                    lambda t=table: t.status != "running" or bool(choices(fake.dms(ana)[-1])),
                    what=f"a move for ana at {game}",
                )
                continue
            cid, value = rng.choice(choices(hand))
            i = await (
                fake.click(ana, hand, cid)
                if value is None
                else fake.select(ana, hand, cid, [value])
            )
            accepted += not (await i.wait_finished())["ephemeral"]
        # a few moves of every game, none of which ends in PRESSES presses: a table that
        # stopped at once played nothing
        assert accepted >= 2, (game, accepted, table.status)
        if table.is_open:  # done with it: each game plays at a table of its own
            await bot.tables.end(table.id, ana.id, manager=True)
        await bot.publisher.settled()


# --- a Mao table without the intent -------------------------------------------------------
async def test_mao_3_without_the_intent_have_a_nice_day_is_heard_through_say(
    fake_discord, tmp_path
):
    without_content(fake_discord)
    mt = await mao_table(
        fake_discord,
        tmp_path,
        hands={"ana": "7H 9C 3D", "bo": "4C 8D"},
        speech="say",
        **QUIET,
    )
    assert not mt.bot.hears_chat
    await mt.say("ana", "Have a nice day!")
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.posts() == [] and mt.infractions() == []
    assert mt.said() == ["💬 **ana**: Have a nice day!"]


async def test_mao_3_without_the_intent_a_seven_said_only_in_the_chat_is_penalised(
    fake_discord, tmp_path
):
    without_content(fake_discord)
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, speech="say", **QUIET
    )
    await mt.press("ana", "play 7H")
    # Discord gives the bot this message without its text: the Chairman does not hear it
    await mt.fake.user_says(mt.users["ana"], mt.thread_id, "have a nice day")
    # one that mentions the bot carries its text, and is heard after it (in order)
    version = mt.game.version
    await mt.fake.user_says(mt.users["bo"], mt.thread_id, f"{mt.fake.bot_user.mention} hello")
    await mt.fake.wait_for(lambda: mt.game.version > version, what="bo's message heard")
    said = [(e["seat"], e["text"]) for e in mt.game.events if e["type"] == "say"]
    assert said == [(mt.seat("bo"), f"{mt.fake.bot_user.mention} hello")]
    await mt.advance(20.0)
    assert sorted(line for post in mt.posts() for line in post.split("\n")) == sorted(
        [
            mt.penalty("Failure to say 'Have a nice day'", "ana"),
            mt.penalty("Talking", "bo"),
        ]
    )


async def test_mao_without_the_intent_a_message_that_mentions_the_bot_is_heard(
    fake_discord, tmp_path
):
    without_content(fake_discord)
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, speech="say", **QUIET
    )
    version = mt.game.version
    await mt.fake.user_says(
        mt.users["ana"], mt.thread_id, f"{mt.fake.bot_user.mention} have a nice day"
    )
    await mt.fake.wait_for(lambda: mt.game.version > version, what="ana's message heard")
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.posts() == [] and mt.infractions() == []


async def test_mao_without_the_intent_the_table_says_to_speak_with_say(fake_discord, tmp_path):
    without_content(fake_discord)
    fake = fake_discord
    ana = fake.add_member("ana")
    bot = await start_bot(fake, tmp_path)
    _, _, message = await open_table(fake, bot, ana, game="mao", bots=1)
    lobby = fake.message(message.id).text()
    assert "**Say** button on your hand" in lobby and "reads this thread" not in lobby
    await click(fake, ana, message, lobby_id(message, "start"))
    await bot.publisher.settled()
    assert "Speak with the **Say** button on your hand." in fake.message(message.id).text()
    assert "Say" in {c.get("label") for c in fake.dms(ana)[-1].components_flat()}


# --- with the intent: both ways, each once ------------------------------------------------
async def test_mao_with_the_intent_chat_and_say_each_count_once(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, **QUIET)
    assert mt.bot.hears_chat
    await mt.say("ana", "have a nice day")  # in the thread
    await mt.say_with_form("bo", "lovely weather")  # through Say: shown in the thread too
    await mt.say("ana", "talking", mentions=("bo",))  # heard after the post showing bo's words
    said = [(e["seat"], e["text"]) for e in mt.game.events if e["type"] == "say"]
    assert said == [
        (mt.seat("ana"), "have a nice day"),
        (mt.seat("bo"), "lovely weather"),
        (mt.seat("ana"), f"{mt.mention('bo')} talking"),
    ]
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.said() == ["💬 **bo**: lovely weather"]
    assert mt.posts() == [mt.penalty("Talking", "bo", caller="ana")]  # once, by ana's call


async def test_mao_say_works_from_the_ephemeral_hand_too(fake_discord, tmp_path):
    without_content(fake_discord)
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, speech="say", **QUIET
    )
    fake, ana = mt.fake, mt.users["ana"]
    shown = await fake.slash(ana, "hand", mt.thread_id)
    assert (await shown.wait_finished())["ephemeral"]
    hand = shown.original
    opened = await fake.click(ana, hand, hand.button("Say"))
    form = (await opened.wait_finished())["modal"]["custom_id"]
    version = mt.game.version
    sent = await fake.submit_modal(ana, form, {"say:words": "have a nice day"})
    await sent.wait_finished()
    await fake.wait_for(lambda: mt.game.version > version, what="ana heard")
    await mt.settle()
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.said() == ["💬 **ana**: have a nice day"]
    assert mt.posts() == [] and mt.infractions() == []


async def test_say_with_only_blanks_is_refused_and_changes_nothing(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    fake, ana = mt.fake, mt.users["ana"]
    opened = await fake.click(ana, mt.dm("ana"), mt.buttons("ana")["Say"])
    form = (await opened.wait_finished())["modal"]["custom_id"]
    version = mt.game.version
    sent = await fake.submit_modal(ana, form, {"say:words": "   "})
    refused = await sent.wait_finished()
    assert refused["ephemeral"] and refused["content"] == "Write what you say first."
    assert mt.game.version == version and mt.said() == []


async def test_words_said_through_say_show_as_typed_without_markdown(fake_discord, tmp_path):
    without_content(fake_discord)
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, speech="say", **QUIET
    )
    await mt.say("ana", "**so** _bold_ # of me")
    await mt.advance(20.0)
    assert mt.said() == ["💬 **ana**: \\*\\*so\\*\\* \\_bold\\_ # of me"]
