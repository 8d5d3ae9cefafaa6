"""Shared pytest configuration."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    if not SEEDS.is_dir():
        pytest.fail(f"seed documents not found at {SEEDS} (../shared must sit beside the checkout)")
    return SEEDS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A soak is long by nature: every ``soak`` test is also ``long`` (``scripts/test.sh --long`` runs them)."""
    for item in items:
        if item.get_closest_marker("soak") and not item.get_closest_marker("long"):
            item.add_marker(pytest.mark.long)


def soak_games(default: int = 200) -> int:
    """Number of games per edition for soak tests (CI sets BPDSL_SOAK_GAMES)."""
    return int(os.environ.get("BPDSL_SOAK_GAMES", default))
