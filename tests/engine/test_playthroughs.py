"""Golden Macao playthroughs for 2, 4 and 6 players, replayed and diffed.

Each file in ``tests/playthroughs/`` is a heuristic-bot match from a fixed seed (target 200, so a
file holds several rounds and the match end). A difference means Macao, the shedding core or the
heuristic bot changed behaviour: if that is intended, rerun with
``CHAIRMAN_REGEN_PLAYTHROUGHS=1`` and review the new file in the diff of the commit.
"""

from __future__ import annotations

import json

import pytest

from engine import new_game, parse_action
from tests.engine.playthrough import check_golden, golden_path, record_playthrough

OPTIONS = {"target": 200}
SEED = 7


@pytest.mark.parametrize("players", [2, 4, 6])
def test_macao_golden_playthrough(players):
    text = record_playthrough("macao", players, SEED, options=OPTIONS)
    assert text.rstrip().splitlines()[-1].startswith("outcome ")
    check_golden(golden_path("macao", players, SEED), text)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_macao_golden_playthrough_replays_from_its_action_lines(players):
    """The file's action lines alone rebuild the same final scores: the log is enough."""
    lines = golden_path("macao", players, SEED).read_text().splitlines()
    game = new_game("macao", [f"p{k}" for k in range(players)], seed=SEED, options=OPTIONS)
    for line in lines:
        head, _, rest = line.partition(" ")
        if head.isdigit() and ": " in rest:
            seat, _, action = rest.partition(": ")
            game.apply(seat, parse_action(action))
    assert game.is_over
    assert f'"scores":{_compact(game.outcome()["scores"])}' in lines[-1]


def _compact(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
