"""What a player who just drew may do is said from their legal moves in every language, as in
English: a Mau-Mau player who must draw again is not told to pass ("Ai tras 5♣: trage din
nou.", "Você comprou 5♣: compre de novo."), and one who may play the card or pass is told so,
on the terminal and on a Discord hand alike."""

from __future__ import annotations

import pytest

import i18n
from engine.actions import parse_action
from engine.describe import drawn_hint
from terminal.render import hint_line

RO, PT, EN = i18n.get("ro"), i18n.get("pt-BR"), i18n.get("en")
DRAW_AGAIN = [parse_action("draw")]
PLAY_OR_PASS = [parse_action("play QS"), parse_action("pass")]


@pytest.mark.parametrize(
    ("tr", "legal", "said"),
    [
        (RO, DRAW_AGAIN, "Ai tras 5♣: trage din nou."),
        (PT, DRAW_AGAIN, "Você comprou 5♣: compre de novo."),
        (EN, DRAW_AGAIN, "You drew 5♣: draw again."),
        (RO, PLAY_OR_PASS, "Ai tras 5♣: joacă o carte sau dă pas."),
        (PT, PLAY_OR_PASS, "Você comprou 5♣: jogue uma carta ou passe."),
    ],
)
def test_the_terminal_says_what_the_drawn_card_allows(tr, legal, said):
    assert hint_line({"drawn": "5C"}, legal, tr) == said


def test_a_discord_hand_says_it_with_the_card_in_bold():
    said = drawn_hint("QS", PLAY_OR_PASS, lambda c: f"**{c}**", RO)
    assert said == "Ai tras **QS**: joac-o acum sau dă pas."
    assert drawn_hint("QS", PLAY_OR_PASS) == "You drew Q♠: play it now or pass."
