"""The card faces, the card back, suit shapes and small labelled pills, each drawn once.

A face is drawn three times larger than it is shown and scaled down, which smooths the suit
shapes; the result is kept (``functools.cache``) per card, width and background, so a hand
or a table is only pasted together from ready pieces. Faces are drawn onto the felt they are
shown on (plain RGB, no alpha), which makes pasting them a straight copy.

Red suits are red, black suits near-black; the rank sits large in the top-left corner so
it stays legible when Discord shows the picture small on a phone.
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
PAPER: RGB = (252, 252, 248)
EDGE: RGB = (150, 150, 150)
RED: RGB = (200, 16, 46)
BLACK: RGB = (26, 26, 26)
BACK_BLUE: RGB = (38, 70, 160)
GOLD: RGB = (242, 190, 40)
WHITE: RGB = (255, 255, 255)
LATTICE: RGB = (70, 105, 196)
#: Discord's button colours, so a pill looks like the button it stands for.
STYLES: dict[str, tuple[RGB, RGB]] = {
    "danger": ((218, 55, 60), WHITE),
    "secondary": ((78, 80, 88), WHITE),
    "primary": ((88, 101, 242), WHITE),
    "success": ((36, 128, 70), WHITE),
    "menu": ((235, 235, 235), BLACK),
}

CARD_WIDTH = 88
#: height over width of a poker card (63 x 88 mm)
CARD_RATIO = 1.4
SUPERSAMPLE = 3
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
#: Pillow draws text with one font object from several threads only one at a time.
_LOCK = threading.RLock()


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
    draw: ImageDraw.ImageDraw, suit: str, box: tuple[float, float, float, float], fill: RGB
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


@cache
def face(text: str, width: int = CARD_WIDTH, background: RGB = FELT) -> Image.Image:
    """The face of card ``text`` (``10H``), ``width`` pixels wide, on ``background``."""
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
        big = unit * 0.46
        bx, by = unit - big - unit * 0.1, h * s - big - unit * 0.12
        draw_suit(draw, card.suit, (bx, by, bx + big, by + big * 1.05), colour)
        return image.resize((w, h), Image.Resampling.LANCZOS)


@cache
def back(width: int = CARD_WIDTH, background: RGB = FELT) -> Image.Image:
    """The back of a card: blue with a white frame and a lattice."""
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


def _segments(text: str) -> list[tuple[str, str]]:
    """Split a label into ("text", ...) and ("suit", "H") pieces."""
    pieces: list[tuple[str, str]] = []
    buffer = ""
    for char in text:
        if char in _SYMBOL_SUITS:
            if buffer:
                pieces.append(("text", buffer))
                buffer = ""
            pieces.append(("suit", _SYMBOL_SUITS[char]))
        else:
            buffer += char
    if buffer:
        pieces.append(("text", buffer))
    return [(k, drawable(v) if k == "text" else v) for k, v in pieces]


def text_width(text: str, size: int) -> float:
    """How wide ``draw_label`` draws ``text`` at ``size``."""
    total = 0.0
    with _LOCK:
        for kind, value in _segments(text):
            total += size * 0.8 if kind == "suit" else font(size).getlength(value)
    return total


def draw_label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    suit_fill: RGB | None = None,
) -> None:
    """Text at ``xy`` (top-left), its suit symbols drawn as shapes; red suits in red unless
    ``suit_fill`` says otherwise."""
    x, y = xy
    with _LOCK:
        for kind, value in _segments(text):
            if kind == "text":
                draw.text((x, y - raise_by(size)), value, font=font(size), fill=fill)
                x += font(size).getlength(value)
            else:
                colour = suit_fill or (RED if value in RED_SUITS else fill)
                pad = size * 0.1
                top = y + size * 0.18
                draw_suit(
                    draw, value, (x + pad, top, x + size * 0.8 - pad, top + size * 0.68), colour
                )
                x += size * 0.8


@cache
def pill(text: str, style: str, width: int, background: RGB = FELT) -> Image.Image:
    """A rounded label ``width`` wide in the colours of a Discord button of ``style``."""
    fill, ink = STYLES.get(style, STYLES["secondary"])
    s = 2
    size = 17
    height = 26
    with _LOCK:
        while size > 9 and text_width(text, size) > width - 8:
            size -= 1
        image = Image.new("RGB", (width * s, height * s), background)
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), 7 * s, fill=fill)
        span = text_width(text, size * s)
        x = (width * s - span) / 2
        y = (height * s - size * s * 1.2) / 2
        draw_label(draw, (x, y), text, size * s, ink, suit_fill=ink)
        return image.resize((width, height), Image.Resampling.LANCZOS)
