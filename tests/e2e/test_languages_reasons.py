"""The strings that were English last: the engine's reasons for refusing a move, the reason a
game gives for a bad option (at /play and /settings option), the /settings images answer and
Mao's New rule builder, each driven through the fake Discord as a user would."""

from __future__ import annotations

from tests.e2e.chairman import start_bot
from tests.e2e.maotable import mao_table
from tests.e2e.test_mao_rules import win_a_round


async def _old_hand(mt, name: str):
    """``/hand`` in the thread: an ephemeral copy of the hand, kept while the game moves on."""
    i = await mt.fake.slash(mt.users[name], "hand", mt.thread_id)
    await i.wait_finished()
    assert i.original is not None and i.ephemeral
    return i.original


async def test_a_pt_br_users_press_of_a_card_no_longer_held_is_refused_in_portuguese(
    fake_discord, tmp_path
):
    """The refusal follows the user's locale; the hand under it, the table's language."""
    hands = {"ana": "7H 9H", "bo": "4C 8D"}
    mt = await mao_table(fake_discord, tmp_path, hands=hands, turn_seconds=0)
    ana = mt.users["ana"]
    ana.locale = "pt-BR"
    old = await _old_hand(mt, "ana")
    await mt.press("ana", "play 9H")
    nine = f"chairman:act:{mt.table.id}:live:play 9H"
    refused = await (await fake_discord.click(ana, old, nine)).wait_finished()
    assert refused["ephemeral"]
    first, *hand = refused["content"].split("\n")
    assert first == "Você não tem mais 9♥; aqui está sua mão agora."
    assert "Your hand (1 card): 7♥" in hand


async def test_an_english_users_press_of_a_card_no_longer_held_is_refused_in_english(
    fake_discord, tmp_path
):
    hands = {"ana": "7H 9H", "bo": "4C 8D"}
    mt = await mao_table(fake_discord, tmp_path, hands=hands, turn_seconds=0)
    old = await _old_hand(mt, "ana")
    await mt.press("ana", "play 9H")
    nine = f"chairman:act:{mt.table.id}:live:play 9H"
    refused = await (await fake_discord.click(mt.users["ana"], old, nine)).wait_finished()
    assert refused["content"].startswith("You no longer hold 9♥; here is your hand now.\n")


async def test_a_pt_br_users_bad_option_value_at_play_is_refused_wholly_in_portuguese(
    fake_discord, tmp_path
):
    fake = fake_discord
    bot = await start_bot(fake, tmp_path)
    bia = fake.add_member("bia")
    bia.locale = "pt-BR"
    i = await fake.slash(bia, "play", fake.general_id, game="macao", options="target=-5")
    response = await i.wait_finished()
    assert response["content"].startswith(
        "A opção alvo aceita um número inteiro de 1 a 100000, não '-5'. Opções de Macao: "
    )
    assert not fake.threads() and not bot.tables.tables


async def test_a_romanian_admins_bad_settings_option_is_refused_in_romanian(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    boss = fake.add_member("boss", admin=True)
    boss.locale = "ro"
    i = await fake.slash(
        boss, "settings option", fake.general_id, game="macao", option="target", value="lots"
    )
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"].startswith(
        "Opțiunea țintă acceptă un număr întreg de la 1 la 100000, nu 'lots'. "
        "Opțiunile pentru Macao: "
    )
    i = await fake.slash(
        boss, "settings option", fake.general_id, game="macao", option="colour", value="1"
    )
    response = await i.wait_finished()
    assert response["content"].startswith("Macao nu are opțiunea 'colour'.")


async def test_the_settings_images_answer_follows_the_admins_language(fake_discord, tmp_path):
    fake = fake_discord
    await start_bot(fake, tmp_path)
    boss = fake.add_member("boss", admin=True)
    boss.locale = "pt-BR"
    i = await fake.slash(boss, "settings images", fake.general_id, state="off")
    response = await i.wait_finished()
    assert response["content"].startswith(
        "As mesas deste servidor agora mostram mãos e mesas só como texto (sem imagens)"
    )
    i = await fake.slash(boss, "settings show", fake.general_id)
    await i.wait_finished()
    assert "Imagens das cartas" in i.text()


