"""The table as one picture: the pile, what is in force, every seat, and the last play.

Only public facts go in (the caller builds a ``TablePicture`` from the public observation):
the top card or President set, the stock as a back with its size, the suit in force when
an Ace or Jack named it, the direction of play, a pending stack with its cost and whom it
waits on, each seat with its name, its number of cards and its score, the seat to play
marked in gold, and the last play in a sentence along the foot. The picture's own words
come in with it (``TableWords``), in the table's language: this package draws, it does not
translate.

It is drawn 420 pixels wide, about what Discord shows it at (so it is not scaled down and
blurred, and a PNG of fewer pixels is quicker to write), with no word under 14 pixels, so
that scaled to a phone's 360 pixels the smallest is 12 (``tests/pictures``). Every
piece is a sprite kept for the process (faces, backs, icons: ``pictures.palette``) or a
strip of text set from glyphs (``pictures.text``), pasted into one paletted canvas.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engine.cards import SUIT_NAMES
from pictures import faces, palette, text

WIDTH = 420
MARGIN = 9
TITLE_SIZE = 18
LABEL_SIZE = 14
NAME_SIZE = 15
#: the smallest words in the picture (a test holds them legible at a phone's width)
SMALLEST = LABEL_SIZE
TOP = 34
PILE_WIDTH = faces.CARD_WIDTH
MINI_WIDTH = 12
#: where the right column (what is in force, then the seats) starts
RIGHT = 196
ROW = 24
ICON = 19
FOOT = 26
FAN_END = RIGHT - 10
#: the room for a line beside an icon in the right column
INFO_ROOM = WIDTH - MARGIN - RIGHT - ICON - 7
#: the red badge of a pending stack
BADGE = 44


@dataclass(frozen=True)
class SeatCount:
    """One seat as the table shows it: its name, cards, whether it plays, its score."""

    name: str
    count: int | None
    to_play: bool = False
    #: the score as the table's language writes it ("12 pts"); "" for none
    score: str = ""


@dataclass(frozen=True)
class TableWords:
    """The words a table picture writes, translated by the caller (English by default);
    ``{count}``, ``{name}`` and ``{n}`` are filled in here. Each is written on one line: a
    ``\\n`` (from catalogs made for stacked words) is a space, or nothing after a hyphen."""

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
    #: the stack waiting on a seat: ("draw"|"skip", count, index of the seat in ``seats``)
    pending: tuple[str, int, int] | None = None
    stock: int | None = None
    seats: tuple[SeatCount, ...] = ()
    title: str = ""
    words: TableWords = ENGLISH
    #: the last play in a sentence, in the table's language ("" for none yet)
    last: str = ""


def one_line(words: str) -> str:
    """Stacked words on one line: "counter-\\nclockwise" -> "counter-clockwise"."""
    return words.replace("-\n", "-").replace("\n", " ")


def _left_height(picture: TablePicture) -> int:
    _, pile_h = faces.card_size(PILE_WIDTH)
    height = TOP + pile_h + 5 + text.line_height(LABEL_SIZE)
    return height + (BADGE + 6 if picture.pending else 0)


def _right_height(picture: TablePicture) -> int:
    infos = bool(picture.named_suit) + bool(picture.direction)
    return TOP + infos * ROW + (5 if infos else 0) + ROW * len(picture.seats)


def size_of(picture: TablePicture) -> tuple[int, int]:
    body = max(_left_height(picture), _right_height(picture))
    return WIDTH, body + (7 + FOOT if picture.last else 9)


def name_of(picture: TablePicture, n: int) -> str:
    """How seat ``n`` is named in the picture: its name, or "Player {n+1}" when nothing of
    its name can be drawn (the same words wherever the seat is named)."""
    words = picture.words
    name = picture.seats[n].name if 0 <= n < len(picture.seats) else ""
    return text.drawable_name(name, words.player.format(n=n + 1))


def draw(picture: TablePicture) -> Image.Image:
    """The table, pasted together in the palette (PIL image, mode P)."""
    width, height = size_of(picture)
    image = palette.canvas((width, height))
    words = picture.words
    if picture.title:
        text.put(image, (MARGIN, 8), picture.title, TITLE_SIZE, room=WIDTH - 2 * MARGIN)
    _pile(image, picture)
    y = TOP
    if picture.named_suit:
        palette.put(image, suit_icon(picture.named_suit), (RIGHT, y))
        suit = words.suit or SUIT_NAMES[picture.named_suit]
        line = f"{suit} {one_line(words.named)}"
        text.put(image, (RIGHT + ICON + 7, y + 3), line, LABEL_SIZE, room=INFO_ROOM)
        y += ROW
    if picture.direction:
        palette.put(image, arrow_icon(picture.direction), (RIGHT, y))
        way = words.clockwise if picture.direction == "clockwise" else words.counterclockwise
        text.put(image, (RIGHT + ICON + 7, y + 3), one_line(way), LABEL_SIZE, room=INFO_ROOM)
        y += ROW
    if y > TOP:
        y += 5
    for n in range(len(picture.seats)):
        _seat(image, picture, n, y + n * ROW)
    if picture.last:
        foot = height - FOOT - 4
        palette.fill(image, faces.BOARD, (0, foot, WIDTH, height))
        room = WIDTH - 2 * MARGIN
        last = picture.last
        text.put(image, (MARGIN, foot + 7), last, LABEL_SIZE, faces.WHITE, faces.BOARD, room, False)
    return image


def _pile(image: Image.Image, picture: TablePicture) -> None:
    """The stock, the top card or set (fanned so each rank stays readable), the stack."""
    words = picture.words
    pile_w, pile_h = faces.card_size(PILE_WIDTH)
    x, y = MARGIN, TOP
    under = y + pile_h + 5
    #: where the label under the top card may start: after the stock's, which may be wider
    #: than its card ("pachet 25")
    after = x
    if picture.stock is not None:
        palette.put(image, palette.back(PILE_WIDTH), (x, y))
        label = words.stock.format(count=picture.stock)
        after = text.put(image, (x, under), label, LABEL_SIZE, room=FAN_END - x - 70) + 8
        x += pile_w + 9
    if picture.top:
        shown = picture.top[:8]
        step = min(21, (FAN_END - x - pile_w) // max(1, len(shown) - 1))
        for n, card in enumerate(shown):
            palette.put(image, palette.face(card), (x + n * step, y))
        if len(picture.top) > 1:
            label = words.set_of.format(count=len(picture.top))
        else:
            label = words.top_card
        at = max(x, after)
        text.put(image, (at, under), label, LABEL_SIZE, room=FAN_END - at)
    else:
        empty = words.empty_pile
        text.put(image, (x, y + pile_h // 2 - 9), empty, LABEL_SIZE, room=FAN_END - x)
    if picture.pending:
        kind, count, target = picture.pending
        if kind == "skip":
            badge = words.skip.format(count=count)
        else:
            badge = words.draw or f"+{count} card{'' if count == 1 else 's'}"
        top = under + text.line_height(LABEL_SIZE) + 3
        room = FAN_END - MARGIN
        palette.fill(image, faces.RED, (MARGIN, top, MARGIN + room, top + BADGE))
        text.put(image, (MARGIN + 7, top + 3), badge, TITLE_SIZE, faces.WHITE, faces.RED, room - 14)
        whom = words.target.format(name=name_of(picture, target))
        text.put(image, (MARGIN + 7, top + 24), whom, LABEL_SIZE, faces.WHITE, faces.RED, room - 14)


def _seat(image: Image.Image, picture: TablePicture, n: int, top: int) -> None:
    seat = picture.seats[n]
    background = faces.GOLD if seat.to_play else faces.FELT
    ink = faces.BLACK if seat.to_play else faces.WHITE
    x = RIGHT
    if seat.to_play:
        palette.fill(image, faces.GOLD, (x - 5, top, WIDTH - MARGIN, top + ROW - 3))
        palette.put(image, marker(), (x, top + 5))
    score_room = 56
    name_end = WIDTH - MARGIN - (score_room + 4 if seat.score else 0) - 46
    name = name_of(picture, n)
    text.put(image, (x + 14, top + 2), name, NAME_SIZE, ink, background, name_end - (x + 14))
    if seat.count is not None:
        palette.put(image, palette.back(MINI_WIDTH, background), (name_end + 4, top + 2))
        count = str(seat.count)
        text.put(image, (name_end + MINI_WIDTH + 9, top + 2), count, NAME_SIZE, ink, background)
    if seat.score:
        right = (WIDTH - MARGIN, top + 3)
        text.put(image, right, seat.score, LABEL_SIZE, ink, background, score_room, right=True)


def _sprite(
    size: tuple[int, int], background: faces.RGB
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An RGB canvas at three times ``size``, to be drawn on and shrunk (``_finish``)."""
    s = faces.SUPERSAMPLE
    image = Image.new("RGB", (size[0] * s, size[1] * s), background)
    return image, ImageDraw.Draw(image)


