"""The shared test helpers catch what they are for: a check that cannot fail is no check."""

from __future__ import annotations

from typing import Any, cast

import pytest

from engine.events import GameView
from engine.macao import Macao
from tests.engine.invariants import (
    check_card_conservation,
    check_events_public,
    check_illegal_refused,
    check_no_leaks,
    check_round_trip,
    random_playout,
)
from tests.engine.playthrough import check_golden, record_playthrough
from tests.engine.positions import position


def test_position_places_the_cards_and_keeps_the_pack_whole():
    g = position(
        "macao",
        ["ana", "bo", "cy"],
        hands={"ana": "7H 8H", "bo": "2C"},
        top="5H",
        stock="KD QD",
        pending={"kind": "draw", "rank": "2", "count": 2, "target": "ana"},
        lost_turns={"cy": 1},
        turn="ana",
    )
    obs = g.observation("ana")
    assert obs["hand"] == ["7H", "8H"]
    assert obs["top"] == "5H" and obs["suit"] == "H"
    assert obs["pending"] == {"kind": "draw", "rank": "2", "count": 2, "target": "ana"}
    assert obs["lost_turns"] == {"cy": 1}
    assert obs["counts"]["cy"] == 5
    assert g.to_dict()["stock"][-1] == "KD"  # the first card written is drawn first
    check_card_conservation(g)


def test_position_refuses_a_card_used_twice():
    with pytest.raises(ValueError, match="7H"):
        position("macao", 2, hands={"p0": "7H", "p1": "7H"})


def test_conservation_check_notices_a_lost_card():
    g = position("macao", 2, hands={"p0": "7H 8H"}, top="5H")
    g.hands[0].pop()
    with pytest.raises(AssertionError, match="missing"):
        check_card_conservation(g)


def test_illegal_check_notices_an_accepted_action():
    g = position("macao", 2, hands={"p0": "7H 8H"}, top="5H", turn="p0")
    with pytest.raises(AssertionError, match="allowed"):
        check_illegal_refused(g, "p0", "play 7H")
    g = position("macao", 2, hands={"p0": "7H 8H"}, top="5H", turn="p0")
    assert "turn" in check_illegal_refused(g, "p1", "draw")


class LeakyMacao(Macao):
    """Shows the next seat's hand: what check_no_leaks exists to catch."""

    def extra_observation(self, i: int | None) -> GameView:
        if i is None:
            return {}
        # a key no game has: cast, as the leak is the point
        return cast(
            GameView, {"neighbour": [str(c) for c in self.hands[(i + 1) % len(self.seats)]]}
        )


class StockPeekMacao(Macao):
    def extra_observation(self, i: int | None) -> GameView:
        return cast(GameView, {"next_cards": [str(c) for c in self.stock[-3:]]})


@pytest.mark.parametrize("cls", [LeakyMacao, StockPeekMacao])
def test_leak_check_notices_hidden_cards(cls):
    g = position("macao", 3, hands={"p0": "7H 8H"}, top="5H")
    leaky = cls.from_dict(g.to_dict())
    check_no_leaks(g)
    with pytest.raises(AssertionError, match="hidden cards"):
        check_no_leaks(leaky)


def test_event_check_notices_a_drawn_card_named():
    g = position("macao", 2, hands={"p0": "7H 8H"}, top="5C", stock="9D", turn="p0")
    before = g.to_dict()
    events = g.apply("p0", "draw")
    check_events_public(before, g, "p0", events)
    with pytest.raises(AssertionError, match="9D"):
        check_events_public(before, g, "p0", [*events, {"type": "draw", "card": "9D"}])


def test_round_trip_check_notices_lost_state():
    class Forgetful(Macao):
        def extra_to_dict(self) -> dict[str, Any]:
            return {"x": self.turns}

        def extra_from_dict(self, data: dict[str, Any]) -> None:
            self.turns = 0

    g = Forgetful.from_dict(position("macao", 2, hands={"p0": "7H"}).to_dict())
    g.turns = 5
    with pytest.raises(AssertionError):
        check_round_trip(g)


def test_random_playout_is_deterministic():
    def trace(chooser: int) -> list[str]:
        return [str(s.action) for s in random_playout("macao", 3, 5, chooser, max_steps=60)]

    assert trace(1) == trace(1)
    assert trace(1) != trace(2)


def test_golden_check_refuses_a_changed_text(tmp_path, monkeypatch):
    monkeypatch.delenv("CHAIRMAN_REGEN_PLAYTHROUGHS", raising=False)
    path = tmp_path / "macao_2p_seed1.txt"
    text = record_playthrough("macao", 2, 1, options={"rounds": 1})
    with pytest.raises(AssertionError, match="missing"):
        check_golden(path, text)
    monkeypatch.setenv("CHAIRMAN_REGEN_PLAYTHROUGHS", "1")
    check_golden(path, text)
    monkeypatch.delenv("CHAIRMAN_REGEN_PLAYTHROUGHS")
    check_golden(path, text)
    with pytest.raises(AssertionError, match="differs"):
        check_golden(path, text.replace("play", "plya", 1))
