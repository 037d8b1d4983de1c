"""Sentences about the player at the terminal, in the second person of the table's language.

The event sentences (``engine.describe``, a game's own describer) are written for a name:
``{who} drew {count} card``. English reads as well with "you" in it ("you drew 1 card"), but
Romanian conjugates for the person ("tu a tras" should be "tu ai tras"), so the catalogs hold
a second form of each such sentence in the ``you`` context, with the same fields (each
describer marks them beside its sentences, as ``YOU_FORMS``). At the
terminal the events are told through ``to_you``: a sentence whose subject (its ``who``, else
its ``name``) is the player is looked up in that context first, and in the usual one when
the language has no such form (Portuguese "você" takes the third person and needs none).
French names the player's seat "toi", so its forms add the subject "tu" ("toi, tu as pioché
1 carte"). English is never changed.

>>> import i18n
>>> ro = to_you(i18n.get("ro"), "tu")
>>> ro.ngettext("{who} drew {count} card", "{who} drew {count} cards", 1, who="tu")
'tu ai tras 1 carte'
>>> ro.ngettext("{who} drew {count} card", "{who} drew {count} cards", 1, who="ada")
'ada a tras 1 carte'
>>> to_you(i18n.get("pt-BR"), "você")._("{who} passed", who="você")
'você passou'
>>> to_you(i18n.get("fr"), "toi")._("{who} passed", who="toi")
'toi, tu as passé'
"""

from __future__ import annotations

from typing import Any

from engine.words import Translations, language
from i18n import NC_

YOU = "you"
#: the fields that hold a sentence's subject, the first one present winning
SUBJECTS = ("who", "name")
#: the status line's sentences said to the player (``terminal.render.pending_text``); the
#: events' are marked where each describer writes them (``YOU_FORMS`` in ``engine.describe``
#: and in each game's own describer)
SENTENCES = (
    NC_("you", "{name} must answer or lose {turns}"),
    NC_("you", "{name} must answer or take {cards}"),
)


class ToYou:
    """``tr`` for the events told to the player named ``you`` (see the module docstring)."""

    def __init__(self, tr: Any, you: str) -> None:
        self.tr = tr
        self.you = you
        self.lang = language(tr)

    def _about_you(self, fields: dict[str, Any]) -> bool:
        subject = next((fields[f] for f in SUBJECTS if f in fields), None)
        return subject == self.you

    def _(self, message: str, /, **fields: Any) -> str:
        if self._about_you(fields) and self.tr.has_in(YOU, message):
            return str(self.tr.pgettext(YOU, message, **fields))
        return str(self.tr._(message, **fields))

    def ngettext(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        if self._about_you(fields) and self.tr.has_in(YOU, singular, plural):
            return str(self.tr.npgettext(YOU, singular, plural, count, **fields))
        return str(self.tr.ngettext(singular, plural, count, **fields))

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        return str(self.tr.pgettext(context, message, **fields))

    def __getattr__(
        self, name: str
    ) -> Any:  # number(), has() and the rest, as the catalog has them
        return getattr(self.tr, name)


def to_you(tr: Translations, you: str) -> Translations:
    """``tr`` telling the events of the player named ``you`` in the second person (``tr``
    itself in English, or for a catalog without the ``you`` forms)."""
    if language(tr) == "en" or not hasattr(tr, "has_in"):
        return tr
    return ToYou(tr, you)
