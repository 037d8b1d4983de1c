"""The player at the terminal is told their own moves in the second person of the table's
language (``terminal.second_person``): Romanian conjugates for "tu" ("tu ai tras 1 carte",
not "tu a tras"), Portuguese "você" keeps its third-person verb and reads as before; the other
seats' moves are unchanged, and so is English (the other tests' outputs and snapshots).
Played through the plain loop with piped input, and the live table through the pilot."""

from __future__ import annotations

import io

import pytest

import i18n
from terminal.live import LiveTable
from terminal.opening import start
from terminal.render import event_text, pending_text
from tests.examples import assert_examples_hold
from tests.terminal.waiting import type_line, until

RO, PT = i18n.get("ro"), i18n.get("pt-BR")


def plain(game: str, lines: str, lang: str, seed: int) -> list[str]:
    out = io.StringIO()
    start(game, seed=seed, stdin=io.StringIO(lines), stdout=out, lang=lang)
    return out.getvalue().splitlines()


def test_a_romanian_player_is_told_their_own_moves_as_tu_ai():
    lines = plain("macao", "joacă 7D\ntrage\nquit\n", "ro", seed=5)
    assert "  tu ai jucat 7♦" in lines
    assert "  tu ai tras 1 carte" in lines
    assert "  ada a tras 1 carte" in lines  # another seat: the third person, as before
    assert not any(line.startswith("  tu a ") for line in lines)


def test_a_romanian_player_leads_and_passes_in_the_second_person():
    lines = plain("president", "1\n" * 20 + "quit\n", "ro", seed=3)
    assert "  Teancul a fost strâns; începi tu" in lines
    assert "  tu ai dat pas" in lines and "  tu ai stat o tură" in lines
    assert not any("începi tu, tu" in line or "tu a " in line for line in lines)


def test_several_seats_missing_a_turn_take_a_plural_verb():
    skip = {"type": "skip", "seats": ["you", "chen"]}  # a Last Card 8 played on two seats
    assert event_text(skip, "you", tr=RO) == "tu și chen ați stat o tură"
    assert event_text(skip, "you", tr=PT) == "você e chen perderam a vez"
    assert event_text(skip, "you", tr=i18n.get("en")) == "you and chen missed a turn"


def test_a_portuguese_player_reads_voce_with_its_own_verb():
    lines = plain("macao", "jogar 7D\ncomprar\nquit\n", "pt-BR", seed=5)
    assert "  você jogou 7♦" in lines and "  você comprou 1 carta" in lines
    president = plain("president", "1\n" * 20 + "quit\n", "pt-BR", seed=3)
    assert "  A pilha foi limpa; você começa" in president and "  você passou" in president


@pytest.mark.parametrize(
    ("tr", "event", "said"),
    [
        (RO, {"type": "match_end", "winners": ["you"]}, "Partida s-a încheiat: câștigi tu"),
        (RO, {"type": "lead", "seat": "you"}, "tu începi"),
        (RO, {"type": "lead", "seat": "ada"}, "începe ada"),
        (PT, {"type": "lead", "seat": "you"}, "você começa"),
    ],
)
def test_a_sentence_about_the_player_is_said_to_them(tr, event, said):
    assert event_text(event, "you", tr=tr) == said


def test_the_status_line_tells_the_player_what_they_must_answer():
    pending = {"target": "you", "count": 5, "kind": "draw"}
    assert pending_text(pending, "you", RO) == "tu trebuie să răspunzi sau să iei 5 cărți"
    assert pending_text(pending, "you", PT) == "você precisa responder ou pegar 5 cartas"
    other = {"target": "ada", "count": 5, "kind": "draw"}
    assert pending_text(other, "you", RO) == "ada trebuie să răspundă sau să ia 5 cărți"


def test_english_is_told_as_before():
    en = i18n.get("en")
    assert event_text({"type": "draw", "seat": "you", "count": 1}, "you", tr=en) == (
        "you drew 1 card"
    )
    assert event_text({"type": "lead", "seat": "you"}, "you", tr=en) == "you lead"


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


async def test_the_live_table_tells_a_romanian_player_their_draw_as_tu_ai():
    app = LiveTable("macao", bots=3, seed=5, pace=0, clock=Clock(), lang="ro")
    async with app.run_test(size=(110, 34)) as pilot:
        await type_line(pilot, "trage")
        await until(pilot, lambda: "tu ai tras 1 carte" in app.lines, "the draw told")
        assert not any(line.startswith("tu a ") for line in app.lines)


def test_the_modules_examples_hold():
    import terminal.second_person

    assert_examples_hold(terminal.second_person)
