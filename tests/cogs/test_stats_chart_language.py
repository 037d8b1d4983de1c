"""The rating chart in the reader's language: numbers and dates written by Babel, words
from the catalog, accents and all (Noto Sans, the card pictures' font)."""

from __future__ import annotations

from datetime import UTC, datetime

import i18n
from cogs.stats_chart import date_label, render_rating_chart, skill_label
from data.ratings import HistoryPoint

DAY = datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp()


def test_the_skill_axis_writes_numbers_the_languages_way():
    assert skill_label(1234.54, i18n.get("en")) == "1,234.5"
    assert skill_label(1234.54, i18n.get("pt-BR")) == "1.234,5"
    assert skill_label(12.5, i18n.get("ro")) == "12,5"


def test_the_time_axis_writes_dates_the_languages_way():
    assert date_label(DAY, i18n.get("en")) == "Dec 1, 2026"
    assert date_label(DAY, i18n.get("pt-BR")) == "1 de dez. de 2026"
    assert date_label(DAY, i18n.get("ro")) == "1 dec. 2026"


def test_a_chart_in_another_language_is_drawn_in_its_words():
    points = [HistoryPoint(at=DAY, skill=10.5), HistoryPoint(at=DAY + 86400 * 30, skill=14.25)]
    english = render_rating_chart({"macao": points}, "ana", {"macao": "Macao"})
    romanian = render_rating_chart({"macao": points}, "ana", {"macao": "Macao"}, i18n.get("ro"))
    assert english.startswith(b"\x89PNG") and romanian.startswith(b"\x89PNG")
    assert english != romanian


def test_an_empty_chart_in_romanian_writes_its_accents():
    """The Romanian "Încă nu sunt partide cu rating" is drawn with Î and ă, not as "Inca"
    nor as "nc" (the accented letters left out)."""
    ro = i18n.get("ro")
    assert ro._("No rated matches yet") == "Încă nu sunt partide cu rating"
    chart = render_rating_chart({}, "ana", tr=ro)
    assert chart != render_rating_chart({}, "ana", tr=_Plain(ro))
    assert chart != render_rating_chart({}, "ana", tr=_Plain(ro, keep_letters=False))


def test_a_title_with_s_comma_is_not_drawn_as_s():
    chart = render_rating_chart({}, "Ștefan")
    assert chart != render_rating_chart({}, "Stefan")
    assert chart != render_rating_chart({}, "tefan")


class _Plain:
    """A catalog that says what ``tr`` says with the accents taken off, or with the accented
    letters left out altogether."""

    def __init__(self, tr: i18n.Catalog, keep_letters: bool = True) -> None:
        self.tr = tr
        self.lang = tr.lang
        self.keep_letters = keep_letters

    def _(self, text: str) -> str:
        import unicodedata

        said = self.tr._(text)
        if not self.keep_letters:
            return "".join(c for c in said if c.isascii())
        folded = unicodedata.normalize("NFKD", said)
        return "".join(c for c in folded if not unicodedata.combining(c))

    def number(self, value: float, digits: int) -> str:
        return self.tr.number(value, digits)
