"""Words in the pictures, set from glyphs drawn once: a strip of text costs a few pastes.

FreeType draws a 15-character label in about 0.17 ms, more than the rest of a table picture
together, and most labels change with the table (a name, a count, a sentence). So each glyph
is drawn once per size (``glyph``, kept for the process: a few hundred small masks), a label
is set by pasting its glyphs' coverage side by side into one grey strip, and the strip is
coloured at the end by a table from coverage to the palette's blend of ink over background
(``pictures.palette``). Suit symbols are set as shapes, as ``faces.draw_label`` draws them.

Glyphs sit at whole pixels (their advances rounded as they add up), which at these sizes is
not told apart from FreeType's own setting of the line.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import SUIT_SYMBOLS
from pictures import faces, palette

_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
#: the bytes of the strips set lately (one byte a pixel, only the rows with ink): the words
#: many tables share (a count, "stock 23", a score, the bots' names) and the titles and
#: people's names of a few hundred tables; a table's own words that fell out are set again
#: in some 30 microseconds, so this stays the same whatever the number of tables
KEEP = 1 << 20
_LOCK = threading.Lock()
_strips: OrderedDict[tuple[str, int, faces.RGB, faces.RGB, int], Strip] = OrderedDict()
_kept = 0


@dataclass(frozen=True)
class Glyph:
    """A character's coverage (mode L), where it sits from the pen, and how far it moves it."""

    mask: Image.Image
    left: int
    advance: float


def line_height(size: int) -> int:
    """The height of a strip of text at ``size``: room for accents above and tails below."""
    return math.ceil(size * 1.32)


@cache
def glyph(char: str, size: int) -> Glyph:
    """``char`` at ``size`` pixels, drawn once (a suit symbol as its shape)."""
    height = line_height(size)
    if char in _SUITS:
        # as tall as a capital, standing on the line
        advance = size * 0.8
        s = faces.SUPERSAMPLE
        with faces.font_lock():
            _, cap, _, base = faces.font(size).getbbox("H")
        origin = round(size * 0.1) - faces.raise_by(size)
        big = Image.new("L", (math.ceil(advance) * s, height * s), 0)
        pad, top, bottom = size * 0.08 * s, (origin + cap) * s, (origin + base) * s
        box = (pad, top, advance * s - pad, bottom)
        faces.draw_suit(ImageDraw.Draw(big), _SUITS[char], box, 255)
        mask = big.resize((math.ceil(advance), height), Image.Resampling.LANCZOS)
        return Glyph(mask, 0, advance)
    font = faces.font(size)
    with faces.font_lock():
        advance = font.getlength(char)
        left, _, right, _ = font.getbbox(char)
        # room for ink that overhangs its advance (an italic-like tail, "j" reaching back)
        start = min(0, math.floor(left)) - 1
        width = max(math.ceil(right), math.ceil(advance)) - start + 1
        # drawn with room above, at whole pixels, then cut to the line: FreeType's bitmap at
        # a fractional or negative offset loses its top row
        room = size
        mask = Image.new("L", (max(1, width), height + room), 0)
        top = room + round(size * 0.1) - faces.raise_by(size)
        ImageDraw.Draw(mask).text((-start, top), char, font=font, fill=255)
        mask = mask.crop((0, room, mask.width, room + height))
    return Glyph(mask, start, advance)


@lru_cache(maxsize=512)
def width(text: str, size: int) -> int:
    """How wide ``strip`` sets ``text`` (after ``faces.drawable``)."""
    return math.ceil(sum(glyph(c, size).advance for c in drawable(text)))


@lru_cache(maxsize=2048)
def drawable(text: str) -> str:
    """``faces.drawable`` of the words between the suit symbols, which are kept
    (remembered: a table's names are asked for at every picture)."""
    pieces = re.split(f"([{''.join(_SUITS)}])", text)
    return "".join(p if p in _SUITS else faces.drawable(p) for p in pieces)


def drawable_name(name: str, fallback: str) -> str:
    """A person's name as a picture can write it, or ``fallback`` (``Player 3``, in the
    reader's language) when the font draws none of its letters (a name in Chinese or in
    emoji alone would otherwise be a blank where a name belongs)."""
    shown = drawable(name).strip()
    return shown if any(c.isalnum() for c in shown) else drawable(fallback)


