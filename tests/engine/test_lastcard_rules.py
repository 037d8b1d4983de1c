"""One test (or a few) per Last Card rule, LAST-1..9 with COMMON-2/3, from hand-made positions.

Positions come from ``tests.engine.positions.position`` (seats p0, p1, ... in seating order,
the stock written in draw order), then ``table`` puts the game past the dealer's choice of
direction. Where the spec is silent the test name says the choice made.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, new_game
from engine.actions import Announce, Direction, Play, Vote
from engine.cards import Card, cards
from engine.lastcard import LastCard, decks_for
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.moves import act, legal_texts, types
from tests.engine.positions import position

P2 = ["p0", "p1"]
P3 = ["p0", "p1", "p2"]
P4 = ["p0", "p1", "p2", "p3"]


def table(seats=P3, *, direction=1, extra=None, **kw) -> LastCard:
    """A position in the play phase (the direction already chosen)."""
    g = position("lastcard", seats, **kw)
    data = g.to_dict()
    data["extra"]["phase"] = "play"
    data["extra"].update(extra or {})
    data["direction"] = direction
    game = LastCard.from_dict(data)
    assert isinstance(game, LastCard)
    return game


def hand(game, seat):
    return game.observation(seat)["hand"]


def p0_plays(cards, seats=P3):
    """p0, on turn over a 4H with ``cards`` and a 4D in hand, plays ``cards``: the game
    after it and the play's events."""
    g = table(seats, hands={"p0": f"{cards} 4D"}, top="4H", turn="p0")
    return g, act(g, "p0", f"play {cards}")


# --- LAST-1 ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "decks"),
    [(2, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3), (13, 4), (16, 4), (17, 5), (20, 5)],
)
def test_last_1_one_pack_for_up_to_four_players_and_one_more_for_every_further_four(players, decks):
    assert decks_for(players) == decks
    g = new_game("lastcard", [f"p{k}" for k in range(players)], seed=players)
    check_card_conservation(g, decks=decks)
    obs = g.observation(None)
    assert obs["stock"] == 52 * decks - 5 * players
    act(g, "p0", "direction cw")
    check_card_conservation(g, decks=decks)


@pytest.mark.parametrize("players", [1, 21])
def test_last_1_is_for_two_to_twenty_players(players):
    with pytest.raises(ValueError, match="2-20"):
        new_game("lastcard", [f"p{k}" for k in range(players)])


# --- LAST-2 ----------------------------------------------------------------------------------
def test_last_2_five_cards_each_and_the_first_seat_deals_and_first_chooses_the_direction():
    g = new_game("lastcard", P4, seed=3)
    obs = g.observation(None)
    assert set(obs["counts"].values()) == {5}
    assert obs["phase"] == "direction" and obs["dealer"] == "p0"
    assert obs["top"] is None and obs["pile"] == 0  # the starter is turned after the choice
    assert g.current_player() == "p0"
    assert legal_texts(g, "p0") == ["direction ccw", "direction cw"]
    assert all(g.legal_actions(s) == [] for s in ("p1", "p2", "p3"))


@pytest.mark.parametrize(
    ("way", "first", "shown"), [("cw", "p1", "clockwise"), ("ccw", "p3", "counterclockwise")]
)
def test_last_2_the_player_after_the_dealer_in_the_chosen_direction_starts(way, first, shown):
    g = new_game("lastcard", P4, seed=3)
    events = g.apply("p0", Direction(way=way))
    assert events[0] == {"type": "direction", "seat": "p0", "way": way}
    obs = g.observation(None)
    assert obs["phase"] == "play" and obs["turn"] == first and obs["direction"] == shown
    assert obs["top"] is not None and obs["suit"] == obs["top"][-1]


def test_last_2_only_the_dealer_and_only_a_direction_is_accepted_before_play():
    g = new_game("lastcard", P3, seed=1)
    check_illegal_refused(g, "p1", Direction(way="cw"))
    check_illegal_refused(g, "p0", Direction(way="up"))
    check_illegal_refused(g, "p0", "draw")
    check_illegal_refused(g, "p0", Play(cards=(Card.parse(hand(g, "p0")[0]),)))


