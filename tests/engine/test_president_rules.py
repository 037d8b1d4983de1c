"""President, one rule per test: PRES-1..10, and the choices made where the spec is silent.

Positions are built by ``table``: every hand is written out, the pile is the top set over the
cards under it, and the rest of the pack lies cleared, so every position holds the whole pack.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import IllegalAction, new_game
from engine.actions import Complete, Give, Pass, Play
from engine.cards import cards, pack
from engine.president import President, decks_for
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.moves import first_event, types

CARD_KEYS = ("hands", "pile", "cleared")


def table(
    hands: dict[str, str],
    top: str = "",
    under: str = "",
    last: str | None = None,
    turn: str = "p0",
    *,
    out: tuple[str, ...] = (),
    stuck: tuple[str, ...] = (),
    passes: tuple[str, ...] = (),
    players: int = 4,
    first_lead: bool = False,
    **extra: Any,
) -> President:
    """A President position: ``hands`` by seat, ``top`` played by ``last`` over ``under``.

    Seats in ``out`` went out in that order; seats in ``stuck`` were sent to the bottom.
    """
    seats = [f"p{k}" for k in range(players)]
    data = new_game("president", seats, seed=0).to_dict()
    index = {s: k for k, s in enumerate(seats)}
    pool = Counter(str(c) for c in pack(decks_for(players)))
    new_hands = []
    for seat in seats:
        held = [str(c) for c in cards(hands.get(seat, ""))]
        pool.subtract(held)
        new_hands.append(held)
    pile = [str(c) for c in cards(under)] + [str(c) for c in cards(top)]
    pool.subtract(pile)
    assert all(v >= 0 for v in pool.values()), f"a card is used twice: {-pool}"
    data.update(
        hands=new_hands,
        pile=pile,
        top_size=len(cards(top)),
        last_player=None if last is None else index[last],
        passes=[index[s] for s in passes],
        cleared=sorted(pool.elements()),
        turn=index[turn],
        phase="play",
        exchange=None,
        first_lead=first_lead,
        went_out=[index[s] for s in out],
        stuck=[index[s] for s in stuck],
        events=[],
    )
    data.update(extra)
    game = President.from_dict(data)
    assert isinstance(game, President)
    check_card_conservation(game, decks_for(players), CARD_KEYS)
    return game


def filler(players: int) -> dict[str, str]:
    """One low card for every seat, different enough that two packs hold them all."""
    low = ["3H", "3D", "3S", "4H", "4D", "4S", "5H", "5D", "5S", "6H"]
    return {f"p{k}": low[k] for k in range(players)}


def plays(game: President, seat: str) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


# --- PRES-1: packs and the deal -------------------------------------------------------------


def test_pres_1_one_pack_for_five_players_dealt_one_at_a_time_from_the_dealers_left():
    game = new_game("president", [f"p{k}" for k in range(5)], seed=3)
    obs = game.observation(None)
    assert obs["dealer"] == "p0"
    # 52 cards to 5 seats: the two seats after the dealer get the extra cards
    assert obs["counts"] == {"p0": 10, "p1": 11, "p2": 11, "p3": 10, "p4": 10}
    check_card_conservation(game, 1, CARD_KEYS)


@pytest.mark.parametrize("players", [8, 10])
def test_pres_1_two_packs_from_eight_players(players):
    game = new_game("president", [f"p{k}" for k in range(players)], seed=1)
    counts = game.observation(None)["counts"]
    assert sum(counts.values()) == 104
    assert max(counts.values()) - min(counts.values()) <= 1
    check_card_conservation(game, 2, CARD_KEYS)


def test_pres_1_seven_players_still_use_one_pack():
    game = new_game("president", [f"p{k}" for k in range(7)], seed=1)
    assert sum(game.observation(None)["counts"].values()) == 52


@pytest.mark.parametrize("players", [3, 11])
def test_pres_1_the_table_is_for_four_to_ten(players):
    with pytest.raises(ValueError, match="4-10"):
        new_game("president", [f"p{k}" for k in range(players)])


# --- PRES-2: rank order, 2s are not a rank --------------------------------------------------


def test_pres_2_ace_is_high_and_three_is_low():
    game = table({"p0": "AH QS 3D 9C", "p1": "5C", "p2": "6C", "p3": "7C"}, "KD", last="p3")
    assert plays(game, "p0") == {"play AH", "pass"}
    game = table({"p0": "4H 3D", "p1": "5C", "p2": "6C", "p3": "7C"}, "3C", last="p3")
    assert plays(game, "p0") == {"play 4H", "play 3D", "pass"}


def test_pres_2_a_two_is_a_clearing_card_not_a_rank_so_pairs_of_twos_are_not_plays():
    game = table({"p0": "2H 2S 9C", "p1": "5C", "p2": "6C", "p3": "7C"}, "AD AS", last="p3")
    assert plays(game, "p0") == {"play 2H", "pass"}
    reason = check_illegal_refused(game, "p0", "play 2H 2S")
    assert "one at a time" in reason


# --- PRES-3: beat or equal, size first --------------------------------------------------------


def test_pres_3_any_set_may_lead_an_empty_pile():
    game = table({"p0": "4C 4D KS AH AD AS", "p1": "5C", "p2": "6C", "p3": "7C"})
    assert plays(game, "p0") == {
        "play 4C",
        "play 4C 4D",
        "play KS",
        "play AD",
        "play AD AH",
        "play AD AH AS",
    }


def test_pres_3_a_pair_beats_any_single_and_three_beat_any_pair():
    game = table({"p0": "3C 3D 4C 4D 4H", "p1": "5C", "p2": "6C", "p3": "7C"}, "AS", last="p3")
    assert "play 3C 3D" in plays(game, "p0")
    game = table({"p0": "3C 3D 4C 4D 4H", "p1": "5C", "p2": "6C", "p3": "7C"}, "AS AH", last="p3")
    assert plays(game, "p0") == {"play 4C 4D 4H", "pass"}


def test_pres_3_the_same_number_of_cards_must_be_higher_or_the_same_rank():
    game = table({"p0": "8C 9C 7H", "p1": "5C", "p2": "6C", "p3": "7C"}, "8H", last="p3")
    assert plays(game, "p0") == {"play 8C", "play 9C", "pass"}
    reason = check_illegal_refused(game, "p0", "play 7H")
    assert "neither beats nor equals" in reason


def test_pres_3_fewer_cards_never_beat_more():
    game = table({"p0": "AC 5D", "p1": "5C", "p2": "6C", "p3": "7C"}, "3H 3S", last="p3")
    assert plays(game, "p0") == {"pass"}
    check_illegal_refused(game, "p0", "play AC")


def test_pres_3_a_play_is_cards_of_one_rank():
    game = table({"p0": "8C 9C 4H", "p1": "5C", "p2": "6C", "p3": "7C"})
    assert "one rank" in check_illegal_refused(game, "p0", "play 8C 9C")


def test_pres_3_five_of_a_rank_is_not_one_play_even_with_two_packs():
    hands = filler(8)
    hands["p0"] = "9C 9C 9D 9D 9H 4S"
    game = table(hands, players=8)
    assert "one to four" in check_illegal_refused(game, "p0", "play 9C 9C 9D 9D 9H")
    assert "play 9C 9C 9D 9D" in plays(game, "p0")


def test_pres_3_choice_suits_do_not_matter_so_each_rank_and_size_is_offered_once():
    game = table({"p0": "9S 9H 9D 9C", "p1": "5C", "p2": "6C", "p3": "7C"})
    assert plays(game, "p0") == {"play 9C", "play 9C 9D", "play 9C 9D 9H", "play 9C 9D 9H 9S"}
    reason = check_illegal_refused(game, "p0", "play 9H 9S")
    assert "play 9C 9D" in reason


def test_pres_3_choice_two_pack_duplicates_are_offered_once():
    hands = filler(8)
    hands["p0"] = "9C 9C 4S"
    game = table(hands, players=8)
    offered = [str(a) for a in game.legal_actions("p0")]
    assert offered.count("play 9C") == 1
    assert "play 9C 9C" in offered


# --- PRES-4: equalling skips the next player ---------------------------------------------------


def test_pres_4_equalling_skips_the_next_player():
    game = table({"p0": "7D 9C", "p1": "5C 5D", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    events = game.apply("p0", "play 7D")
    assert {"type": "skip", "seat": "p1"} in events
    assert game.current_player() == "p2"


def test_pres_4_beating_does_not_skip():
    game = table({"p0": "8H 9C", "p1": "5C 5D", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    events = game.apply("p0", "play 8H")
    assert "skip" not in types(events)
    assert game.current_player() == "p1"


def test_pres_4_the_skip_passes_over_players_already_out():
    game = table(
        {"p0": "7D 9C", "p1": "", "p2": "6C 6D", "p3": "8C 8D", "p4": "KC"},
        "7H",
        last="p4",
        out=("p1",),
        players=5,
    )
    game.apply("p0", "play 7D")
    assert game.current_player() == "p3"  # p1 is out, p2 is the one skipped


def test_pres_4_choice_equalling_with_two_players_left_comes_back_round_and_clears():
    game = table(
        {"p0": "7D 9C", "p1": "", "p2": "", "p3": "8C 8D"}, "7H", last="p3", out=("p1", "p2")
    )
    events = game.apply("p0", "play 7D")
    assert {"type": "clear", "reason": "all passed", "leader": "p0"} in events
    assert game.current_player() == "p0" and game.observation(None)["top"] is None


# --- PRES-5: a lone 2 clears ----------------------------------------------------------------------


def test_pres_5_a_two_clears_the_pile_and_its_player_leads():
    game = table(
        {"p0": "2D 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "AH AS", under="KD", last="p3"
    )
    events = game.apply("p0", "play 2D")
    assert {"type": "clear", "reason": "two", "leader": "p0"} in events
    obs = game.observation(None)
    assert obs["top"] is None and obs["pile"] == 0 and obs["turn"] == "p0"
    check_card_conservation(game, 1, CARD_KEYS)


def test_pres_5_choice_a_two_may_lead_an_empty_pile_and_its_player_leads_again():
    game = table({"p0": "2D 9C", "p1": "5C", "p2": "6C", "p3": "8C"})
    assert "play 2D" in plays(game, "p0")
    game.apply("p0", "play 2D")
    assert game.current_player() == "p0" and game.observation(None)["top"] is None


def test_pres_5_choice_a_two_is_played_in_turn_only():
    game = table({"p0": "9C", "p1": "2H 5C", "p2": "6C", "p3": "8C"}, "7H", last="p3")
    assert game.legal_actions("p1") == []
    assert "turn" in check_illegal_refused(game, "p1", "play 2H")


# --- PRES-6: four of a rank together clears; completing out of turn --------------------------


def test_pres_6_four_of_a_rank_played_together_clears_and_the_player_leads():
    game = table({"p0": "9C 9D 9H 9S 4C", "p1": "5C", "p2": "6C", "p3": "8C"}, "3H", last="p3")
    events = game.apply("p0", "play 9C 9D 9H 9S")
    assert {"type": "clear", "reason": "four", "leader": "p0"} in events
    assert game.current_player() == "p0"


def test_pres_6_four_of_a_rank_by_several_players_clears():
    game = table(
        {"p0": "9C 9D 4C", "p1": "5C", "p2": "6C", "p3": "8C"}, "9H", under="9S", last="p3"
    )
    assert plays(game, "p0") >= {"complete 9C 9D"}
    events = game.apply("p0", "complete 9C 9D")
    assert {"type": "clear", "reason": "four", "leader": "p0"} in events
    assert game.observation(None)["pile"] == 0


def test_pres_6_choice_completing_in_turn_is_a_complete_not_a_play():
    game = table(
        {"p0": "7D 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "7H", under="7C 7S", last="p3"
    )
    offered = game.legal_actions("p0")
    assert Complete(cards=tuple(cards("7D"))) in offered
    assert Play(cards=tuple(cards("7D"))) not in offered
    assert "complete 7D" in check_illegal_refused(game, "p0", "play 7D")


def test_pres_6_the_holder_of_the_completing_cards_may_complete_out_of_turn():
    game = table(
        {"p0": "9C", "p1": "5C", "p2": "QC QD 6C", "p3": "8C"}, "QH QS", last="p3", turn="p0"
    )
    assert game.legal_actions("p2") == [Complete(cards=tuple(cards("QC QD")))]
    assert game.legal_actions("p1") == []
    events = game.apply("p2", "complete QC QD")
    assert events[0] == {
        "type": "complete",
        "seat": "p2",
        "cards": ["QC", "QD"],
        "out_of_turn": True,
    }
    assert game.current_player() == "p2" and game.observation(None)["top"] is None


def test_pres_6_only_the_exact_number_completes():
    game = table(
        {"p0": "9C", "p1": "5C", "p2": "QC QD 6C", "p3": "8C"}, "QH", under="QS", last="p3"
    )
    assert "2 card(s)" in check_illegal_refused(game, "p2", "complete QC")


def test_pres_6_a_player_completing_with_their_last_cards_goes_out_and_the_next_leads():
    game = table({"p0": "9C", "p1": "5C", "p2": "QC QD", "p3": "8C"}, "QH QS", last="p3")
    events = game.apply("p2", "complete QC QD")
    assert {"type": "out", "seat": "p2", "place": 1, "title": "President"} in events
    assert {"type": "clear", "reason": "four", "leader": "p3"} in events


def test_pres_6_choice_five_of_a_rank_from_two_packs_also_clears():
    hands = filler(8)
    hands["p0"] = "9C 9D 9H 4S"
    game = table(hands, "9S 9S", last="p7", players=8)
    events = game.apply("p0", "play 9C 9D 9H")  # beats the pair by size: five 9s together
    assert {"type": "clear", "reason": "four", "leader": "p0"} in events


def test_pres_6_nothing_to_complete_on_an_empty_pile():
    game = table({"p0": "9C", "p1": "5C", "p2": "QC QD", "p3": "8C"})
    assert game.legal_actions("p2") == []
    assert "nothing" in check_illegal_refused(game, "p2", "complete QC QD")


# --- PRES-7: passing and the all-pass clear ---------------------------------------------------


def test_pres_7_passing_is_allowed_even_when_able_to_play():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "3H", last="p3")
    assert "play AC" in plays(game, "p0")
    game.apply("p0", "pass")
    assert game.current_player() == "p1"
    assert game.observation(None)["passes"] == ["p0"]


def test_pres_7_a_pass_does_not_stop_a_later_play_on_the_same_pile():
    game = table({"p0": "AC 9C", "p1": "5C 5D", "p2": "6C 6D", "p3": "8C 8D"}, "3H", last="p3")
    game.apply("p0", "pass")
    game.apply("p1", "play 5C")
    game.apply("p2", "play 6C")
    game.apply("p3", "pass")
    assert "play AC" in plays(game, "p0")


def test_pres_7_when_everyone_passes_back_to_the_last_player_the_pile_clears_and_they_lead():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C 8D"}, "KH", last="p3")
    for seat in ("p0", "p1"):
        game.apply(seat, "pass")
    events = game.apply("p2", "pass")
    assert {"type": "clear", "reason": "all passed", "leader": "p3"} in events
    assert game.current_player() == "p3"
    assert game.observation(None)["top"] is None


def test_pres_7_if_the_last_player_went_out_the_next_player_still_in_leads():
    game = table(
        {"p0": "AC 9C", "p1": "", "p2": "6C", "p3": "8C 8D"},
        "KH",
        last="p1",
        turn="p2",
        out=("p1",),
    )
    game.apply("p2", "pass")
    game.apply("p3", "pass")
    events = game.apply("p0", "pass")
    assert {"type": "clear", "reason": "all passed", "leader": "p2"} in events
    assert game.current_player() == "p2"


def test_pres_7_choice_the_leader_of_an_empty_pile_may_not_pass():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C"})
    assert Pass() not in game.legal_actions("p0")
    assert "lead" in check_illegal_refused(game, "p0", "pass")


def test_pres_7_choice_the_leader_is_offered_every_set_and_a_lone_2_in_order_but_no_pass():
    game = table({"p0": "4C 4D 2H KS", "p1": "5C", "p2": "6C", "p3": "8C"})
    offered = ["play 4C", "play 4C 4D", "play KS", "play 2H"]
    assert [str(a) for a in game.legal_actions("p0")] == offered
    assert game.lone_offers() == ("p0", game.legal_actions("p0"))
    game.apply("p0", "play KS")  # a pile to answer: passing is offered again
    assert str(game.legal_actions("p1")[-1]) == "pass"


def test_pres_7_passing_out_of_turn_is_refused():
    game = table({"p0": "AC 9C", "p1": "5C", "p2": "6C", "p3": "8C"}, "KH", last="p3")
    check_illegal_refused(game, "p2", "pass")


# --- PRES-8: no going out on a 2; a hand of 2s goes to the bottom --------------------------------


def test_pres_8_a_hand_left_with_only_twos_is_out_at_once_and_placed_last():
    game = table({"p0": "9C 2D 2H", "p1": "5C", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    events = game.apply("p0", "play 9C")
    assert {"type": "stuck", "seat": "p0", "twos": 2, "place": 4, "title": "A-hole"} in events
    obs = game.observation(None)
    assert obs["counts"]["p0"] == 0
    assert obs["out"]["p0"] == {"place": 4, "title": "A-hole"}
    assert game.current_player() == "p1"
    check_card_conservation(game, 1, CARD_KEYS)


def test_pres_8_a_second_hand_of_twos_is_placed_last_among_those_still_in():
    game = table(
        {"p0": "9C 2D", "p1": "5C 5D", "p2": "", "p3": "8C 8D"},
        "7H",
        last="p3",
        stuck=("p2",),
    )
    events = game.apply("p0", "play 9C")
    assert {"type": "stuck", "seat": "p0", "twos": 1, "place": 3, "title": None} in events


def test_pres_8_a_player_never_goes_out_on_a_two():
    game = table({"p0": "9C 2D", "p1": "5C", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    # playing the 2 first and then the 9 is the only way out; a 2 is never the last card
    game.apply("p0", "play 2D")
    events = game.apply("p0", "play 9C")
    assert {"type": "out", "seat": "p0", "place": 1, "title": "President"} in events
    game = table({"p0": "2D", "p1": "5C", "p2": "6C 6D", "p3": "8C 8D"}, "7H", last="p3")
    assert game.legal_actions("p0") == [Pass()]
    assert "go out on a 2" in check_illegal_refused(game, "p0", "play 2D")


# --- PRES-9: places, titles, points and the match -------------------------------------------------


def test_pres_9_first_out_is_president_second_vice_last_with_cards_a_hole_and_points_2_1():
    game = table({"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3")
    game.apply("p0", "play 9C")
    game.apply("p1", "play 10C")
    events = game.apply("p2", "play JC")
    end = first_event(events, "round_end")
    assert end["places"] == {"p0": 1, "p1": 2, "p2": 3, "p3": 4}
    assert end["titles"] == {"p0": "President", "p1": "Vice-President", "p3": "A-hole"}
    assert end["points"] == {"p0": 2, "p1": 1, "p2": 0, "p3": 0}
    assert end["scores"] == end["points"]


def test_pres_9_the_round_ends_when_one_player_is_left():
    game = table({"p0": "9C", "p1": "", "p2": "", "p3": "QC 3D"}, "8H", last="p3", out=("p1", "p2"))
    events = game.apply("p0", "play 9C")
    assert "round_end" in types(events)
    assert game.observation(None)["round"] == 2


def test_pres_9_the_first_to_eleven_points_wins():
    game = table(
        {"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3", scores=[9, 3, 10, 0]
    )
    game.apply("p0", "play 9C")
    game.apply("p1", "play 10C")
    events = game.apply("p2", "play JC")
    assert game.is_over and game.current_player() is None
    result = game.outcome()
    assert result["winners"] == ["p0"] and result["scores"]["p0"] == 11
    assert result["places"] == {"p0": 1, "p2": 2, "p1": 3, "p3": 4}
    assert "match_end" in types(events)


def test_pres_9_choice_two_reaching_the_target_together_the_one_out_first_wins():
    game = table(
        {"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3", scores=[9, 10, 0, 0]
    )
    for seat, play in (("p0", "play 9C"), ("p1", "play 10C"), ("p2", "play JC")):
        game.apply(seat, play)
    result = game.outcome()
    assert result["scores"]["p0"] == result["scores"]["p1"] == 11
    assert result["winners"] == ["p0"] and result["places"]["p1"] == 2 and not result["draw"]


def test_pres_9_option_target_and_option_rounds_end_the_match():
    game = new_game("president", ["a", "b", "c", "d"], seed=2, options={"target": 3})
    assert game.options["target"] == 3
    with pytest.raises(ValueError):
        new_game("president", ["a", "b", "c", "d"], options={"target": 0})
    game = table({"p0": "9C", "p1": "TC", "p2": "JC", "p3": "QC 3D"}, "8H", last="p3")
    game.options["rounds"] = 1
    for seat, play in (("p0", "play 9C"), ("p1", "play 10C"), ("p2", "play JC")):
        game.apply(seat, play)
    assert game.is_over
    stats = game.outcome()["stats"]
    assert stats["presidencies"]["p0"] == 1 and stats["a_hole_rounds"]["p3"] == 1
    assert stats["rounds"] == 1


# --- PRES-10: the 3C lead, the deal by the A-hole and the card exchange ---------------------------


def test_pres_10_in_the_first_round_the_holder_of_3c_leads_and_must_include_it():
    for seed in range(5):
        game = new_game("president", ["a", "b", "c", "d"], seed=seed)
        leader = game.current_player()
        assert "3C" in game.observation(leader)["hand"]
        offered = game.legal_actions(leader)
        assert offered and all(a.cards[0] == cards("3C")[0] for a in offered)
        other = next(c for c in game.observation(leader)["hand"] if not c.startswith("3"))
        assert "3C" in check_illegal_refused(game, leader, f"play {other}")


def test_pres_10_choice_with_two_packs_the_first_3c_holder_from_the_dealers_left_leads():
    seats = [f"p{k}" for k in range(8)]
    split = 0
    for seed in range(12):
        game = new_game("president", seats, seed=seed)
        # p0 deals, so the deal and the search for 3C start at p1 and end with p0
        holders = [s for s in seats[1:] + seats[:1] if "3C" in game.observation(s)["hand"]]
        split += len(holders) == 2
        assert game.current_player() == holders[0]
    assert split  # some seeds put the two 3Cs in different hands


def later_round(seed: int = 4) -> President:
    """A game just past its first round, at the start of the card exchange."""
    game = new_game("president", ["p0", "p1", "p2", "p3"], seed=seed)
    assert isinstance(game, President)
    while game.round == 1:
        seat = game.current_player()
        assert seat is not None  # within a round some seat is always to play
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def test_pres_10_later_rounds_are_dealt_by_the_a_hole():
    game = later_round()
    titles = game.observation(None)["titles"]
    a_hole = next(s for s, t in titles.items() if t == "A-hole")
    president = next(s for s, t in titles.items() if t == "President")
    obs = game.observation(None)
    assert obs["dealer"] == a_hole and obs["phase"] == "exchange"
    assert obs["exchange"] == {"a_hole": a_hole, "president": president, "done": False}
    assert game.current_player() == a_hole


def test_pres_10_the_a_hole_gives_the_highest_card_twos_first_then_the_president_any_card():
    game = later_round()
    ex = game.observation(None)["exchange"]
    a_hole, president = ex["a_hole"], ex["president"]
    hand = cards(game.observation(a_hole)["hand"])
    strength = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    best = max(strength.index(c.rank) for c in hand)
    offered = game.legal_actions(a_hole)
    assert offered and all(strength.index(a.card.rank) == best for a in offered)
    lower = next(c for c in hand if strength.index(c.rank) < best)
    assert "highest" in check_illegal_refused(game, a_hole, Give(card=lower))
    check_illegal_refused(game, president, game.legal_actions(a_hole)[0])  # not their turn yet
    given = offered[0].card
    events = game.apply(a_hole, offered[0])
    assert events == [{"type": "give", "seat": a_hole, "to": president}]
    assert str(given) in game.observation(president)["hand"]
    assert game.observation(president)["exchange"]["received"] == str(given)
    ranks_offered = [a.card.rank for a in game.legal_actions(president)]
    assert sorted(set(ranks_offered)) == sorted(ranks_offered)  # one offer per rank
    assert set(ranks_offered) == {c[:-1] for c in game.observation(president)["hand"]}
    back = game.legal_actions(president)[0]
    game.apply(president, back)
    assert game.observation(a_hole)["exchange"]["received"] == str(back.card)
    assert game.observation(None)["phase"] == "play"
    assert game.current_player() == president  # the President leads
    assert Pass() not in game.legal_actions(president)
    check_card_conservation(game, 1, CARD_KEYS)


def test_pres_10_the_exchanged_cards_are_seen_only_by_the_two_seats_in_it():
    game = later_round()
    ex = game.observation(None)["exchange"]
    game.apply(ex["a_hole"], game.legal_actions(ex["a_hole"])[0])
    game.apply(ex["president"], game.legal_actions(ex["president"])[0])
    for seat in [None, *game.seats]:
        view = game.observation(seat)["exchange"]
        if seat in (ex["a_hole"], ex["president"]):
            assert view["gave"] and view["received"]
        else:
            assert "gave" not in view and "received" not in view


def test_pres_10_no_play_before_the_exchange():
    game = later_round()
    ex = game.observation(None)["exchange"]
    card = game.observation(ex["a_hole"])["hand"][0]
    assert "exchange" in check_illegal_refused(game, ex["a_hole"], f"play {card}")
    assert "waiting" in check_illegal_refused(game, ex["president"], "pass")


def test_pres_10_the_first_round_has_no_exchange():
    game = new_game("president", ["a", "b", "c", "d"], seed=1)
    obs = game.observation(None)
    assert obs["exchange"] is None and obs["phase"] == "play" and obs["first_lead"]


def test_illegal_action_text_is_refused_as_illegal():
    game = table({"p0": "9C", "p1": "5C", "p2": "6C", "p3": "8C"})
    with pytest.raises(IllegalAction):
        game.apply("p0", "fly away")