def fit(text: str, size: int, room: int) -> str:
    """``text``, cut with a full stop if it is wider than ``room`` pixels at ``size``."""
    shown = drawable(text)
    if width(shown, size) <= room:
        return shown
    while shown and width(shown + ".", size) > room:
        shown = shown[:-1]
    return shown.rstrip() + "."


def coverage(text: str, size: int) -> Image.Image:
    """The grey strip of ``text``: each glyph's coverage pasted at its place."""
    shown = drawable(text)
    strip = Image.new("L", (max(1, width(shown, size) + 2), line_height(size)), 0)
    x = 0.0
    core = strip.im  # (the core's paste: Image.paste's checks cost more than the copy)
    for char in shown:
        g = glyph(char, size)
        at = round(x) + g.left + 1
        # pasting white through the glyph's own coverage: where two glyphs meet, the ink adds
        core.paste(255, (at, 0, at + g.mask.width, g.mask.height), g.mask.im)
        x += g.advance
    return strip


def strip(
    words: str,
    size: int,
    ink: faces.RGB,
    background: faces.RGB,
    room: int = 0,
    keep: bool = True,
) -> Image.Image:
    """``words`` in ``ink`` on ``background``, as entries of the palette (``pictures.palette``)
    in a mode L image, cut to ``room`` pixels if it is given (``fit``), set lately or now;
    ``keep``: remember it (not for words drawn once, such as the last play). Only the rows
    with ink are kept; ``strip_rows`` says where they start."""
    return strip_rows(words, size, ink, background, room, keep).image


@dataclass(frozen=True, slots=True)
class Strip:
    """A strip of words as kept: its rows with ink (mode L, palette entries), their core
    image and size (read once, not through ``Image``'s properties at every paste), the row
    of the full line they start at, and the palette entry of the background around them."""

    image: Image.Image
    core: Any
    width: int
    height: int
    top: int
    background: int


def strip_rows(
    words: str,
    size: int,
    ink: faces.RGB,
    background: faces.RGB,
    room: int = 0,
    keep: bool = True,
) -> Strip:
    """``strip``, with where it sits in its line."""
    global _kept
    key = (words, size, ink, background, room)
    with _LOCK:
        found = _strips.get(key)
        if found is not None:
            _strips.move_to_end(key)
            return found
    grey = coverage(fit(words, size, room) if room else words, size)
    # the rows above and below the ink are plain background: left off (and filled in when
    # the strip is pasted, ``put``), a kept strip is some 40% smaller
    box = grey.getbbox()
    top = 0
    if box is not None:
        top = box[1]
        grey = grey.crop((0, top, grey.width, box[3]))
    # palette entries held as a plain one-byte image: pasted into a picture they are its
    # colours, and a kept strip carries no palette of its own (a P image's costs more
    # memory than a short strip's pixels)
    ramp = palette.ramp(background, ink)
    made = Image.frombytes("L", grey.size, grey.tobytes().translate(ramp))
    found = Strip(made, made.im, made.width, made.height, top, ramp[0])
    if not keep:
        return found
    with _LOCK:
        if key not in _strips:
            _strips[key] = found
            _kept += found.width * found.height
        while _kept > KEEP:
            _, old = _strips.popitem(last=False)
            _kept -= old.width * old.height
    return found


def put(
    image: Image.Image,
    xy: tuple[int, int],
    words: str,
    size: int,
    ink: faces.RGB = faces.WHITE,
    background: faces.RGB = faces.FELT,
    room: int = 0,
    keep: bool = True,
    right: bool = False,
) -> int:
    """Paste ``words`` with its capitals' tops near ``xy`` (its right end there, if
    ``right``), cut to ``room`` pixels if given; -> the x where it ends."""
    made = strip_rows(words, size, ink, background, room, keep)
    x, y = xy
    width, top = made.width, made.top
    x = x - width + 1 if right else x - 1
    y -= round(size * 0.1)
    end = x + width
    core = image.im
    # the rows without ink, left off the kept strip, are background all the same
    if top:
        core.paste(made.background, (x, y, end, y + top))
    ink_end = y + top + made.height
    line_end = y + line_height(size)
    if ink_end < line_end:
        core.paste(made.background, (x, ink_end, end, line_end))
    core.paste(made.core, (x, y + top, end, ink_end))
    return end