def special_starter_seed():
    for seed in range(200):
        g = new_game("lastcard", P3, seed=seed)
        if Card.parse(g.to_dict()["stock"][-1]).rank in ("A", "2", "5", "7", "10"):
            return g
    raise AssertionError("no seed turns up a special card")


def test_last_2_a_special_starter_is_shuffled_back_into_the_stock_and_another_turned():
    g = special_starter_seed()
    special = g.to_dict()["stock"][-1]
    events = act(g, "p0", "direction cw")
    returned = [e["card"] for e in events if e["type"] == "starter_returned"]
    assert returned[0] == special
    top = g.observation(None)["top"]
    assert Card.parse(top).rank not in ("A", "2", "5", "7", "10")
    assert special in g.to_dict()["stock"]
    check_card_conservation(g, decks=1)
    assert g.observation(None)["pile"] == 1


def test_last_2_a_starter_shuffled_back_may_land_anywhere_in_the_stock():
    """Put back at a random place (the stock unseen, as good as shuffling it all): over
    seeded deals the returned card is found from near the bottom to near the top."""
    places = []
    for seed in range(300):
        g = new_game("lastcard", P3, seed=seed)
        special = g.to_dict()["stock"][-1]
        if Card.parse(special).rank not in ("A", "2", "5", "7", "10"):
            continue
        act(g, "p0", "direction cw")
        stock = g.to_dict()["stock"]
        if special in stock:
            places.append(stock.index(special) / len(stock))
    assert len(places) > 50
    assert min(places) < 0.1 and max(places) > 0.9
    assert 0.3 < sum(places) / len(places) < 0.7


@pytest.mark.parametrize("seed", range(30))
def test_last_2_the_starter_is_never_special(seed):
    g = new_game("lastcard", P4, seed=seed)
    act(g, "p0", "direction ccw")
    assert Card.parse(g.observation(None)["top"]).rank not in ("A", "2", "5", "7", "10")


# --- LAST-3 ----------------------------------------------------------------------------------
def test_last_3_a_card_follows_the_suit_in_force_or_the_rank_on_top():
    g = table(hands={"p0": "4H 9C 6S KD"}, top="9H", turn="p0")
    assert legal_texts(g, "p0") == ["play 4H", "play 9C"]
    check_illegal_refused(g, "p0", "play 6S")
    check_illegal_refused(g, "p0", "play KD")
    act(g, "p0", "play 9C")
    assert g.observation(None)["suit"] == "C" and g.current_player() == "p1"


def test_last_3_an_ace_plays_on_anything_and_names_the_suit():
    g = table(hands={"p0": "AS 6D"}, top="9H", turn="p0")
    assert [str(a) for a in g.legal_actions("p0") if a.cards[0].rank == "A"] == [
        "play AS suit=C",
        "play AS suit=D",
        "play AS suit=H",
        "play AS suit=S",
    ]
    assert "an Ace names a suit" in check_illegal_refused(g, "p0", "play AS")
    events = act(g, "p0", "play AS suit=D")
    assert events[0] == {"type": "play", "seat": "p0", "cards": ["AS"], "suit": "D"}
    obs = g.observation(None)
    assert obs["top"] == "AS" and obs["suit"] == "D"


def test_last_3_only_an_ace_names_a_suit():
    g = table(hands={"p0": "4H 6D"}, top="9H", turn="p0")
    assert "only an Ace" in check_illegal_refused(g, "p0", "play 4H suit=S")


def test_last_3_an_ace_does_not_answer_a_draw_stack():
    g = table(
        hands={"p0": "AS 6D"},
        top="5H",
        pending={"kind": "draw", "rank": "5", "count": 5, "target": "p0"},
        turn="p0",
    )
    assert legal_texts(g, "p0") == ["take"]
    check_illegal_refused(g, "p0", "play AS suit=H")


