"""Soak: seeded random-vs-random games of both editions with the invariants checked after every step."""
from __future__ import annotations

import pytest

from bpdsl.engine.batch import simulate
from tests.conftest import soak_games


@pytest.mark.soak
@pytest.mark.parametrize("edition,fmt", [("act8.0", "std"), ("act6.1", "lite")])
def test_soak(edition: str, fmt: str) -> None:
    n = soak_games()
    stats = simulate(edition, fmt, n, seed=2024, check=True)
    assert stats["invariant_violations"] == 0, stats["problems"]
    assert stats["aborted"] == 0, stats["problems"]
    assert stats["wins"]["seat0"] + stats["wins"]["seat1"] + stats["draws"] == n
