"""Card faces and the back: every face drawn, the right size, red suits red, all different,
court cards with a figure; the words the pictures write, accents and all."""

from __future__ import annotations

import pytest

from engine.cards import ALL_CARDS, Card
from pictures import faces, palette, text
from tests.pictures.compare import pixels_apart


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


def test_a_face_is_drawn_once_as_a_sprite():
    assert palette.face("7H") is palette.face("7H")


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_a_court_card_carries_a_figure_not_a_bare_letter(rank, suit):
    """Its headgear is gold, which no number card has; each rank's figure is its own."""
    court = _colours(faces.face(rank + suit))
    assert _near(court, faces.GOLD, 24)
    assert not _near(_colours(faces.face("10" + suit)), faces.GOLD, 24)
    others = {faces.face(r + suit).tobytes() for r in ("J", "Q", "K") if r != rank}

    # the figure, not only the corner letter, tells the ranks apart: blank the corner
    def figure(card):
        image = faces.face(card).copy()
        image.paste(faces.PAPER, (0, 0, image.width // 3, image.height))
        return image.tobytes()

    assert figure(rank + suit) not in {figure(r + suit) for r in ("J", "Q", "K") if r != rank}
    assert faces.face(rank + suit).tobytes() not in others


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
    drawn = text.strip(f"Joac{accented}", 18, faces.WHITE, faces.FELT).tobytes()
    assert drawn != text.strip(f"Joac{plain}", 18, faces.WHITE, faces.FELT).tobytes()
    assert drawn != text.strip("Joac\U0010fffd", 18, faces.WHITE, faces.FELT).tobytes()


@pytest.mark.parametrize("size", [14, 15, 17, 18])
def test_words_set_from_glyphs_look_as_freetype_draws_them(size):
    """Setting a label glyph by glyph gives the line FreeType draws in one go (drawn with
    room above, then cut to the strip), capitals' tops included."""
    from PIL import Image, ImageDraw

    words = "Babbage played 7, José 12 pts TEN"
    set_ = text.coverage(words, size)
    room = size
    whole = Image.new("L", (set_.width, set_.height + room), 0)
    origin = room + round(size * 0.1) - faces.raise_by(size)
    ImageDraw.Draw(whole).text((1, origin), words, font=faces.font(size), fill=255)
    whole = whole.crop((0, room, set_.width, room + set_.height))
    assert pixels_apart(set_, whole, 96) < 0.02
    # every row FreeType inks is inked in the set line (a lost top row would show here)
    assert set_.getbbox()[1] <= whole.getbbox()[1]


def test_a_suit_in_words_is_drawn_as_its_shape():
    assert text.strip("7♥", 18, faces.WHITE, faces.FELT).tobytes() != (
        text.strip("7♦", 18, faces.WHITE, faces.FELT).tobytes()
    )
    assert text.width("7♥", 18) > text.width("7", 18)


def test_words_too_wide_are_cut_with_a_full_stop():
    cut = text.fit("Maximilian Alexander", 17, 80)
    assert cut.endswith(".") and text.width(cut, 17) <= 80
    assert text.fit("Ana", 17, 80) == "Ana"


def test_a_bar_has_the_colour_of_its_button():
    bar = palette.canvas((faces.CARD_WIDTH, 6))
    palette.fill(bar, faces.STYLES["danger"][0], (0, 0, faces.CARD_WIDTH, 6))
    assert _colours(bar.convert("RGB")) == {faces.STYLES["danger"][0]}


@pytest.mark.parametrize("kept", [True, False])
def test_words_cover_their_whole_line_with_their_background(kept):
    """A strip is kept with only its rows of ink, but pasted it still lays its background
    over the whole line, as a full strip does: what was under the words never shows."""
    size, words = 18, "acme"  # no capital, accent or tail: rows without ink above and below
    image = palette.canvas_of((200, 60), palette.index_of(faces.GOLD))
    end = text.put(image, (20, 20), words, size, faces.WHITE, faces.FELT, keep=kept)
    top = 20 - round(size * 0.1)
    line = image.crop((19, top, end, top + text.line_height(size)))
    rows = [line.crop((0, y, line.width, y + 1)).getcolors() for y in range(line.height)]
    felt = palette.index_of(faces.FELT)
    assert rows[0] == rows[-1] == [(line.width, felt)]
    assert all(felt in dict((c, n) for n, c in row) for row in rows)
    assert palette.index_of(faces.GOLD) not in {c for row in rows for _, c in row}
    # and nothing beyond the line
    assert image.getpixel((19, top - 1)) == image.getpixel((19, top + text.line_height(size)))
