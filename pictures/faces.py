"""The card faces, the card back and the suit shapes, drawn in RGB for the sprites.

A face is drawn three times larger than it is shown and scaled down, which smooths the suit
shapes; ``pictures.palette`` keeps the result in the palette once per card (a sprite), so a
hand or a table is only pasted together from ready pieces. Faces are drawn onto the felt
they are shown on (no alpha), which makes pasting them a straight copy.

Red suits are red, black suits near-black; the rank sits large in the top-left corner so
it stays legible when Discord shows the picture small on a phone; a Jack, Queen and King
carry a figure under its headgear (``draw_court``), not a bare letter.
"""

from __future__ import annotations

import threading
import unicodedata
from functools import cache
from pathlib import Path

import fontpkg
from PIL import Image, ImageDraw, ImageFont

from engine.cards import RED_SUITS, SUIT_SYMBOLS, Card

RGB = tuple[int, int, int]

FELT: RGB = (24, 94, 58)
#: a darker felt under the seats and the last play
BOARD: RGB = (15, 66, 40)
PAPER: RGB = (252, 252, 248)
EDGE: RGB = (150, 150, 150)
RED: RGB = (200, 16, 46)
BLACK: RGB = (26, 26, 26)
BACK_BLUE: RGB = (38, 70, 160)
GOLD: RGB = (242, 190, 40)
WHITE: RGB = (255, 255, 255)
LATTICE: RGB = (70, 105, 196)
#: Discord's button colours, so the bar under a card looks like the button it stands for.
STYLES: dict[str, tuple[RGB, RGB]] = {
    "danger": ((218, 55, 60), WHITE),
    "secondary": ((78, 80, 88), WHITE),
    "primary": ((88, 101, 242), WHITE),
    "success": ((36, 128, 70), WHITE),
    "menu": ((235, 235, 235), BLACK),
}

#: one size for every card shown whole (a hand's and the pile's): one set of sprites
CARD_WIDTH = 56
#: height over width of a poker card (63 x 88 mm)
CARD_RATIO = 1.4
SUPERSAMPLE = 3
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
#: Pillow draws text with one font object from several threads only one at a time.
_LOCK = threading.RLock()


def font_lock() -> threading.RLock:
    """The lock around the shared fonts (``pictures.text`` draws its glyphs under it)."""
    return _LOCK


def card_size(width: int = CARD_WIDTH) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


@cache
def font_file() -> Path:
    """Noto Sans Regular (the ``fontpkg-noto-sans`` package, OFL-1.1): Latin with every
    accent of the bot's languages, Greek and Cyrillic."""
    return Path(fontpkg.path("Noto Sans"))


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at ``size`` pixels. Laid out by FreeType alone (no text shaping):
    labels are NFC-normalised first (``drawable``), so an accented letter is one glyph."""
    return ImageFont.truetype(str(font_file()), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def raise_by(size: int) -> int:
    """How far text at ``size`` is drawn above the point asked, so its capitals' tops sit
    where the art was laid out for (at 0.27 of the size; Noto Sans sets them lower)."""
    return round(font(size).getbbox("H")[1]) - round(size * 0.27)


def suit_colour(suit: str) -> RGB:
    return RED if suit in RED_SUITS else BLACK


def draw_suit(
    draw: ImageDraw.ImageDraw, suit: str, box: tuple[float, float, float, float], fill: RGB | int
) -> None:
    """A suit as shapes (no font has to carry the symbols) inside ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    if suit == "D":
        draw.polygon(
            [(cx, y0), (x1 - w * 0.1, y0 + h / 2), (cx, y1), (x0 + w * 0.1, y0 + h / 2)], fill
        )
        return
    if suit == "H":
        r = w / 4
        draw.ellipse((x0, y0, x0 + 2 * r, y0 + 2 * r), fill)
        draw.ellipse((x1 - 2 * r, y0, x1, y0 + 2 * r), fill)
        draw.polygon([(x0 + w * 0.02, y0 + r * 1.3), (x1 - w * 0.02, y0 + r * 1.3), (cx, y1)], fill)
        draw.polygon([(x0 + r, y0 + r), (x1 - r, y0 + r), (cx, y0 + r * 2.2)], fill)
        return
    stem = [(cx, y0 + h * 0.55), (cx - w * 0.2, y1), (cx + w * 0.2, y1)]
    if suit == "S":
        r = w / 4
        body = h * 0.78
        cy = y0 + body - r
        draw.ellipse((x0, cy - r, x0 + 2 * r, cy + r), fill)
        draw.ellipse((x1 - 2 * r, cy - r, x1, cy + r), fill)
        draw.polygon([(cx, y0), (x1 - w * 0.02, cy - r * 0.3), (x0 + w * 0.02, cy - r * 0.3)], fill)
        draw.polygon([(x0 + r, cy), (x1 - r, cy), (cx, y0 + h * 0.2)], fill)
        draw.polygon(stem, fill)
        return
    # clubs
    r = w * 0.23
    for ox, oy in ((cx, y0 + r), (x0 + r, y0 + h * 0.52), (x1 - r, y0 + h * 0.52)):
        draw.ellipse((ox - r, oy - r, ox + r, oy + r), fill)
    draw.ellipse((cx - r * 0.7, y0 + h * 0.35, cx + r * 0.7, y0 + h * 0.35 + 1.4 * r), fill)
    draw.polygon(stem, fill)


