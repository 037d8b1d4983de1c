"""The leaderboard cog's match-finished hook: what it records, and what it leaves alone."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.leaderboard import results_hook
from tests.data.results_db import finished, fresh_database


def matches(db) -> int:
    return db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]


def test_a_finished_macao_match_is_recorded(tmp_path):
    db = fresh_database(tmp_path / "hook.sqlite3")
    results_hook(SimpleNamespace(db=db))(finished(1, [(11, 1), (12, 2)]))
    assert matches(db) == 1


def test_mao_17_a_mao_match_end_is_not_recorded_again_over_its_rounds(tmp_path):
    # each Mao round is recorded as it ends; the match end (rounds=N) must not add a second copy
    db = fresh_database(tmp_path / "hook.sqlite3")
    results_hook(SimpleNamespace(db=db))(finished(1, [(11, 1), (12, 2)], game="mao"))
    assert matches(db) == 0
