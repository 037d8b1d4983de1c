"""A hand as one picture: the cards in rows, each over a pill saying what its button says.

The caller lists the cards in the order the hand's buttons list them (``HandCard``), each
with the label and colour of its button, ``menu`` for a card chosen in a select, or no
label for a card that cannot be played now. Long hands wrap into rows of ``PER_ROW``, so a
40-card hand is five rows and every card keeps its full face.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from pictures import faces, palette

PER_ROW = 8
GAP = 8
MARGIN = 12
PILL_HEIGHT = 26
#: the header line with the count, so the picture says what it shows without its message
HEADER = 30


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


def size_of(count: int) -> tuple[int, int]:
    """The pixel size of a hand picture of ``count`` cards."""
    w, h = faces.card_size()
    columns = max(1, min(count, PER_ROW))
    rows = max(1, -(-count // PER_ROW))
    width = 2 * MARGIN + columns * w + (columns - 1) * GAP
    height = HEADER + 2 * MARGIN + rows * (h + PILL_HEIGHT + 4) + (rows - 1) * GAP
    return max(width, 240), height


def draw(picture: HandPicture) -> Image.Image:
    """The hand, pasted together from pieces already in the palette (PIL image, mode P)."""
    count = len(picture.cards)
    size = size_of(count)
    image = palette.canvas(size)
    title = picture.title or f"Your hand: {count} card{'' if count == 1 else 's'}"
    image.paste(palette.words(title, 18, size[0] - 2 * MARGIN, 24), (MARGIN, 8))
    if not count:
        image.paste(palette.words("(no cards)", 18, 120, 24), (MARGIN, HEADER + MARGIN + 30))
    w, h = faces.card_size()
    for n, item in enumerate(picture.cards):
        row, column = divmod(n, PER_ROW)
        x = MARGIN + column * (w + GAP)
        y = HEADER + MARGIN + row * (h + PILL_HEIGHT + 4 + GAP)
        image.paste(palette.face(item.card), (x, y))
        if item.label:
            image.paste(palette.pill(item.label, item.style or "secondary", w), (x, y + h + 4))
    return image
