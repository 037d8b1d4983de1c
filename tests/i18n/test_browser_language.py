"""A browser's ``Accept-Language`` names the language its reader is answered in before any
table is known (``i18n.accepted``): the one it weighs most that Chairman speaks, each named
as a Discord locale is resolved, else English."""

from __future__ import annotations

import pytest

import i18n
from i18n import accepted
from tests.examples import assert_examples_hold


def test_the_examples_in_the_docstrings_hold():
    assert_examples_hold(i18n)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),  # Chromium set to German
        ("pt-PT, pt;q=0.9", "pt-BR"),  # every Portuguese is the Brazilian catalog's
        ("es-419", "es"),
        ("fr-CA;q=0.4, ro-RO;q=0.6", "ro"),  # weights, not order, decide
        ("ro, fr", "ro"),  # among equal weights, the first named
        ("it-IT, en;q=0.9, de;q=0.8", "en"),  # English named before German
        ("it-IT, ja", "en"),  # none Chairman speaks
        ("de;q=zero, fr;q=0.1", "fr"),  # a weight no browser writes asks for nothing
        ("", "en"),
        (None, "en"),
    ],
)
def test_a_browser_is_answered_in_the_language_it_weighs_most(header, language):
    assert accepted(header) == language