def _blank(width: int, height: int, background: RGB, paper: RGB) -> tuple[Image.Image, int]:
    """A rounded card outline at SUPERSAMPLE scale; -> (image, scale)."""
    s = SUPERSAMPLE
    image = Image.new("RGB", (width * s, height * s), background)
    draw = ImageDraw.Draw(image)
    radius = width * s * 0.09
    draw.rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius, fill=paper, outline=EDGE, width=s * 2
    )
    return image, s


def face(text: str, width: int = CARD_WIDTH, background: RGB = FELT) -> Image.Image:
    """The face of card ``text`` (``10H``), ``width`` pixels wide, on ``background`` (drawn
    anew: ``pictures.palette`` keeps the sprite)."""
    card = Card.parse(text)
    with _LOCK:
        w, h = card_size(width)
        image, s = _blank(w, h, background, PAPER)
        draw = ImageDraw.Draw(image)
        colour = suit_colour(card.suit)
        unit = w * s
        # the rank, big, in the corner a fanned hand leaves visible; "10" a little narrower
        rank_size = round(unit * (0.31 if card.rank == "10" else 0.36))
        rank_font = font(rank_size)
        x, y = unit * 0.07, unit * 0.04 - raise_by(rank_size)
        draw.text((x, y), card.rank, font=rank_font, fill=colour)
        pip = unit * 0.2
        # below the rank, even a J whose tail goes under the line
        top = max(unit * 0.44, y + rank_font.getbbox(card.rank)[3] + unit * 0.02)
        draw_suit(draw, card.suit, (x + unit * 0.01, top, x + unit * 0.01 + pip, top + pip), colour)
        if card.rank in COURT:
            box = (unit * 0.36, unit * 0.1, unit * 0.93, h * s - unit * 0.07)
            draw_court(draw, card.rank, card.suit, box, s)
        else:
            big = unit * 0.46
            bx, by = unit - big - unit * 0.1, h * s - big - unit * 0.12
            draw_suit(draw, card.suit, (bx, by, bx + big, by + big * 1.05), colour)
        return image.resize((w, h), Image.Resampling.LANCZOS)


#: the court cards, drawn as a figure in a frame rather than a big suit
COURT = ("J", "Q", "K")