def _finish(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    return palette.paletted(image.resize(size, Image.Resampling.LANCZOS))


@cache
def suit_icon(suit: str) -> Image.Image:
    """The named suit on a white disc (kept for the process)."""
    s = faces.SUPERSAMPLE
    image, pen = _sprite((ICON, ICON), faces.FELT)
    pen.ellipse((0, 0, ICON * s - 1, ICON * s - 1), fill=faces.PAPER)
    box = (ICON * s * 0.22, ICON * s * 0.2, ICON * s * 0.78, ICON * s * 0.8)
    faces.draw_suit(pen, suit, box, faces.suit_colour(suit))
    return _finish(image, (ICON, ICON))


@cache
def arrow_icon(way: str) -> Image.Image:
    """A circular arrow, clockwise or counterclockwise (as the embed's ↻ and ↺)."""
    s = faces.SUPERSAMPLE
    image, pen = _sprite((ICON, ICON), faces.FELT)
    cx = cy = ICON * s / 2
    r = ICON * s * 0.34
    pen.arc((cx - r, cy - r, cx + r, cy + r), -60, 210, fill=faces.WHITE, width=3 * s)
    # Pillow's angles grow clockwise on screen; the head points along the way of play
    end, turn = (210, 90) if way == "clockwise" else (-60, -90)
    a, t = math.radians(end), math.radians(end + turn)
    ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
    head = ICON * s * 0.26
    tip = (ex + head * math.cos(t), ey + head * math.sin(t))
    side = (-math.sin(t) * head * 0.75, math.cos(t) * head * 0.75)
    pen.polygon([tip, (ex + side[0], ey + side[1]), (ex - side[0], ey - side[1])], faces.WHITE)
    return _finish(image, (ICON, ICON))


@cache
def marker() -> Image.Image:
    """The black triangle before the seat to play, on its gold row."""
    s = faces.SUPERSAMPLE
    image, pen = _sprite((9, 11), faces.GOLD)
    pen.polygon([(0, 0), (9 * s, 5.5 * s), (0, 11 * s)], fill=faces.BLACK)
    return _finish(image, (9, 11))
