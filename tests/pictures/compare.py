"""Comparing pictures with a tolerance (the golden tests and the palette test)."""

from __future__ import annotations

from PIL import Image, ImageChops


def pixels_apart(a: Image.Image, b: Image.Image, tolerance: int) -> float:
    """The share of pixels where some channel of ``a`` and ``b`` differs by more than
    ``tolerance`` (1.0 when the sizes differ)."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    red, green, blue = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    histogram = worst.histogram()
    return sum(histogram[tolerance + 1 :]) / (a.size[0] * a.size[1])
