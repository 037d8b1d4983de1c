"""Card pictures: the faces, a hand and a table drawn with Pillow, as compact PNG bytes.

Nothing here knows Discord, tables or the engine's games: a caller describes what to show
with the plain, hashable values of ``pictures.hand`` (``HandPicture``) and
``pictures.table`` (``TablePicture``), and ``pictures.cache`` turns them into PNG bytes,
remembering the last few dozen of each (an LRU keyed by the picture itself, so a picture
asked for twice in a row is drawn once).

Drawing is composing: the faces, backs and icons are sprites drawn once for the process in
one fixed palette (``pictures.palette``), words are set from glyphs drawn once
(``pictures.text``), and a picture is those pieces pasted into one canvas, then written as
a PNG deflated at ISA-L's fastest level (``isal``). Nothing is kept per table.

Everything is drawn by this package: suits are shapes, and the only font is Noto Sans
Regular (OFL-1.1), installed as the ``fontpkg-noto-sans`` dependency, so every accent of
the bot's languages is drawn (ã, ç, ș, ț, ñ, é, œ, ü, ß) and nothing is downloaded or read
from the system at run time.
"""

import string

from pictures import faces
from pictures.cache import PictureCache, hand_png, table_png
from pictures.hand import HandCard, HandPicture
from pictures.table import SeatCount, TablePicture, TableWords


def warm() -> None:
    """Draw the sprites every picture is made of (the 52 faces, the backs, the icons, the
    glyphs of plain letters), as the first pictures would: a process that shows pictures
    pays for them once, at start."""
    from engine.cards import pack
    from pictures import hand, palette, table, text

    letters = string.ascii_letters + string.digits + string.punctuation + " ·"
    for size in {hand.TITLE_SIZE, table.TITLE_SIZE, table.LABEL_SIZE, table.NAME_SIZE}:
        for char in letters:
            text.glyph(char, size)
    for card in pack():
        palette.face(str(card))
    palette.back(table.PILE_WIDTH)
    for background in (faces.FELT, faces.GOLD):
        palette.back(table.MINI_WIDTH, background)
    for suit in "CDHS":
        table.suit_icon(suit)
    table.arrow_icon("clockwise"), table.arrow_icon("counterclockwise"), table.marker()


__all__ = [
    "HandCard",
    "HandPicture",
    "PictureCache",
    "SeatCount",
    "TablePicture",
    "TableWords",
    "hand_png",
    "table_png",
    "warm",
]
