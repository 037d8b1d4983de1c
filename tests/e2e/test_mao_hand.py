"""The Mao hand through the fake Discord: every card offered whether it plays or not (MAO-12),
Take, a Jack with the suit it names, Rejoin for a player who is out, I'm back when away."""

from __future__ import annotations

from tests.e2e.maotable import mao_table

QUIET = {"turn_seconds": 0}


async def test_mao_12_every_card_held_is_a_button_whoever_s_turn_it_is(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9C 3D KS", "bo": "4H 8D 2C AS"}, **QUIET
    )
    for name in ("ana", "bo"):  # bo's turn or not, his cards are all there
        labels = set(mt.buttons(name))
        shown = set(mt.dm(name).text().split())
        assert "Take a card" in labels
        assert len(labels - {"Take a card"}) == len(mt.hand(name))
        assert labels - {"Take a card"} <= shown
    assert "**Your turn.**" in mt.dm("ana").text() and "Turn: ana." in mt.dm("bo").text()


async def test_mao_4_a_jack_names_its_suit_from_the_hand(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "JH 3D", "bo": "4C 8D"}, **QUIET)
    await mt.press("ana", "play JH suit=S")
    assert "Suit named: **♠ spades**" in mt.table_text()
    assert "ana played J♥ and named ♠ spades" in mt.table_text()


async def test_mao_6_a_player_who_is_out_may_rejoin_with_five_cards(fake_discord, tmp_path):
    mt = await mao_table(
        fake_discord, tmp_path, hands={"ana": "9H", "bo": "4C 5C", "cy": "6D 7D"}, **QUIET
    )
    await mt.say("ana", "Mao")
    await mt.press("ana", "play 9H")
    await mt.advance(6.0)
    assert "You are out" in mt.dm("ana").text()
    assert set(mt.buttons("ana")) >= {"Rejoin (take five cards)", "New rule"}
    await mt.press("ana", "rejoin")
    assert len(mt.hand("ana")) == 5 and "Rejoin (take five cards)" not in mt.buttons("ana")


async def test_mao_14_a_player_marked_away_sees_i_am_back(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "5C 3D", "bo": "4C 8D"})
    await mt.advance_to(25.6)
    assert "I'm back" in mt.buttons("ana")
    assert "a bot plays for you" in mt.dm("ana").text()
    await mt.press("ana", "back")
    assert "I'm back" not in mt.buttons("ana")
