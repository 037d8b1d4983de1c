"""The normal form every Mao message and phrase is compared in: what "the same words" means.

Case, punctuation, apostrophes, accents and extra spaces make no difference to what a player
said (MAO-7), and a Discord mention names an offender rather than saying anything (MAO-10).
Both the parser (``engine.mao.phrases``) and each language's words (``engine.mao.languages``)
bring text to this form, so it sits below both.

>>> normalise("Taking our Glorious Leader’s name   in vain!")
'taking our glorious leaders name in vain'
>>> normalise("Três de ESPADAS <@123>")
'tres de espadas'
"""

from __future__ import annotations

import re
import unicodedata

_MENTION = re.compile(r"<[@#][!&]?\d+>|@\S+")
_NOT_WORD = re.compile(r"[\W_]+")


def normalise(text: str) -> str:
    """Lower case, no mentions, no punctuation, apostrophes dropped, single spaces."""
    text = _MENTION.sub(" ", text.lower())
    text = text.replace("’", "").replace("'", "")
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_NOT_WORD.sub(" ", text).split())
