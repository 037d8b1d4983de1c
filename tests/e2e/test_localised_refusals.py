"""Refusals that name an option, in the user's language, through the fake Discord with the real
client: /play's typed and named options and /settings option, refused for a Portuguese or a
Romanian user with the option's name, its words and the game's option list in their words (the
ones the suggestions and /rules show), the game's title too. Nothing is opened or stored.
English is ``test_play_options``' business, unchanged."""

from __future__ import annotations

import pytest

from data import settings as store
from engine import GAMES
from tests.e2e.chairman import open_table, start_bot

MACAO_PT = "Opções de Macao: alvo=500 (1-100000), max_vezes=200 (1-100000), rodadas=0 (0-10000)."
MACAO_RO = (
    "Opțiunile pentru Macao: țintă=500 (1-100000), max_ture=200 (1-100000), runde=0 (0-10000)."
)
MAUMAU_PT = "Opções de Mau-Mau: acumular_2=não (sim/não), rodadas=0 (0-10000)."
LASTCARD_RO = (
    "Opțiunile pentru Ultima carte: jocuri=1 (1-1000), amestec_2_cu_5=nu (da/nu), "
    "max_ture=0 (0-100000)."
)


@pytest.mark.parametrize(
    ("locale", "game", "typed", "refusal"),
    [
        (
            "pt-BR",
            "macao",
            "alvo",
            "Escreva as opções como nome=valor separadas por espaços; 'alvo' não está assim. "
            + MACAO_PT,
        ),
        (
            "pt-BR",
            "macao",
            "alvo=0",
            "A opção alvo aceita um número inteiro de 1 a 100000, não '0'. " + MACAO_PT,
        ),
        (
            "pt-BR",
            "maumau",
            "acumular_2=talvez",
            "A opção acumular_2 aceita sim ou não, não 'talvez'. " + MAUMAU_PT,
        ),
        (
            "ro",
            "macao",
            "runde=-1",
            "Opțiunea runde acceptă un număr întreg de la 0 la 10000, nu '-1'. " + MACAO_RO,
        ),
        (
            "ro",
            "lastcard",
            "culoare=roșu",
            "Ultima carte nu are opțiunea 'culoare'. " + LASTCARD_RO,
        ),
    ],
)
async def test_play_refuses_typed_options_in_the_users_words(
    fake_discord, tmp_path, locale, game, typed, refusal
):
    fake = fake_discord
    user = fake.add_member("bia")
    user.locale = locale
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(user, "play", fake.general_id, game=game, options=typed)
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == refusal
    assert not fake.threads() and not bot.tables.tables


async def test_a_mao_option_for_another_game_is_refused_in_romanian(fake_discord, tmp_path):
    fake = fake_discord
    ion = fake.add_member("ion")
    ion.locale = "ro"
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(ion, "play", fake.general_id, game="macao", turn_seconds=3)
    response = await i.wait_finished()
    assert response["content"] == (
        "secunde_tură este o opțiune pentru Mao, nu pentru Macao. " + MACAO_RO
    )
    assert not fake.threads() and not bot.tables.tables


async def test_a_mao_choice_is_refused_in_portuguese_with_its_words(fake_discord, tmp_path):
    fake = fake_discord
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(bia, "play", fake.general_id, game="mao", options="modo=todos")
    response = await i.wait_finished()
    content = response["content"]
    assert content.startswith(
        "A opção modo aceita presidente ou jogadores, não 'todos'. Opções de Mao: "
    )
    assert "modo=presidente (presidente/jogadores)" in content
    assert "naipe_do_valete=jogador (jogador/qualquer_um)" in content
    assert "mode" not in content and "chairman" not in content
    assert not fake.threads() and not bot.tables.tables


@pytest.mark.parametrize(
    ("locale", "game", "option", "value", "refusal"),
    [
        (
            "ro",
            "macao",
            "țintă",
            "0",
            "Opțiunea țintă acceptă un număr întreg de la 1 la 100000, nu '0'. " + MACAO_RO,
        ),
        (
            "pt-BR",
            "maumau",
            "acumular_2",
            "talvez",
            "A opção acumular_2 aceita sim ou não, não 'talvez'. " + MAUMAU_PT,
        ),
        ("pt-BR", "macao", "cor", "1", "Macao não tem a opção 'cor'. " + MACAO_PT),
    ],
)
async def test_settings_option_refuses_in_the_admins_words_and_stores_nothing(
    fake_discord, tmp_path, locale, game, option, value, refusal
):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    boss = fake.add_member("boss", admin=True)
    boss.locale = locale
    i = await fake.slash(
        boss, "settings option", fake.general_id, game=game, option=option, value=value
    )
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"] == refusal
    assert store.server_options(bot.db, fake.guild_id, game) == {}
    table, _thread, _message = await open_table(fake, bot, boss, game=game)
    assert {k: table.options[k] for k in GAMES[game].defaults} == GAMES[game].defaults
