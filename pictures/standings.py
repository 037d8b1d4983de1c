"""A tournament's standings as a picture: a title, then one line a player (place, name, points,
a mark such as the arena's streak), on the felt, the leader in gold.

Drawn from plain strings the caller has already put in the reader's language; nothing here
knows a tournament. The lines are cut to ``MOST`` so the picture stays small.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from pictures import faces
from pictures.cache import encode_png

WIDTH = 560
LINE = 30
TITLE = 34
MARGIN = 16
MOST = 20


def standings_picture(title: str, lines: list[tuple[str, str, str]]) -> Image.Image:
    """``lines`` are ``(place, name, points)``, best first."""
    shown = lines[:MOST]
    height = MARGIN * 2 + TITLE + LINE * max(1, len(shown))
    image = Image.new("RGB", (WIDTH, height), faces.FELT)
    draw = ImageDraw.Draw(image)
    faces.draw_label(draw, (MARGIN, MARGIN), title, 24, faces.GOLD)
    for i, (place, name, points) in enumerate(shown):
        y = MARGIN + TITLE + i * LINE
        colour = faces.GOLD if i == 0 else faces.WHITE
        faces.draw_label(draw, (MARGIN, y), place, 20, colour)
        faces.draw_label(draw, (MARGIN + 48, y), name[:28], 20, colour)
        width = faces.text_width(points, 20)
        faces.draw_label(draw, (WIDTH - MARGIN - width, y), points, 20, colour)
    return image


def standings_png(title: str, lines: list[tuple[str, str, str]]) -> bytes:
    return encode_png(standings_picture(title, lines))
