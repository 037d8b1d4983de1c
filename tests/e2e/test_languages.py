"""Languages end to end: the synced commands carry their pt-BR and ro names and descriptions,
a reply only the user sees follows the user's Discord locale, and what a table shows follows
its language (/play language:, else /settings language, else the server's locale), Mao's
Chairman included."""

from __future__ import annotations

import random

import pytest

from tests.e2e.chairman import (
    choices,
    click,
    hand_message,
    lobby_id,
    open_table,
    play_one,
    start_bot,
    started_table,
)
from tests.e2e.maotable import mao_table


def _command(fake, name):
    return next(c for c in fake.commands() if c["name"] == name)


async def test_synced_commands_carry_pt_br_and_ro_names_and_descriptions(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    play = _command(fake, "play")
    assert play["name_localizations"]["pt-BR"] == "jogar"
    assert play["name_localizations"]["ro"] == "joacă"
    assert play["description_localizations"]["pt-BR"].startswith("Abrir uma mesa")
    assert play["description_localizations"]["ro"].startswith("Deschide o masă")
    game = next(o for o in play["options"] if o["name"] == "game")
    assert game["name_localizations"]["pt-BR"] == "jogo"
    assert game["description_localizations"]["ro"] == "Care joc"


async def test_discords_spanish_french_and_german_locales_get_their_commands(
    fake_discord, tmp_path
):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    play = _command(fake, "play")
    assert play["name_localizations"]["es-ES"] == play["name_localizations"]["es-419"] == "jugar"
    assert play["description_localizations"]["es-419"].startswith("Abrir una mesa")
    assert play["name_localizations"]["fr"] == "jouer"
    assert play["name_localizations"]["de"] == "spielen"


async def test_locales_without_a_catalog_keep_the_english_command(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    play = _command(fake, "play")
    assert "it" not in (play.get("name_localizations") or {})


async def test_a_pt_br_users_refusal_is_in_portuguese(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    i = await fake.slash(bia, "hand", fake.general_id)
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == "Não há mesa aqui, e você não está sentado em nenhuma."


async def test_an_english_users_refusal_stays_english(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    al = fake.add_member("al")
    i = await fake.slash(al, "hand", fake.general_id)
    response = await i.wait_finished()
    assert response["content"] == "There is no table here, and you are not seated at one."


def _labels(message) -> list[str]:
    return [c.get("label") for c in message.components_flat()]


async def test_a_table_opened_with_language_ro_posts_in_romanian(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    ana = fake.add_member("ana")
    table, _, message = await open_table(fake, bot, ana, game="macao", language="ro")
    assert table.language == "ro"
    text = fake.message(message.id).text()
    assert "Macao · masa nr." in text and "sala de așteptare" in text
    assert "Intră, adaugă boți, iar gazda pornește jocul." in text
    assert _labels(fake.message(message.id))[:4] == [
        "Intră",
        "Ieși",
        "Adaugă bot",
        "Pornește (gazda)",
    ]


#: a server's Discord locale, the language its tables take, and their words for the seats
#: and the hand button (Discord's Spanish of Latin America is Chairman's Spanish)
BY_LOCALE = [("ro", "ro", "Locuri", "Mâna mea"), ("es-419", "es", "Asientos", "Mi mano")]


@pytest.mark.parametrize(("locale", "lang", "seats", "hand"), BY_LOCALE, ids=["ro", "es-419"])
async def test_a_servers_locale_gives_its_tables_their_language_by_default(
    fake_discord, tmp_path, locale, lang, seats, hand
):
    fake = fake_discord
    fake.world.guild_locale = locale
    bot = await start_bot(fake, tmp_path)
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    table, _, message = await open_table(fake, bot, ana, game="macao")
    assert table.language == lang
    await click(fake, bo, message, lobby_id(message, "join"))
    await click(fake, ana, message, lobby_id(message, "start"))
    text = fake.message(message.id).text()
    assert seats in text and hand in text


async def test_a_romanian_tables_last_events_are_in_romanian(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    _, _, message = await started_table(fake, bot, ana, bo, game="macao", language="ro")
    assert "Runda 1 a fost împărțită; începe" in fake.message(message.id).text()
    mover = next(u for u in (ana, bo) if choices(hand_message(fake, u)))
    await play_one(fake, mover, hand_message(fake, mover), random.Random(3))
    await bot.publisher.settled()
    text = fake.message(message.id).text()
    assert any(f"{mover.name} a {verb}" in text for verb in ("jucat", "tras", "luat", "stat"))
    assert " dealt; " not in text and " played " not in text and " drew " not in text


async def test_an_english_tables_deal_is_told_in_english(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    _, _, message = await started_table(fake, bot, ana, bo, game="macao", language="en")
    assert "Round 1 dealt; " in fake.message(message.id).text()


async def test_the_servers_language_setting_beats_its_locale_and_play_beats_both(
    fake_discord, tmp_path
):
    fake = fake_discord
    fake.world.guild_locale = "ro"
    bot = await start_bot(fake, tmp_path)
    boss = fake.add_member("boss", admin=True)
    boss.locale = "pt-BR"
    i = await fake.slash(boss, "settings language", fake.general_id, language="pt-BR")
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == "As novas mesas aqui falam Português (Brasil)."
    table, _, message = await open_table(fake, bot, boss, game="macao")
    assert table.language == "pt-BR"
    assert "sala de espera" in fake.message(message.id).text()
    other, _, _ = await open_table(fake, bot, boss, game="president", language="en")
    assert other.language == "en"


async def test_a_mao_table_in_pt_br_hears_tenha_um_bom_dia(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, turn_seconds=0,
        language="pt-BR",
    )  # fmt: skip
    await mt.say("ana", "Tenha um bom dia!")
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.infractions() == []
    assert mt.posts() == []


async def test_a_mao_table_in_pt_br_penalises_its_absence_in_portuguese(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "7H 9C 3D", "bo": "4C 8D"}, turn_seconds=0,
        language="pt-BR",
    )  # fmt: skip
    await mt.press("ana", "play 7H")
    await mt.advance(20.0)
    assert mt.posts() == [
        f"Não dizer 'Tenha um bom dia'. {mt.mention('ana')} pega uma carta de penalidade."
    ]
    assert "Carta do topo" in mt.table_text()


#: a Mao table in each language: the card ana plays (a 7, or the three of spades), what she
#: says for it, and how the Chairman names its absence
SPOKEN = [
    ("es", "7H", "¡Que tengas un buen día!", "No decir 'Que tengas un buen día'."),
    ("fr", "7H", "Passe une bonne journée !", "Ne pas dire 'Passe une bonne journée'."),
    # German names a card suit first
    ("de", "3S", "Pik Drei", "Versäumt zu sagen 'Pik Drei'."),
]


async def spoken_table(fake, tmp_path, lang: str, card: str):
    """A Mao table in ``lang`` where ana, on turn, may play ``card``."""
    return await mao_table(
        fake, tmp_path, hands={"ana": f"{card} 9C 3D", "bo": "4C 8D"}, top="5" + card[-1],
        turn_seconds=0, language=lang,
    )  # fmt: skip


@pytest.mark.parametrize(("lang", "card", "said", "ruled"), SPOKEN, ids=[s[0] for s in SPOKEN])
async def test_a_mao_table_hears_its_languages_phrase(
    fake_discord, tmp_path, lang, card, said, ruled
):
    mt = await spoken_table(fake_discord, tmp_path, lang, card)
    await mt.say("ana", said)
    await mt.press("ana", f"play {card}")
    await mt.advance(20.0)
    assert mt.infractions() == []
    assert mt.posts() == []


@pytest.mark.parametrize(("lang", "card", "said", "ruled"), SPOKEN, ids=[s[0] for s in SPOKEN])
async def test_a_mao_table_rules_its_languages_phrase_missing(
    fake_discord, tmp_path, lang, card, said, ruled
):
    mt = await spoken_table(fake_discord, tmp_path, lang, card)
    await mt.press("ana", f"play {card}")
    await mt.advance(20.0)
    [ruling] = mt.posts()
    assert ruling.startswith(f"{ruled} ") and mt.mention("ana") in ruling


async def test_rules_and_help_follow_the_readers_language(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    ion, bia = fake.add_member("ion"), fake.add_member("bia")
    ion.locale, bia.locale = "ro", "pt-BR"
    i = await fake.slash(ion, "rules", fake.general_id, game="macao")
    await i.wait_finished()
    assert i.ephemeral and "Între 2 și 6 jucători" in i.text()
    assert "Partida se termină când punctajul cuiva ajunge la" in i.text()
    i = await fake.slash(bia, "help", fake.general_id)
    await i.wait_finished()
    assert "Eu abro mesas de cartas" in i.text()
    assert "**Oito Maluco**" in i.text() and "**Presidente**" in i.text()


async def test_settings_answers_follow_the_admins_language(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    boss = fake.add_member("boss", admin=True)
    boss.locale = "ro"
    i = await fake.slash(boss, "settings show", fake.general_id)
    await i.wait_finished()
    assert "Setările serverului" in i.text() and "Limba meselor noi" in i.text()
    assert "limba serverului (English)" in i.text()


async def test_a_pt_br_users_malformed_options_are_refused_in_portuguese(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    i = await fake.slash(bia, "play", fake.general_id, game="macao", options="oops")
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"].startswith(
        "Escreva as opções como nome=valor separadas por espaços; 'oops' não está assim."
    )
    assert "Opções de Macao:" in response["content"]
    assert not fake.threads() and not bot.tables.tables


async def test_a_romanian_table_tells_a_player_with_closed_dms_in_romanian(fake_discord, tmp_path):
    fake = fake_discord
    ana = fake.add_member("ana", dms_open=False)
    bot = await start_bot(fake, tmp_path)
    table, thread_id, message = await open_table(
        fake, bot, ana, game="macao", bots=1, language="ro"
    )
    await click(fake, ana, message, lobby_id(message, "start"))
    await fake.wait_for(lambda: table.seat(str(ana.id)).dm_closed)
    await bot.publisher.settled()
    notices = [m for m in fake.messages(thread_id) if f"<@{ana.id}>" in m.content]
    assert len(notices) == 1, [m.content for m in fake.messages(thread_id)]
    assert "nu îți pot trimite mesaje directe" in notices[0].content
    assert "**Mâna mea**" in notices[0].content
