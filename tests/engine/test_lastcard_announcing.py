"""Last Card's announcement, LAST-8: a hand one play away from empty must be announced as
"Last card" before the next player acts, or it costs cards.
"""

from __future__ import annotations

from engine.actions import Announce
from tests.engine.invariants import check_illegal_refused
from tests.engine.lastcard_table import P2, hand, table
from tests.engine.moves import act, legal_texts, types


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
