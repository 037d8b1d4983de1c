"""A hand as one picture: the cards in rows, those with a button over a bar of its colour.

The caller lists the cards in the order the hand's buttons list them (``HandCard``), each
with the label and colour of its button, ``menu`` for a card chosen in a select, or no
label for a card that cannot be played now. The label itself is not written: at a phone's
width it would be a few pixels high, and the button beside the picture says it in
Discord's own type; the bar in the button's colour says which cards have one. Long hands
wrap into rows of ``PER_ROW``, so a 40-card hand is five rows and every card keeps its face.

The picture is pasted together from sprites kept for the process (``pictures.palette``:
faces and bars; ``pictures.text``: the title), so drawing one is a few dozen copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from pictures import faces, palette, text

PER_ROW = 8
GAP = 5
MARGIN = 9
#: the bar under a card that has a button, in the button's colour
BAR = 5
#: the header line with the count, so the picture says what it shows without its message
HEADER = 31
TITLE_SIZE = 18
MIN_WIDTH = 210


@dataclass(frozen=True)
class HandCard:
    """One card of a hand: its text (``10H``) and, if it has one, what its button says."""

    card: str
    label: str = ""
    #: a Discord button style name (danger, secondary, primary, success) or "menu"
    style: str = ""


@dataclass(frozen=True)
class HandPicture:
    """What a hand picture shows; equal pictures are the same PNG (the cache key)."""

    cards: tuple[HandCard, ...]
    title: str = ""


def row_height() -> int:
    return faces.card_size()[1] + 3 + BAR


def size_of(count: int) -> tuple[int, int]:
    """The pixel size of a hand picture of ``count`` cards (a title wider than that is cut)."""
    w, _ = faces.card_size()
    columns = max(1, min(count, PER_ROW))
    rows = max(1, -(-count // PER_ROW))
    width = 2 * MARGIN + columns * w + (columns - 1) * GAP
    width = max(width, MIN_WIDTH)
    height = HEADER + MARGIN + rows * row_height() + (rows - 1) * GAP
    return width, height


def _title(picture: HandPicture) -> str:
    count = len(picture.cards)
    return picture.title or f"Your hand: {count} card{'' if count == 1 else 's'}"


def bar_colour(style: str) -> faces.RGB:
    return faces.STYLES.get(style, faces.STYLES["secondary"])[0]


def draw(picture: HandPicture) -> Image.Image:
    """The hand, pasted together from sprites already in the palette (PIL image, mode P)."""
    count = len(picture.cards)
    title = _title(picture)
    size = size_of(count)
    image = palette.canvas(size)
    text.put(image, (MARGIN, 7), title, TITLE_SIZE, room=size[0] - 2 * MARGIN)
    if not count:
        text.put(image, (MARGIN, HEADER + 26), "(no cards)", TITLE_SIZE)
    w, h = faces.card_size()
    for n, item in enumerate(picture.cards):
        row, column = divmod(n, PER_ROW)
        x = MARGIN + column * (w + GAP)
        y = HEADER + row * (row_height() + GAP)
        palette.put(image, palette.face(item.card), (x, y))
        if item.label or item.style:
            palette.fill(image, bar_colour(item.style), (x, y + h + 3, x + w, y + h + 3 + BAR))
    return image
