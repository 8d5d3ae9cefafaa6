"""Soak: seeded random-vs-random games of both editions with the invariants checked after every step."""
from __future__ import annotations

import pytest

from bpdsl.sim.job import SimJob
from bpdsl.sim.run import simulate
from tests.conftest import soak_games


@pytest.mark.soak
@pytest.mark.parametrize("edition,fmt", [("act8.0", "std"), ("act6.1", "lite")])
def test_soak(edition: str, fmt: str) -> None:
    n = soak_games()
    stats = simulate(SimJob(edition, fmt, check=True, seed=2024), n, jobs=1)
    assert stats["invariant_violations"] == 0, stats["problems"]
    assert stats["aborted"] == 0, stats["problems"]
    assert stats["wins"]["seat0"] + stats["wins"]["seat1"] + stats["draws"] == n
