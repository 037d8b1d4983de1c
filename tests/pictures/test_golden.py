"""Golden pictures: a hand, a table and a President set drawn now must match the PNGs in
``tests/pictures/golden/`` within a small pixel tolerance (font rasterising may differ by a
shade between Pillow builds; a changed card, colour or layout does not pass).

After an intended change of the art, run ``CHAIRMAN_REGEN_IMAGES=1 pytest
tests/pictures/test_golden.py``, look at the new files and commit them.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from pictures import HandCard, HandPicture, SeatCount, TablePicture
from pictures.cache import hand_png, table_png
from tests.pictures.compare import pixels_apart

GOLDEN = Path(__file__).parent / "golden"
REGEN_VARIABLE = "CHAIRMAN_REGEN_IMAGES"
#: channel difference allowed per pixel, and the share of pixels allowed beyond it
TOLERANCE = 40
SHARE = 0.0005

HAND = HandPicture(
    (
        HandCard("7H", "7♥", "danger"),
        HandCard("10S", "10♠", "secondary"),
        HandCard("AC", "menu", "menu"),
        HandCard("2D", "Give 2♦", "primary"),
        HandCard("QD"),
        HandCard("KS"),
        HandCard("JH"),
        HandCard("3C"),
        HandCard("9S"),
        HandCard("4H"),
    )
)
TABLE = TablePicture(
    top=("AS",),
    named_suit="H",
    direction="counterclockwise",
    pending=("draw", 4, 1),
    stock=23,
    seats=(
        SeatCount("Ana", 5, score="12 pts"),
        SeatCount("Babbage", 7, True, "0 pts"),
        SeatCount("José", 1, score="105 pts"),
    ),
    title="Macao · table #3",
    last="Ana played A♠",
)
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
PRESIDENT = TablePicture(
    top=("9H", "9S", "9C"),
    direction="clockwise",
    seats=tuple(SeatCount(name, n + 3, n == 2, f"{n} pts") for n, name in enumerate(NAMES)),
    title="President · table #8",
    last="Bo played 9♥ 9♠ 9♣",
)
CASES = {"hand": lambda: hand_png(HAND), "table": lambda: table_png(TABLE)}
CASES["president_table"] = lambda: table_png(PRESIDENT)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_art_matches_its_golden_picture(name):
    drawn = CASES[name]()
    path = GOLDEN / f"{name}.png"
    if os.environ.get(REGEN_VARIABLE) == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(drawn)
    if not path.exists():
        raise AssertionError(f"{path} is missing: run with {REGEN_VARIABLE}=1 to make it")
    golden = Image.open(path)
    now = Image.open(io.BytesIO(drawn))
    assert now.size == golden.size, f"{name} is {now.size}, the golden picture {golden.size}"
    apart = pixels_apart(now, golden, TOLERANCE)
    assert apart <= SHARE, (
        f"{name}: {apart:.2%} of pixels differ from {path}; if the change is intended, "
        f"run with {REGEN_VARIABLE}=1 and look at the new picture"
    )


def test_the_golden_test_catches_a_changed_card():
    golden = Image.open(GOLDEN / "hand.png")
    other = HandPicture((HandCard("8H", "8♥", "danger"), *HAND.cards[1:]))
    changed = Image.open(io.BytesIO(hand_png(other)))
    assert pixels_apart(changed, golden, TOLERANCE) > SHARE


def test_the_readme_pictures_are_the_ones_the_docs_command_draws(tmp_path):
    root = Path(__file__).resolve().parents[2]
    script = root / "benchmarks" / "card_images.py"
    subprocess.run([sys.executable, str(script), "--docs", str(tmp_path)], check=True, cwd=root)
    for name in ("hand.png", "table.png"):
        drawn = Image.open(tmp_path / name)
        shown = Image.open(root / "docs" / name)
        assert drawn.size == shown.size, name
        assert pixels_apart(drawn, shown, TOLERANCE) <= SHARE, f"docs/{name} is out of date"