async def _open_builder(mt, name: str, label: str = "Regulă nouă"):
    i = await mt.fake.click(mt.users[name], mt.dm(name), mt.buttons(name)[label])
    assert (await i.wait_finished())["ephemeral"]
    return i.original


async def test_a_romanian_tables_new_rule_builder_is_in_romanian(fake_discord, tmp_path):
    fake = fake_discord
    mt = await mao_table(fake, tmp_path, ("ana", "bo"), turn_seconds=0, language="ro")
    await win_a_round(mt, "ana", "bo")
    ana = mt.users["ana"]
    builder = await _open_builder(mt, "ana")
    assert builder.content.startswith("**Fă o regulă nouă.** Alege ce o declanșează")
    selects = [c for c in builder.components_flat() if c.get("type") == 3]
    assert [s["placeholder"] for s in selects] == ["Când…", "…atunci"]
    labels = {o["label"] for s in selects for o in s["options"]}
    assert "Se joacă o carte de o anumită valoare" in labels
    assert "Următorul jucător stă o tură" in labels
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mrtrig:"))
    await (await fake.select(ana, builder, pick, ["rank"])).wait_finished()
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mreff:"))
    await (await fake.select(ana, builder, pick, ["say"])).wait_finished()
    nxt = next(c for c in builder.components_flat() if c.get("type") == 2)
    assert nxt["label"] == "Înainte"
    opened = await (await fake.click(ana, builder, nxt["custom_id"])).wait_finished()
    modal = opened["modal"]
    assert modal["title"] == "Regulă nouă"
    asked = [c.get("label") for c in modal["components"]]
    assert asked == [
        "Ce valoare?",
        "Fraza pe care trebuie s-o spună",
        "Numele acuzației (opțional)",
    ]
    answers = {"mrule:detail": "damă", "mrule:phrase": "ce frumos", "mrule:name": ""}
    await (await fake.submit_modal(ana, modal["custom_id"], answers)).wait_finished()
    await mt.settle()
    assert builder.text().startswith(
        "**Regula ta nouă e în vigoare:** Când se joacă un Q, trebuie să spună „ce frumos”. "
        "Acuzație: Nu a spus 'Ce frumos'."
    )
    # her hand reminds her of it in the table's language too
    assert "Când se joacă un Q" in mt.dm("ana").text()


async def test_a_builder_refusal_follows_the_players_language(fake_discord, tmp_path):
    """At an English table, a Romanian player is refused in Romanian."""
    fake = fake_discord
    mt = await mao_table(fake, tmp_path, ("ana", "bo"), turn_seconds=0, language="en")
    await win_a_round(mt, "ana", "bo")
    ana = mt.users["ana"]
    ana.locale = "ro"
    builder = await _open_builder(mt, "ana", "New rule")
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mrtrig:"))
    await (await fake.select(ana, builder, pick, ["hand"])).wait_finished()
    pick = next(c for c in builder.custom_ids() if c.startswith("chairman:mreff:"))
    await (await fake.select(ana, builder, pick, ["skip"])).wait_finished()
    nxt = next(c for c in builder.custom_ids() if c.startswith("chairman:mrnext:"))
    opened = await (await fake.click(ana, builder, nxt)).wait_finished()
    submitted = await fake.submit_modal(ana, opened["modal"]["custom_id"], {"mrule:detail": "50"})
    refused = await submitted.wait_finished()
    assert refused["ephemeral"]
    assert refused["content"] == ("Numărul de cărți trebuie să fie un număr întreg de la 0 la 20.")
    assert "New rule" in mt.buttons("ana")  # nothing was spent
