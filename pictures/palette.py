"""The one 256-colour palette every picture is written in, and the pieces kept in it.

Every colour drawn is a blend of two of the package's colours (the felt, paper, inks,
button colours) from anti-aliasing one over the other, so a fixed palette of those blends
in eleven steps loses nothing visible. A hand is pasted together from faces and pills
already mapped onto it (kept here, one per card or label), so it never needs mapping as a
whole and its PNG is one byte a pixel.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from pictures import faces

#: Every pair of colours drawn over one another; anti-aliasing mixes only along these.
BLENDS = [
    (faces.FELT, faces.PAPER),
    (faces.FELT, faces.WHITE),
    (faces.FELT, faces.EDGE),
    (faces.EDGE, faces.PAPER),
    (faces.PAPER, faces.RED),
    (faces.PAPER, faces.BLACK),
    (faces.FELT, faces.GOLD),
    (faces.GOLD, faces.BLACK),
    (faces.FELT, faces.RED),
    (faces.RED, faces.WHITE),
    (faces.FELT, faces.BACK_BLUE),
    (faces.BACK_BLUE, faces.LATTICE),
    (faces.BACK_BLUE, faces.WHITE),
    (faces.PAPER, faces.BACK_BLUE),
    *((faces.FELT, fill) for fill, _ in faces.STYLES.values()),
    *((fill, ink) for fill, ink in faces.STYLES.values()),
]
STEPS = 11


def _palette() -> Image.Image:
    colours: list[tuple[int, ...]] = []
    for a, b in BLENDS:
        for n in range(STEPS):
            mix = tuple(round(a[i] + (b[i] - a[i]) * n / (STEPS - 1)) for i in range(3))
            if mix not in colours:
                colours.append(mix)
    assert len(colours) <= 256, len(colours)
    assert colours[0] == faces.FELT  # index 0 is the background of a new picture
    colours += [colours[0]] * (256 - len(colours))
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in colours for v in c])
    return image


PALETTE = _palette()


def paletted(image: Image.Image) -> Image.Image:
    """``image`` mapped onto the palette, each pixel to its nearest colour (no dithering)."""
    return image.quantize(palette=PALETTE, dither=Image.Dither.NONE)


def canvas(size: tuple[int, int]) -> Image.Image:
    """A new picture in the palette, all felt."""
    image = Image.new("P", size, 0)
    image.putpalette(PALETTE.getpalette() or [])
    return image


@cache
def face(card: str) -> Image.Image:
    return paletted(faces.face(card))


@cache
def pill(text: str, style: str, width: int) -> Image.Image:
    return paletted(faces.pill(text, style, width))


@cache
def words(text: str, size: int, width: int, height: int) -> Image.Image:
    """A strip of felt ``width`` x ``height`` with ``text`` in white at its left."""
    strip = Image.new("RGB", (width, height), faces.FELT)
    faces.draw_label(ImageDraw.Draw(strip), (0, 0), text, size, faces.WHITE)
    return paletted(strip)
