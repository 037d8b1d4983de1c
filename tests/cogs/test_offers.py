"""A hand DM for a seat that may act out of turn says what it may do, not "You may act now"."""

from __future__ import annotations

from engine.actions import parse_action
from engine.describe import describe_offer
from tables.model import Seat, Table
from tests.engine.positions import position


def test_an_out_of_turn_mau_is_offered_in_words():
    assert describe_offer([parse_action("announce mau")]) == "Say Mau"


def test_an_out_of_turn_last_card_is_offered_in_words():
    assert describe_offer([parse_action("announce last card")]) == "Say Last card"


def test_a_vote_is_offered_as_play_on_or_stop():
    votes = [parse_action("vote continue"), parse_action("vote stop")]
    assert describe_offer(votes) == "Vote: play on or stop"


def test_completing_four_names_the_rank():
    assert describe_offer([parse_action("complete 9H 9S")]) == "Complete four 9s"


def test_rebuy_or_leave_is_one_offer():
    assert describe_offer([parse_action("rebuy"), parse_action("leave")]) == "Rebuy or leave"


def test_the_hand_dm_says_say_mau_while_another_seat_has_the_turn():
    from cogs import hand_layout

    game = position("maumau", 2, hands={"p0": "7H 8C", "p1": "9D 9S"}, top="7D", turn="p0")
    game.apply("p0", "play 7H")
    assert game.current_player() == "p1" and game.legal_actions("p0")
    seats = [Seat("p0", "ana", user_id=1), Seat("p1", "bo", user_id=2)]
    table = Table(id=1, game_name="maumau", options={}, seed=0, status="running", seats=seats)
    table.game = game
    content = hand_layout.hand_layout(table, seats[0]).content
    assert "**Say Mau.**" in content and "You may act now" not in content


def test_an_out_of_turn_offer_is_said_in_the_tables_language():
    import i18n

    assert describe_offer([parse_action("announce mau")], i18n.get("pt-BR")) == "Diga Mau"
    votes = [parse_action("vote continue"), parse_action("vote stop")]
    assert describe_offer(votes, i18n.get("ro")) == "Votează: continuăm sau ne oprim"
    both = [parse_action("rebuy"), parse_action("announce mau")]
    assert describe_offer(both, i18n.get("pt-BR")) == "Recompre ou saia ou Diga Mau"
