"""Moderating the Chairman through the fake Discord: a player asks for a review with the
button on the ruling's post, the host lists the round's rulings and overturns one, and the
offender's hand and the pool are as before the ruling, after a restart too; anyone else is
refused. The list never shows a penalty card."""

from __future__ import annotations

from engine.cards import Card
from tables.games.mao.rulings import MODERATOR_ONLY
from tests.e2e.chairman import start_bot
from tests.e2e.maotable import mao_table

HANDS = {"ana": "9C 3D", "bo": "4C 8D", "cy": "6S 8S"}


def pool(mt) -> list[str]:
    return [str(c) for c in mt.game.stock]


async def slash(mt, who: str, command: str, **options) -> dict:
    i = await mt.fake.slash(mt.users[who], command, mt.thread_id, **options)
    response = await i.wait_finished()
    await mt.settle()
    return response


def ruling_post(mt):
    bot_id = mt.fake.bot_user.id
    for message in mt.fake.messages(mt.thread_id):
        if message.author_id == bot_id and any(
            c.startswith("chairman:review:") for c in message.custom_ids()
        ):
            return message
    raise AssertionError("no post carries a review button")


async def ruled(fake_discord, tmp_path, hands=HANDS, **kwargs):
    mt = await mao_table(fake_discord, tmp_path, hands=hands, turn_seconds=0, **kwargs)
    await mt.say("bo", "hello")
    before = (mt.hand("bo"), pool(mt))
    await mt.say("cy", "Talking", mentions=("bo",))
    ruling = mt.game.rulings[-1]
    return mt, before, ruling


async def test_a_moderator_lists_and_overturns_a_ruling_and_it_survives_a_restart(
    fake_discord, tmp_path
):
    # the hands as dealt (a laid-out position is not in the log a restart replays)
    mt, (bo_hand, stock), ruling = await ruled(fake_discord, tmp_path, hands=None)
    number = ruling["id"]
    card = Card.parse(ruling["card"])
    assert len(mt.hand("bo")) == 6

    listed = await slash(mt, "ana", "table rulings")
    assert listed["ephemeral"]
    assert f"#{number} · Talking · bo · called by cy" in listed["content"]
    assert card.display() not in listed["content"] and str(card) not in listed["content"]

    answer = await slash(mt, "ana", "table overturn", ruling=number)
    assert answer["ephemeral"] and answer["content"] == f"Ruling {number} overturned."
    assert mt.posts()[-1] == "Ruling overturned: Talking on bo"
    assert mt.hand("bo") == bo_hand and pool(mt) == stock
    assert mt.game.stats[mt.game.index[mt.seat("cy")]]["calls"] == 0
    assert mt.game.public_stats()[mt.seat("bo")]["overturned"] == 1
    listed = await slash(mt, "ana", "table rulings")
    assert "(overturned)" in listed["content"]

    again = await slash(mt, "ana", "table overturn", ruling=number)
    assert again["ephemeral"] and "already overturned" in again["content"]

    await mt.bot.close()
    bot = await start_bot(mt.fake, tmp_path, clock=mt.clock)
    table = bot.tables.in_channel(mt.thread_id)
    assert table is not None and table.game is not None
    bo = table.game.index[mt.seat("bo")]
    assert [str(c) for c in table.game.hands[bo]] == bo_hand
    assert [str(c) for c in table.game.stock] == stock
    assert table.game.public_rulings()[-1]["overturned"] is True


async def test_a_player_who_is_no_moderator_is_refused_and_nothing_changes(fake_discord, tmp_path):
    mt, _before, ruling = await ruled(fake_discord, tmp_path)
    bo_hand, stock, version = mt.hand("bo"), pool(mt), mt.game.version
    listed = await slash(mt, "bo", "table rulings")
    assert listed["ephemeral"] and listed["content"] == MODERATOR_ONLY
    refused = await slash(mt, "cy", "table overturn", ruling=ruling["id"])
    assert refused["ephemeral"] and refused["content"] == MODERATOR_ONLY
    assert mt.hand("bo") == bo_hand and pool(mt) == stock and mt.game.version == version


async def test_a_server_manager_may_moderate_a_table_they_do_not_host(fake_discord, tmp_path):
    mt, (bo_hand, _stock), ruling = await ruled(fake_discord, tmp_path, admin=("cy",))
    await slash(mt, "cy", "table overturn", ruling=ruling["id"])
    assert mt.hand("bo") == bo_hand


async def test_a_player_asks_for_a_review_with_the_button_on_the_rulings_post(
    fake_discord, tmp_path
):
    mt, _before, ruling = await ruled(fake_discord, tmp_path)
    post = ruling_post(mt)
    custom_id = f"chairman:review:{mt.table.id}:{ruling['id']}"
    assert custom_id in post.custom_ids()
    i = await mt.fake.click(mt.users["bo"], post, custom_id)
    await i.wait_finished()
    await mt.settle()
    asked = [m.content for m in mt.fake.messages(mt.thread_id) if "asks for a review" in m.content]
    assert asked and f"ruling #{ruling['id']} (Talking on bo)" in asked[-1]
    assert mt.mention("ana") in asked[-1]  # the host is told
    assert len(mt.hand("bo")) == 3  # asking changes nothing: the moderator decides
    again = await (await mt.fake.click(mt.users["cy"], post, custom_id)).wait_finished()
    assert again["ephemeral"] and "asked already" in again["content"]
    outsider = mt.fake.add_member("dee")
    refused = await (await mt.fake.click(outsider, post, custom_id)).wait_finished()
    assert refused["ephemeral"] and "Only a player at this table" in refused["content"]


async def test_rulings_and_overturn_answer_in_the_readers_language(fake_discord, tmp_path):
    mt, _, ruling = await ruled(fake_discord, tmp_path)
    number = ruling["id"]
    mt.users["ana"].locale = "ro"
    listed = await slash(mt, "ana", "table rulings")
    assert f"#{number} · Vorbărie · bo · semnalat de cy" in listed["content"]
    assert "Anulează una cu `/masă anulează decizie:<număr>`." in listed["content"]
    answer = await slash(mt, "ana", "table overturn", ruling=number)
    assert answer["content"] == f"Decizia {number} a fost anulată."
