"""The web latency benchmark runs: every move it makes is timed until every page has it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "web_latency.py"


async def test_the_benchmark_times_every_move_on_every_page():
    spec = importlib.util.spec_from_file_location("web_latency", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    latencies = await module.run(tables=3, pages=2, moves=6, seed=1)
    assert len(latencies) == 6
    assert all(latency > 0 for latency in latencies)
