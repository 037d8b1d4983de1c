"""Last Card's drawing, LAST-7, and COMMON-2 as Last Card uses it: a player who cannot play
draws one card and may play it; an empty stock is rebuilt from the pile.
"""

from __future__ import annotations

from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.lastcard_table import P2, hand, table
from tests.engine.moves import act, legal_texts


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


# --- COMMON-2 --------------------------------------------------------------------------------
def test_common_2_an_empty_stock_is_rebuilt_from_the_pile_under_its_top_card():
    g = table(P2, hands={"p0": "6S KD"}, top="9H", stock="", turn="p0")
    under = g.observation(None)["pile"] - 1
    assert g.observation(None)["stock"] == 0 and under > 0
    events = act(g, "p0", "draw")
    assert events[0] == {"type": "reshuffle", "count": under}
    assert g.observation(None)["top"] == "9H"
    check_card_conservation(g)
