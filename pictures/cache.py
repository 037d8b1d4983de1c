"""PNG bytes of hand and table pictures, remembered by what they show.

``PictureCache`` is a small LRU keyed by the picture value itself (a frozen dataclass: the
card set, the marks, the counts), so a hand or table that looks the same as before costs
one dictionary look-up. Misses are drawn by the caller's thread: the Discord side calls
``peek`` on the event loop first, so a hit never leaves the loop, and ``render`` in one of
its two picture threads (``cogs.card_images``). The lock only guards the dictionary; two
threads drawing the same picture at once both draw it, which is harmless.

PNGs are 8-bit, in the fixed palette of ``pictures.palette`` (a quarter the size of RGB and
several times quicker to compress), deflated by ISA-L (``isal``) at its level 1: a stream any
zlib reads, written about four times as fast as zlib's own level 1 and a few percent smaller.
With zlib, writing the PNG would be most of a picture's cost. Lossless WebP, even at its fastest
method, is larger than these PNGs at the pictures' size and takes some thirty times as long.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from isal import isal_zlib
from PIL import Image

from pictures import hand, palette, table
from pictures.hand import HandPicture
from pictures.table import TablePicture

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


_PLTE = _chunk(b"PLTE", bytes(palette.PALETTE.getpalette() or []))
_IEND = _chunk(b"IEND", b"")


def encode_png(image: Image.Image) -> bytes:
    """``image`` as a compact PNG in the fixed palette (``pictures.palette``; the pictures are
    pasted in it already), one byte a pixel, every row unfiltered, ISA-L's level 1. Written
    here rather than by Pillow's encoder, which deflates with zlib and works through the rows
    in small buffers."""
    if image.mode != "P":
        image = palette.paletted(image)
    width, height = image.size
    # each row after its filter byte, 0 (none): the picture pasted one pixel right of a
    # column of zeros
    framed = Image.new("P", (width + 1, height), 0)
    framed.im.paste(image.im, (1, 0, width + 1, height))
    rows = framed.tobytes()
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    idat = _chunk(b"IDAT", isal_zlib.compress(rows, 1))
    return b"".join((_SIGNATURE, _chunk(b"IHDR", header), _PLTE, idat, _IEND))


class PictureCache:
    """An LRU of rendered pictures: ``draw`` turns a key into PNG bytes on a miss."""

    def __init__(self, draw: Callable[[Any], Image.Image], size: int = 32) -> None:
        self._draw = draw
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def peek(self, key: Hashable) -> bytes | None:
        """The PNG if it is already drawn (and mark it recently used), else None."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
            return found

    def render(self, key: Hashable) -> bytes:
        """The PNG of ``key``, drawn now if it is not remembered."""
        found = self.peek(key)
        if found is not None:
            return found
        data = encode_png(self._draw(key))
        with self._lock:
            self.misses += 1
            self._items[key] = data
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return data

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)


#: A picture is wanted again only within moments of its drawing: the table edit and an answer
#: to a press on the same state, a hand's DM and the ephemeral answer that shows it. Once a
#: message carries its picture, Discord holds it; so the caches are a few dozen pictures,
#: whatever the number of tables, not a picture per table.
HANDS = PictureCache(hand.draw, size=48)
TABLES = PictureCache(table.draw, size=24)


def hand_png(picture: HandPicture) -> bytes:
    """The PNG of a hand picture (remembered)."""
    return HANDS.render(picture)


def table_png(picture: TablePicture) -> bytes:
    """The PNG of a table picture (remembered)."""
    return TABLES.render(picture)
