"""Secret rules through the fake Discord (MAO-16): a winner builds one with the selects and the
modal, it is enforced under its own call name, and nobody but its author is ever told it; a
server admin keeps a table's rules as the house canon for new tables, shown to nobody."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from cogs.games.mao.rules import build
from tables.errors import Illegal
from tests.e2e.chairman import click, lobby_id
from tests.e2e.maotable import MaoTable, mao_table
from tests.fakediscord.own_time import PATIENCE

PHRASE = "lovely weather"
CALL = "Weather report"


async def win_a_round(mt, name: str, other: str) -> None:
    await mt.lay_out({name: "9H", other: "4C 5C"}, top="5H", turn=name)
    await mt.say(name, "mao")
    await mt.press(name, "play 9H")
    await mt.advance(6.0)
    assert mt.game.round == 2


async def build_rule(mt, name: str, trigger: str, effect: str, answers: dict) -> dict:
    """Press New rule, choose in both selects, press Next and fill the modal."""
    fake = mt.fake
    user = mt.users[name]
    i = await fake.click(user, mt.dm(name), mt.buttons(name)["New rule"])
    assert (await i.wait_finished())["ephemeral"]
    builder = i.original
    assert builder is not None
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mrtrig:"))
    await (await fake.select(user, builder, pick, [trigger])).wait_finished()
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mreff:"))
    await (await fake.select(user, builder, pick, [effect])).wait_finished()
    nxt = next(c for c in builder.custom_ids() if c.startswith("chairman:mrnext:"))
    opened = await fake.click(user, builder, nxt)
    response = await opened.wait_finished()
    if answers:
        modal_id = response["modal"]["custom_id"]
        submitted = await fake.submit_modal(user, modal_id, answers)
        await submitted.wait_finished()
    await mt.settle()
    return {"builder": builder}


async def test_mao_16_a_rule_built_with_selects_and_modal_is_enforced_by_its_call_name(
    fake_discord, tmp_path
):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), turn_seconds=0)
    onlooker = fake_discord.add_member("onlooker")
    await win_a_round(mt, "ana", "bo")
    assert "New rule" in mt.buttons("ana") and "New rule" not in mt.buttons("bo")
    built = await build_rule(
        mt,
        "ana",
        "rank",
        "say",
        {"mrule:detail": "seven", "mrule:phrase": "Lovely weather!", "mrule:name": CALL},
    )
    confirmation = built["builder"].text()
    assert "Your new rule is in force" in confirmation and PHRASE in confirmation
    assert mt.posts()[-1] == "ana has made a new rule."
    assert "New rule" not in mt.buttons("ana")  # one rule per win
    assert PHRASE in mt.dm("ana").text()  # her own hand reminds her of it

    await mt.lay_out({"ana": "9C 3D 4D", "bo": "7H 8D 2C"}, top="5H", turn="bo")
    await mt.press("bo", "play 7H")
    await mt.say("bo", "have a nice day")
    await mt.advance(16.0)
    assert mt.posts()[-1] == mt.penalty(CALL, "bo")

    # the rule's words reach its author only: not bo, not someone watching
    for who in (mt.users["bo"], onlooker):
        seen = fake_discord.all_text_seen_by(who).lower()
        assert PHRASE not in seen and "when a 7 is played" not in seen
    assert PHRASE in fake_discord.all_text_seen_by(mt.users["ana"]).lower()


async def test_mao_16_a_rule_needing_no_details_is_made_without_a_modal(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), turn_seconds=0)
    await win_a_round(mt, "ana", "bo")
    built = await build_rule(mt, "ana", "take", "skip", {})
    assert "a player takes a card" in built["builder"].text().lower()
    assert mt.posts()[-1] == "ana has made a new rule."


async def test_mao_16_a_rule_that_does_not_hold_together_is_refused_in_words(
    fake_discord, tmp_path
):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), turn_seconds=0)
    await win_a_round(mt, "ana", "bo")
    await build_rule(mt, "ana", "rank", "say", {"mrule:detail": "eleven", "mrule:phrase": "hi"})
    refusal = [m.text() for m in fake_discord.ephemerals(mt.users["ana"])][-1]
    assert "rank must be one of" in refusal.lower()
    assert "New rule" in mt.buttons("ana")  # nothing was spent
    assert not any("new rule" in p for p in mt.posts())


async def test_mao_16_one_rule_per_win_even_from_a_second_builder(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), turn_seconds=0)
    await win_a_round(mt, "ana", "bo")
    ana = mt.users["ana"]
    second = await fake_discord.click(ana, mt.dm("ana"), mt.buttons("ana")["New rule"])
    await second.wait_finished()
    await build_rule(mt, "ana", "take", "reverse", {})
    builder = second.original
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mrtrig:"))
    await (await fake_discord.select(ana, builder, pick, ["take"])).wait_finished()
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mreff:"))
    await (await fake_discord.select(ana, builder, pick, ["skip"])).wait_finished()
    nxt = next(c for c in builder.custom_ids() if c.startswith("chairman:mrnext:"))
    refused = await (await fake_discord.click(ana, builder, nxt)).wait_finished()
    assert refused["ephemeral"] and "after you win a round" in refused["content"]
    assert [p for p in mt.posts() if "new rule" in p] == ["ana has made a new rule."]


async def test_mao_16_house_canon_kept_by_an_admin_rules_new_tables_unseen(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), turn_seconds=0, admin=("ana",))
    await win_a_round(mt, "ana", "bo")
    await build_rule(
        mt,
        "ana",
        "take",
        "say",
        {"mrule:phrase": "thank you kindly", "mrule:name": "Ingratitude"},
    )
    refused = await fake_discord.slash(mt.users["bo"], "table rules keep", mt.thread_id)
    assert "admins" in (await refused.wait_finished())["content"]
    kept = await fake_discord.slash(mt.users["ana"], "table rules keep", mt.thread_id)
    answer = await kept.wait_finished()
    assert answer["ephemeral"] and "Kept 1 new rule" in answer["content"]
    assert "thank you" not in answer["content"].lower()

    # a new Mao table in the server starts with it; nobody is shown it
    await fake_discord.slash(mt.users["ana"], "table end", mt.thread_id)
    before = {t.id for t in fake_discord.threads()}
    opened = await fake_discord.slash(
        mt.users["bo"], "play", fake_discord.general_id, game="mao", turn_seconds=0
    )
    await opened.wait_finished()
    thread = next(t for t in fake_discord.threads() if t.id not in before)
    table = mt.bot.tables.in_channel(thread.id)
    assert [r["effect"]["phrase"] for r in table.options["house_rules"]] == ["thank you kindly"]
    lobby = fake_discord.messages(thread.id)[0]
    assert "house_rules" not in lobby.text() and "thank you" not in lobby.text()
    assert "get rid of all your cards" in lobby.text()
    # and enforces it, under its call name
    await click(fake_discord, mt.users["ana"], lobby, lobby_id(lobby, "join"))
    await click(fake_discord, mt.users["bo"], lobby, lobby_id(lobby, "start"))
    new = MaoTable(fake_discord, mt.bot, mt.clock, table, thread.id, lobby, mt.users)
    await new.lay_out({"bo": "9C 3D", "ana": "4C 8D"}, turn="bo")
    await new.press("bo", "take")
    await new.advance(16.0)
    assert new.posts() == [new.penalty("Ingratitude", "bo")]
    assert "thank you kindly" not in fake_discord.all_text_seen_by(mt.users["bo"]).lower()
    # a house rule has no author at the new table: not even ana's new hand shows it
    assert "thank you kindly" not in new.dm("ana").text().lower()


@pytest.mark.parametrize(
    ("trigger", "typed", "expected"),
    [
        ("rank", "queen", {"kind": "play", "rank": "Q"}),
        ("rank", "10", {"kind": "play", "rank": "10"}),
        ("suit", "Hearts", {"kind": "play", "suit": "H"}),
        ("suit", "♠", {"kind": "play", "suit": "S"}),
        ("colour", "reds", {"kind": "play", "colour": "red"}),
        ("class", "Face cards", {"kind": "play", "class": "face"}),
        ("card", "queen of spades", {"kind": "play", "card": "QS"}),
        ("card", "10h", {"kind": "play", "card": "10H"}),
        ("hand", "3", {"kind": "hand", "count": 3}),
    ],
)
def test_mao_16_the_builder_reads_what_players_type(trigger, typed, expected):
    assert build(trigger, "skip", {"detail": typed})["trigger"] == expected


def test_mao_16_the_builder_refuses_in_a_sentence():
    with pytest.raises(Illegal, match="Only a card played can be made wild"):
        build("take", "wild", {})
    with pytest.raises(Illegal, match="must be a whole number"):
        build("hand", "skip", {"detail": "lots"})


async def test_a_rule_submitted_during_close_is_answered_restarting_and_not_made(
    fake_discord, tmp_path
):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), turn_seconds=0)
    # the held press below may take long under load: the stop waits for it as long
    mt.bot.settings = dataclasses.replace(mt.bot.settings, close_grace_discord=PATIENCE)
    fake, ana = mt.fake, mt.users["ana"]
    await win_a_round(mt, "ana", "bo")
    i = await fake.click(ana, mt.dm("ana"), mt.buttons("ana")["New rule"])
    builder = (await i.wait_finished()) and i.original
    for prefix, value in (("chairman:mrtrig:", "rank"), ("chairman:mreff:", "say")):
        pick = next(c for c in builder.custom_ids() if c.startswith(prefix))
        await (await fake.select(ana, builder, pick, [value])).wait_finished()
    nxt = next(c for c in builder.custom_ids() if c.startswith("chairman:mrnext:"))
    modal_id = (await (await fake.click(ana, builder, nxt)).wait_finished())["modal"]["custom_id"]
    rules = mt.game.to_dict()
    ana.locale = "ro"
    with mt.bot.presses.held():  # a press still in hand keeps the close waiting for it
        closing = asyncio.create_task(mt.bot.close())
        await fake.wait_for(lambda: mt.bot.presses.closing, what="the close to begin")
        answers = {"mrule:detail": "seven", "mrule:phrase": "Lovely weather!"}
        submitted = await fake.submit_modal(ana, modal_id, answers)
        refused = await submitted.wait_finished()
        assert not closing.done()
    await closing
    assert refused["ephemeral"]
    assert refused["content"] == "Masa repornește; apasă din nou peste o clipă."
    assert mt.game.to_dict() == rules  # no rule was declared
