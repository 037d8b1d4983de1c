"""A tournament's standings as a picture: a title, then one line a player (place, name, points,
a mark such as the arena's streak), on the felt, the leader in gold.

Drawn from plain strings the caller has already put in the reader's language; nothing here
knows a tournament. The lines are cut to ``MOST`` so the picture stays small.
"""

from __future__ import annotations

from PIL import Image

from pictures import faces, palette, text
from pictures.cache import encode_png

WIDTH = 560
LINE = 30
TITLE = 34
MARGIN = 16
MOST = 20


def standings_picture(
    title: str, lines: list[tuple[str, str, str]], nameless: str = "Player {n}"
) -> Image.Image:
    """``lines`` are ``(place, name, points)``, best first; a name the font cannot write is
    ``nameless`` with its line's number (``Player {n}``, in the reader's language)."""
    shown = lines[:MOST]
    height = MARGIN * 2 + TITLE + LINE * max(1, len(shown))
    image = palette.canvas((WIDTH, height))
    # one-off words (names, points) are not kept in the glyph strips' cache
    text.put(image, (MARGIN, MARGIN), title, 24, faces.GOLD, room=WIDTH - 2 * MARGIN, keep=False)
    for i, (place, name, points) in enumerate(shown):
        y = MARGIN + TITLE + i * LINE
        colour = faces.GOLD if i == 0 else faces.WHITE
        text.put(image, (MARGIN, y), place, 20, colour, keep=False)
        text.put(image, (WIDTH - MARGIN, y), points, 20, colour, keep=False, right=True)
        room = WIDTH - 2 * MARGIN - 48 - text.width(points, 20) - 12
        named = text.drawable_name(name, nameless.format(n=i + 1))
        text.put(image, (MARGIN + 48, y), named, 20, colour, room=room, keep=False)
    return image


def standings_png(
    title: str, lines: list[tuple[str, str, str]], nameless: str = "Player {n}"
) -> bytes:
    return encode_png(standings_picture(title, lines, nameless))
