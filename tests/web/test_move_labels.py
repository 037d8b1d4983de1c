"""The web page's buttons for a game's own moves say what each does (``web.frames.move``, the
label a page draws): the two votes of Last Card (LAST-9) and its two directions (LAST-2) are
two different buttons, not one sentence twice, and Mau-Mau's rebuy and leave (MAU-7) read as
on Discord, in the table's language."""

from __future__ import annotations

import pytest

import i18n
from engine.actions import parse_action
from web.frames import move

EN, PT = i18n.get("en"), i18n.get("pt-BR")


def label(text: str, tr=EN) -> str:
    return str(move(parse_action(text), tr)["label"])


def test_last_9_the_two_votes_are_two_labels():
    assert (label("vote continue"), label("vote stop")) == ("Vote continue", "Vote stop")


def test_last_2_the_two_directions_are_two_labels():
    assert (label("direction cw"), label("direction ccw")) == ("Clockwise", "Counter-clockwise")


@pytest.mark.parametrize(
    ("a", "b"), [("vote continue", "vote stop"), ("direction cw", "direction ccw")]
)
def test_a_choice_keeps_two_labels_in_another_language(a, b):
    assert label(a, PT) != label(b, PT)
    assert label(a, PT) != label(a, EN)


def test_mau_7_rebuy_and_leave_read_as_on_discord():
    assert (label("rebuy"), label("leave")) == ("Rebuy", "Leave the match")


def test_the_shared_moves_read_as_on_discord():
    assert [label(m) for m in ("draw", "take", "pass")] == ["Draw a card", "Take a card", "Pass"]
    assert label("draw", PT) != "Draw a card"


@pytest.mark.parametrize(
    ("text", "pending"),
    [
        ("take", {"kind": "draw", "count": 4}),
        ("take", {"kind": "skip", "count": 2}),
        ("take", {"kind": "skip"}),
        ("take", None),
        ("announce macao", None),
        ("announce last card", None),
        ("rejoin", None),
        ("vote stop", None),
    ],
)
def test_a_control_reads_as_the_hand_dms_button(text, pending):
    from cogs.hand_layout import control_label

    action = parse_action(text)
    for tr in (EN, PT):
        dm = control_label(action, {"pending": pending} if pending else {}, tr)[0]
        assert str(move(action, tr, pending)["label"]) == dm
