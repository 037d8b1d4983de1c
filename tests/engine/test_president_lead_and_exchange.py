"""President's lead and card exchange, PRES-10: the holder of 3C leads the first round; later
rounds are dealt by the A-hole and open with the exchange of cards, seen only by the two seats
in it.
"""

from __future__ import annotations

from engine import new_game
from engine.actions import Pass
from engine.cards import cards
from engine.president.actions import Give
from tests.engine.invariants import check_card_conservation, check_illegal_refused
from tests.engine.president_table import CARD_KEYS, later_round

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