def test_last_3_a_card_you_do_not_hold_is_refused():
    g = table(hands={"p0": "4H 6D"}, top="9H", turn="p0")
    assert "do not hold" in check_illegal_refused(g, "p0", "play 9H")


# --- LAST-4 ----------------------------------------------------------------------------------
def test_last_4_several_cards_of_one_rank_make_one_play_and_the_last_is_the_new_top():
    g = table(hands={"p0": "9H 9S 4D"}, top="5H", suit="H", turn="p0")
    events = act(g, "p0", "play 9H 9S")
    assert events[0]["cards"] == ["9H", "9S"]
    obs = g.observation(None)
    assert obs["top"] == "9S" and obs["suit"] == "S"
    assert hand(g, "p0") == ["4D"]
    check_card_conservation(g)


def test_last_4_the_first_card_must_be_legal_the_rest_need_not_be():
    g = table(hands={"p0": "9H 9S 4D"}, top="5H", suit="H", turn="p0")
    assert "play 9S 9H" not in legal_texts(g, "p0")
    assert "does not follow" in check_illegal_refused(g, "p0", "play 9S 9H")


def test_last_4_cards_of_different_ranks_are_never_one_play():
    g = table(hands={"p0": "9H 4H 4D"}, top="5H", suit="H", turn="p0")
    assert "one rank" in check_illegal_refused(g, "p0", "play 9H 4H")


def test_last_4_a_multiple_may_keep_cards_of_its_rank_back():
    """Choice: any two or more cards of a rank make a multiple, not only all of them."""
    g = table(hands={"p0": "9H 9S 9C 4D"}, top="5H", suit="H", turn="p0")
    offered = legal_texts(g, "p0")
    assert {"play 9H 9S", "play 9H 9C", "play 9H 9C 9S", "play 9H 9S 9C"} <= set(offered)
    act(g, "p0", "play 9H 9C")
    assert sorted(hand(g, "p0")) == ["4D", "9S"]


P5 = ["p0", "p1", "p2", "p3", "p4"]  # two packs


def test_last_4_legal_actions_offer_every_first_and_last_card_once_each():
    # the other pack's 6H is on top: every 6 may lead
    g = table(P5, hands={"p0": "6H 6S 6C 6D"}, top="6H", turn="p0")
    plays = [a for a in g.legal_actions("p0") if isinstance(a, Play)]
    assert len(plays) == len(set(plays))
    full = [a for a in plays if len(a.cards) == 4]
    assert len(full) == 4 * 3  # each first card with each last card, the middle in suit order
    assert {(a.cards[0], a.cards[-1]) for a in full} == {
        (f, last) for f in cards("6H 6S 6C 6D") for last in cards("6H 6S 6C 6D") if f != last
    }
    assert len(plays) == 4 + 6 * 2 + 4 * 6 + 12


def test_last_4_any_order_of_the_middle_cards_is_accepted_though_one_is_listed():
    """Choice: legal_actions lists the middle in suit order (C, D, H, S), whatever the hand's
    order; any permutation of it plays."""
    g = table(P5, hands={"p0": "6H 6S 6C 6D 8C"}, top="6H", turn="p0")
    listed = Play(cards=tuple(cards("6S 6C 6H 6D")))
    unlisted = Play(cards=tuple(cards("6S 6H 6C 6D")))
    assert listed in g.legal_actions("p0") and unlisted not in g.legal_actions("p0")
    a, b = g.copy(), g.copy()
    events_a = a.apply("p0", listed)
    events_b = b.apply("p0", unlisted)
    assert events_b[0]["cards"] == ["6S", "6H", "6C", "6D"]
    assert a.observation("p0")["hand"] == b.observation("p0")["hand"] == ["8C"]
    assert a.observation(None)["top"] == b.observation(None)["top"] == "6D"
    assert events_a[1:] == events_b[1:]


def test_last_4_two_tens_skip_two_players():
    g, events = p0_plays("10H 10S", P4)
    assert {"type": "skip", "seats": ["p1", "p2"]} in events
    assert g.current_player() == "p3"


