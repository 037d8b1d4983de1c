"""Card faces and the back: every face drawn, the right size, red suits red, all different."""

from __future__ import annotations

import pytest

from engine.cards import ALL_CARDS, Card
from pictures import faces, palette


def _colours(image) -> set[tuple[int, int, int]]:
    return {c for _, c in image.getcolors(maxcolors=1 << 16)}


def _near(colours, target, tolerance=40) -> bool:
    return any(
        all(abs(a - b) <= tolerance for a, b in zip(c, target, strict=True)) for c in colours
    )


@pytest.mark.parametrize("card", [str(c) for c in ALL_CARDS])
def test_every_card_face_is_drawn_at_the_card_size(card):
    image = faces.face(card)
    assert image.size == faces.card_size()
    assert image.mode == "RGB"


@pytest.mark.parametrize("card", [str(c) for c in ALL_CARDS])
def test_red_suits_are_red_and_black_suits_are_black(card):
    colours = _colours(faces.face(card))
    red = Card.parse(card).is_red
    assert _near(colours, faces.RED, 10) is red
    assert _near(colours, faces.BLACK, 10) is not red


def test_every_card_face_differs_from_every_other():
    drawn = {faces.face(str(c)).tobytes() for c in ALL_CARDS}
    assert len(drawn) == len(ALL_CARDS)


def test_the_back_is_the_card_size_and_unlike_any_face():
    back = faces.back()
    assert back.size == faces.card_size()
    assert back.tobytes() not in {faces.face(str(c)).tobytes() for c in ALL_CARDS}
    assert _near(_colours(back), faces.BACK_BLUE, 10)


def test_faces_scale_to_the_width_asked():
    assert faces.face("QS", 120).size == faces.card_size(120)
    assert faces.back(20).size == faces.card_size(20)


def test_a_face_is_drawn_once():
    assert faces.face("7H") is faces.face("7H")


def test_accented_names_are_written_as_they_are():
    assert faces.drawable("José Ñandú") == "José Ñandú"
    assert faces.drawable("Macao · mesa #3 → ótimo…") == "Macao · mesa #3 -> ótimo…"
    assert faces.drawable("Ștefan Țară, mâine încă") == "Ștefan Țară, mâine încă"


def test_a_letter_and_its_combining_accent_are_written_as_one_letter():
    assert faces.drawable("s\u0326i t\u0326") == "și ț"


def test_characters_the_font_has_no_glyph_for_are_left_out_not_boxed():
    assert faces.drawable("李") == ""
    assert faces.drawable("Ana 🤖") == "Ana "
    assert faces.drawable("a\u00a0b\u200bc") == "a bc"


@pytest.mark.parametrize("plain, accented", list(zip("aceaaist", "ãçéăâîșț", strict=True)))
def test_an_accented_letter_is_drawn_with_its_own_glyph(plain, accented):
    """The label drawn is the accented one: "ș" is not drawn as "s" (nor as a box)."""
    assert faces.drawable(accented) == accented
    drawn = palette.words(f"Joac{accented}", 18, 120, 24).tobytes()
    assert drawn != palette.words(f"Joac{plain}", 18, 120, 24).tobytes()
    assert drawn != palette.words("Joac\U0010fffd", 18, 120, 24).tobytes()


def test_a_pill_has_the_colour_of_its_button():
    pill = faces.pill("7♥", "danger", faces.CARD_WIDTH)
    assert pill.size == (faces.CARD_WIDTH, 26)
    assert _near(_colours(pill), faces.STYLES["danger"][0], 4)
