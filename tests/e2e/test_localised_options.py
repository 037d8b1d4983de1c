"""Typed options in the user's language, through the fake Discord with the real client: /play's
``options:`` suggested and read in Portuguese and Romanian words (``alvo=300``,
``cumul_2=da``), and /settings option's name and value too (``i18n.option_words``).
English is ``test_play_options``' business, unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import GAMES
from i18n import option_words
from i18n.extract import messages
from tests.e2e.chairman import open_table, start_bot

CATALOG = Path(__file__).resolve().parents[2] / "i18n" / "locales" / "chairman.pot"


async def test_a_portuguese_player_types_macaos_options_in_portuguese(fake_discord, tmp_path):
    fake = fake_discord
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    bot = await start_bot(fake, tmp_path)
    table, _thread, _message = await open_table(
        fake, bot, bia, game="macao", options="alvo=300 Rodadas=2 max_vezes=50"
    )
    assert (table.options["target"], table.options["rounds"]) == (300, 2)
    assert table.options["max_turns"] == 50


async def test_a_romanian_player_types_words_for_on_and_for_a_choice(fake_discord, tmp_path):
    fake = fake_discord
    ion = fake.add_member("ion")
    ion.locale = "ro"
    bot = await start_bot(fake, tmp_path)
    table, _thread, _message = await open_table(fake, bot, ion, game="maumau", options="cumul_2=da")
    assert table.options["twos_stack"] is True
    mao, _thread, _message = await open_table(
        fake, bot, ion, game="mao", options="mod=jucători pachet=amestecă"
    )
    assert (mao.options["mode"], mao.options["pool"]) == ("players", "shuffle")


async def test_english_names_are_read_whatever_the_users_language(fake_discord, tmp_path):
    fake = fake_discord
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    bot = await start_bot(fake, tmp_path)
    table, _thread, _message = await open_table(
        fake, bot, bia, game="maumau", options="twos_stack=on"
    )
    assert table.options["twos_stack"] is True


async def test_a_localised_name_with_a_bad_value_is_refused_naming_the_option(
    fake_discord, tmp_path
):
    fake = fake_discord
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    bot = await start_bot(fake, tmp_path)
    i = await fake.slash(bia, "play", fake.general_id, game="macao", options="alvo=-5")
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"].startswith("A opção alvo aceita um número inteiro de 1 a 100000")
    assert not fake.threads() and not bot.tables.tables


async def test_play_suggests_the_options_in_the_users_words(fake_discord, tmp_path):
    fake = fake_discord
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    await start_bot(fake, tmp_path)
    i = await fake.autocomplete(bia, "play", fake.general_id, "options", "alvo=300 ", game="macao")
    await i.wait_answered()
    assert [c["value"] for c in i.choices] == ["alvo=300 max_vezes=200", "alvo=300 rodadas=0"]
    assert i.choices[0]["name"].startswith("alvo=300 max_vezes=200 (1-100000): ")
    assert "turns before" not in i.choices[0]["name"]  # the help is in Portuguese too
    i = await fake.autocomplete(bia, "play", fake.general_id, "options", "acu", game="maumau")
    await i.wait_answered()
    assert [c["value"] for c in i.choices] == ["acumular_2=não"]
    assert i.choices[0]["name"].startswith("acumular_2=não (sim/não): ")


async def test_settings_option_takes_and_shows_the_admins_words(fake_discord, tmp_path):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    boss = fake.add_member("boss", admin=True)
    boss.locale = "ro"
    i = await fake.autocomplete(
        boss, "settings option", fake.general_id, "option", "ți", game="macao"
    )
    await i.wait_answered()
    assert [c["value"] for c in i.choices] == ["țintă"]
    i = await fake.slash(
        boss, "settings option", fake.general_id, game="macao", option="țintă", value="300"
    )
    response = await i.wait_finished()
    assert response["ephemeral"] and "țintă **300**" in response["content"]
    i = await fake.slash(
        boss, "settings option", fake.general_id, game="mao", option="mod", value="jucători"
    )
    response = await i.wait_finished()
    assert "mod **jucători**" in response["content"]
    bia = fake.add_member("bia")
    table, _thread, _message = await open_table(fake, bot, bia, game="macao")
    assert table.options["target"] == 300


async def test_the_lobby_shows_the_options_in_the_tables_words(fake_discord, tmp_path):
    fake = fake_discord
    bia = fake.add_member("bia")
    bot = await start_bot(fake, tmp_path)
    _table, _thread, message = await open_table(
        fake, bot, bia, game="maumau", options="acumular_2=sim rodadas=2", language="pt-BR"
    )
    assert "acumular_2=sim rodadas=2" in message.text()
    _table, _thread, message = await open_table(
        fake, bot, bia, game="maumau", options="twos_stack=on rounds=2"
    )
    assert "twos_stack=true rounds=2" in message.text()  # an English table, as before
    _table, _thread, message = await open_table(
        fake, bot, bia, game="mao", options="mode=players", language="ro"
    )
    assert "mod=jucători" in message.text()


async def test_rules_list_the_options_in_the_users_words(fake_discord, tmp_path):
    fake = fake_discord
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    await start_bot(fake, tmp_path)
    i = await fake.slash(bia, "rules", fake.general_id, game="maumau")
    await i.wait_finished()
    assert "acumular_2=não (sim/não)" in i.text() and "twos_stack" not in i.text()


# --- every option has its words -----------------------------------------------------------
TYPED = sorted({o.name for cls in GAMES.values() for o in cls.option_specs if o.typed})


def test_every_typed_option_of_every_game_has_a_name_in_the_catalogs():
    with CATALOG.open("rb") as template:
        named = {m.id for m in read_po(template) if m.context == option_words.NAME}
    assert not set(TYPED) - named, f"option names with no catalog entry: {set(TYPED) - named}"


def test_each_game_marks_its_own_option_names_and_words_beside_its_declaration():
    """A game's option names, and the choices that are words, are marked in its own package,
    so a new game brings its options' words with it."""
    where: dict[tuple[str, str], set[str]] = {}
    for m in messages():
        if m.context in (option_words.NAME, option_words.VALUE):
            where[(m.context, m.id)] = {path for path, _line in m.locations}
    for cls in GAMES.values():
        package = "/".join(cls.__module__.split(".")[:2])  # engine/macao, engine/mao
        for o in cls.option_specs:
            marked = where.get((option_words.NAME, o.name), set())
            assert any(p.startswith(package) for p in marked), (cls.name, o.name, marked)
            for choice in set(o.choices) - option_words.CODES:
                marked = where.get((option_words.VALUE, choice), set())
                assert any(p.startswith(package) for p in marked), (cls.name, choice, marked)


def test_every_word_an_option_takes_is_in_the_catalogs():
    with CATALOG.open("rb") as template:
        said = {m.id for m in read_po(template) if m.context == option_words.VALUE}
    words = {"on", "off"} | {
        c for cls in GAMES.values() for o in cls.option_specs for c in o.choices
    }
    assert not words - option_words.CODES - said
    assert set(option_words.VALUES) <= said


@pytest.mark.parametrize("lang", ["pt-BR", "ro", "es", "fr", "de"])
def test_localised_names_are_one_lower_case_word_and_distinct_per_game(lang):
    import i18n

    tr = i18n.get(lang)
    for cls in GAMES.values():
        names = [option_words.name_in(tr, o.name) for o in cls.option_specs if o.typed]
        assert all(n == n.lower() and " " not in n and "=" not in n for n in names), names
        assert len({option_words.folded(n) for n in names}) == len(names)
        for spec in cls.option_specs:
            typed = option_words.name_in(tr, spec.name)
            assert option_words.canonical_name(cls.name, typed.upper()) == spec.name
