"""Card pictures: the faces, a hand and a table drawn with Pillow, as compact PNG bytes.

Nothing here knows Discord, tables or the engine's games: a caller describes what to show
with the plain, hashable values of ``pictures.hand`` (``HandPicture``) and
``pictures.table`` (``TablePicture``), and ``pictures.cache`` turns them into PNG bytes,
remembering the last few hundred of each (an LRU keyed by the picture itself, so the same
cards are drawn once).

Everything is drawn by this package: suits are shapes, and the only font is Noto Sans
Regular (OFL-1.1), installed as the ``fontpkg-noto-sans`` dependency, so every accent of
the bot's languages is drawn (ã, ç, ș, ț) and nothing is downloaded or read from the system
at run time.
"""

from pictures.cache import PictureCache, hand_png, table_png
from pictures.hand import HandCard, HandPicture
from pictures.table import SeatCount, TablePicture, TableWords

__all__ = [
    "HandCard",
    "HandPicture",
    "PictureCache",
    "SeatCount",
    "TablePicture",
    "TableWords",
    "hand_png",
    "table_png",
]
