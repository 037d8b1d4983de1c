"""Hand and table pictures: sizes, rows, PNG form, and the LRU that keeps them."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine.cards import ALL_CARDS
from pictures import (
    HandCard,
    HandPicture,
    PictureCache,
    SeatCount,
    TablePicture,
    faces,
    hand,
    palette,
    table,
)
from pictures.cache import HANDS, TABLES, encode_png, hand_png, table_png
from tests.pictures.compare import pixels_apart


def _hand(count: int) -> HandPicture:
    cards = [str(ALL_CARDS[n % 52]) for n in range(count)]
    return HandPicture(tuple(HandCard(c, c, "secondary") for c in cards))


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_a_40_card_hand_is_five_full_rows_of_cards():
    w, h = hand.size_of(40)
    image = _png(hand_png(_hand(40)))
    assert image.size == (w, h)
    card_w, _ = hand.faces.card_size()
    assert w == 2 * hand.MARGIN + hand.PER_ROW * card_w + (hand.PER_ROW - 1) * hand.GAP
    rows = 5
    assert h == hand.HEADER + hand.MARGIN + rows * hand.row_height() + 4 * hand.GAP


def test_a_short_hand_is_one_row_as_wide_as_its_cards():
    w5, h5 = hand.size_of(5)
    w8, h8 = hand.size_of(8)
    assert h5 == h8 and w5 < w8
    assert hand.size_of(9)[1] > h8


def test_an_empty_hand_still_draws():
    assert _png(hand_png(HandPicture(()))).size == hand.size_of(0)


def test_pictures_are_paletted_pngs_smaller_than_rgb():
    for image in (hand.draw(_hand(40)), table.draw(_table())):
        data = encode_png(image)
        assert _png(data).mode == "P"
        rgb = io.BytesIO()
        image.convert("RGB").save(rgb, format="PNG", compress_level=1)
        # about a half: an RGB-sized picture would be ~1.0
        assert len(data) < len(rgb.getvalue()) * 0.6


def test_the_palette_keeps_the_faces_and_backs():
    # (Lanczos rings a shade past the ink, to pure black, which the palette does not need)
    for card in ("7H", "10S", "QD", "AC", "KH"):
        assert pixels_apart(faces.face(card), palette.face(card), 32) < 0.002
    assert pixels_apart(faces.back(), palette.back(), 24) < 0.002


def test_a_hand_writes_no_button_label_its_buttons_say_them():
    """At a phone's width a label under a card would be a few pixels high: the picture
    shows the button's colour and leaves its words to the button."""
    labelled = HandPicture((HandCard("7H", "Play 7♥", "danger"), HandCard("2D", "Give 2♦")))
    other = HandPicture((HandCard("7H", "7♥", "danger"), HandCard("2D", "menu")))
    assert hand_png(labelled) == hand_png(other)
    plain = HandPicture((HandCard("7H"), HandCard("2D", "Give 2♦")))
    assert hand_png(plain) != hand_png(labelled)
    red = HandPicture((HandCard("7H", "7♥", "success"), HandCard("2D", "Give 2♦")))
    assert hand_png(red) != hand_png(labelled)


def test_pictures_are_pasted_in_the_palette_without_mapping_them_again():
    for image in (hand.draw(_hand(12)), table.draw(_table())):
        assert image.mode == "P"
        assert image.getpalette() == palette.PALETTE.getpalette()


def test_the_same_hand_is_drawn_once():
    picture = _hand(13)
    first = hand_png(picture)
    hits = HANDS.hits
    assert hand_png(HandPicture(tuple(picture.cards))) is first
    assert HANDS.hits == hits + 1


def test_a_hand_with_other_marks_is_another_picture():
    plain = HandPicture((HandCard("7H"),))
    marked = HandPicture((HandCard("7H", "7♥", "danger"),))
    assert hand_png(plain) != hand_png(marked)


def test_the_cache_forgets_the_least_recently_used():
    cache = PictureCache(hand.draw, size=2)
    a, b, c = _hand(1), _hand(2), _hand(3)
    cache.render(a)
    cache.render(b)
    cache.peek(a)
    cache.render(c)
    assert cache.peek(a) is not None
    assert cache.peek(b) is None
    assert len(cache) == 2


def _table(**changes) -> TablePicture:
    values: dict[str, Any] = {
        "top": ("AS",),
        "named_suit": "H",
        "direction": "counterclockwise",
        "pending": ("draw", 4, 1),
        "stock": 23,
        "seats": (SeatCount("Ana", 5, score="3 pts"), SeatCount("Babbage", 7, True, "0 pts")),
        "title": "Macao · table #3",
        "last": "Ana played A♠",
    }
    values.update(changes)
    return TablePicture(**values)


def test_the_table_grows_with_its_seats():
    few = _png(table_png(_table()))
    many = _png(table_png(_table(seats=tuple(SeatCount(f"P{n}", n) for n in range(10)))))
    assert few.size[0] == many.size[0] == table.WIDTH
    assert many.size[1] > few.size[1]


def test_each_public_fact_changes_the_table_picture():
    base = table_png(_table())
    for change in (
        {"top": ("KS",)},
        {"named_suit": None},
        {"direction": "clockwise"},
        {"pending": None},
        {"pending": ("skip", 2, 1)},
        {"pending": ("draw", 4, 0)},
        {"stock": 22},
        {"seats": (SeatCount("Ana", 5, True, "3 pts"), SeatCount("Babbage", 7, score="0 pts"))},
        {"seats": (SeatCount("Ana", 4, score="3 pts"), SeatCount("Babbage", 7, True, "0 pts"))},
        {"seats": (SeatCount("Ana", 5, score="8 pts"), SeatCount("Babbage", 7, True, "0 pts"))},
        {"last": "Babbage played A♥"},
    ):
        assert table_png(_table(**change)) != base, change


def test_a_president_set_of_eight_stays_beside_the_pile():
    """The set is fanned within the pile's column: the column of the seats, right of it, is
    drawn as it is beside a single top card."""
    eight = table.draw(_table(top=tuple(str(c) for c in ALL_CARDS[:8]), stock=None))
    one = table.draw(_table(top=("AS",), stock=None))
    assert eight.size == one.size
    seats_column = (table.RIGHT, 0, eight.width, eight.height)
    assert eight.crop(seats_column).tobytes() == one.crop(seats_column).tobytes()


def test_the_same_table_is_drawn_once():
    assert TABLES.render(_table()) is TABLES.render(_table())


def test_a_written_png_reads_back_pixel_for_pixel():
    """The PNG writer's output is a valid PNG (chunks and checksums that Pillow checks) of
    exactly the picture drawn."""
    for image in (hand.draw(_hand(9)), table.draw(_table())):
        back = _png(encode_png(image))
        back.load()
        assert back.size == image.size
        assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()