def draw_court(
    draw: ImageDraw.ImageDraw,
    rank: str,
    suit: str,
    box: tuple[float, float, float, float],
    scale: int = 1,
) -> None:
    """A court figure in ``box``: a bust in the suit's colour under its headgear, a crown
    with three points for a King, a tiara over long hair for a Queen, a plumed cap for a
    Jack, the suit on its chest; framed as on a printed card."""
    colour = suit_colour(suit)
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    line = max(1, round(scale * 1.2))
    draw.rounded_rectangle(box, w * 0.08, outline=colour, width=line)
    # shoulders: the top half of an ellipse standing on the frame's floor
    draw.chord((x0 + w * 0.1, y0 + h * 0.6, x1 - w * 0.1, y1 + h * 0.36), 180, 360, colour)
    head = (cx - w * 0.19, y0 + h * 0.3, cx + w * 0.19, y0 + h * 0.58)
    if rank == "Q":  # long hair behind the head, down to the shoulders
        draw.rounded_rectangle(
            (cx - w * 0.26, y0 + h * 0.26, cx + w * 0.26, y0 + h * 0.66), w * 0.2, colour
        )
    draw.ellipse(head, fill=PAPER, outline=colour, width=line)
    for side in (-1, 1):  # eyes
        ex, ey = cx + side * w * 0.07, y0 + h * 0.43
        draw.ellipse((ex - w * 0.025, ey - w * 0.025, ex + w * 0.025, ey + w * 0.025), colour)
    top, brow = y0 + h * 0.06, y0 + h * 0.33
    if rank == "K":
        points = [(cx - w * 0.24, brow), (cx - w * 0.26, top + h * 0.04)]
        points += [(cx - w * 0.12, top + h * 0.14), (cx, top), (cx + w * 0.12, top + h * 0.14)]
        points += [(cx + w * 0.26, top + h * 0.04), (cx + w * 0.24, brow)]
        draw.polygon(points, fill=GOLD, outline=colour, width=line)
        for px, py in points[1:-1:2]:  # the three tips
            r = w * 0.045
            draw.ellipse((px - r, py - r, px + r, py + r), fill=GOLD, outline=colour, width=line)
    elif rank == "Q":
        band = (cx - w * 0.21, brow - h * 0.07, cx + w * 0.21, brow + h * 0.01)
        for n in (-1, 0, 1):
            r = w * (0.06 if n == 0 else 0.045)
            px, py = cx + n * w * 0.13, band[1] - r * (1.4 if n == 0 else 0.9)
            draw.ellipse((px - r, py - r, px + r, py + r), fill=GOLD, outline=colour, width=line)
        draw.rounded_rectangle(band, w * 0.03, fill=GOLD, outline=colour, width=line)
    else:  # a Jack's cap and its plume
        draw.polygon(
            [(cx + w * 0.02, brow - h * 0.1), (cx + w * 0.24, top - h * 0.03),
             (cx + w * 0.42, top + h * 0.02), (cx + w * 0.2, brow - h * 0.05)],
            fill=GOLD, outline=colour, width=line,
        )  # fmt: skip
        draw.chord(
            (cx - w * 0.27, brow - h * 0.16, cx + w * 0.27, brow + h * 0.1), 180, 360, colour
        )
        draw.rectangle((cx - w * 0.27, brow - h * 0.03, cx + w * 0.27, brow + h * 0.01), colour)
    pip = w * 0.22
    chest = (cx - pip / 2, y0 + h * 0.74, cx + pip / 2, y0 + h * 0.74 + pip * 1.05)
    draw_suit(draw, suit, chest, GOLD if suit in RED_SUITS else PAPER)


def back(width: int = CARD_WIDTH, background: RGB = FELT) -> Image.Image:
    """The back of a card: blue with a white frame and a lattice (drawn anew, as ``face``)."""
    with _LOCK:
        w, h = card_size(width)
        image, s = _blank(w, h, background, PAPER)
        draw = ImageDraw.Draw(image)
        m = w * s * 0.08
        inner = (m, m, w * s - m, h * s - m)
        draw.rounded_rectangle(inner, w * s * 0.05, fill=BACK_BLUE)
        step = w * s * 0.12
        x = inner[0] - (inner[3] - inner[1])
        while x < inner[2]:
            span = inner[3] - inner[1]
            draw.line((x, inner[3], x + span, inner[1]), fill=LATTICE, width=s * 2)
            draw.line((x, inner[1], x + span, inner[3]), fill=LATTICE, width=s * 2)
            x += step
        draw.rounded_rectangle(inner, w * s * 0.05, outline=WHITE, width=s * 2)
        # the lattice overran the rounded frame: repaint the margin
        image = image.resize((w, h), Image.Resampling.LANCZOS)
        frame, _ = _blank(w, h, background, PAPER)
        frame = frame.resize((w, h), Image.Resampling.LANCZOS)
        hole = Image.new("L", (w, h), 0)
        mm = round(m / s)
        ImageDraw.Draw(hole).rounded_rectangle((mm, mm, w - mm, h - mm), w * 0.05, fill=255)
        frame.paste(image, (0, 0), hole)
        return frame


#: Marks Noto Sans lacks, in letters it has.
_PLAIN = {"→": "->", "←": "<-", "↻": "", "↺": ""}


@cache
def _missing_glyph() -> bytes:
    """How the font draws a character it has no glyph for (its .notdef box)."""
    return _glyph("\U0010fffd")


def _glyph(char: str) -> bytes:
    mask = font(24).getmask(char)
    return bytes(mask) + bytes(str(mask.size), "ascii")


@cache
def _has(char: str) -> bool:
    with _LOCK:
        return _glyph(char) != _missing_glyph()


def drawable(text: str) -> str:
    """``text`` as the pictures write it: composed (NFC, so "s" + comma below is "ș"), any
    space as a plain space, an arrow spelled "->", without control characters or the
    characters the font has no glyph for (a CJK name, an emoji), which would be drawn as
    empty boxes. Spaces at
    the ends stay (a label's words around a suit symbol)."""
    shown = []
    for char in unicodedata.normalize("NFC", text):
        kind = unicodedata.category(char)
        if kind.startswith("Z"):
            shown.append(" ")
        elif kind[0] != "C" and _has(char):
            shown.append(char)
        elif char in _PLAIN:
            shown.append(_PLAIN[char])
    return "".join(shown)
