"""Every sentence a game says with the player at the terminal as its subject has its second
person form in Romanian, the language that conjugates for it ("tu ai tras", never "tu a
tras"): each game's seeded games (``tests.i18n.test_sentences.played``) are told from the seat
of each event's subject, and every sentence ``terminal.second_person`` looks up for "you" must
be in the catalog. A game that adds such a sentence without marking its ``you`` form where the
sentence is written fails here."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from engine import GAMES
from terminal.render import event_text
from tests.i18n.test_sentences import played

RO = i18n.get("ro")
#: sentences with no verb for the player to conjugate ("tu: “Macao”", what a Mao seat said)
VERBLESS = frozenset({"{who}: “{word}”", "{name}: “{text}”"})
#: the fields that name an event's subject seat, the first one present winning
SUBJECT_FIELDS = ("seat", "winners", "seats", "leader")


class Asked:
    """Romanian, recording each sentence the second person was asked for and whether the
    catalog had it; one it lacked counts only if the line told used it (a describer may
    word a sentence both ways and keep the one whose verb fits)."""

    def __init__(self, tr: Any) -> None:
        self.tr = tr
        self.lang = tr.lang
        self.found: set[str] = set()
        self.missing: set[str] = set()
        #: this line's sentences the catalog lacked a "you" form of, and how they were told
        self.lacked: set[str] = set()
        self.said: dict[str, str] = {}

    def has_in(self, context: str, message: str, plural: str | None = None) -> bool:
        has = bool(self.tr.has_in(context, message, plural))
        if has:
            self.found.add(message)
        elif message not in VERBLESS:
            self.lacked.add(message)
        return has

    def _(self, message: str, /, **fields: Any) -> str:
        self.said[message] = text = str(self.tr._(message, **fields))
        return text

    def ngettext(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        self.said[singular] = text = str(self.tr.ngettext(singular, plural, count, **fields))
        return text

    def told(self, line: str) -> None:
        """The line an event became: a lacking sentence counts if it is in it."""
        self.missing |= {m for m in self.lacked if m in self.said and self.said[m] in line}
        self.lacked.clear()
        self.said.clear()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tr, name)


def subject(event: dict[str, Any]) -> str | None:
    for field in SUBJECT_FIELDS:
        value = event.get(field)
        if isinstance(value, list):
            value = value[0] if value else None
        if isinstance(value, str):
            return value
    return None


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_each_sentence_about_the_player_has_its_second_person(game_name):
    asked = Asked(RO)
    told = 0
    for _game, events, _step in played(game_name):
        for event in events:
            me = subject(dict(event))
            if me is not None:
                asked.told(event_text(event, me, game=GAMES[game_name], tr=asked))
                told += 1
    assert told > 0
    assert asked.found, "no sentence about the player was told in the second person"
    assert not asked.missing, sorted(asked.missing)
