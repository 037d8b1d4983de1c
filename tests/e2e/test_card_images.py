"""Card pictures on Discord, end to end: the hand DM, the ephemeral hand and the table
message carry their pictures; a hand picture reaches only its holder and the table picture
shows no card of any hand (file names and alt text included); the server setting and the
/play option turn them off, leaving the text; a picture costs no REST call of its own; the
table picture writes its words in the table's language."""

from __future__ import annotations

import io
import random
from dataclasses import replace

from PIL import Image

from cogs.card_images import HAND_FILE, hand_picture, table_picture
from cogs.drawn import TABLE_FILE
from pictures import TableWords, hand
from pictures.cache import hand_png, table_png
from tests.e2e.chairman import (
    cards_in,
    choices,
    click,
    hand_message,
    play_one,
    secret_cards,
    start_bot,
    started_table,
)


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


async def _two_player_table(fake, bot, **options):
    ana, bob = fake.add_member("ana"), fake.add_member("bob")
    table, thread_id, message = await started_table(fake, bot, ana, bob, game="macao", **options)
    return table, thread_id, fake.message(message.id), {ana.id: ana, bob.id: bob}


def _holder(table, user):
    return table.seat_of_user(user.id).seat


def assert_pictures_private(fake, table, users) -> None:
    """No one sees a hand picture but its holder, nor a card of another's hand in any
    attachment's name or alt text."""
    secrets = secret_cards(table)
    for message in list(fake.world.messages.values()):
        for attachment in message.attachments:
            assert not cards_in(attachment.filename), attachment.filename
            shown = cards_in(attachment.description or "")
            viewers = [u for u in users.values() if fake.world.can_see_message(u, message)]
            if attachment.filename == HAND_FILE:
                assert len(viewers) == 1, f"a hand picture is visible to {viewers}"
                assert table.seat_of_user(viewers[0].id) is not None
            for viewer in viewers:
                seat = table.seat_of_user(viewer.id)
                mine = secrets.get(seat.seat, set()) if seat else set()
                others = set().union(*secrets.values()) - mine
                assert not shown & others, f"{viewer.name} sees {shown & others}"


