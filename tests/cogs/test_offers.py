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


def test_last_9_a_voter_whose_vote_the_engine_takes_first_is_shown_the_vote_not_your_turn():
    """The engine names the first voter as "current" for one-seat-at-a-time drivers, but the
    table may decide the vote by a majority without them: their DM names the vote."""
    from cogs import hand_layout

    game = position("lastcard", 3, hands={"p0": "4H", "p1": "9D 9S", "p2": "5C"}, top="4D")
    data = game.to_dict()
    data["extra"]["phase"] = "play"
    game = type(game).from_dict(data)
    game.turn = 0
    game.apply("p0", "play 4H")
    assert game.current_player() == "p1"
    seats = [Seat(s, s, user_id=i + 1) for i, s in enumerate(("p0", "p1", "p2"))]
    table = Table(id=1, game_name="lastcard", options={}, seed=0, status="running", seats=seats)
    table.game = game
    content = hand_layout.hand_layout(table, seats[1]).content
    assert "**Vote: play on or stop.**" in content and "Your turn" not in content


# --- a game's own actions say their own buttons ------------------------------------------
def buttons(layout) -> dict[str, tuple[str, object]]:
    """The hand's buttons: each action's text -> its label and colour."""
    return {
        c.text: (c.label, c.style) for row in layout.rows if row[0] == "buttons" for c in row[-1]
    }


def test_mau_7_a_seat_that_blew_up_is_asked_to_rebuy_or_leave_not_told_it_is_its_turn():
    import discord

    from cogs import hand_layout
    from tests.engine.maumau_table import hand_end_position
    from tests.engine.moves import act

    game = hand_end_position([5, 90, 30])
    act(game, "p0", "play 9C")
    seats = [Seat(s, s, user_id=i + 1) for i, s in enumerate(("p0", "p1", "p2"))]
    table = Table(id=1, game_name="maumau", options={}, seed=0, status="running", seats=seats)
    table.game = game
    layout = hand_layout.hand_layout(table, seats[1])
    assert "**Rebuy or leave.**" in layout.content and "Your turn" not in layout.content
    assert buttons(layout) == {
        "leave": ("Leave the match", discord.ButtonStyle.danger),
        "rebuy": ("Rebuy", discord.ButtonStyle.success),
    }


def test_last_9_the_vote_buttons_name_each_choice_in_the_tables_language():
    import i18n
    from cogs.hand_layout import control_label

    pt = i18n.get("pt-BR")
    continuing, stopping = parse_action("vote continue"), parse_action("vote stop")
    assert control_label(continuing, {})[0] == "Vote continue"
    assert control_label(stopping, {})[0] == "Vote stop"
    assert control_label(continuing, {}, pt)[0] == "Votar continuar"
    assert control_label(stopping, {}, pt)[0] == "Votar parar"


def test_last_2_the_dealer_is_offered_clockwise_and_counter_clockwise():
    from cogs.hand_layout import control_label

    assert control_label(parse_action("direction cw"), {})[0] == "Clockwise"
    assert control_label(parse_action("direction ccw"), {})[0] == "Counter-clockwise"
