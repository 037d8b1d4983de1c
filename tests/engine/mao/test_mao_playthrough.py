"""The golden Mao playthrough: a seeded game of heuristic and random-level bots, replayed and
diffed against ``tests/playthroughs/mao_3p_seed3.txt`` (regenerate with
``CHAIRMAN_REGEN_PLAYTHROUGHS=1`` and review the diff)."""

from __future__ import annotations

from tests.engine.playthrough import check_golden, golden_path, record_playthrough

SEED = 3
BOTS = ["heuristic", "random", "heuristic"]


def test_mao_golden_playthrough_3_players():
    text = record_playthrough("mao", 3, SEED, options={"rounds": 2}, bots=BOTS)
    assert "outcome" in text and '"type":"penalty"' in text and '"type":"say"' in text
    check_golden(golden_path("mao", 3, SEED), text)
