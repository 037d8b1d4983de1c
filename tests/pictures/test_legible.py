"""What a player can read: every word of a picture still legible scaled to a phone's 360
pixels, the right seat named on the stack's badge, and a table picture with no empty band.

Text height is measured, not taken from the layout: a picture is drawn with a word of
capitals and again without it, both are scaled as a phone scales them, and the rows where
they differ are the word's height on the phone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops

from pictures import HandCard, HandPicture, SeatCount, TablePicture, faces, hand, table
from pictures.table import TableWords

PHONE = 360
#: capitals this high on the phone are an 11-pixel font, the least a phone's text goes to
CAPITALS = 8


def _on_phone(image: Image.Image) -> Image.Image:
    """``image`` as a 360-pixel-wide phone shows it (narrower pictures are not enlarged)."""
    rgb = image.convert("RGB")
    if rgb.width <= PHONE:
        return rgb
    height = round(rgb.height * PHONE / rgb.width)
    return rgb.resize((PHONE, height), Image.Resampling.LANCZOS)


def _word_height(with_word: Image.Image, without: Image.Image) -> int:
    """Rows, on the phone, where the two drawings differ clearly (the word's ink)."""
    diff = ImageChops.difference(_on_phone(with_word), _on_phone(without)).convert("L")
    box = diff.point(lambda v: 255 if v > 60 else 0).getbbox()
    assert box is not None, "the word was not drawn"
    return box[3] - box[1]


def _table(**changes) -> TablePicture:
    values: dict[str, Any] = {
        "top": ("AS",),
        "named_suit": "H",
        "direction": "counterclockwise",
        "pending": ("draw", 4, 1),
        "stock": 23,
        "seats": tuple(SeatCount(n, 5, n == "Bo", "12 pts") for n in ("Ana", "Bo", "Cy", "Di")),
        "title": "Macao · table #3",
        "last": "Ana played A♠",
    }
    values.update(changes)
    return TablePicture(**values)


def test_the_hand_pictures_title_is_legible_at_a_phones_width():
    cards = tuple(HandCard(str(c) + "S") for c in range(2, 10))
    drawn = hand.draw(HandPicture(cards, "HHHH"))
    blank = hand.draw(HandPicture(cards, " "))
    assert _word_height(drawn, blank) >= CAPITALS


def test_a_hand_of_forty_cards_keeps_its_title_legible():
    cards = tuple(HandCard("7H") for _ in range(40))
    drawn = hand.draw(HandPicture(cards, "HHHH"))
    assert _word_height(drawn, hand.draw(HandPicture(cards, " "))) >= CAPITALS


@pytest.mark.parametrize(
    "word, blank",
    [
        ({"last": "HHHH"}, {"last": " "}),
        ({"title": "HHHH"}, {"title": " "}),
        ({"words": TableWords(top_card="HHHH")}, {"words": TableWords(top_card=" ")}),
        ({"words": TableWords(stock="HH {count}")}, {"words": TableWords(stock=" ")}),
        ({"words": TableWords(named="HHHH", suit="H")}, {"words": TableWords(named=" ", suit=" ")}),
        ({"words": TableWords(target="HH {name}")}, {"words": TableWords(target=" ")}),
    ],
    ids=["last play", "title", "under the pile", "stock", "named suit", "stack's target"],
)
def test_the_table_pictures_words_are_legible_at_a_phones_width(word, blank):
    assert _word_height(table.draw(_table(**word)), table.draw(_table(**blank))) >= CAPITALS


@pytest.mark.parametrize(
    "word, blank",
    [
        ({"name": "HHHH"}, {"name": "Player 1"}),
        ({"score": "HH"}, {"score": " "}),
        ({"count": 44}, {"count": 1}),
    ],
    ids=["name", "score", "count"],
)
def test_a_seats_name_count_and_score_are_legible_at_a_phones_width(word, blank):
    first, *others = _table().seats
    drawn = table.draw(_table(seats=(replace(first, **word), *others)))
    bare = table.draw(_table(seats=(replace(first, **blank), *others)))
    assert _word_height(drawn, bare) >= CAPITALS


def test_the_smallest_words_are_drawn_at_a_legible_size():
    """The layout's own sizes agree with the measure: 14 pixels in 420 is 12 on a phone."""
    assert table.SMALLEST * PHONE / table.WIDTH >= 11
    assert hand.TITLE_SIZE * PHONE / hand.size_of(40)[0] >= 11


def test_the_stacks_badge_names_the_seat_it_waits_on_as_its_row_does():
    """A seat whose name cannot be drawn is "Player 3" in its row and on the badge, not
    "Player 1" (the first seat's number, whatever the seat)."""
    seats = (SeatCount("Ana", 5), SeatCount("Bo", 3), SeatCount("李", 2, True))
    unnamed = _table(seats=seats, pending=("draw", 2, 2))
    assert table.name_of(unnamed, 2) == "Player 3"
    named = _table(seats=(*seats[:2], SeatCount("Player 3", 2, True)), pending=("draw", 2, 2))
    assert table.draw(unnamed).tobytes() == table.draw(named).tobytes()
    first = _table(seats=(*seats[:2], SeatCount("Player 1", 2, True)), pending=("draw", 2, 2))
    assert table.draw(unnamed).tobytes() != table.draw(first).tobytes()


def test_the_badge_names_the_seat_by_place_even_when_two_share_a_name():
    seats = (SeatCount("Ana", 5), SeatCount("Ana", 3))
    words = TableWords(target="for {name}", player="Player {n}")
    assert table.name_of(_table(seats=seats, words=words), 1) == "Ana"
    assert table.name_of(_table(seats=seats), 5) == "Player 6"
    # two seats of one name the font cannot write: each is numbered by its own place
    nameless = (SeatCount("Ana", 5), SeatCount("李", 3), SeatCount("李", 2))
    assert table.name_of(_table(seats=nameless, words=words), 2) == "Player 3"


def _longest_bare_band(image: Image.Image) -> int:
    """The most rows in a row, in the picture's lower third, that are felt from side to
    side."""
    rgb = image.convert("RGB")
    felt = Image.new("RGB", (rgb.width, 1), faces.FELT).tobytes()
    longest = run = 0
    for y in range(rgb.height * 2 // 3, rgb.height):
        bare = rgb.crop((0, y, rgb.width, y + 1)).tobytes() == felt
        run = run + 1 if bare else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize(
    "change",
    [{}, {"pending": None, "named_suit": None}, {"pending": None, "direction": None}],
    ids=["with a stack", "without a stack", "without a stack or a direction"],
)
def test_a_table_picture_has_no_empty_lower_third(change):
    """The seats, the stack and the last play fill the picture: nowhere in its lower third
    is a band of bare felt taller than a line of words."""
    picture = table.draw(_table(**change))
    assert _longest_bare_band(picture) <= table.ROW // 2


def test_the_empty_band_test_sees_an_empty_band():
    picture = table.draw(_table())
    taller = Image.new("RGB", (picture.width, picture.height + 80), faces.FELT)
    taller.paste(picture.convert("RGB"), (0, 0))
    assert _longest_bare_band(taller) > table.ROW // 2