def test_last_4_two_sevens_reverse_twice():
    g, _ = p0_plays("7H 7S", P4)
    assert g.observation(None)["direction"] == "clockwise"
    assert g.current_player() == "p1"


def test_last_4_three_sevens_reverse_three_times():
    g, _ = p0_plays("7H 7S 7C", P4)
    assert g.observation(None)["direction"] == "counterclockwise"
    assert g.current_player() == "p3"


def test_last_4_two_fives_add_ten():
    g, _ = p0_plays("5H 5S", P4)
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "5",
        "count": 10,
        "target": "p1",
    }
    assert g.current_player() == "p1"


def test_last_4_aces_played_together_name_one_suit():
    g = table(hands={"p0": "AH AS 4D"}, top="9C", turn="p0")
    assert "play AH AS suit=D" in legal_texts(g, "p0")
    act(g, "p0", "play AS AH suit=D")
    obs = g.observation(None)
    assert obs["top"] == "AH" and obs["suit"] == "D"


def test_last_4_a_multiple_of_identical_cards_from_two_packs_is_offered_once():
    g = table(P5, hands={"p0": "9H 9H 4D"}, top="9C", turn="p0")
    offered = [str(a) for a in g.legal_actions("p0")]
    assert offered.count("play 9H") == 1 and offered.count("play 9H 9H") == 1
    act(g, "p0", "play 9H 9H")
    assert hand(g, "p0") == ["4D"]
    check_card_conservation(g, decks=2)


def test_last_4_playing_two_of_a_card_you_hold_once_is_refused():
    g = table(P5, hands={"p0": "9H 9S 4D"}, top="9C", turn="p0")
    assert "do not hold 9H" in check_illegal_refused(g, "p0", "play 9H 9H")


