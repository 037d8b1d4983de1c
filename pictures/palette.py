"""The one 256-colour palette every picture is written in, and the pieces kept in it.

Every colour drawn is a blend of two of the package's colours (the felt, paper, inks,
button colours) from anti-aliasing one over the other, so a fixed palette of those blends
in eleven steps loses nothing visible. The sprites are kept here in it (a face per card, the
backs), drawn once for the process and never per table; a picture is pasted together from
them, so it never needs mapping as a whole and its PNG is one byte a pixel.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

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
    (faces.PAPER, faces.GOLD),
    (faces.GOLD, faces.RED),
    (faces.BOARD, faces.WHITE),
    (faces.BOARD, faces.PAPER),
    (faces.BOARD, faces.EDGE),
    # the buttons' colours, as plain bars under the cards (no edge to blend)
    *((fill, fill) for fill, _ in faces.STYLES.values()),
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
_PALETTE_BYTES = bytes(PALETTE.getpalette() or [])


def paletted(image: Image.Image) -> Image.Image:
    """``image`` mapped onto the palette, each pixel to its nearest colour (no dithering)."""
    return image.quantize(palette=PALETTE, dither=Image.Dither.NONE)


def canvas(size: tuple[int, int]) -> Image.Image:
    """A new picture in the palette, all felt."""
    return canvas_of(size, 0)


@cache
def index_of(colour: faces.RGB) -> int:
    """The palette entry nearest ``colour``."""
    values = PALETTE.getpalette() or []
    entries = [tuple(values[i : i + 3]) for i in range(0, len(values), 3)]
    return min(range(len(entries)), key=lambda n: _distance(entries[n], colour))


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


@cache
def ramp(background: faces.RGB, ink: faces.RGB) -> bytes:
    """For each coverage 0-255, the palette entry of ``ink`` that much over ``background``:
    the table ``pictures.text`` colours its grey strips with (``bytes.translate``)."""
    pairs = list(zip(background, ink, strict=True))
    steps = [
        index_of(tuple(round(b + (i - b) * n / (STEPS - 1)) for b, i in pairs))
        for n in range(STEPS)
    ]
    return bytes(steps[round(c * (STEPS - 1) / 255)] for c in range(256))


@cache
def face(card: str) -> Image.Image:
    """The face of ``card`` at the cards' one size, on the felt (kept for the process)."""
    return paletted(faces.face(card))


@cache
def back(width: int = faces.CARD_WIDTH, background: faces.RGB = faces.FELT) -> Image.Image:
    """The back of a card ``width`` wide on ``background`` (kept for the process)."""
    return paletted(faces.back(width, background))


def put(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste ``sprite`` (in the palette) at ``xy``: the core's copy, clipped to the picture,
    without ``Image.paste``'s checks (a picture is a few dozen pastes, and they cost more
    than the copies)."""
    x, y = xy
    core = sprite.im
    width, height = core.size
    image.im.paste(core, (x, y, x + width, y + height))


def fill(image: Image.Image, colour: faces.RGB, box: tuple[int, int, int, int]) -> None:
    """A plain rectangle of ``colour`` (a bar under a card, a highlighted row)."""
    image.im.paste(index_of(colour), box)


def canvas_of(size: tuple[int, int], index: int) -> Image.Image:
    image = Image.new("P", size, index)
    image.putpalette(_PALETTE_BYTES)
    return image