async def test_the_hand_dm_and_the_table_message_carry_their_pictures(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    table, _, message, users = await _two_player_table(fake, bot)
    assert [a.filename for a in message.attachments] == [TABLE_FILE]
    assert message.embeds[0]["image"]["url"] == f"attachment://{TABLE_FILE}"
    assert message.attachments[0].data == table_png(table_picture(table))
    for user in users.values():
        dm = hand_message(fake, user)
        assert [a.filename for a in dm.attachments] == [HAND_FILE]
        held = table.game.observation(_holder(table, user))["hand"]
        assert _png(dm.attachments[0].data).size == hand.size_of(len(held))
        assert cards_in(dm.attachments[0].description) == set(held)
        assert "Your hand" in dm.content  # the text stays for screen readers


async def test_a_pt_br_tables_picture_writes_its_words_in_portuguese(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    table, _, message, _ = await _two_player_table(fake, bot, language="pt-BR")
    sent = message.attachments[0].data
    picture = table_picture(table)
    assert (picture.words.stock, picture.words.top_card) == ("monte {count}", "carta de cima")
    assert sent == table_png(picture)
    # the words are drawn: the same table with the English ones is another picture
    assert sent != table_png(replace(picture, words=TableWords()))


async def test_pictures_show_no_card_to_anyone_but_its_holder(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    onlooker = fake.add_member("onlooker")
    table, _, message, users = await _two_player_table(fake, bot)
    rng = random.Random(3)
    played = 0
    for _ in range(12):
        if not table.is_running:
            break
        turn = table.game.current_player()
        user = next(u for u in users.values() if _holder(table, u) == turn)
        response = await play_one(fake, user, hand_message(fake, user), rng)
        assert not response["ephemeral"], response["content"]
        played += 1
        await bot.publisher.settled()
        assert_pictures_private(fake, table, {**users, onlooker.id: onlooker})
        table_message = fake.message(message.id)
        assert table_message.attachments[0].data == table_png(table_picture(table))
        for other in users.values():
            dm = hand_message(fake, other)
            held = set(table.game.observation(_holder(table, other))["hand"])
            assert cards_in(dm.attachments[0].description) == held
    seen_by_onlooker = [
        a.filename
        for m in fake.world.messages.values()
        if fake.world.can_see_message(onlooker, m)
        for a in m.attachments
    ]
    assert HAND_FILE not in seen_by_onlooker
    # the seeded deal keeps the round going through all twelve moves, each checked
    assert played == 12


async def test_the_table_picture_is_the_same_whoever_holds_which_cards(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    table, _, _, _ = await _two_player_table(fake, bot)
    before = table_picture(table)
    game = table.game
    first, second = game.hands[0], game.hands[1]
    pool = list(first) + list(second)
    random.Random(5).shuffle(pool)
    game.hands[0], game.hands[1] = pool[: len(first)], pool[len(first) :]
    assert table_picture(table) == before
    assert table_png(table_picture(table)) == table_png(before)


async def test_my_hand_answers_with_the_picture_only_to_its_holder(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    table, _, message, users = await _two_player_table(fake, bot)
    ana = next(iter(users.values()))
    response = await click(fake, ana, message, f"chairman:hand:{table.id}")
    assert response["ephemeral"]
    assert [f["filename"] for f in response["files"]] == [HAND_FILE]
    ephemeral = fake.ephemerals(ana)[-1]
    assert [a.filename for a in ephemeral.attachments] == [HAND_FILE]
    bob = list(users.values())[1]
    assert not fake.world.can_see_message(bob, ephemeral)


async def test_settings_images_off_leaves_the_text_only(fake_discord, tmp_path):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(boss, "settings images", fake.general_id, state="off")
    answer = await i.wait_finished()
    assert "text only" in answer["content"]
    shown = await (await fake.slash(boss, "settings show", fake.general_id)).wait_finished()
    fields = {f["name"]: f["value"] for f in shown["embeds"][0]["fields"]}
    assert fields["Card pictures"] == "off"
    _, _, message, users = await _two_player_table(fake, bot)
    assert message.attachments == []
    assert "image" not in message.embeds[0]
    assert "Turn" in message.embeds[0]["description"]
    for user in users.values():
        dm = hand_message(fake, user)
        assert dm.attachments == [] and "Your hand" in dm.content
        if choices(dm):
            await play_one(fake, user, dm, random.Random(1))
    await bot.publisher.settled()
    assert all(not m.attachments for m in fake.world.messages.values())


async def test_play_images_option_wins_over_the_server_setting(fake_discord, tmp_path):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(boss, "settings images", fake.general_id, state="off")
    await i.wait_finished()
    _, _, message, _ = await _two_player_table(fake, bot, images=True)
    assert [a.filename for a in message.attachments] == [TABLE_FILE]
    # and a table may turn them off where the server has them on
    i = await fake.slash(boss, "settings images", fake.general_id, state="on")
    await i.wait_finished()
    carol = fake.add_member("carol")
    _, _, lobby = await started_table(fake, bot, carol, game="macao", bots=1, images=False)
    assert fake.message(lobby.id).attachments == []
    assert hand_message(fake, carol).attachments == []


async def _play_through(fake, bot, table, users, presses: int) -> tuple[int, int]:
    """Press the first offered choice ``presses`` times; -> (REST calls, presses made)."""
    mark = len(fake.rest_log)
    made = 0
    for _ in range(presses):
        if not table.is_running:
            break
        turn = table.game.current_player()
        user = next(u for u in users.values() if _holder(table, u) == turn)
        dm = hand_message(fake, user)
        cid, value = choices(dm)[0]
        i = await (
            fake.click(user, dm, cid) if value is None else fake.select(user, dm, cid, [value])
        )
        await i.wait_finished()
        await bot.publisher.settled()
        made += 1
    return len(fake.rest_log) - mark, made


async def test_a_picture_costs_no_rest_call_of_its_own(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    with_pictures, _, _, users = await _two_player_table(fake, bot, images=True)
    calls_on, made_on = await _play_through(fake, bot, with_pictures, users, 10)
    ana, bob = users.values()
    await fake.slash(ana, "table leave", with_pictures.channel_id)
    await bot.publisher.settled()
    # the same deal (the bot's seeds are fixed) and the same presses, text only
    plain, _, _ = await started_table(fake, bot, ana, bob, game="macao", images=False)
    calls_off, made_off = await _play_through(fake, bot, plain, users, 10)
    assert made_on == made_off == 10
    assert calls_on == calls_off
    assert fake.message(with_pictures.message_id).attachments
    assert not fake.message(plain.message_id).attachments


async def test_a_mao_table_picture_shows_no_rule_and_its_hands_show_every_card(
    fake_discord, tmp_path
):
    from tests.e2e.maotable import mao_table

    hands = {"ana": "7H 9C 2S KD", "bo": "4C 5C 6C 7C 8C 9D JH QS AD 10H"}
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo"), hands=hands, turn_seconds=0)
    await mt.press("ana", "play 7H")  # a seven: a rule would make bo draw, the picture won't say
    await mt.settle()
    public = table_picture(mt.table)
    assert public.direction is None and public.pending is None
    message = fake_discord.message(mt.message.id)
    assert message.attachments[0].data == table_png(public)
    for name in ("ana", "bo"):
        dm = hand_message(fake_discord, mt.users[name])
        assert [a.filename for a in dm.attachments] == [HAND_FILE]
        held = mt.hand(name)
        assert cards_in(dm.attachments[0].description) == set(held)
        assert _png(dm.attachments[0].data).size == hand.size_of(len(held))


async def test_turning_pictures_off_reaches_a_running_table_at_its_next_move(
    fake_discord, tmp_path
):
    fake = fake_discord
    boss = fake.add_member("boss", admin=True)
    bot = await start_bot(fake, tmp_path)
    table, _, message, users = await _two_player_table(fake, bot)
    assert fake.message(message.id).attachments
    i = await fake.slash(boss, "settings images", fake.general_id, state="off")
    await i.wait_finished()
    turn = table.game.current_player()
    user = next(u for u in users.values() if _holder(table, u) == turn)
    await play_one(fake, user, hand_message(fake, user), random.Random(2))
    await bot.publisher.settled()
    assert fake.message(message.id).attachments == []
    assert hand_message(fake, user).attachments == []
    assert "Your hand" in hand_message(fake, user).content


async def test_accented_names_and_titles_are_drawn_with_their_accents(fake_discord, tmp_path):
    """At a Romanian table of Ștefan and João the table picture writes both names as they
    are: it is the picture of those names, not of "Stefan" and "Joao"."""
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    stefan, joao = fake.add_member("Ștefan"), fake.add_member("João")
    table, _, message = await started_table(fake, bot, stefan, joao, game="macao", language="ro")
    shown = fake.message(message.id).attachments[0].data
    picture = table_picture(table)
    assert [s.name for s in picture.seats] == ["Ștefan", "João"]
    assert shown == table_png(picture)
    folded = [replace(s, name={"Ștefan": "Stefan", "João": "Joao"}[s.name]) for s in picture.seats]
    assert shown != table_png(replace(picture, seats=tuple(folded)))


async def test_the_hand_pictures_title_is_in_the_tables_language(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    table, _, _, users = await _two_player_table(fake, bot, language="pt-BR")
    for user in users.values():
        dm = hand_message(fake, user)
        held = table.game.observation(_holder(table, user))["hand"]
        layout = bot.publisher.layout(table, table.seat_of_user(user.id))
        picture = hand_picture(table, table.seat_of_user(user.id), layout)
        assert picture.title == f"Sua mão: {len(held)} cartas"
        assert dm.attachments[0].data == hand_png(picture)