# --- LAST-5 ----------------------------------------------------------------------------------
def test_last_5_a_five_makes_the_next_player_draw_five_or_answer():
    g = table(hands={"p0": "5H 4D", "p1": "5S 9D 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "5",
        "count": 5,
        "target": "p1",
    }
    assert legal_texts(g, "p1") == ["play 5S", "take"]
    check_illegal_refused(g, "p1", "draw")
    check_illegal_refused(g, "p1", "play 9D")


def test_last_5_each_five_answering_adds_five_and_passes_it_on():
    g = table(hands={"p0": "5H 4D", "p1": "5S 5C 3C", "p2": "5D 9S"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    act(g, "p1", "play 5S 5C")
    pending = g.observation(None)["pending"]
    assert pending == {"kind": "draw", "rank": "5", "count": 15, "target": "p2"}
    act(g, "p2", "play 5D")
    assert g.observation(None)["pending"]["count"] == 20
    assert g.current_player() == "p0"


def test_last_5_taking_the_stack_draws_it_all_and_ends_the_turn():
    g = table(hands={"p0": "5H 4D", "p1": "9D 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    events = act(g, "p1", "take")
    assert {"type": "take", "seat": "p1", "count": 5} in events
    assert len(hand(g, "p1")) == 7
    obs = g.observation(None)
    assert obs["pending"] is None and obs["turn"] == "p2"
    check_card_conservation(g)


def test_last_5_a_two_makes_the_next_player_draw_two_and_twos_stack():
    g = table(hands={"p0": "2H 4D", "p1": "2S 3C", "p2": "9D 8C"}, top="4H", turn="p0")
    act(g, "p0", "play 2H")
    assert g.observation(None)["pending"]["count"] == 2
    act(g, "p1", "play 2S")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "2",
        "count": 4,
        "target": "p2",
    }
    events = act(g, "p2", "take")
    assert {"type": "take", "seat": "p2", "count": 4} in events


def test_last_5_a_two_never_answers_a_five_by_default():
    g = table(hands={"p0": "5H 4D", "p1": "2H 5C 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    assert legal_texts(g, "p1") == ["play 5C", "take"]
    assert "does not answer" in check_illegal_refused(g, "p1", "play 2H")


def test_last_5_nor_a_five_a_two_by_default():
    g = table(hands={"p0": "2H 4D", "p1": "5H 3C"}, top="4H", turn="p0")
    act(g, "p0", "play 2H")
    assert legal_texts(g, "p1") == ["take"]


def test_last_5_option_mix_twos_on_fives_lets_twos_and_fives_answer_each_other():
    """Choice: with the option on, the mixed stack goes both ways and adds each card's count."""
    g = table(
        hands={"p0": "5H 4D", "p1": "2H 3C", "p2": "5S 9D"},
        top="4H",
        turn="p0",
        options={"mix_twos_on_fives": True},
    )
    act(g, "p0", "play 5H")
    assert "play 2H" in legal_texts(g, "p1")
    act(g, "p1", "play 2H")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "2",
        "count": 7,
        "target": "p2",
    }
    act(g, "p2", "play 5S")
    assert g.observation(None)["pending"]["count"] == 12


def test_last_5_a_stack_larger_than_the_cards_left_takes_what_there_is():
    g = table(
        P2,
        hands={"p0": "5H 4D 9S", "p1": "9D 3C"},
        top="4H",
        pile="",
        stock="8S 8C",
        turn="p0",
    )
    act(g, "p0", "play 5H")
    events = act(g, "p1", "take")
    # COMMON-2: the stock is rebuilt from the pile under the top card (here: 4H)
    assert {"type": "take", "seat": "p1", "count": 3} in events
    assert g.observation(None)["top"] == "5H"


# --- LAST-6 ----------------------------------------------------------------------------------
def test_last_6_a_ten_skips_the_next_player():
    g, events = p0_plays("10H")
    assert {"type": "skip", "seats": ["p1"]} in events
    assert g.current_player() == "p2"


def test_last_6_a_seven_reverses_the_direction():
    g, _ = p0_plays("7H", P4)
    assert g.observation(None)["direction"] == "counterclockwise"
    assert g.current_player() == "p3"


def test_last_6_with_two_players_a_ten_gives_another_turn_and_a_seven_changes_nothing():
    g = table(P2, hands={"p0": "10H 7H 4D"}, top="4H", turn="p0")
    act(g, "p0", "play 10H")
    assert g.current_player() == "p0"
    act(g, "p0", "play 7H")
    assert g.current_player() == "p1"


def test_last_6_tens_never_skip_past_the_player_who_played_them():
    """Choice: 10s that skip everyone else give their player another turn; the rest are spent."""
    g, events = p0_plays("10H 10S 10C")
    assert {"type": "skip", "seats": ["p1", "p2"]} in events
    assert g.current_player() == "p0"


# --- LAST-7 ----------------------------------------------------------------------------------
def test_last_7_a_player_who_cannot_play_draws_one_card():
    g = table(hands={"p0": "6S KD"}, top="9H", stock="3C 4C", turn="p0")
    assert legal_texts(g, "p0") == ["draw"]
    events = act(g, "p0", "draw")
    assert {"type": "draw", "seat": "p0", "count": 1} in events
    assert hand(g, "p0") == ["6S", "KD", "3C"]
    assert g.current_player() == "p1"  # 3C does not play on 9H: the turn is over


def test_last_7_only_a_player_who_cannot_play_may_draw():
    """Choice (LAST-7 as written): a player holding a card that plays may not draw instead."""
    g = table(hands={"p0": "6H KD"}, top="9H", turn="p0")
    assert "draw" not in legal_texts(g, "p0")
    assert "cannot play" in check_illegal_refused(g, "p0", "draw")


def test_last_7_a_drawn_card_that_plays_may_be_played_at_once_and_only_it():
    g = table(hands={"p0": "6S KD KC"}, top="9H", stock="3H 4C", turn="p0")
    act(g, "p0", "draw")
    assert g.observation("p0")["drawn"] == "3H"
    assert g.observation("p1")["drawn"] is None and g.observation(None)["drawn"] is None
    assert legal_texts(g, "p0") == ["pass", "play 3H"]
    check_illegal_refused(g, "p0", "play KD KC")
    act(g, "p0", "play 3H")
    assert g.observation(None)["top"] == "3H" and g.current_player() == "p1"


def test_last_7_a_drawn_card_that_plays_may_be_kept():
    g = table(hands={"p0": "6S KD"}, top="9H", stock="3H 4C", turn="p0")
    act(g, "p0", "draw")
    act(g, "p0", "pass")
    assert hand(g, "p0") == ["6S", "KD", "3H"] and g.current_player() == "p1"


def test_last_7_a_drawn_ace_names_a_suit_when_played():
    g = table(hands={"p0": "6S KD"}, top="9H", stock="AC 4C", turn="p0")
    act(g, "p0", "draw")
    assert legal_texts(g, "p0") == ["pass", *(f"play AC suit={s}" for s in "CDHS")]


# --- LAST-8 ----------------------------------------------------------------------------------
def test_last_8_a_play_leaving_one_card_must_be_announced_and_then_costs_nothing():
    g = table(hands={"p0": "4H 9S"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    assert g.observation("p0")["must_announce"] is True
    assert g.observation("p1")["must_announce"] is False
    assert g.observation(None)["must_announce"] is False
    assert legal_texts(g, "p0") == ["announce last card"]
    events = act(g, "p0", "announce last card")
    assert events == [{"type": "announce", "seat": "p0", "word": "last card"}]
    events = act(g, "p1", g.legal_actions("p1")[0])
    assert "penalty" not in types(events)
    assert hand(g, "p0") == ["9S"]


def test_last_8_a_pair_left_is_one_play_away_and_must_be_announced_too():
    g = table(hands={"p0": "4H 6S 6C"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    assert g.legal_actions("p0") == [Announce(word="last card")]


def test_last_8_not_announcing_costs_two_cards_when_the_next_player_acts():
    g = table(hands={"p0": "4H 9S", "p1": "4C 8D"}, top="4D", stock="2C 3C KH", turn="p0")
    act(g, "p0", "play 4H")
    events = act(g, "p1", "play 4C")
    assert events[0] == {"type": "penalty", "seat": "p0", "count": 2, "for": "last card"}
    assert events[1]["type"] == "play"
    assert hand(g, "p0") == ["9S", "2C", "3C"]
    assert g.legal_actions("p0") == []
    check_illegal_refused(g, "p0", "announce last card")


def test_last_8_a_hand_of_several_ranks_has_nothing_to_announce():
    g = table(hands={"p0": "4H 9S 6C"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    assert g.legal_actions("p0") == []
    assert "nothing to announce" in check_illegal_refused(g, "p0", "announce last card")


def test_last_8_the_word_is_last_card():
    g = table(hands={"p0": "4H 9S"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    check_illegal_refused(g, "p0", Announce(word="uno"))


def test_last_8_an_announcement_stands_while_the_hand_stays_one_rank():
    """Choice: a pair announced once need not be announced again when one of it is played."""
    said = table(P2, hands={"p0": "9S 9C"}, top="9D", turn="p0", extra={"called": [True, False]})
    act(said, "p0", "play 9S")
    assert said.legal_actions("p0") == []
    unsaid = table(P2, hands={"p0": "9S 9C"}, top="9D", turn="p0")
    act(unsaid, "p0", "play 9S")
    assert unsaid.legal_actions("p0") == [Announce(word="last card")]


def test_last_8_the_obligation_comes_back_once_the_hand_was_no_longer_one_rank():
    g = table(
        P2,
        hands={"p0": "9S 9C", "p1": "KH 8C"},
        top="KD",
        stock="3H 3C",
        turn="p0",
        extra={"called": [True, False]},
    )
    act(g, "p0", "draw")  # 3H: no longer one rank, and it does not play on KD
    act(g, "p1", "play KH")
    act(g, "p1", "announce last card")
    act(g, "p0", "play 3H")
    assert g.legal_actions("p0") == [Announce(word="last card")]


def test_last_8_a_player_whose_next_action_comes_first_is_penalised_by_it():
    """Two players and a 10: the owner acts again, and that action closes the window too."""
    g = table(P2, hands={"p0": "10H 9S 9C"}, top="4H", turn="p0", stock="2C 3C KD")
    act(g, "p0", "play 10H")
    assert g.current_player() == "p0"
    assert "announce last card" in legal_texts(g, "p0")
    events = act(g, "p0", "draw")
    assert events[0]["type"] == "penalty"


# --- LAST-9 ----------------------------------------------------------------------------------
def test_last_9_the_first_player_out_wins_and_the_rest_vote():
    g = table(P4, hands={"p0": "4H"}, top="4D", turn="p0")
    events = act(g, "p0", "play 4H")
    assert {"type": "out", "seat": "p0", "place": 1} in events
    assert {"type": "vote_open", "voters": ["p1", "p2", "p3"]} in events
    obs = g.observation(None)
    assert obs["phase"] == "vote" and obs["out"] == ["p0"]
    assert g.current_player() == "p1"
    for s in ("p1", "p2", "p3"):
        assert legal_texts(g, s) == ["vote continue", "vote stop"]
    assert g.legal_actions("p0") == []


def test_last_9_a_tie_stops_and_the_rest_share_second_place():
    g = table(P3, hands={"p0": "4H"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p1", "vote continue")
    assert not g.is_over
    events = act(g, "p2", "vote stop")
    assert {"type": "vote_result", "result": "stop", "continue": 1, "stop": 1} in events
    assert g.is_over
    out = g.outcome()
    assert out["places"] == {"p0": 1, "p1": 2, "p2": 2}
    assert out["winners"] == ["p0"] and out["scores"] == {"p0": 1, "p1": 0, "p2": 0}


def test_last_9_the_vote_is_decided_as_soon_as_its_result_is_certain():
    """Choice: two stops out of three voters end the game without waiting for the third."""
    g = table(P4, hands={"p0": "4H"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p3", "vote stop")  # any voter may vote first
    act(g, "p1", "vote stop")
    assert g.is_over


def test_last_9_a_majority_to_continue_plays_on_for_places():
    g = table(P4, hands={"p0": "4H", "p1": "4C 9S", "p2": "KS", "p3": "QS JS"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p1", "vote continue")
    act(g, "p2", "vote continue")
    assert g.observation(None)["phase"] == "play" and g.current_player() == "p1"
    act(g, "p1", "play 4C")
    act(g, "p1", "announce last card")
    assert g.current_player() == "p2"  # p0 is out: turns pass over it
    events = act(g, "p2", "draw")
    assert "penalty" not in types(events)


def test_last_9_places_go_in_the_order_players_go_out_and_the_last_one_in_is_last():
    g = table(P3, hands={"p0": "4H", "p1": "4C", "p2": "KS QS"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    act(g, "p1", "vote continue")
    act(g, "p2", "vote continue")
    events = act(g, "p1", "play 4C")
    assert {"type": "out", "seat": "p1", "place": 2} in events
    assert g.is_over
    assert g.outcome()["places"] == {"p0": 1, "p1": 2, "p2": 3}


def test_last_9_with_two_players_the_first_out_ends_the_game_without_a_vote():
    g = table(P2, hands={"p0": "4H"}, top="4D", turn="p0")
    events = act(g, "p0", "play 4H")
    assert "vote_open" not in types(events)
    assert g.is_over and g.outcome()["places"] == {"p0": 1, "p1": 2}


def test_last_9_each_seat_votes_once_and_only_seats_still_in_vote():
    g = table(P4, hands={"p0": "4H"}, top="4D", turn="p0")
    act(g, "p0", "play 4H")
    check_illegal_refused(g, "p0", "vote stop")
    act(g, "p1", "vote continue")
    assert "already voted" in check_illegal_refused(g, "p1", "vote stop")
    check_illegal_refused(g, "p2", Vote(choice="maybe"))
    check_illegal_refused(g, "p2", "draw")


def test_last_9_the_effects_of_the_winning_play_still_apply_when_they_play_on():
    """Choice: going out on a 5 leaves the stack on the next player if the table plays on."""
    g = table(P3, hands={"p0": "5H", "p1": "9C 8C"}, top="4H", turn="p0")
    act(g, "p0", "play 5H")
    act(g, "p1", "vote continue")
    act(g, "p2", "vote continue")
    assert g.observation(None)["pending"] == {
        "kind": "draw",
        "rank": "5",
        "count": 5,
        "target": "p1",
    }
    assert legal_texts(g, "p1") == ["take"]


def test_last_9_the_winner_deals_the_next_game_and_chooses_its_direction():
    g = table(P3, hands={"p0": "KC 8S", "p1": "4H"}, top="4D", turn="p1", options={"games": 2})
    act(g, "p1", "play 4H")
    events = act(g, "p0", "vote stop")  # one of two voters: a tie at best, so it stops
    assert {"type": "deal", "round": 2, "dealer": "p1", "first": "p1"} in events
    obs = g.observation(None)
    assert obs["phase"] == "direction" and obs["round"] == 2 and obs["dealer"] == "p1"
    assert g.current_player() == "p1"
    assert legal_texts(g, "p1") == ["direction ccw", "direction cw"]
    act(g, "p1", "direction ccw")
    assert g.current_player() == "p0"
    assert obs["games"] == [{"game": 1, "winner": "p1", "places": {"p0": 2, "p1": 1, "p2": 2}}]


def test_last_9_a_match_of_several_games_ranks_by_games_won_then_by_places():
    """Choice: option ``games`` (default 1) sets the match length; ties on wins go to places."""
    g = table(P3, hands={"p0": "4H"}, top="4D", turn="p0", options={"games": 2})
    data = g.to_dict()
    data["round"] = 2
    data["scores"] = [0, 1, 0]
    data["extra"]["results"] = [{"game": 1, "winner": "p1", "places": {"p0": 3, "p1": 1, "p2": 2}}]
    g = LastCard.from_dict(data)
    act(g, "p0", "play 4H")
    act(g, "p1", "vote stop")
    out = g.outcome()
    assert g.is_over and out["scores"] == {"p0": 1, "p1": 1, "p2": 0}
    assert out["places"] == {"p1": 1, "p0": 2, "p2": 3}
    assert out["winners"] == ["p1"] and out["draw"] is False


def test_last_9_option_games_must_be_at_least_one():
    with pytest.raises(ValueError):
        new_game("lastcard", P3, options={"games": 0})


def test_last_9_a_game_nobody_finishes_places_the_seats_in_by_fewest_cards():
    """Choice: the turn limit (option max_turns) ends a game; fewer cards held place higher."""
    g = table(
        P3,
        hands={"p0": "KC", "p1": "4C 8S", "p2": "JD QD 9D"},
        top="4D",
        stock="JS",
        turn="p0",
        options={"max_turns": 1},
    )
    events = act(g, "p0", "draw")
    assert {"type": "stalemate", "reason": "turns"} in events
    assert g.is_over
    out = g.outcome()
    assert out["places"] == {"p0": 1, "p1": 1, "p2": 3}
    assert out["winners"] == ["p0", "p1"] and out["draw"] is True
    assert out["games"][0]["winner"] is None


# --- COMMON-2 --------------------------------------------------------------------------------
def test_common_2_an_empty_stock_is_rebuilt_from_the_pile_under_its_top_card():
    g = table(P2, hands={"p0": "6S KD"}, top="9H", stock="", turn="p0")
    under = g.observation(None)["pile"] - 1
    assert g.observation(None)["stock"] == 0 and under > 0
    events = act(g, "p0", "draw")
    assert events[0] == {"type": "reshuffle", "count": under}
    assert g.observation(None)["top"] == "9H"
    check_card_conservation(g)


def test_illegal_actions_name_their_reason():
    g = table(hands={"p0": "4H 9S"}, top="4D", turn="p0")
    with pytest.raises(IllegalAction, match="not your turn"):
        act(g, "p1", "draw")
