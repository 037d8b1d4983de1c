"""What a Mao hand says beside its cards (``engine.mao.hand_words``), which its Discord DM and
its web page both say: facts only, and a seat's own secret rules to that seat alone."""

from __future__ import annotations

import pytest

from engine.mao import builder, hand_words
from engine.mao.rules import RuleError
from tests.examples import assert_examples_hold


def test_the_modules_examples_hold():
    assert_examples_hold(hand_words)


def test_mao_12_a_card_that_went_back_is_told_to_its_player():
    view = {
        "turn": "ana",
        "events": [
            {"type": "refused", "seat": "ana", "action": "play", "cards": "9C"},
            {"type": "penalty", "seat": "bo"},
        ],
    }
    lines = hand_words.status(view, "ana", str, " ".join)
    assert lines == ["Your 9C went back to your hand.", "**Your turn.**"]
    assert hand_words.status(view, "bo", str, " ".join) == ["Turn: ana."]


def test_mao_16_a_seat_is_told_its_own_rules_in_words():
    rule = builder.build("rank", "skip", {"detail": "7"})
    view = {"rules": [{"rule": rule}], "rule_credits": {}}
    assert hand_words.own_rules(view, "ana") == [
        "Your secret rules (nobody else is told):",
        f"• {builder.describe(rule)}",
    ]
    assert hand_words.own_rules({"rules": [], "rule_credits": {}}, "ana") == []


@pytest.mark.parametrize("typed", ["1_0", "+3", "٣", "²", "9" * 5000])
def test_mao_16_a_new_rules_number_of_cards_is_typed_as_plain_digits(typed):
    for answers in ({"detail": typed, "count": "1"}, {"detail": "3", "count": typed}):
        with pytest.raises(RuleError, match="the number of cards must be a whole number"):
            builder.build("hand", "draw", answers)
    assert builder.build("hand", "draw", {"detail": " 3 ", "count": "2"})["effect"]["count"] == 2


@pytest.mark.parametrize(
    ("typed", "card"),
    [("trei de inimă neagră", "3S"), ("damă de inimă roșie", "QH"), ("tres de picas", "3S")],
)
def test_mao_16_a_new_rules_card_is_typed_in_a_tables_words(typed, card):
    rule = builder.build("card", "skip", {"detail": typed})
    assert rule["trigger"]["card"] == card
