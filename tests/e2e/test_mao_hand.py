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
        assert {"Take a card", "Say"} <= labels
        assert len(labels - {"Take a card", "Say"}) == len(mt.hand(name))
        assert labels - {"Take a card", "Say"} <= shown
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
    assert "a bot is playing for you" in mt.dm("ana").text()
    await mt.press("ana", "back")
    assert "I'm back" not in mt.buttons("ana")


# --- the buttons: one family for every game, and the ids of Mao hands without a token ----
def with_tokenless_ids(message, table_id: int) -> None:
    """Give a hand DM the ids of a Mao hand without its seat's token:
    ``chairman:mao:<table>:<action>`` and ``chairman:maopick:<table>:<n>``."""
    for comp in message.components_flat():
        kind, _, rest = comp["custom_id"].removeprefix("chairman:").partition(":")
        table, _, rest = rest.partition(":")
        if kind == "act":
            comp["custom_id"] = f"chairman:mao:{table}:{rest.partition(':')[2]}"
        elif kind == "pick":
            comp["custom_id"] = f"chairman:maopick:{table}:{rest.partition(':')[2]}"
    assert any(c.startswith(f"chairman:mao:{table_id}:") for c in message.custom_ids())


async def test_a_mao_hand_button_with_a_tokenless_id_plays(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9H 3D", "bo": "4C 8D"}, **QUIET)
    dm = mt.dm("ana")
    with_tokenless_ids(dm, mt.table.id)
    i = await fake_discord.click(mt.users["ana"], dm, f"chairman:mao:{mt.table.id}:play 9H")
    response = await i.wait_finished()
    await mt.settle()
    assert not response["ephemeral"], response["content"]
    assert mt.game.observation(None)["top"] == "9H" and mt.hand("ana") == ["3D"]
    assert "ana played 9♥" in mt.table_text()


async def test_a_mao_hand_select_with_a_tokenless_id_plays(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "JH 3D", "bo": "4C 8D"}, **QUIET)
    dm = mt.dm("ana")
    with_tokenless_ids(dm, mt.table.id)
    i = await fake_discord.select(
        mt.users["ana"], dm, f"chairman:maopick:{mt.table.id}:0", ["play JH suit=S"]
    )
    response = await i.wait_finished()
    await mt.settle()
    assert not response["ephemeral"], response["content"]
    assert "Suit named: **♠ spades**" in mt.table_text()


async def test_mao_12_a_card_played_out_of_turn_is_judged_not_refused(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9C 3D", "bo": "4C 8D"}, **QUIET)
    bo = mt.users["bo"]
    i = await fake_discord.click(bo, mt.message, mt.message.button("My hand"))
    await i.wait_finished()
    copy = i.original  # drawn before bo speaks: a word said retires no button
    await mt.say("bo", "hello")
    button = next(c for c in copy.custom_ids() if mt.action_of(c) == "play 4C")
    i = await fake_discord.click(bo, copy, button)  # ana's turn: the Chairman judges it
    response = await i.wait_finished()
    await mt.settle()
    assert not response["ephemeral"], response["content"]
    assert "bo played a card; it went back" in mt.table_text()
    assert "Your 4♣ went back to your hand." in mt.dm("bo").text()


async def test_a_card_no_longer_held_is_refused_with_the_current_hand(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, hands={"ana": "9H 3D", "bo": "4C 8D"}, **QUIET)
    ana = mt.users["ana"]
    # the "My hand" copy on the table message keeps its buttons while the DM plays on
    i = await fake_discord.click(ana, mt.message, mt.message.button("My hand"))
    await i.wait_finished()
    copy = i.original
    await mt.press("ana", "play 9H")
    version = mt.game.version
    stale = next(c for c in copy.custom_ids() if mt.action_of(c) == "play 9H")
    i = await fake_discord.click(ana, copy, stale)
    response = await i.wait_finished()
    assert response["ephemeral"]
    assert response["content"].startswith("You no longer hold 9♥; here is your hand now.")
    assert "Your hand (1 card): 3♦" in response["content"]
    assert mt.game.version == version and mt.hand("ana") == ["3D"]
