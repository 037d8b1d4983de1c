"""One test (or a few) per Macao rule, MACAO-1..18 and COMMON-2/3, from hand-made positions.

Positions come from ``tests.engine.positions.position``: seats p0, p1, ... in seating order,
the stock written in draw order. Options default to the game's; a test that ends a round sets
``target`` high so a new round is dealt instead of the match ending.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalAction, new_game
from engine.actions import Draw, Pass, Play, Take
from engine.cards import Card, cards, pack
from engine.macao import Macao, card_value, is_special
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.moves import first_event, legal_texts, types
from tests.engine.positions import position

P3 = ["p0", "p1", "p2"]
P4 = ["p0", "p1", "p2", "p3"]


def stack(rank, count, target):
    """What is pending: a stack of ``rank`` cards worth ``count`` aimed at ``target``, cards
    to draw (lost turns for 4s)."""
    kind = "skip" if rank == "4" else "draw"
    return {"kind": kind, "rank": rank, "count": count, "target": target}


# --- MACAO-1 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_macao_1_five_cards_each_one_card_up_rest_is_the_stock(players):
    g = new_game("macao", [f"p{k}" for k in range(players)], seed=players)
    obs = g.observation(None)
    assert set(obs["counts"].values()) == {5}
    assert obs["pile"] == 1 and obs["top"] is not None
    assert obs["stock"] == 52 - 5 * players - 1
    check_card_conservation(g, decks=1)


@pytest.mark.parametrize("players", [1, 7])
def test_macao_1_is_for_two_to_six_players(players):
    with pytest.raises(ValueError, match="2-6"):
        new_game("macao", [f"p{k}" for k in range(players)])


# --- MACAO-2 ---------------------------------------------------------------------------------
def test_macao_2_special_cards_are_2_3_4_7_ace_and_the_draw_kings():
    special = {str(c) for c in pack() if is_special(c)}
    assert len(special) == 4 * 5 + 2
    assert {"KH", "KS"} <= special and not {"KD", "KC", "5H", "QS"} & special


def test_macao_2_special_starter_is_buried_in_the_stock_and_a_plain_card_turned():
    g = Macao.from_dict(new_game("macao", P3).to_dict())
    g.stock = cards("9C 5H 2C KS AD 7H")  # drawn from the end: 7H first
    starter = g.turn_up_starter()
    assert starter in cards("5H 9C") and not is_special(starter)
    assert set(cards("2C KS AD 7H")) <= set(g.stock)
    assert len(g.stock) == 5


def test_macao_2_every_deal_starts_on_a_plain_card():
    buried = 0
    for seed in range(60):
        deck = pack()
        from engine.cards import shuffle

        shuffle(deck, random.Random(seed))
        first_turned = deck[-(5 * 3) - 1]
        g = new_game("macao", P3, seed=seed)
        assert not is_special(Card.parse(g.observation(None)["top"]))
        if is_special(first_turned):
            buried += 1
            assert str(first_turned) in g.to_dict()["stock"]
    assert buried > 5  # the seeds above do exercise burying


# --- MACAO-3 ---------------------------------------------------------------------------------
def test_macao_3_a_card_plays_on_the_suit_in_force_or_the_rank_on_top():
    g = position("macao", P3, hands={"p0": "9H 5C JD AS"}, top="5H", turn="p0")
    assert legal_texts(g, "p0") == sorted(
        ["play 9H", "play 5C", *(f"play AS suit={s}" for s in "CDHS"), "draw"]
    )
    check_illegal_refused(g, "p0", "play JD")


def test_macao_3_an_ace_plays_on_anything_and_names_the_suit_in_force():
    g = position("macao", P3, hands={"p0": "AS 9C", "p1": "9D 5D"}, top="5H", turn="p0")
    g.apply("p0", "play AS suit=D")
    obs = g.observation("p1")
    assert obs["top"] == "AS" and obs["suit"] == "D"
    assert "play 9D" in legal_texts(g, "p1") and "play 5D" in legal_texts(g, "p1")


def test_macao_3_an_ace_must_name_a_suit():
    g = position("macao", P3, hands={"p0": "AS 9C"}, top="5H", turn="p0")
    assert "suit" in check_illegal_refused(g, "p0", "play AS")


def test_macao_3_only_an_ace_names_a_suit():
    g = position("macao", P3, hands={"p0": "9H 9C"}, top="5H", turn="p0")
    check_illegal_refused(g, "p0", "play 9H suit=C")


def test_macao_3_after_an_ace_the_named_suit_not_the_ace_suit_is_followed():
    g = position("macao", P3, hands={"p1": "9S 5H AD"}, top="AS", suit="H", turn="p1")
    assert "play 5H" in legal_texts(g, "p1")
    check_illegal_refused(g, "p1", "play 9S")


def test_macao_3_an_ace_does_not_play_on_a_pending_stack():
    pending = stack("2", 2, "p1")
    g = position("macao", P3, hands={"p1": "AS 9C"}, top="2H", pending=pending, turn="p1")
    assert legal_texts(g, "p1") == ["take"]
    check_illegal_refused(g, "p1", "play AS suit=H")


# --- MACAO-4 ---------------------------------------------------------------------------------
def test_macao_4_a_player_may_draw_while_holding_a_playable_card():
    g = position("macao", P3, hands={"p0": "9H 9C"}, top="5H", stock="JC QC", turn="p0")
    assert Draw() in g.legal_actions("p0")
    events = g.apply("p0", "draw")
    assert types(events) == ["draw"] and "JC" not in str(events)
    assert g.observation("p0")["hand"] == ["9H", "9C", "JC"]
    assert g.current_player() == "p1"  # JC does not play on 5H: the turn is over


def test_macao_4_a_drawn_card_that_plays_may_be_played_at_once_and_only_it():
    g = position("macao", P3, hands={"p0": "9H 9C"}, top="5H", stock="6H QC", turn="p0")
    g.apply("p0", "draw")
    assert g.current_player() == "p0"
    assert g.observation("p0")["drawn"] == "6H"
    assert g.observation("p1")["drawn"] is None  # nobody else learns the card
    assert g.legal_actions("p0") == [Play(cards=(Card.parse("6H"),)), Pass()]
    check_illegal_refused(g, "p0", "play 9H")
    check_illegal_refused(g, "p0", "draw")
    g.apply("p0", "play 6H")
    assert g.observation("p1")["top"] == "6H" and g.current_player() == "p1"


def test_macao_4_declining_the_drawn_card_ends_the_turn():
    g = position("macao", P3, hands={"p0": "9C"}, top="5H", stock="6H QC", turn="p0")
    g.apply("p0", "draw")
    g.apply("p0", "pass")
    assert g.current_player() == "p1" and g.observation("p0")["hand"] == ["9C", "6H"]


def test_macao_4_a_drawn_ace_is_played_naming_a_suit():
    g = position("macao", P3, hands={"p0": "9C"}, top="5H", stock="AC QC", turn="p0")
    g.apply("p0", "draw")
    assert legal_texts(g, "p0") == sorted([*(f"play AC suit={s}" for s in "CDHS"), "pass"])
    check_illegal_refused(g, "p0", "play AC")
    g.apply("p0", "play AC suit=S")
    assert g.observation(None)["suit"] == "S"


def test_macao_4_a_drawn_plain_card_may_not_name_a_suit():
    g = position("macao", P3, hands={"p0": "9C"}, top="5H", stock="6H QC", turn="p0")
    g.apply("p0", "draw")
    check_illegal_refused(g, "p0", "play 6H suit=S")


# --- MACAO-5 ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "count"), [("2H", 2), ("3H", 3), ("KH", 5)])
def test_macao_5_two_three_and_king_of_hearts_make_the_next_player_draw(card, count):
    g = position("macao", P3, hands={"p0": f"{card} 9C", "p1": "5C 6C"}, top="5H", turn="p0")
    g.apply("p0", f"play {card}")
    obs = g.observation(None)
    assert obs["pending"] == stack(card[0], count, "p1")
    assert obs["turn"] == "p1"
    g.apply("p1", "take")
    assert g.observation(None)["counts"]["p1"] == 2 + count


def test_macao_5_king_of_spades_makes_the_previous_player_draw_five():
    g = position("macao", P4, hands={"p1": "KS 9C"}, top="5S", turn="p1")
    g.apply("p1", "play KS")
    assert g.observation(None)["pending"] == stack("K", 5, "p0")
    assert g.current_player() == "p0"


@pytest.mark.parametrize("king", ["KD", "KC"])
def test_macao_5_kings_of_diamonds_and_clubs_are_plain(king):
    top = "5" + king[1]
    g = position("macao", P3, hands={"p0": f"{king} 9H"}, top=top, turn="p0")
    g.apply("p0", f"play {king}")
    assert g.observation(None)["pending"] is None and g.current_player() == "p1"


# --- MACAO-6 ---------------------------------------------------------------------------------
def test_macao_6_a_two_answers_a_two_of_any_suit_and_sends_the_stack_on():
    pending = stack("2", 2, "p1")
    g = position("macao", P3, hands={"p1": "2C 9H"}, top="2H", pending=pending, turn="p1")
    g.apply("p1", "play 2C")
    pending_now = g.observation(None)["pending"]
    assert pending_now == stack("2", 4, "p2")
    assert g.observation(None)["suit"] == "C"


def test_macao_6_a_two_never_answers_a_three_nor_a_three_a_two():
    threes = stack("3", 3, "p1")
    g = position("macao", P3, hands={"p1": "2H 3C"}, top="3H", pending=threes, turn="p1")
    assert legal_texts(g, "p1") == ["play 3C", "take"]
    check_illegal_refused(g, "p1", "play 2H")
    twos = stack("2", 2, "p1")
    g = position("macao", P3, hands={"p1": "2C 3H"}, top="2H", pending=twos, turn="p1")
    assert legal_texts(g, "p1") == ["play 2C", "take"]
    check_illegal_refused(g, "p1", "play 3H")


def test_macao_6_draw_kings_answer_each_other_each_sending_the_stack_its_own_way():
    # p1 played KH at p2; p2 answers with KS, which sends the stack back to p1 (previous)
    kings = stack("K", 5, "p2")
    g = position("macao", P4, hands={"p2": "KS 9C"}, top="KH", pending=kings, turn="p2")
    g.apply("p2", "play KS")
    assert g.observation(None)["pending"] == stack("K", 10, "p1")
    # and a KH answering a KS goes to the answerer's next seat
    g = position("macao", P4, hands={"p1": "KH 9C"}, top="KS", pending=kings | {"target": "p1"})
    g.turn = 1
    g.apply("p1", "play KH")
    assert g.observation(None)["pending"]["target"] == "p2"


def test_macao_6_a_plain_king_does_not_answer_a_draw_king():
    kings = stack("K", 5, "p1")
    g = position("macao", P3, hands={"p1": "KD KC"}, top="KH", pending=kings, turn="p1")
    assert legal_texts(g, "p1") == ["take"]


# --- MACAO-7 ---------------------------------------------------------------------------------
def test_macao_7_seven_cuts_a_stack_of_threes():
    threes = stack("3", 6, "p1")
    g = position("macao", P3, hands={"p1": "7S 9C"}, top="3H", pending=threes, turn="p1")
    before = g.observation(None)["counts"]
    events = g.apply("p1", "play 7S")
    obs = g.observation(None)
    assert "cut" in types(events)
    assert obs["pending"] is None and obs["suit"] == "S"
    assert obs["turn"] == "p2"
    assert sum(obs["counts"].values()) == sum(before.values()) - 1  # nobody drew


@pytest.mark.parametrize("seven", ["7C", "7D", "7H", "7S"])
def test_macao_7_a_seven_of_any_suit_cuts_twos_and_draw_kings(seven):
    for rank, top in (("2", "2H"), ("K", "KH")):
        pending = stack(rank, 5, "p1")
        g = position("macao", P3, hands={"p1": f"{seven} 9C"}, top=top, pending=pending)
        g.turn = 1
        g.apply("p1", f"play {seven}")
        assert g.observation(None)["pending"] is None


def test_macao_7_a_seven_with_nothing_pending_is_a_plain_card():
    g = position("macao", P3, hands={"p0": "7S 7H 9C"}, top="5H", turn="p0")
    assert "play 7H" in legal_texts(g, "p0")
    check_illegal_refused(g, "p0", "play 7S")
    g.apply("p0", "play 7H")
    assert g.observation(None)["pending"] is None and g.current_player() == "p1"


# --- MACAO-8 ---------------------------------------------------------------------------------
def test_macao_8_the_target_takes_the_whole_stack_and_their_turn_is_over():
    twos = stack("2", 6, "p1")
    g = position(
        "macao",
        P3,
        hands={"p1": "9C"},
        top="2H",
        pending=twos,
        stock="3C 4C 5C 6C 8C 9D 10D",
        turn="p1",
    )
    events = g.apply("p1", "take")
    assert {"type": "take", "seat": "p1", "count": 6} in events
    assert g.observation("p1")["hand"] == cards_text("9C 3C 4C 5C 6C 8C 9D")
    assert g.observation(None)["pending"] is None and g.current_player() == "p2"


def cards_text(text):
    return [str(c) for c in cards(text)]


# --- MACAO-9 ---------------------------------------------------------------------------------
def test_macao_9_a_four_makes_the_next_player_lose_a_turn():
    g = position("macao", P3, hands={"p0": "4H 9C", "p1": "9H"}, top="5H", turn="p0")
    g.apply("p0", "play 4H")
    assert g.observation(None)["pending"] == stack("4", 1, "p1")
    assert legal_texts(g, "p1") == ["take"]
    events = g.apply("p1", "take")
    assert {"type": "lose_turns", "seat": "p1", "count": 1} in events
    assert g.current_player() == "p2"


def test_macao_9_a_four_answers_a_four_adding_a_lost_turn_and_passing_it_on():
    skip = stack("4", 1, "p1")
    g = position("macao", P3, hands={"p1": "4C 9C"}, top="4H", pending=skip, turn="p1")
    g.apply("p1", "play 4C")
    assert g.observation(None)["pending"] == stack("4", 2, "p2")


def test_macao_9_accepting_n_lost_turns_skips_this_turn_and_the_next_n_minus_one():
    skip = stack("4", 3, "p1")
    g = position(
        "macao",
        P3,
        hands={"p0": "9H 8H 7H", "p1": "5H 6H", "p2": "10H JH QH"},
        top="4H",
        pending=skip,
        turn="p1",
        stock="2C 3C",
    )
    g.apply("p1", "take")
    assert g.observation(None)["lost_turns"] == {"p1": 2}
    order = []
    for card in ("10H", "9H", "JH", "8H", "QH"):
        seat = g.current_player()
        order.append(seat)
        g.apply(seat, f"play {card}")
    assert order == ["p2", "p0", "p2", "p0", "p2"]  # p1 sits out two more turns
    assert g.current_player() == "p1" and g.observation(None)["lost_turns"] == {}


def test_macao_9_a_seven_does_not_cancel_lost_turns():
    skip = stack("4", 1, "p1")
    g = position("macao", P3, hands={"p1": "7H 7C"}, top="4H", pending=skip, turn="p1")
    assert legal_texts(g, "p1") == ["take"]
    check_illegal_refused(g, "p1", "play 7H")


# --- MACAO-10 --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pending", "top", "answer"),
    [
        (stack("3", 3, "p1"), "3H", "play 3C"),
        (stack("4", 1, "p1"), "4H", "play 4C"),
    ],
)
def test_macao_10_with_something_pending_only_answering_or_accepting_is_allowed(
    pending, top, answer
):
    g = position("macao", P3, hands={"p1": f"{answer[5:]} 9H 5H AD"}, top=top, pending=pending)
    g.turn = 1
    assert legal_texts(g, "p1") == sorted([answer, "take"])
    for action in ("draw", "pass", "play 9H", "play AD suit=H"):
        check_illegal_refused(g, "p1", action)
    assert g.legal_actions("p0") == [] and g.legal_actions("p2") == []


def test_macao_10_take_is_refused_when_nothing_is_pending():
    g = position("macao", P3, hands={"p0": "9H"}, top="5H", turn="p0")
    check_illegal_refused(g, "p0", "take")
    check_illegal_refused(g, "p0", "pass")


# --- MACAO-11 --------------------------------------------------------------------------------
def test_macao_11_after_a_king_of_spades_play_goes_on_from_the_previous_player():
    g = position(
        "macao",
        P4,
        hands={"p1": "KS 9C", "p0": "5D"},
        top="5S",
        stock="2C 3C 4C 5C 6C 8C",
        turn="p1",
    )
    g.apply("p1", "play KS")
    g.apply("p0", "take")
    assert g.current_player() == "p1"  # the next player from p0, the one who acted


def test_macao_11_a_stack_answered_round_the_table_ends_with_whoever_takes_it():
    g = position(
        "macao",
        P3,
        hands={"p0": "2H 9C", "p1": "2C 9D", "p2": "9S 8S"},
        top="5H",
        stock="3C 4C 5C 6C 8C 10D",
        turn="p0",
    )
    g.apply("p0", "play 2H")
    g.apply("p1", "play 2C")
    g.apply("p2", "take")
    assert g.observation(None)["counts"]["p2"] == 6
    assert g.current_player() == "p0"


def test_macao_11_only_the_seat_whose_turn_it_is_may_act():
    g = position("macao", P3, hands={"p1": "9H"}, top="5H", turn="p0")
    assert g.legal_actions("p1") == []
    assert "turn" in check_illegal_refused(g, "p1", "play 9H")


# --- MACAO-12 --------------------------------------------------------------------------------
def test_macao_12_macao_is_said_automatically_at_one_card():
    g = position("macao", P3, hands={"p0": "9H 8C", "p1": "9C 7C 6C"}, top="5H", turn="p0")
    events = g.apply("p0", "play 9H")
    assert {"type": "announce", "seat": "p0", "word": "Macao"} in events
    events = g.apply("p1", "play 9C")
    assert "announce" not in types(events)


# --- MACAO-13 --------------------------------------------------------------------------------
@pytest.mark.parametrize("last", ["9H", "2H", "4H", "KH", "AH"])
def test_macao_13_playing_the_last_card_ends_the_round_whatever_the_card(last):
    suit = "suit=H" if last == "AH" else ""
    g = position(
        "macao", P3, hands={"p0": last, "p1": "9C"}, top="5H", turn="p0", options={"target": 5000}
    )
    events = g.apply("p0", f"play {last} {suit}".strip())
    end = first_event(events, "round_end")
    assert end["winner"] == "p0"
    assert "pending" not in types(events) and g.observation(None)["round"] == 2
    assert g.observation(None)["pending"] is None


# --- MACAO-14 --------------------------------------------------------------------------------
def test_macao_14_a_round_ends_with_no_winner_after_max_turns():
    g = position("macao", P3, hands={"p0": "9H 8H"}, top="5H", turn="p0", turns=199)
    events = g.apply("p0", "play 9H")
    assert {"type": "stalemate", "reason": "turns"} in events
    end = first_event(events, "round_end")
    assert end["winner"] is None and all(p > 0 for p in end["points"].values())


def test_macao_14_a_turn_ending_in_a_draw_card_counts_towards_max_turns():
    g = position("macao", P3, hands={"p0": "2H 8H"}, top="5H", turn="p0", turns=199)
    events = g.apply("p0", "play 2H")
    assert {"type": "stalemate", "reason": "turns"} in events
    assert g.observation(None)["round"] == 2 and g.observation(None)["pending"] is None


def test_macao_14_max_turns_is_an_option():
    g = position("macao", P3, hands={"p0": "9H 8H"}, top="5H", options={"max_turns": 1})
    g.turn = 0
    events = g.apply("p0", "play 9H")
    assert "stalemate" in types(events)


def test_macao_14_a_round_ends_when_no_seat_can_play_or_draw():
    g = position("macao", ["p0", "p1"], hands={"p0": "8C", "p1": "JC"}, top="9D", stock="", pile="")
    assert types(g.apply("p0", "draw")) == ["draw"]
    events = g.apply("p1", "draw")
    assert {"type": "stalemate", "reason": "no seat can play or draw"} in events
    end = first_event(events, "round_end")
    assert end["winner"] is None and end["points"] == {"p0": 10, "p1": 10}


def test_macao_14_no_stalemate_while_a_seat_could_still_play():
    # p0 holds 5D, which plays on 9D, but keeps drawing; the round must go on
    g = position(
        "macao", ["p0", "p1"], hands={"p0": "5D 8C", "p1": "JC"}, top="9D", stock="", pile=""
    )
    for _ in range(5):
        events = g.apply(g.current_player(), "draw")
        assert "stalemate" not in types(events)
    assert g.observation(None)["round"] == 1


# --- MACAO-15 --------------------------------------------------------------------------------
def test_macao_15_card_values_and_the_pack_is_worth_900():
    values = {t: card_value(Card.parse(t)) for t in ("2C", "4D", "7H", "3S", "AC", "KH", "KS")}
    assert values == {"2C": 20, "4D": 20, "7H": 20, "3S": 30, "AC": 40, "KH": 40, "KS": 40}
    assert {card_value(c) for c in cards("5H 6C 8D 9S 10H JC QD KD KC")} == {10}
    assert sum(card_value(c) for c in pack()) == 900


def test_macao_15_the_winner_scores_nothing_and_the_others_their_hands():
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "AC KS 5C", "p2": "3D"},
        top="5H",
        turn="p0",
        options={"target": 5000},
    )
    events = g.apply("p0", "play 9H")
    end = first_event(events, "round_end")
    assert end["points"] == {"p0": 0, "p1": 90, "p2": 30}
    assert g.observation(None)["scores"] == {"p0": 0, "p1": 90, "p2": 30}


def test_macao_15_a_round_with_no_winner_charges_everybody():
    g = position(
        "macao",
        ["p0", "p1"],
        hands={"p0": "8C 2S", "p1": "JC"},
        top="9D",
        stock="",
        pile="",
        options={"target": 5000},
    )
    g.apply("p0", "draw")
    events = g.apply("p1", "draw")
    end = first_event(events, "round_end")
    assert end["points"] == {"p0": 30, "p1": 10}


# --- MACAO-16 --------------------------------------------------------------------------------
def test_macao_16_the_match_ends_when_a_total_reaches_the_target_and_lowest_wins():
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "KH KS", "p2": "5C"},
        top="5H",
        turn="p0",
        scores=[100, 450, 40],
    )
    events = g.apply("p0", "play 9H")
    assert g.is_over and g.current_player() is None
    outcome = g.outcome()
    assert outcome["scores"] == {"p0": 100, "p1": 530, "p2": 50}
    assert outcome["winners"] == ["p2"] and outcome["draw"] is False
    assert outcome["losers"] == ["p1"]
    assert outcome["places"] == {"p2": 1, "p0": 2, "p1": 3}
    assert events[-1]["type"] == "match_end"
    assert g.legal_actions("p2") == []
    check_illegal_refused(g, "p2", "draw")


def test_macao_16_a_tie_at_the_bottom_is_a_draw():
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "5C", "p2": "KH KS"},
        top="5H",
        turn="p0",
        scores=[110, 100, 450],
    )
    g.apply("p0", "play 9H")
    outcome = g.outcome()
    assert outcome["winners"] == ["p0", "p1"] and outcome["draw"] is True
    assert outcome["places"]["p0"] == outcome["places"]["p1"] == 1


def test_macao_16_the_target_is_an_option():
    g = position(
        "macao", P3, hands={"p0": "9H", "p1": "5C"}, top="5H", turn="p0", options={"target": 10}
    )
    g.apply("p0", "play 9H")
    assert g.is_over


def test_macao_16_below_the_target_a_new_round_is_dealt():
    g = position("macao", P3, hands={"p0": "9H", "p1": "5C"}, top="5H", turn="p0")
    events = g.apply("p0", "play 9H")
    assert not g.is_over and "deal" in types(events)
    assert set(g.observation(None)["counts"].values()) == {5}
    check_card_conservation(g)


# --- MACAO-17 --------------------------------------------------------------------------------
def test_macao_17_everyone_sees_counts_top_suit_in_force_pending_and_scores():
    twos = stack("2", 4, "p2")
    g = position(
        "macao",
        P3,
        hands={"p0": "9H", "p1": "5C 6C", "p2": "KC KD QD"},
        top="2D",
        suit="S",
        pending=twos,
        turn="p2",
        scores=[10, 20, 30],
    )
    for seat in (None, "p0", "p1"):
        obs = g.observation(seat)
        assert obs["counts"] == {"p0": 1, "p1": 2, "p2": 3}
        assert obs["top"] == "2D" and obs["suit"] == "S"
        assert obs["pending"] == twos
        assert obs["scores"] == {"p0": 10, "p1": 20, "p2": 30}
        assert obs["turn"] == "p2"
    assert g.observation("p1")["hand"] == ["5C", "6C"]
    assert g.observation(None)["hand"] == []


# --- MACAO-18 --------------------------------------------------------------------------------
def test_macao_18_the_next_round_starts_one_seat_after_the_last_rounds_first_player():
    g = position("macao", P4, hands={"p2": "9H"}, top="5H", turn="p2")
    assert g.to_dict()["round_first"] == 0
    events = g.apply("p2", "play 9H")  # p2 wins; p3 would be next after the winner
    assert {"type": "deal", "round": 2, "first": "p1"} in events
    assert g.current_player() == "p1"
    firsts = []
    game = new_game("macao", P4, seed=3, options={"target": 10_000})
    rng = random.Random(0)
    while len(firsts) < 6:
        seat = game.current_player()
        legal = game.legal_actions(seat)
        for event in game.apply(seat, legal[int(rng.random() * len(legal))]):
            if event["type"] == "deal":
                firsts.append(event["first"])
    assert firsts == ["p1", "p2", "p3", "p0", "p1", "p2"]


# --- COMMON-2 and COMMON-3 as Macao uses them --------------------------------------------------
def test_common_2_an_empty_stock_is_rebuilt_from_the_pile_under_its_top_card():
    twos = stack("2", 4, "p1")
    g = position(
        "macao",
        P3,
        hands={"p1": "9C"},
        top="2H",
        pile="6D 6S 8S",
        stock="10C",
        pending=twos,
        turn="p1",
    )
    events = g.apply("p1", "take")
    assert {"type": "reshuffle", "count": 3} in events
    assert Counter(g.observation("p1")["hand"]) == Counter(["9C", "10C", "6D", "6S", "8S"])
    assert g.observation(None)["top"] == "2H" and g.observation(None)["pile"] == 1


def test_common_2_with_nothing_left_to_draw_the_draw_takes_what_there_is():
    twos = stack("2", 4, "p1")
    g = position(
        "macao", P3, hands={"p1": "9C"}, top="2H", pile="", stock="10C", pending=twos, turn="p1"
    )
    events = g.apply("p1", "take")
    assert {"type": "take", "seat": "p1", "count": 1} in events
    assert g.current_player() == "p2"


def test_common_3_with_two_players_a_four_gives_the_same_player_another_turn():
    g = position("macao", ["p0", "p1"], hands={"p0": "4H 9H 8C"}, top="5H", turn="p0")
    g.apply("p0", "play 4H")
    g.apply("p1", "take")
    assert g.current_player() == "p0"


def test_apply_refuses_unknown_seats_and_malformed_actions():
    g = position("macao", P3, hands={"p0": "9H"}, top="5H", turn="p0")
    check_illegal_refused(g, "zed", "draw")
    check_illegal_refused(g, "p0", "fly away")
    check_illegal_refused(g, "p0", "play 9C")  # not held
    check_illegal_refused(g, "p0", {"kind": "play", "cards": ["9H", "5H"]})
    with pytest.raises(IllegalAction):
        g.apply("p0", Take())
