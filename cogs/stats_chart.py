"""The /stats chart: a player's conservative skill over time, one line per game, as a PNG.

Drawn with Pillow alone (no plotting library). :func:`render_rating_chart` is plain CPU work;
the cog runs it with ``asyncio.to_thread`` so the event loop never waits on it. Its words,
numbers and dates are in the catalog's language, written by Babel (``1,5``; ``1 de dez. de
2026``), accents and all, in the card pictures' font (Noto Sans, ``pictures.faces``).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from babel.dates import format_date
from PIL import Image, ImageDraw, ImageFont

import i18n
from pictures.faces import drawable, font_file
from tables.records import HistoryPoint

WIDTH, HEIGHT = 800, 400
LEFT, RIGHT, TOP, BOTTOM = 60, 20, 40, 40
BACKGROUND = (47, 49, 54)  # Discord's dark theme, so the chart sits well in an embed
GRID = (80, 83, 90)
TEXT = (220, 221, 222)
LINE_COLOURS = [(87, 242, 135), (88, 101, 242), (254, 231, 92), (237, 66, 69), (235, 69, 158)]


def date_label(at: float, tr: i18n.Catalog) -> str:
    """A date on the time axis, the language's way: ``Dec 1, 2026``, ``1 de dez. de 2026``."""
    day = datetime.fromtimestamp(at, UTC).date()
    return drawable(format_date(day, format="medium", locale=tr.lang.replace("-", "_")))


def skill_label(value: float, tr: i18n.Catalog) -> str:
    """A skill on its axis, to one decimal, the language's way: ``12.5``, ``12,5``."""
    return drawable(tr.number(value, 1))


def render_rating_chart(
    series: Mapping[str, Sequence[HistoryPoint]],
    title: str,
    names: Mapping[str, str] = {},
    tr: i18n.Catalog | None = None,
) -> bytes:
    """A PNG of skill after each rated match; ``series`` maps a game to its points, ``names``
    a game to its title; ``tr`` is the language of its words, numbers and dates."""
    tr = tr or i18n.get("en")
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    # fonts of its own: this runs in a worker thread, beside the card pictures' lock
    font = ImageFont.truetype(str(font_file()), 11, layout_engine=ImageFont.Layout.BASIC)
    title_font = font.font_variant(size=18)
    draw.text((LEFT, 10), drawable(title), fill=TEXT, font=title_font)
    points = [p for line in series.values() for p in line]
    if not points:
        nothing = drawable(tr._("No rated matches yet"))
        draw.text((WIDTH // 2 - 60, HEIGHT // 2), nothing, fill=TEXT, font=font)
        return _png(image)

    first, last = min(p.at for p in points), max(p.at for p in points)
    if last - first < 1:
        first, last = first - 86400, last + 86400
    low, high = min(0.0, *(p.skill for p in points)), max(p.skill for p in points)
    if high - low < 1:
        high = low + 1
    pad = (high - low) * 0.08
    low, high = low - pad, high + pad
    top = max(TOP, 20 + 14 * len(series))  # room for the legend above the plot
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - top - BOTTOM

    def x(at: float) -> float:
        return LEFT + (at - first) / (last - first) * plot_w

    def y(skill: float) -> float:
        return top + (high - skill) / (high - low) * plot_h

    for k in range(5):
        value = low + (high - low) * k / 4
        draw.line([(LEFT, y(value)), (WIDTH - RIGHT, y(value))], fill=GRID)
        draw.text((6, y(value) - 6), skill_label(value, tr), fill=TEXT, font=font)
    draw.text((LEFT, HEIGHT - BOTTOM + 8), date_label(first, tr), fill=TEXT, font=font)
    end_label = date_label(last, tr)
    end_width = draw.textlength(end_label, font=font)
    draw.text((WIDTH - RIGHT - end_width, HEIGHT - BOTTOM + 8), end_label, fill=TEXT, font=font)

    for n, (game, line) in enumerate(sorted(series.items())):
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        xy = [(x(p.at), y(p.skill)) for p in line]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=3)
        for px, py in xy:
            draw.ellipse([px - 3, py - 3, px + 3, py + 3], fill=colour)
        legend_x = WIDTH - RIGHT - 110
        legend_y = 12 + 14 * n
        draw.rectangle([legend_x, legend_y + 2, legend_x + 10, legend_y + 10], fill=colour)
        legend = drawable(tr._(names[game]) if game in names else game)
        draw.text((legend_x + 16, legend_y), legend, fill=TEXT, font=font)
    return _png(image)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
