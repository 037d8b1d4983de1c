"""Languages end to end: the synced commands carry their pt-BR and ro names and descriptions,
and a reply only the user sees follows the user's Discord locale."""

from __future__ import annotations

from tests.e2e.chairman import start_bot


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


async def test_locales_without_a_catalog_keep_the_english_command(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    play = _command(fake, "play")
    assert "fr" not in (play.get("name_localizations") or {})


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
