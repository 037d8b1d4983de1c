"""Last Card's following, LAST-3..4: what plays on the pile, the Ace naming the suit, and
several cards of one rank played as one; with the reasons refused actions give.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.actions import Play
from engine.cards import cards
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.lastcard_table import P4, hand, p0_plays, table
from tests.engine.moves import act, legal_texts


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
    # 9S follows neither the 5 nor hearts, yet it may come after the 9H that does
    assert "play 9H 9S" in legal_texts(g, "p0")


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


def test_illegal_actions_name_their_reason():
    g = table(hands={"p0": "4H 9S"}, top="4D", turn="p0")
    with pytest.raises(IllegalAction, match="not your turn"):
        act(g, "p1", "draw")
