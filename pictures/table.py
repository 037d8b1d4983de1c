"""The table as one picture: the pile, what is in force, and every seat's count of cards.

Only public facts go in (the caller builds a ``TablePicture`` from the public observation):
the top card or President set, the stock as a back with its size, the suit in force when
an Ace or Jack named it, the direction of play, a pending stack with its cost, and each
seat with its name, a card back and its number of cards, the seat to play marked in gold.
The picture's own words come in with it (``TableWords``), in the table's language: this
package draws, it does not translate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import SUIT_NAMES
from pictures import faces

WIDTH = 820
PILE_WIDTH = 120
SEAT_ROW = 34
SEATS_X = 500
MINI_WIDTH = 20
MAX_NAME = 18
INFO_X = 330
FAN_END = INFO_X - 12


@dataclass(frozen=True)
class SeatCount:
    """One seat as the table shows it."""

    name: str
    count: int | None
    to_play: bool = False


@dataclass(frozen=True)
class TableWords:
    """The words a table picture writes, translated by the caller (English by default);
    ``{count}``, ``{name}`` and ``{n}`` are filled in here. A ``\\n`` breaks a line."""

    stock: str = "stock {count}"
    set_of: str = "set of {count}"
    top_card: str = "top card"
    empty_pile: str = "empty pile"
    named: str = "named"
    clockwise: str = "clockwise"
    counterclockwise: str = "counter-\nclockwise"
    #: the pending stack's badge for its count ("+2 cards"): plural forms are the caller's
    draw: str = ""
    skip: str = "skip {count}"
    target: str = "for {name}"
    #: a seat whose name has nothing drawable
    player: str = "Player {n}"
    #: the named suit's word; "" for the English name
    suit: str = ""


ENGLISH = TableWords()


@dataclass(frozen=True)
class TablePicture:
    """What a table picture shows; equal pictures are the same PNG (the cache key)."""

    top: tuple[str, ...] = ()
    #: the suit in force when it is not the top card's own (an Ace or Jack named it)
    named_suit: str | None = None
    #: "clockwise" or "counterclockwise"; None where the game has no direction
    direction: str | None = None
    #: the stack waiting on a seat: ("draw"|"skip", count, seat name)
    pending: tuple[str, int, str] | None = None
    stock: int | None = None
    seats: tuple[SeatCount, ...] = ()
    title: str = ""
    words: TableWords = ENGLISH


def size_of(picture: TablePicture) -> tuple[int, int]:
    _, pile_h = faces.card_size(PILE_WIDTH)
    seats_h = 60 + SEAT_ROW * len(picture.seats)
    return WIDTH, max(pile_h + 130, seats_h + 20)


def _name(name: str, n: int, words: TableWords = ENGLISH) -> str:
    shown = faces.drawable(name).strip()
    if not any(c.isalnum() for c in shown):
        shown = faces.drawable(words.player.format(n=n + 1))
    return shown if len(shown) <= MAX_NAME else shown[: MAX_NAME - 1] + "."


def _arrow(pen: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, way: str) -> None:
    """A circular arrow, clockwise or counterclockwise (as the embed's ↻ and ↺)."""
    cx, cy = centre
    pen.arc((cx - r, cy - r, cx + r, cy + r), -60, 210, fill=faces.WHITE, width=5)
    # Pillow's angles grow clockwise on screen; the head points along the way of play
    end, turn = (210, 90) if way == "clockwise" else (-60, -90)
    a, t = math.radians(end), math.radians(end + turn)
    ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
    tip = (ex + 13 * math.cos(t), ey + 13 * math.sin(t))
    side = (-math.sin(t) * 10, math.cos(t) * 10)
    pen.polygon([tip, (ex + side[0], ey + side[1]), (ex - side[0], ey - side[1])], fill=faces.WHITE)


def draw(picture: TablePicture) -> Image.Image:
    """The table, drawn (PIL image, RGB)."""
    image = Image.new("RGB", size_of(picture), faces.FELT)
    pen = ImageDraw.Draw(image)
    words = picture.words
    if picture.title:
        faces.draw_label(pen, (16, 10), picture.title, 20, faces.WHITE)
    pile_w, pile_h = faces.card_size(PILE_WIDTH)
    x, y = 24, 50
    # the stock, then the top card or set, fanned so each rank stays readable
    if picture.stock is not None:
        image.paste(faces.back(PILE_WIDTH), (x, y))
        label = words.stock.format(count=picture.stock)
        faces.draw_label(pen, (x, y + pile_h + 8), label, 18, faces.WHITE)
        x += pile_w + 24
    if picture.top:
        shown = picture.top[:8]
        # fanned so each rank stays readable, never into the column beside the pile
        step = min(44, (FAN_END - x - pile_w) // max(1, len(shown) - 1))
        for n, card in enumerate(shown):
            image.paste(faces.face(card, PILE_WIDTH), (x + n * step, y))
        if len(picture.top) > 1:
            label = words.set_of.format(count=len(picture.top))
        else:
            label = words.top_card
        faces.draw_label(pen, (x, y + pile_h + 8), label, 18, faces.WHITE)
    else:
        faces.draw_label(pen, (x, y + pile_h / 2 - 10), words.empty_pile, 18, faces.WHITE)
    # what is in force, in a column beside the pile
    info_x = INFO_X
    info_y = 54
    if picture.named_suit:
        pen.ellipse((info_x, info_y, info_x + 52, info_y + 52), fill=faces.PAPER)
        colour = faces.suit_colour(picture.named_suit)
        faces.draw_suit(
            pen, picture.named_suit, (info_x + 12, info_y + 11, info_x + 40, info_y + 41), colour
        )
        suit = words.suit or SUIT_NAMES[picture.named_suit]
        faces.draw_label(pen, (info_x + 60, info_y + 6), suit, 17, faces.WHITE)
        faces.draw_label(pen, (info_x + 60, info_y + 26), words.named, 17, faces.WHITE)
        info_y += 70
    if picture.direction:
        _arrow(pen, (info_x + 26, info_y + 26), 20, picture.direction)
        way = words.clockwise if picture.direction == "clockwise" else words.counterclockwise
        lines = way.split("\n")[:2]
        for n, line in enumerate(lines):
            faces.draw_label(pen, (info_x + 60, info_y + 8 + 20 * n), line, 17, faces.WHITE)
        info_y += 70
    if picture.pending:
        kind, count, target = picture.pending
        if kind == "skip":
            badge = words.skip.format(count=count)
        else:
            badge = words.draw or f"+{count} card{'' if count == 1 else 's'}"
        pen.rounded_rectangle((info_x, info_y, info_x + 150, info_y + 62), 10, fill=faces.RED)
        faces.draw_label(pen, (info_x + 10, info_y + 4), badge, 26, faces.WHITE)
        faces.draw_label(
            pen,
            (info_x + 10, info_y + 38),
            words.target.format(name=_name(target, 0, words)),
            16,
            faces.WHITE,
        )
    _seats(image, pen, picture.seats, words)
    return image


def _seats(
    image: Image.Image,
    pen: ImageDraw.ImageDraw,
    seats: tuple[SeatCount, ...],
    words: TableWords = ENGLISH,
) -> None:
    x, y = SEATS_X, 50
    mini = faces.back(MINI_WIDTH)
    for n, seat in enumerate(seats):
        top = y + n * SEAT_ROW
        if seat.to_play:
            pen.rounded_rectangle(
                (x - 8, top - 3, WIDTH - 10, top + SEAT_ROW - 5), 8, fill=faces.GOLD
            )
            pen.polygon([(x, top + 6), (x + 14, top + 14), (x, top + 22)], fill=faces.BLACK)
        ink = faces.BLACK if seat.to_play else faces.WHITE
        faces.draw_label(pen, (x + 22, top + 4), _name(seat.name, n, words), 19, ink)
        if seat.count is not None:
            image.paste(mini, (WIDTH - 86, top))
            faces.draw_label(pen, (WIDTH - 60, top + 4), str(seat.count), 19, ink)
